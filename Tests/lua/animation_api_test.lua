-- The animation API (docs/animations.md), scene by scene from fixtures/animations.lua,
-- and its bad-input errors from fixtures/bad_animations.lua.
local FIXTURE = "fixtures/animations.lua"

local function load(case, set)
  set = set or {}
  set.case = case
  return animhost.load(FIXTURE, {set = set})
end

-- The closed-form damped oscillator (reference §1): position and velocity at t of a spring
-- (m, k, c) released from x0 with velocity v0 towards T.
local function dho(m, k, c, x0, T, v0, t)
  local w0 = math.sqrt(k / m)
  local z = c / (2 * math.sqrt(k * m))
  local s = z * w0
  local u0 = x0 - T
  if math.abs(z - 1) < 1e-12 then
    local e = math.exp(-w0 * t)
    local C = v0 + w0 * u0
    return T + e * (u0 + C * t), e * (v0 - w0 * C * t)
  elseif z < 1 then
    local wd = w0 * math.sqrt(1 - z * z)
    local e = math.exp(-s * t)
    local B = (v0 + s * u0) / wd
    return T + e * (u0 * math.cos(wd * t) + B * math.sin(wd * t)),
           e * (v0 * math.cos(wd * t) - (s * v0 + w0 * w0 * u0) / wd * math.sin(wd * t))
  end
  local g = w0 * math.sqrt(z * z - 1)
  local r1, r2 = -s + g, -s - g
  local C1 = (v0 - r2 * u0) / (r1 - r2)
  local C2 = u0 - C1
  return T + C1 * math.exp(r1 * t) + C2 * math.exp(r2 * t), r1 * C1 * math.exp(r1 * t) + r2 * C2 * math.exp(r2 * t)
end

describe("spring", function()
  -- Reference S3: response 0.5 s, ζ 0.825 → m 1, k (2π/0.5)², c 4π·0.825/0.5.
  local m, k, c = 1, (2 * math.pi / 0.5) ^ 2, 4 * math.pi * 0.825 / 0.5
  local trace
  before_each(function() trace = load(1):runUntilRest(5):trace() end)

  it("moves in 2-D as the reference's vector (S3, v0 = (-500, 800))", function()
    assert.near(23.08331, trace:value("a", "x", 0.1), 1e-4)
    assert.near(45.72432, trace:value("a", "y", 0.1), 1e-4)
    local _, vx = dho(m, k, c, 0, 100, -500, 0.1)
    local _, vy = dho(m, k, c, 0, 50, 800, 0.1)
    assert.near(vx, trace:value("a", "vx", 0.1), 1e-6)
    assert.near(vy, trace:value("a", "vy", 0.1), 1e-6)
  end)

  it("retargeted mid-flight keeps position and both velocity components continuous", function()
    -- At 0.25 s `.to` becomes (200, -100). The motion after it must be the closed form
    -- re-seeded with the position and velocity vector the spring had at 0.25 s.
    local x0, vx0 = dho(m, k, c, 0, 100, -500, 0.25)
    local y0, vy0 = dho(m, k, c, 0, 50, 800, 0.25)
    assert.near(x0, trace:value("a", "x", 0.25), 1e-9)
    assert.near(vy0, trace:value("a", "vy", 0.25), 1e-9)
    for i = 1, 30 do
      local t = 0.25 + i / 60
      local x, vx = dho(m, k, c, x0, 200, vx0, t - 0.25)
      local y, vy = dho(m, k, c, y0, -100, vy0, t - 0.25)
      assert.near(x, trace:value("a", "x", t), 1e-6)
      assert.near(y, trace:value("a", "y", t), 1e-6)
      assert.near(vx, trace:value("a", "vx", t), 1e-6)
      assert.near(vy, trace:value("a", "vy", t), 1e-6)
    end
    -- One frame after the retarget the velocity has changed by what the new pull can do in
    -- a frame (k·|Δtarget|/60 ≈ 450 pt/s), not been reset (|v| ≈ 450 pt/s would vanish).
    local dvx = trace:value("a", "vx", 0.25 + 1 / 60) - vx0
    local dvy = trace:value("a", "vy", 0.25 + 1 / 60) - vy0
    assert.truthy(math.abs(dvx) < 500 and math.abs(dvy) < 500, "velocity change " .. dvx .. ", " .. dvy)
  end)

  it("ends exactly on the new target, at rest", function()
    assert.near(200, trace:last("a", "x"), 0)
    assert.near(-100, trace:last("a", "y"), 0)
    assert.near(0, trace:last("a", "vx"), 0)
  end)

  it("that replaces a running animation takes over its velocity", function()
    local t = load(11):runUntilRest(5):trace()
    -- glow runs 0 → 100 linearly (100/s); at 0.5 s a spring (k 200, c 30) pulls it to 0.
    assert.near(50, t:value("a", "glow", 0.5), 1e-9)
    for i = 1, 10 do
      local x = dho(1, 200, 30, 50, 0, 100, i / 60)
      assert.near(x, t:value("a", "glow", 0.5 + i / 60), 1e-6)
    end
    assert.truthy(t:value("a", "glow", 0.5 + 1 / 60) > 50, "keeps rising for a moment")
  end)
end)

