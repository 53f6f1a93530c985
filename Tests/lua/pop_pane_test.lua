-- behaviors/pop_pane.lua: the article's POP version, a spring animation of the pane's center
-- (springSpeed 15, springBounciness 6) with the drag's velocity handed over.
local W, H = 320, 568
local openY, closedY = H / 2 + 100, H + H / 2 - 80
local tab = {W / 2, closedY - H / 2 + 40}
local PANE = "../../behaviors/pop_pane.lua"

-- POP's conversion (reference §2): speed/bounciness → Origami → tension k, friction c, mass 1.
local function popSpring(bounciness, speed)
  local b = (bounciness / 1.7) / 20 * 0.8
  local s = (speed / 1.7) / 20
  local qt = 0.5 + s * 199.5
  local nb
  if qt <= 18 then nb = 0.0007 * qt ^ 3 - 0.031 * qt ^ 2 + 0.64 * qt + 1.28
  elseif qt <= 44 then nb = 0.000044 * qt ^ 3 - 0.006 * qt ^ 2 + 0.36 * qt + 2
  else nb = 0.00000045 * qt ^ 3 - 0.000332 * qt ^ 2 + 0.1078 * qt + 5.84 end
  local w = 2 * b - b * b
  local qf = w * 0.01 + (1 - w) * nb
  return 194 + (qt - 30) * 3.62, 25 + (qf - 8) * 3
end

-- Underdamped closed form from rest: displacement from the target after t seconds.
local function underdamped(k, c, u0, t)
  local w0, s = math.sqrt(k), c / 2
  local wd = math.sqrt(w0 ^ 2 - s ^ 2)
  return u0 * math.exp(-s * t) * (math.cos(wd * t) + s / wd * math.sin(wd * t))
end

describe("pop pane", function()
  it("starts closed and at rest", function()
    local pane = animhost.load(PANE):item("pane")
    assert.near(closedY, pane.center.y, 0)
    assert.near(0, pane.velocity:length(), 0)
  end)

  describe("opened by a tap", function()
    local scene, trace
    before_each(function()
      scene = animhost.load(PANE, {set = {demo = 0}})
      scene:tap(tab):runUntilRest(5)
      trace = scene:trace()
    end)

    it("follows POP's spring for speed 15, bounciness 6 in closed form", function()
      local k, c = popSpring(6, 15)
      assert.near(405.823235, k, 1e-6)
      assert.near(29.978726, c, 1e-6)
      -- The tap fires when the finger lifts, one step (1/120 s) after it lands at 0.
      for _, t in ipairs({0.05, 0.1, 0.25}) do
        local expected = openY + underdamped(k, c, closedY - openY, t - 1 / 120)
        assert.near(expected, trace:value("pane", "y", t), 1e-6)
      end
      -- Its spring ends (within 0.005 pt and 0.1 pt/s, the default restDelta and restSpeed:
      -- POP's ½ pt and 5 pt/s ended it at 0.5 s with a visible jump) before 0.8 s and shows
      -- the target; the scene is at rest 0.1 s later (0.89 s), and the trace's last sample is
      -- the state at rest.
      assert.truthy(trace:count() <= 0.9 * 60 + 2, trace:count())
      assert.near(openY, trace:last("pane", "y"), 0)
    end)

    it("overshoots a little (ζ 0.744) and ends exactly open, at rest", function()
      local over = trace:overshoot("pane", {W / 2, openY})
      assert.truthy(over > 5 and over < 20, "overshoot " .. over)
      assert.near(openY, scene:item("pane").center.y, 0)
      assert.near(0, scene:item("pane").velocity:length(), 0)
      assert.truthy(trace:settleTime("pane", 1) < 0.6, "settle time " .. trace:settleTime("pane", 1))
    end)
  end)

  describe("interrupted by the second demo tap (retargeting `to`)", function()
    local scene, trace
    before_each(function()
      scene = animhost.load(PANE):runUntilRest(10)
      trace = scene:trace()
    end)

    it("is still moving fast when the second tap lands, and turns round smoothly", function()
      assert.truthy(trace:value("pane", "vy", 0.3) < -1000)
      assert.truthy(trace:value("pane", "vy", 0.3 + 1 / 60) < -500, "velocity kept through the retarget")
    end)

    it("never jumps in velocity by more than the spring can change it in one frame", function()
      -- |Δv| per frame ≤ (k·d + c·v)/60 with d ≤ 388 pt and v ≤ 3000 pt/s: ~4100 pt/s.
      -- A velocity reset at the retarget would add the full speed on top.
      local k, c = popSpring(6, 15)
      local bound = (k * (closedY - openY) + c * 3000) / 60
      local jump = trace:maxVelocityJump("pane")
      assert.truthy(jump <= bound, "velocity jumped by " .. jump .. " (bound " .. bound .. ")")
    end)

    it("settles closed", function()
      assert.near(closedY, scene:item("pane").center.y, 0)
    end)
  end)

  it("follows the finger and opens with its velocity after an upward flick", function()
    local scene = animhost.load(PANE, {set = {demo = 0}})
    scene:pan{from = {W / 2, 700}, to = {W / 2, 500}, duration = 0.1}:run(0.1 + 2 / 120)
    local trace = scene:trace()
    -- The pane followed the finger up (the pan recognizer keeps the first sample's motion
    -- to begin), and moves at the finger's -2000 pt/s.
    assert.truthy(trace:value("pane", "y", 0.1) < closedY - 150)
    assert.near(-2000, trace:value("pane", "vy", 0.1), 1)
    assert.near(-2000, trace:value("pane", "vy", 0.05), 1)
    -- The spring starts with that velocity: the pane keeps rising fast after the release.
    assert.truthy(trace:value("pane", "vy", 0.1 + 1 / 60) < -1500)
    scene:runUntilRest(5)
    assert.near(openY, scene:item("pane").center.y, 0)
  end)

  it("a downward flick from open closes it", function()
    local scene = animhost.load(PANE, {set = {demo = 0}})
    scene:tap(tab):runUntilRest(5)
    scene:pan{from = {W / 2, openY}, to = {W / 2, openY + 100}, duration = 0.1}:runUntilRest(5)
    assert.near(closedY, scene:item("pane").center.y, 0)
  end)
end)
