-- What behaviors/snap.lua must feel like: UIKit's snap (issue 3, acceptance 7).
local target = {240, 420}
local function distance(p, q) return math.sqrt((p[1] - q[1]) ^ 2 + (p[2] - q[2]) ^ 2) end

-- The first frame time from which every later frame stays within `tol` pt of `point`.
local function arrival(trace, point, tol, upTo)
  local last
  for k = 0, math.floor(upTo * 60) do
    local t = k / 60
    local p = {trace:value("label", "x", t), trace:value("label", "y", t)}
    if distance(p, point) > tol then last = t end
  end
  return last and last + 1 / 60 or 0
end

describe("snap", function()
  describe("a tap", function()
    local scene, trace, tapTime
    setup(function()
      scene = animhost.load("../../behaviors/snap.lua", {set = {demo = 0}})
      scene:run(0.1)
      tapTime = scene.time + 1 / 120   -- a tap fires on the lift, one step after the touch
      scene:tap(target):run(3)
      trace = scene:trace()
    end)

    it("brings the label within 1 pt of the tapped point in under 1.5 s", function()
      local t = arrival(trace, target, 1, 3.1)
      assert.truthy(t - tapTime < 1.5, "arrived " .. (t - tapTime) .. " s after the tap")
      local label = scene:item("label")
      assert.near(0, distance({label.center.x, label.center.y}, target), 0.05)
    end)

    it("turns the label on the way and settles at angle 0", function()
      assert.truthy(trace:max("label", "angle") > 0.05, "max angle " .. trace:max("label", "angle"))
      assert.near(0, scene:item("label").angle, 1e-3)
    end)

    it("comes to rest, and the animator pauses within 0.5 s more", function()
      scene:runUntilRest(5)
      assert.is_true(scene.atRest)
      scene:run(0.5)
      assert.is_false(scene.isRunning)
      assert.near(0, distance({scene:item("label").center.x, scene:item("label").center.y}, target), 0.05)
    end)
  end)

  it("overshoots more with less damping (the damping tunable)", function()
    local function overshoot(damping)
      local s = animhost.load("../../behaviors/snap.lua", {set = {demo = 0, damping = damping}})
      return s:tap(target):run(3):trace():overshoot("label", target)
    end
    local loose, firm = overshoot(0.1), overshoot(0.9)
    assert.truthy(loose > firm, "overshoot " .. loose .. " (damping 0.1) vs " .. firm .. " (damping 0.9)")
  end)

  it("takes a second tap mid-flight without a jump in velocity (the demo input)", function()
    local s = animhost.load("../../behaviors/snap.lua"):runUntilRest(10)
    local trace = s:trace()
    -- The second tap (at 0.6 s) lands while the label still moves towards the first point.
    assert.truthy(math.abs(trace:value("label", "vy", 0.6)) > 1)
    -- A frame-to-frame velocity change can come only from the springs' pull. For the
    -- four 4 Hz springs, ω² × (distance ≤ 400 pt) + 2ζω × (speed ≤ 5000 pt/s) per 1/60 s
    -- bounds it; a velocity reset would add the whole speed on top.
    local omega = 2 * math.pi * 4
    local bound = (omega ^ 2 * 400 + 2 * 0.5 * omega * 5000) / 60
    assert.truthy(trace:maxVelocityJump("label") <= bound, "jump " .. trace:maxVelocityJump("label") .. " > " .. bound)
    -- At rest (nothing moved 0.01 pt a step for 0.1 s) the springs' last creep is within 0.1 pt.
    assert.near(160, s:item("label").center.x, 0.1)
    assert.near(100, s:item("label").center.y, 0.1)
  end)
end)