describe("decay", function()
  it("at 1000 pt/s and 0.998 passes POP's value at 0.5 s and ends 499 pt away", function()
    local scene = load(2):runUntilRest(10)
    local trace = scene:trace()
    assert.near(315.6119, trace:value("a", "x", 0.5), 1e-3)
    assert.near(499, scene:item("a").center.x, 0.05)
    assert.near(0, scene:item("a").center.y, 0)
    assert.near(499, scene:item("probe").toValue, 0.05)
    assert.near(scene:item("a").center.x, scene:item("probe").toValue, 1e-9)
  end)
end)

describe("keyframes", function()
  local trace
  before_each(function() trace = load(3):runUntilRest(5):trace() end)

  it("hit each value at its key time", function()
    -- duration 1.2 s, keyTimes 0, 0.25, 0.5, 1 → 0, 0.3, 0.6, 1.2 s.
    local expected = {{0, 0}, {0.3, 1}, {0.6, 0.25}, {1.2, 0.75}}
    for _, e in ipairs(expected) do assert.near(e[2], trace:value("a", "alpha", e[1]), 1e-9) end
    assert.near(0.75, trace:last("a", "alpha"), 0)
  end)

  it("in cubic mode pass through every vector value at its (evenly spaced) key time", function()
    local expected = {{0, 0, 0}, {0.2, 100, 0}, {0.4, 100, 100}, {0.6, 0, 0}}
    for _, e in ipairs(expected) do
      assert.near(e[2], trace:value("a", "x", e[1]), 1e-9)
      assert.near(e[3], trace:value("a", "y", e[1]), 1e-9)
    end
  end)

  it("with additive = true add their values to the property", function()
    local t = load(14):runUntilRest(3):trace()
    assert.near(25 + 10, t:value("a", "glow", 0.25), 1e-9)
    assert.near(50, t:value("a", "glow", 0.5), 1e-9)
    assert.near(100, t:value("a", "glow", 1), 0)
    -- alpha 1 plus an offset going 0 → -0.5; it holds its final value: 0.5.
    assert.near(0.75, t:value("a", "alpha", 0.25), 1e-9)
    assert.near(0.5, t:value("a", "alpha", 1), 1e-9)
  end)

  it("shape each segment with its timing function", function()
    -- Segment 1 (0 → 0.3 s) eases in: at its middle the value is below the linear 0.5.
    assert.truthy(trace:value("a", "alpha", 0.15) < 0.4, "easeIn " .. trace:value("a", "alpha", 0.15))
    -- Segment 2 (0.3 → 0.6 s) is linear: 1 → 0.25.
    assert.near(0.625, trace:value("a", "alpha", 0.45), 1e-9)
  end)
end)

describe("bounce", function()
  local function crossings(trace, target)
    local n, last = 0, nil
    for i = 0, 60 do
      local d = trace:value("a", "y", i / 60) - target
      if d ~= 0 then
        if last and (d > 0) ~= (last > 0) then n = n + 1 end
        last = d
      end
    end
    return n
  end

  for bounces = 1, 5 do
    it("with " .. bounces .. " bounces crosses its target " .. bounces .. " times and lands on it", function()
      local trace = load(4, {bounces = bounces}):runUntilRest(3):trace()
      assert.equal(bounces, crossings(trace, 100))
      assert.near(100, trace:value("a", "y", 1), 0)
      assert.near(100, trace:last("a", "y"), 0)
    end)
  end

  it("without overshoot touches the target from one side, once per bounce", function()
    local trace = load(4, {bounces = 3, overshoot = 0}):runUntilRest(3):trace()
    assert.truthy(trace:max("a", "y") <= 100, "max " .. trace:max("a", "y"))
    local peaks = 0
    for i = 1, 59 do
      local y0, y1, y2 = trace:value("a", "y", (i - 1) / 60), trace:value("a", "y", i / 60), trace:value("a", "y", (i + 1) / 60)
      if y1 > y0 and y1 > y2 then peaks = peaks + 1 end
    end
    assert.equal(3, peaks)
    assert.near(100, trace:value("a", "y", 1), 0)
  end)
end)

