-- trace:metrics() is MotionMetrics, the definition `:set`, `sweep` and `fit` use.
describe("trace:metrics", function()
  local trace = animhost.load("../../behaviors/pane.lua"):runUntilRest(5):trace()

  it("agrees with settleTime and states its tolerance", function()
    local m = trace:metrics("pane")
    assert.equal(0.5, m.tolerance)
    assert.near(trace:settleTime("pane", 0.5), m.settle, 1e-9)
    assert.truthy(m.peakSpeed > 1000)
  end)

  it("measures the last leg: the pane sent back mid-flight overshoots its closed position", function()
    local m = trace:metrics("pane", {from = 0.3, tolerance = 1})
    assert.truthy(m.overshoot > 10, "overshoot " .. m.overshoot)
    assert.equal(2, m.oscillations)
    assert.truthy(m.settle < trace:settleTime("pane", 1))
  end)

  it("checks its arguments", function()
    assert.has_error(function() trace:metrics("pan") end, "bad argument #1 to 'metrics' (no item named 'pan' in the trace; did you mean 'pane'? items: pane)")
    assert.has_error(function() trace:metrics("pane", {tolerance = 0}) end, "bad argument #2 to 'metrics' (field 'tolerance' must be > 0)")
  end)
end)
