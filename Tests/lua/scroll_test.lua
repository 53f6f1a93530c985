-- behaviors/scroll.lua (patterns.scroll): a coast that travels 0.499·v, a flick into an end
-- that is handed to the bounce-back spring without a jump, and the rubber band past an end.
local H, length = 568, 1600
local bottomEnd = H - length                        -- the content's top when its bottom shows: -1032
local function centerY(top) return top + length / 2 end

local function scene() return animhost.load("../../behaviors/scroll.lua", {set = {demo = 0}}) end

describe("scroll", function()
  it("a slow 100 pt drag up at 200 pt/s coasts 0.499 · 200 = 99.8 pt further and stops", function()
    local s = scene():pan{from = {160, 400}, to = {160, 300}, duration = 0.5}:runUntilRest(5)
    local trace = s:trace()
    local r = trace:release()
    local y, vy = trace:value("content", "y", r), trace:value("content", "vy", r)
    assert.near(-200, vy, 1e-6)
    assert.near(animhost.project(y, vy), s:item("content").center.y, 0.05)
    assert.near(-99.8, s:item("content").center.y - y, 0.05)
    -- The coast starts at the release velocity: a decay changes it by 3 % a frame.
    assert.velocityContinuous(trace, "content", {maxJump = 20, from = "release"})
  end)

  describe("a 2000 pt/s flick up that would coast past the bottom end (projected -1098)", function()
    local s, trace
    setup(function()
      s = scene():pan{from = {160, 400}, to = {160, 300}, duration = 0.05}:runUntilRest(5)
      trace = s:trace()
    end)

    it("reaches the end at 134 pt/s, 1.35 s after the release, then springs back to it", function()
      local patterns = require("patterns.scroll")
      local t, v = patterns.reach(-100, -2000, bottomEnd, 0.998)
      assert.near(-134, v, 1)
      assert.near(1.35, t, 0.01)
      assert.near(centerY(bottomEnd), s:item("content").center.y, 0.5)
    end)

    it("goes less than 5 pt past it (an overdamped spring from 134 pt/s) and settles within 2 s", function()
      assert.truthy(trace:min("content", "y") > centerY(bottomEnd) - 5, "went to " .. trace:min("content", "y"))
      assert.truthy(trace:min("content", "y") < centerY(bottomEnd) - 1, "went to " .. trace:min("content", "y"))
      assert.settles(trace, "content", {from = "release", within = 2})
    end)

    it("hands the coast's velocity to the spring: no jump over 100 pt/s between frames", function()
      assert.velocityContinuous(trace, "content", {maxJump = 100, from = "release"})
    end)
  end)

  describe("pulled 150 pt past the bottom end", function()
    local s, trace
    setup(function()
      s = scene():pan{from = {160, 400}, to = {160, 300}, duration = 0.05}:runUntilRest(5)
      s:pan{from = {160, 400}, to = {160, 250}, duration = 0.6}:runUntilRest(5)
      trace = s:trace()
    end)

    it("shows 72 pt of it (UIScrollView's rubber band, d = 568)", function()
      assert.near(-72.0, animhost.rubberBand(-150, H), 0.05)
      assert.near(centerY(bottomEnd) + animhost.rubberBand(-150, H), trace:min("content", "y"), 1)
    end)

    it("springs back without passing the end", function()
      assert.near(centerY(bottomEnd), s:item("content").center.y, 0.5)
      assert.overshootBelow(trace, "content", {160, centerY(bottomEnd)}, 0.5, {from = "release"})
      assert.settles(trace, "content", {from = "release", within = 1})
    end)
  end)

  it("a 3000 pt/s flick down from the bottom end runs into the top end at 1180 pt/s and stops there", function()
    local s = scene():pan{from = {160, 400}, to = {160, 300}, duration = 0.05}:runUntilRest(5)
    s:pan{from = {160, 200}, to = {160, 350}, duration = 0.05}:runUntilRest(5)
    local trace = s:trace()
    local r = trace:release()
    local _, v = require("patterns.scroll").reach(trace:value("content", "y", r) - length / 2, trace:value("content", "vy", r), 0, 0.998)
    assert.near(1180, v, 10)
    assert.near(centerY(0), s:item("content").center.y, 0.5)
    -- It bounces 35 pt into the band: an overdamped spring from 1180 pt/s (ω = 14.1).
    local past = trace:max("content", "y") - centerY(0)
    assert.truthy(past > 25 and past < 45, "went " .. past .. " pt past the top")
    -- The spring (ω = √(100/0.5), ζ = 1.1) stops it hard: 2ζω·v per second at first.
    local w = math.sqrt(100 / 0.5)
    assert.velocityContinuous(trace, "content", {maxJump = 2 * 1.1 * w * v / 60 + 20, from = "release"})
  end)

  it("a touch catches a coast: from then on the frames' velocities are the motion they show", function()
    local s = scene():pan{from = {160, 400}, to = {160, 300}, duration = 0.05}:run(0.3)
    local t0 = s.time
    s:pan{from = {160, 300}, to = {160, 360}, duration = 0.6}:run(0.6)
    local trace, dt = s:trace(), 1 / 60
    for t = t0, t0 + 0.55, dt do
      local moved = (trace:value("content", "y", t + dt) - trace:value("content", "y", t)) / dt
      local v0, v1 = trace:value("content", "vy", t), trace:value("content", "vy", t + dt)
      if t == t0 then
        -- The pair of the catch: a step of the coast, then the finger's (its first move
        -- included), so the motion lies between the two velocities (-500 pt/s between -1212
        -- and 100), not at their mean.
        assert.truthy(moved > math.min(v0, v1) and moved < math.max(v0, v1),
                      ("at the catch the content moved at %.1f pt/s, reported %.1f then %.1f"):format(moved, v0, v1))
      else
        assert.truthy(math.abs(moved - (v0 + v1) / 2) < 20,
                      ("at t = %.3f s the content moved at %.1f pt/s but reported %.1f"):format(t, moved, (v0 + v1) / 2))
      end
    end
  end)

  it("its demo comes to rest at the top", function()
    local s = animhost.load("../../behaviors/scroll.lua"):runUntilRest(15)
    assert.is_true(s.atRest)
    assert.near(centerY(0), s:item("content").center.y, 0.5)
  end)
end)
