-- A property animator's spring ends as a spring animation does (spring_end_test.lua): the
-- animator completes at the curve's settling time, as UIKit's does, but the curve is then
-- still up to 0.1 % of the distance from the target (½ pt of 500 pt) and moving. The host
-- plays that rest of the motion out as a spring that stops within restDelta (0.005 pt) and
-- restSpeed (0.1 pt/s), so every frame is the spring's closed form to the end and no frame
-- moves more than its velocity explains.
local from, target, response, zeta = 100, 600, 0.5, 0.7
local w = 2 * math.pi / response
local wd = w * math.sqrt(1 - zeta * zeta)

-- The closed form: x(t) and x'(t) of a spring from `from` to `target` released at rest.
local function closed(t)
  local e = math.exp(-zeta * w * t)
  local u0 = from - target
  local b = zeta * w * u0 / wd
  local u = e * (u0 * math.cos(wd * t) + b * math.sin(wd * t))
  local v = e * ((b * wd - zeta * w * u0) * math.cos(wd * t) - (u0 * wd + zeta * w * b) * math.sin(wd * t))
  return target + u, v
end

describe("a property animator's spring", function()
  local scene, f
  setup(function()
    scene = animhost.load("scenes/animator_spring_end.lua"):runUntilRest(5)
    local trace = scene:trace()
    f = {}
    for k = 0, trace:count() - 1 do
      local t = math.min(k / 60, scene.time)   -- the last sample is the state at rest
      f[#f + 1] = {t = t, x = trace:value("box", "x", t), vx = trace:value("box", "vx", t)}
    end
  end)

  it("completes at its settling time, where the curve is still 0.01 to 0.5 pt from the target", function()
    local probe = scene:item("probe")
    assert.near(probe.duration, probe.completedAt, 1 / 120 + 1e-9)
    local x = closed(probe.duration)
    local short = math.abs(x - target)
    assert.truthy(short > 0.01 and short <= 0.5 + 1e-9, "left " .. short .. " pt")
    assert.truthy(scene.time > probe.duration + 0.1, "at rest at " .. scene.time .. " s")
  end)

  it("is the closed form in every frame, after the completion too, and ends on the target", function()
    for _, s in ipairs(f) do
      local x = closed(s.t)
      local tolerance = math.abs(x - target) > 0.01 and 1e-6 or 0.005
      assert.near(x, s.x, tolerance)
    end
    assert.are.equal(target, f[#f].x)
    assert.are.equal(0, f[#f].vx)
  end)

  it("never moves a frame further than its velocity explains: under 0.006 pt once within ½ pt", function()
    -- The trapezoid's own error within ½ pt is below 5e-4 pt; the last frame shows the target,
    -- at most restDelta = 0.005 pt from the closed form. Cutting the curve at its settling time
    -- would move the last frame by up to ½ pt.
    local worst, tail = 0, false
    for k = 2, #f do
      tail = tail or math.abs(f[k - 1].x - target) < 0.5
      if tail then
        local dt = f[k].t - f[k - 1].t
        worst = math.max(worst, math.abs((f[k].x - f[k - 1].x) - (f[k].vx + f[k - 1].vx) / 2 * dt))
      end
    end
    assert.truthy(worst < 0.006, tostring(worst))
  end)
end)
