-- Assertions about motion that explain themselves, on a motion with closed-form answers
-- (scenes/analytic.lua: u(t) = u0·e^(−ωt)(1 + ωt), critically damped, u0 = 100, ω = 20).
local u0, omega = 100, 20
local function u(t) return u0 * math.exp(-omega * t) * (1 + omega * t) end
local function v(t) return -u0 * omega * omega * t * math.exp(-omega * t) end

-- The settle time the trace reports for tolerance eps: the first frame after the last
-- one farther than eps from rest (frames every 1/60 s).
local function settleTime(eps)
  local lo, hi = 0, 5
  for _ = 1, 100 do
    local mid = (lo + hi) / 2
    if u(mid) > eps then lo = mid else hi = mid end
  end
  return math.floor(lo * 60) / 60 + 1 / 60
end

-- The number in a failure message after `label`.
local function numberAfter(label, message)
  return tonumber(tostring(message):match(label .. "(%-?[%d%.e%-]+)"))
end

local function failureOf(fn)
  local ok, err = pcall(fn)
  assert.is_false(ok, "the assertion should have failed")
  return tostring(err)
end

describe("motion assertions", function()
  local trace
  setup(function() trace = animhost.load("scenes/analytic.lua"):run(3):trace() end)

  it("trace:count() is an integer", function()
    assert.equal("integer", math.type(trace:count()))
    assert.equal("181", tostring(trace:count()))
  end)

  it("settles passes when the item settles in time, and says when it did when not", function()
    local t = settleTime(0.5)
    assert.settles(trace, "box", {within = t + 0.01, tolerance = 0.5})
    assert.settles(trace, "box")   -- default tolerance 0.5 pt, no deadline
    local message = failureOf(function() assert.settles(trace, "box", {within = t - 0.1, tolerance = 0.5}) end)
    assert.matches("motion_assertions_test.lua:%d+: Expected 'box' to settle within", message)
    assert.matches("(tolerance 0.5 pt)", message, 1, true)
    assert.near(t, numberAfter("only from t = ", message), 1e-3)
    assert.is_not.settles(trace, "box", {within = t - 0.1})
  end)

  it("settles takes an item as well as a name, and rejects unknown options", function()
    local scene = animhost.load("scenes/analytic.lua"):run(1)
    assert.settles(scene:trace(), scene:item("box"), {within = 1})
    assert.error_matches(function() assert.settles(trace, "box", {whithin = 1}) end, "unknown option 'whithin'")
  end)

  it("overshootBelow measures past the target along the approach", function()
    assert.overshootBelow(trace, "box", {0, 0}, 0.1)
    assert.overshootBelow(trace, "box", animhost.vec(0, 0), 0.1)   -- a vec is a point too
    -- Heading from 100 to a target at 50, the box ends 50 pt past it.
    local message = failureOf(function() assert.overshootBelow(trace, "box", {50, 0}, 1) end)
    assert.matches("Expected 'box' to overshoot {50, 0} by less than 1 pt", message, 1, true)
    assert.near(50, numberAfter("it went ", message), 1e-3)
  end)

  it("velocityContinuous compares the largest frame-to-frame velocity change with maxJump", function()
    local worst = 0
    for k = 1, 120 do worst = math.max(worst, math.abs(v(k / 60) - v((k - 1) / 60))) end
    assert.velocityContinuous(trace, "box", {maxJump = worst + 1})
    local message = failureOf(function() assert.velocityContinuous(trace, "box", {maxJump = worst / 2}) end)
    assert.matches("Expected the velocity of 'box' to be continuous", message, 1, true)
    assert.near(worst, numberAfter("jumped by ", message), 1)
    assert.error_matches(function() assert.velocityContinuous(trace, "box") end, "maxJump")
  end)

  it("a wrong item or target is reported at the test's line, with the name typed and the valid items", function()
    local ok, err = pcall(function() assert.settles(trace, "bxo", {within = 1}) end)
    assert.is_false(ok)
    assert.matches("motion_assertions_test.lua:75:", err, 1, true)
    assert.matches("bad argument #2 to 'settles' (no item named 'bxo' in the trace; did you mean 'box'? items: box)", err, 1, true)
    ok, err = pcall(function() assert.overshootBelow(trace, "box", 384, 40) end)
    assert.is_false(ok)
    assert.matches("motion_assertions_test.lua:79:", err, 1, true)
    assert.matches("bad argument #3 to 'overshootBelow' (target point {x, y} expected, got number 384", err, 1, true)
    assert.is_nil(err:find("animhost/assertions.lua", 1, true))
  end)
end)
