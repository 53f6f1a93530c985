-- behaviors/pip.lua (patterns.pip): the corner each release goes to, no overshoot from a
-- critically damped spring, the settle time, and the release velocity carried on.
local corners = {{96, 61}, {224, 61}, {96, 507}, {224, 507}}   -- 160×90 window, 16 pt margin, 320×568

-- The largest velocity change of the PiP spring (response 0.4 s, ζ 1) in one frame from d
-- pt away at v pt/s: (ω²·d + 2ω·v)/60.
local function springJump(d, v)
  local w = 2 * math.pi / 0.4
  return (w * w * d + 2 * w * v) / 60
end

local function released(pans)
  local scene = animhost.load("../../behaviors/pip.lua", {set = {demo = 0}})
  for _, pan in ipairs(pans) do scene:pan(pan):runUntilRest(5) end
  return scene, scene:trace()
end

describe("pip", function()
  it("starts in the bottom right corner", function()
    local scene = animhost.load("../../behaviors/pip.lua", {set = {demo = 0}})
    assert.near(corners[4], scene:item("window").center, 1e-9)
  end)

  it("a slow drag to the left settles in the corner nearest where it was let go (bottom left)", function()
    local scene, trace = released{{from = {220, 500}, to = {100, 480}, duration = 1.0}}
    assert.near(corners[3], scene:item("window").center, 0.5)
    assert.overshootBelow(trace, "window", corners[3], 0.5, {from = "release"})
    assert.settles(trace, "window", {from = "release", within = 0.6})
  end)

  describe("a 1000 pt/s flick up, let go in the bottom half (y = 447)", function()
    local scene, trace
    setup(function()
      scene, trace = released{{from = {220, 500}, to = {100, 480}, duration = 1.0},
                              {from = {100, 500}, to = {100, 440}, duration = 0.06}}
    end)

    it("reaches the top left corner: projected to y = 447 − 499 = −52", function()
      assert.are.same({animhost.vec(96, 61), 1},
                      {require("patterns.pip").cornerFor(corners, animhost.vec(96, 447), animhost.vec(0, -1000))})
      assert.near(corners[1], scene:item("window").center, 0.5)
    end)

    it("does not overshoot it (critically damped) and settles within 0.7 s", function()
      assert.overshootBelow(trace, "window", corners[1], 0.5, {from = "release"})
      assert.settles(trace, "window", {from = "release", within = 0.7})
    end)

    it("carries the release velocity on", function()
      assert.velocityContinuous(trace, "window", {maxJump = springJump(447 - 61, 1000), from = "release"})
    end)
  end)

  it("a diagonal flick from the top left reaches the bottom right corner", function()
    local scene, trace = released{{from = {220, 500}, to = {100, 480}, duration = 1.0},
                                  {from = {100, 500}, to = {100, 440}, duration = 0.06},
                                  {from = {100, 70}, to = {140, 110}, duration = 0.04}}
    assert.near(corners[4], scene:item("window").center, 0.5)
    assert.overshootBelow(trace, "window", corners[4], 0.5, {from = "release"})
    assert.velocityContinuous(trace, "window", {maxJump = springJump(560, 1414), from = "release"})
  end)

  it("its demo comes to rest in the bottom right corner", function()
    local scene = animhost.load("../../behaviors/pip.lua"):runUntilRest(10)
    assert.is_true(scene.atRest)
    assert.near(corners[4], scene:item("window").center, 0.5)
  end)
end)
