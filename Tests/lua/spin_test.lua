-- behaviors/spin.lua: additive animations (WWDC 2017 "Advanced Animations with UIKit").
local SPIN = "../../behaviors/spin.lua"

describe("spin", function()
  it("sums twenty half-turn animations: the wheel ends at 20π", function()
    local scene = animhost.load(SPIN, {set = {demo = 0}}):runUntilRest(5)
    assert.near(20 * math.pi, scene:item("wheel").angle, 1e-9)
    -- Each half-turn runs over the whole duration on easeInOut, so their sum does too:
    -- halfway through, half of 20π.
    assert.near(10 * math.pi, scene:trace():value("wheel", "angle", 1), 1e-9)
  end)

  it("keeps turning one way, and the frames report the angular velocity", function()
    local trace = animhost.load(SPIN, {set = {demo = 0}}):runUntilRest(5):trace()
    local previous = -1
    for i = 0, 120 do
      local a = trace:value("wheel", "angle", i / 60)
      assert.truthy(a >= previous, "angle went back at frame " .. i)
      previous = a
    end
    assert.truthy(trace:value("wheel", "omega", 1) > 40)
    assert.near(0, trace:value("wheel", "omega", 2), 0)
  end)

  it("adds a tap's four half-turns on top of the turn in flight, without a jump", function()
    local scene = animhost.load(SPIN):runUntilRest(5)
    assert.near(24 * math.pi, scene:item("wheel").angle, 1e-9)
    local trace = scene:trace()
    -- The tap lands at 1 s: the new animator starts at zero speed (easeInOut), so the angular
    -- velocity changes smoothly; a frame's change stays what the curves allow in 1/60 s.
    local worst = 0
    for i = 1, 120 do   -- the trace ends at rest, just after 2 s
      local d = math.abs(trace:value("wheel", "omega", i / 60) - trace:value("wheel", "omega", (i - 1) / 60))
      worst = math.max(worst, d)
    end
    assert.truthy(worst < 5, "omega jumped by " .. worst .. " rad/s in one frame")
  end)
end)