describe("property animator", function()
  it("paused, scrubbed and continued on another curve does not jump", function()
    local scene = load(5):runUntilRest(3)
    local trace, probe = scene:trace(), scene:item("probe")
    -- Paused at τ = 0.3 on easeInEaseOut: with scrubsLinearly fractionComplete becomes the
    -- progress, 0.187396, and the view stays there.
    assert.near(0.187396, probe.fraction, 1e-6)
    assert.equal(1, probe.state)
    assert.equal(0, probe.running)
    assert.near(18.7396, trace:value("a", "x", 0.3), 1e-3)
    assert.near(trace:value("a", "x", 0.3), trace:value("a", "x", 0.4 - 1 / 60), 1e-9)
    -- Scrubbed to 0.6 (linearly), then continued on a linear curve from progress 0.6:
    -- no jump, and the remaining 0.4 of the time.
    assert.near(60, trace:value("a", "x", 0.5), 1e-9)
    assert.near(60 + 100 / 60, trace:value("a", "x", 0.5 + 1 / 60), 1e-6)
    assert.near(80, trace:value("a", "x", 0.7), 1e-6)
    assert.equal(1, probe.completion)
    assert.near(0.9, probe.at, 1e-9)
    assert.near(100, scene:item("a").center.x, 0)
  end)

  it("continued on its own curve re-enters it where the progress is (reference: τ 0.558507)", function()
    local scene = load(13):runUntilRest(3)
    local trace = scene:trace()
    assert.near(60, trace:value("a", "x", 0.5), 1e-6)
    -- Remaining time (1 − 0.558507)·1 s = 0.441493 s: done at the first step after 0.941493 s.
    assert.near(0.941667, scene:item("probe").at, 1e-6)
    -- The next frame moves at the curve's own speed there: easeInEaseOut is steepest in
    -- the middle, slope 1.724, i.e. 100·1.724/60 = 2.87 pt per frame at most.
    local step = trace:value("a", "x", 0.5 + 1 / 60) - 60
    assert.truthy(step > 2 and step < 2.88, "first frame after continuing moved " .. step)
  end)

  it("reversed mid-flight returns to the start and completes with \"start\"", function()
    local scene = load(6):runUntilRest(3)
    local trace, probe = scene:trace(), scene:item("probe")
    assert.near(40, trace:max("a", "x"), 1e-9)
    assert.near(20, trace:value("a", "x", 0.6), 1e-9)
    assert.near(0, scene:item("a").center.x, 0)
    assert.equal(-1, probe.completion)
    assert.near(0.8, probe.at, 1e-9)
  end)

  it("with pausesOnCompletion stays active and paused at 1, without a completion", function()
    local scene = load(7):run(1.2)
    local probe = scene:item("probe")
    assert.near(1, probe.fraction, 0)
    assert.equal(1, probe.state)
    assert.equal(0, probe.running)
    assert.equal(0, probe.calls)
    assert.near(0, scene:item("a").alpha, 0)
  end)

  it("stopped without finishing holds still; finishAnimation(\"end\") jumps to the end", function()
    local scene = load(8):runUntilRest(3)
    local trace, probe = scene:trace(), scene:item("probe")
    assert.equal(2, probe.state)
    assert.near(30, trace:value("a", "x", 0.3), 1e-9)
    assert.near(30, trace:value("a", "x", 0.5 - 1 / 60), 1e-9)
    assert.near(100, trace:value("a", "x", 0.5), 0)
    assert.equal(1, probe.completion)
    assert.equal(1, probe.calls)
  end)

  it("runs keyframes over their part of the progress and blocks added mid-flight over the rest", function()
    local trace = load(12):runUntilRest(3):trace()
    assert.near(5, trace:value("a", "glow", 0.25), 1e-9)
    assert.near(10, trace:value("a", "glow", 0.75), 0)
    assert.near(1, trace:value("a", "alpha", 0.5), 1e-9)
    assert.near(0.5, trace:value("a", "alpha", 0.75), 1e-9)
    assert.near(0, trace:value("a", "x", 0.5), 0)
    assert.near(50, trace:value("a", "x", 0.75), 1e-9)
    assert.near(100, trace:value("a", "y", 1), 0)
  end)
end)

