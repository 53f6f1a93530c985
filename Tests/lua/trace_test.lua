-- Trace queries against motion with closed-form answers (scenes/analytic.lua:
-- u(t) = u0·e^(−ωt)(1 + ωt), a critically damped spring released from rest at u0 = 100).
local u0, omega = 100, 20
local function u(t) return u0 * math.exp(-omega * t) * (1 + omega * t) end

-- The last time |u| > eps, by bisection on the closed form.
local function lastAbove(eps)
  local lo, hi = 0, 5
  for _ = 1, 100 do
    local mid = (lo + hi) / 2
    if u(mid) > eps then lo = mid else hi = mid end
  end
  return lo
end

describe("trace", function()
  local scene, trace
  setup(function()
    scene = animhost.load("scenes/analytic.lua"):run(3)
    trace = scene:trace()
  end)

  it("records one frame per 1/60 s from t = 0", function()
    assert.equal(3 * 60 + 1, trace:count())
  end)

  it("value() reads the frame at or before a time", function()
    assert.near(u(0.5), trace:value("box", "x", 0.5), 1e-6)
    assert.near(u(0.5), trace:value("box", "x", 0.5 + 0.5 / 60), 1e-6)
    assert.near(u0, trace:value("box", "x", 0), 1e-12)
  end)

  it("max() and min() of a field", function()
    assert.near(u0, trace:max("box", "x"), 1e-12)
    -- The velocity's minimum is at t = 1/ω: −u0·ω·e^(−1); frames sample it within 1/60 s.
    assert.near(-u0 * omega * math.exp(-1), trace:min("box", "vx"), 5)
  end)

  it("settleTime() is the first frame after the last one outside the tolerance", function()
    for _, eps in ipairs({1, 0.5, 0.01}) do
      local expected = math.floor(lastAbove(eps) * 60) / 60 + 1 / 60
      assert.near(expected, trace:settleTime("box", eps), 1e-9)
    end
  end)

  it("overshoot() is zero for a critically damped approach", function()
    assert.near(0, trace:overshoot("box", {0, 0}), 1e-9)
  end)

  it("maxVelocityJump() matches the largest frame-to-frame change of the closed form", function()
    local worst = 0
    local function v(t) return -u0 * omega * omega * t * math.exp(-omega * t) end
    for k = 1, 180 do
      local t0, t1 = (k - 1) / 60, k / 60
      if t0 > 2 then break end
      worst = math.max(worst, math.abs(v(math.min(t1, 2)) - v(t0)))
    end
    assert.near(worst, trace:maxVelocityJump("box"), 1)
  end)

  it("csv() has the run header and one row per frame", function()
    local csv = trace:csv()
    assert.equal("t,item,x,y,angle,vx,vy,omega,width,height,alpha,scale,cornerRadius", csv:match("^[^\n]+"))
    local rows = 0
    for _ in csv:gmatch("\n") do rows = rows + 1 end
    assert.equal(1 + 181, rows)
  end)
end)
