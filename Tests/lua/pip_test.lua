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

  -- A pinch resizes the window (scale 0.75 to 1.5); past a limit it moves with the rubber
  -- band (over one window size) and springs back; it rests in the corner of its new size
  -- (160×90 × scale, 16 pt margin). The fingers, 40 pt apart around the window's center,
  -- move to `to` pt apart in 0.1 s and hold there until t = 1 s: the scale shown at 0.5 s
  -- is exactly the pinch's, banded.
  describe("pinch", function()
    local function pinched(to)
      local x, y = corners[4][1], corners[4][2]
      local function finger(t, touch, phase, d) return {t = t, touch = touch, phase = phase, x = x + d / 2, y = y} end
      local touches = {finger(0, 1, "began", -40), finger(0, 2, "began", 40)}
      for k = 1, 12 do
        local d = 40 + (to - 40) * k / 12
        touches[#touches + 1] = finger(k / 120, 1, "moved", -d)
        touches[#touches + 1] = finger(k / 120, 2, "moved", d)
      end
      touches[#touches + 1] = finger(1, 1, "ended", -to)
      touches[#touches + 1] = finger(1, 2, "ended", to)
      local scene = animhost.load("../../behaviors/pip.lua", {set = {demo = 0}, input = {{at = 0, touches = touches}}})
      local held = scene:run(0.5):item("window").scale
      return scene:runUntilRest(5), held
    end
    local function corner(scale) return {320 - 16 - 80 * scale, 568 - 16 - 45 * scale} end
    local function band(past) return 1 - 1 / (math.abs(past) * 0.55 + 1) end   -- animhost.rubberBand(past, 1, 0.55)

    it("40 → 50 pt apart: scale 1.25, in the bottom right corner of a 200×112.5 window", function()
      local scene, held = pinched(50)
      assert.near(1.25, held, 1e-12)
      assert.near(1.25, scene:item("window").scale, 1e-3)
      assert.near(corner(1.25), scene:item("window").center, 0.05)
    end)

    it("40 → 72 pt apart (1.8): banded to 1.5 + band(0.3), springs back to 1.5", function()
      local scene, held = pinched(72)
      assert.near(1.5 + band(0.3), held, 1e-12)
      assert.near(1.5, scene:item("window").scale, 1e-3)
      assert.near(corner(1.5), scene:item("window").center, 0.05)
    end)

    it("40 → 20 pt apart (0.5): banded to 0.75 − band(0.25), springs back to 0.75", function()
      local scene, held = pinched(20)
      assert.near(0.75 - band(0.25), held, 1e-12)
      assert.near(0.75, scene:item("window").scale, 1e-3)
      assert.near(corner(0.75), scene:item("window").center, 0.05)
    end)

    it("a pinch let go while growing carries its rate into the scale's spring", function()
      local scene = animhost.load("../../behaviors/pip.lua", {set = {demo = 0}})
      scene:pinch{center = corners[4], from = 40, to = 50, duration = 0.3}:run(0.3)
      local largest = 0
      for _ = 1, 60 do largest = math.max(largest, scene:step():item("window").scale) end
      assert.is_true(largest > 1.25 + 1e-3, ("peak %.4f: the spring starts at the pinch's rate"):format(largest))
      assert.near(1.25, scene:runUntilRest(5):item("window").scale, 1e-3)
    end)
  end)
end)
