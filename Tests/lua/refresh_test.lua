-- behaviors/refresh.lua (patterns.refresh): a pull short of the threshold springs back; a
-- pull past it holds the list at 60 pt while refreshing (1 s), then springs home.
local H, home = 568, 600                  -- the list's center y at rest

-- The largest velocity change of the refresh spring (response 0.3 s, ζ 1) in one frame
-- from d pt away at v pt/s: (ω²·d + 2ω·v)/60.
local function springJump(d, v)
  local w = 2 * math.pi / 0.3
  return (w * w * d + 2 * w * v) / 60
end

local function pulled(pan)
  local scene = animhost.load("../../behaviors/refresh.lua", {set = {demo = 0}})
  scene:pan(pan)
  return scene
end

describe("refresh", function()
  describe("pulled 80 pt (shows 40.8, short of 100)", function()
    local scene, trace
    setup(function()
      scene = pulled{from = {160, 200}, to = {160, 280}, duration = 0.5}:runUntilRest(5)
      trace = scene:trace()
    end)

    it("follows with the rubber band and fades the indicator in to 40 %", function()
      assert.near(40.8, animhost.rubberBand(80, H), 0.05)
      assert.near(home + 40.8, trace:max("list", "y"), 1)
      assert.near(0.408, trace:max("indicator", "alpha"), 0.01)
    end)

    it("springs home at once, without overshoot, within 0.5 s", function()
      assert.near(home, scene:item("list").center.y, 0.5)
      assert.overshootBelow(trace, "list", {160, home}, 0.5, {from = "release"})
      assert.settles(trace, "list", {from = "release", within = 0.5})
      assert.velocityContinuous(trace, "list", {maxJump = springJump(41, 40), from = "release"})
      assert.near(0, scene:item("indicator").alpha, 1e-9)
    end)
  end)

  describe("pulled 300 pt (shows 127.9, past 100)", function()
    local scene, trace, release
    setup(function()
      scene = pulled{from = {160, 200}, to = {160, 500}, duration = 1.0}:run(1.0 + 0.8)
      release = scene:trace():release()
      scene:runUntilRest(5)
      trace = scene:trace()
    end)

    it("shows 127.9 pt with the indicator fully in", function()
      assert.near(127.9, animhost.rubberBand(300, H), 0.05)
      assert.near(home + 127.9, trace:max("list", "y"), 1)
      assert.near(1, trace:value("indicator", "alpha", release), 1e-9)
    end)

    it("is held 60 pt down while it refreshes", function()
      assert.near(home + 60, trace:value("list", "y", release + 0.8), 0.5)
      assert.near(0, trace:value("list", "vy", release + 0.8), 5)
      assert.velocityContinuous(trace, "list", {maxJump = springJump(68, 300), from = "release"})
    end)

    it("springs home when the refresh ends (1 s) and hides the indicator", function()
      assert.near(home, scene:item("list").center.y, 0.5)
      assert.near(0, scene:item("indicator").alpha, 1e-9)
      assert.near(home + 60, trace:value("list", "y", release + 1), 0.5)
      assert.truthy(trace:value("list", "y", release + 1.2) < home + 30)
    end)
  end)

  it("its demo comes to rest home", function()
    local scene = animhost.load("../../behaviors/refresh.lua"):runUntilRest(10)
    assert.is_true(scene.atRest)
    assert.near(home, scene:item("list").center.y, 0.5)
  end)
end)

describe("patterns.refresh", function()
  local refresh = require("patterns.refresh")
  it("refreshes from the threshold (Cupertino's 100 pt) on", function()
    assert.are.equal("refreshing", refresh.outcome(100))
    assert.are.equal("idle", refresh.outcome(99.9))
  end)
end)
