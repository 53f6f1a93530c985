-- What a new user found in the test helpers: a trace read outside its span, a trace that
-- ended before rest, `scene:item` without a suggestion, `assert.near` taking a string.
local function failure(fn)
  local ok, message = pcall(fn)
  assert.is_false(ok)
  return tostring(message)   -- an assertion fails with an error object
end

describe("traces", function()
  it("refuse a time outside their span, naming it", function()
    local trace = animhost.load("fixtures/retarget.lua"):run(0.5):trace()
    assert.truthy(failure(function() trace:value("card", "y", 99) end)
      :find("bad argument #3 to 'value' (t = 99 is after the trace's end (0.5 s))", 1, true))
    assert.truthy(failure(function() trace:value("card", "y", -1) end)
      :find("t = -1 is before the trace's start (0 s)", 1, true))
    assert.near(0, trace:value("card", "vx", 0.5) - trace:last("card", "vx"), 0)
  end)

  it("end with the state at rest after runUntilRest", function()
    local scene = animhost.load("fixtures/retarget.lua"):runUntilRest(3)
    assert.is_true(scene.atRest)
    -- Rest (1.1417 s: the spring ends at 1.0417 s, then 0.1 s with nothing moving) is not
    -- on the 60 Hz grid: the last sample is at the rest time.
    assert.near(1.1416666666667, scene.restTime, 1e-9)
    assert.near(300, scene:trace():value("card", "x", scene.restTime), 0)
    assert.near(500, scene:trace():last("card", "y"), 0)
    local c = scene:item("card").center
    assert.near(c.x, scene:trace():last("card", "x"), 0)
    assert.equal(70, scene:trace():count())   -- 0 … 68/60 and the rest sample
    -- settles reports the final position the item has.
    local message = failure(function() assert.settles(scene:trace(), "card", {within = 0.8, tolerance = 1}) end)
    assert.truthy(message:find("final position (300, 500)", 1, true), message)
  end)
end)

describe("test helpers", function()
  it("scene:item suggests the nearest name", function()
    local scene = animhost.load("fixtures/retarget.lua")
    local message = failure(function() scene:item("crad") end)
    assert.truthy(message:find("bad argument #1 to 'item' (no item named 'crad' in the scene; did you mean 'card'? items: card)", 1, true), message)
  end)

  it("trace methods suggest the nearest item name", function()
    local trace = animhost.load("fixtures/retarget.lua"):run(0.1):trace()
    local message = failure(function() trace:value("crad", "y", 0.1) end)
    assert.truthy(message:find("bad argument #1 to 'value' (no item named 'crad' in the trace; did you mean 'card'? items: card)", 1, true), message)
    message = failure(function() trace:max("crad", "y") end)
    assert.truthy(message:find("bad argument #1 to 'max' (no item named 'crad'", 1, true), message)
  end)

  it("assert.near refuses strings", function()
    local message = failure(function() assert.near("1", 1, 0.1) end)
    assert.truthy(message:find("bad argument #1 to 'near' (number (or two vectors) expected, got string)", 1, true), message)
    message = failure(function() assert.near(1, 1, "0.1") end)
    assert.truthy(message:find("bad argument #3 to 'near' (number expected, got string)", 1, true), message)
    assert.near(1, 1.05, 0.1)
  end)
end)