describe("who wins", function()
  it("an animation of center makes the item kinematic, then hands its velocity to physics", function()
    local scene = load(9)
    scene:run(0.5)
    local trace = scene:trace()
    -- The attachment pulls towards (0, 300) all along, but while the basic animation runs the
    -- item follows it exactly, and frames report its velocity.
    for i = 1, 15 do
      local t = i / 60
      assert.near(200 * t, trace:value("a", "x", t), 1e-9)
      assert.near(0, trace:value("a", "y", t), 0)
      assert.near(200, trace:value("a", "vx", t), 1e-9)
      assert.near(0, trace:value("a", "vy", t), 0)
    end
    -- Stopped at 0.25 s: physics takes over from (50, 0) moving at 200 pt/s; one frame later
    -- the attachment (1 Hz) has changed the velocity by at most ω²·|d|/60 ≈ 200 pt/s.
    local t = 0.25 + 1 / 60
    assert.near(200, trace:value("a", "vx", t), 40)
    assert.truthy(trace:value("a", "vy", t) > 100, "the attachment pulls it down now")
    assert.truthy(trace:value("a", "x", t) > 50, "it carries on moving right")
    assert.equal(0, scene:item("probe").finished)
  end)

  it("a script assignment stops the animation driving that property", function()
    local scene = load(10):run(1)
    assert.equal(0, scene:item("probe").finished)
    assert.near(0, scene:item("a").center.x, 0)
    assert.near(50, scene:item("a").center.y, 0)
    assert.near(0, scene:item("a").velocity:length(), 0)
  end)
end)

describe("bad input", function()
  local cases = {
    {1, "bad argument #1 to 'basic' (field 'duration': must be ≥ 0, got -1)"},
    {2, "bad argument #1 to 'spring' (field 'mass': must be > 0, got -2)"},
    {3, "bad argument #1 to 'keyframes' (field 'keyTimes': must be non-decreasing: keyTimes[3] = 0.4 is less than keyTimes[2] = 0.6)"},
    {4, "bad argument #1 to 'keyframes' (field 'keyTimes': must have one entry per value (3), got 2)"},
    {5, "unknown timing curve 'bouncy'; valid names: linear, easeIn, easeOut, easeInOut, easeInEaseOut, default"},
    {6, "item 'a' has no property 'blur'"},
    {7, "unknown property 'centre' for item 'a'; did you mean 'center'?"},
    {8, "bad argument #1 to 'propertyAnimator' (field 'duration': must be > 0, got -1)"},
    {9, "unknown timing curve 'easeInOutCubic'"},
    {10, "give the spring one way"},
    {11, "keyframe must be called inside an animation block"},
    {12, "bad argument #1 to 'spring' (field 'to': expected vector {x, y}, got number)"},
    {13, "unknown field 'frequncy' for spring; did you mean 'frequency'?"},
    {14, "property 'velocity' cannot be animated"},
    {15, "continueAnimation requires an active animator"},
    {16, "bad argument #1 to 'keyframes' (field 'duration': must be > 0, got 0)"},
    {17, "bad argument #1 to 'bounce' (field 'bounces': must be a whole number from 0 to 1000, got -1)"},
    {18, "bad argument #2 to 'keyframe' (must be ≤ 1 - relativeStart (0.4), got 0.6)"},
    {19, "bad argument #1 to 'decay' (field 'deceleration': must be between 0 and 1, exclusive (0.998 normal, 0.99 fast), got 1.5)"},
    {20, "finishAnimation requires a stopped animator"},
  }
  for _, c in ipairs(cases) do
    it("case " .. c[1] .. ": " .. c[2], function()
      local ok, err = pcall(animhost.load, "fixtures/bad_animations.lua", {set = {case = c[1]}})
      assert.falsy(ok)
      local line = c[1] + 4
      assert.truthy(err:find("bad_animations.lua:" .. line .. ": ", 1, true), err)
      assert.truthy(err:find(c[2], 1, true), err)
    end)
  end
end)
