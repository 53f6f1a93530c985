-- What behaviors/drag.lua must feel like: the grabbed point follows the finger, the box
-- hangs from it and keeps swinging from where the finger lifted.
local from, to, duration = {175, 210}, {250, 170}, 0.4
-- The finger holds the point of the box it went down on (the pan begins one sample later,
-- one step along the path, and pulls that point to the finger from there).
local steps = math.floor(duration * 120 + 0.5)
local center0 = {160, 250}
local grab = math.sqrt((from[1] - center0[1]) ^ 2 + (from[2] - center0[2]) ^ 2)  -- grabbed point to center, pt

local function distanceTo(trace, point, t)
  return math.sqrt((trace:value("box", "x", t) - point[1]) ^ 2 + (trace:value("box", "y", t) - point[2]) ^ 2)
end

describe("drag", function()
  it("hangs still by its top edge until grabbed", function()
    local scene = animhost.load("../../behaviors/drag.lua", {set = {demo = 0}}):runUntilRest(2)
    assert.is_true(scene.atRest)
    local box = scene:item("box")
    assert.near(160, box.center.x, 1e-6)
    assert.near(250, box.center.y, 0.05)
    assert.near(0, box.angle, 1e-9)
    scene:run(0.5)
    assert.is_false(scene.isRunning)   -- the animator pauses too (UIKit's onPause)
  end)

  describe("dragged and let go", function()
    local scene, trace
    setup(function()
      scene = animhost.load("../../behaviors/drag.lua", {set = {demo = 0}})
      scene:pan{from = from, to = to, duration = duration}:run(4)
      trace = scene:trace()
    end)

    it("keeps the grabbed point on the finger during the pan: the center stays as far from it as when grabbed", function()
      -- A frame shows the physics of the finger's previous sample (touches are delivered
      -- after the step). The rigid attachment trails a moving anchor by about one step of
      -- its travel: finger speed × 1/120 s (1.8 pt here); allow that plus 1 pt.
      local speed = math.sqrt((to[1] - from[1]) ^ 2 + (to[2] - from[2]) ^ 2) / duration
      for k = 1, math.floor(duration * 60) do
        local t = k / 60
        local f = (t * 120 - 1) / steps
        local finger = {from[1] + (to[1] - from[1]) * f, from[2] + (to[2] - from[2]) * f}
        assert.near(grab, distanceTo(trace, finger, t), speed / 120 + 1, "at t = " .. t)
      end
    end)

    it("swings on from where the finger lifted, at the length of the new attachment (reset to 0)", function()
      for k = 0, 180 do
        local t = duration + 0.05 + k / 60
        assert.near(grab, distanceTo(trace, to, t), 1, "at t = " .. t)
      end
    end)

    it("keeps swinging: it passes under the pivot again and again, slowly losing speed", function()
      local crossings, last = 0, nil
      for k = 0, math.floor((4 - duration - 0.1) * 60) do
        local t = duration + 0.1 + k / 60
        local side = trace:value("box", "x", t) > to[1]
        if last ~= nil and side ~= last then crossings = crossings + 1 end
        last = side
      end
      assert.truthy(crossings >= 4, crossings .. " crossings in 3.5 s")
      assert.is_true(scene.isRunning)
      local function topSpeed(t0, t1)
        local m = 0
        for k = math.floor(t0 * 60), math.floor(t1 * 60) do
          local t = k / 60
          m = math.max(m, math.sqrt(trace:value("box", "vx", t) ^ 2 + trace:value("box", "vy", t) ^ 2))
        end
        return m
      end
      local early, late = topSpeed(1, 2), topSpeed(3, 4)
      assert.truthy(late < early and late > 0.5 * early, "top speed " .. early .. " then " .. late)
    end)
  end)

  it("re-anchors on a second drag: the box then hangs from the new grab point", function()
    local scene = animhost.load("../../behaviors/drag.lua", {set = {demo = 0}})
    scene:pan{from = from, to = to, duration = duration}:run(2)
    -- Grab the box 20 pt from its center, on the far side from the first pivot.
    local box = scene:item("box")
    local c = box.center
    local away = {c.x - to[1], c.y - to[2]}
    local n = math.sqrt(away[1] ^ 2 + away[2] ^ 2)
    local from2 = {c.x + 20 * away[1] / n, c.y + 20 * away[2] / n}
    local to2 = {from2[1] - 60, from2[2] - 30}
    scene:pan{from = from2, to = to2, duration = 0.3}:run(3)
    local trace = scene:trace()
    local t0 = 2 + 0.3 + 0.05
    local d0 = distanceTo(trace, to2, t0)
    assert.near(20, d0, 5)   -- the grab offset, give or take the box's motion in one step
    for k = 0, 120 do assert.near(d0, distanceTo(trace, to2, t0 + k / 60), 1) end
    -- The first pivot no longer holds it.
    assert.truthy(math.abs(distanceTo(trace, to, t0 + 1) - grab) > 5)
  end)
end)
