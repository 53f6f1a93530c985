-- A spring ends truthfully: under thresholds no one can see (0.005 pt and 0.1 pt/s for points,
-- `restDelta` and `restSpeed`), so every frame is the closed form's to the end, the second
-- swing past the target included, and no frame jumps more than its velocity explains.
local target, response, zeta = 200, 0.5, 0.7
local w = 2 * math.pi / response
local wd = w * math.sqrt(1 - zeta * zeta)

-- The closed form: x(t) of a spring from 100 to 200 at rest, and its velocity.
local function closed(t)
  local e = math.exp(-zeta * w * t)
  local u0 = -100
  local b = zeta * w * u0 / wd
  local u = e * (u0 * math.cos(wd * t) + b * math.sin(wd * t))
  local v = e * ((b * wd - zeta * w * u0) * math.cos(wd * t) - (u0 * wd + zeta * w * b) * math.sin(wd * t))
  return target + u, v
end

local function frames(set)
  local scene = animhost.load("scenes/spring_end.lua", {set = set}):runUntilRest(5)
  local trace = scene:trace()
  local out = {}
  for k = 0, trace:count() - 1 do
    local t = math.min(k / 60, scene.time)   -- the last sample is the state at rest
    out[#out + 1] = {t = t, x = trace:value("box", "x", t), vx = trace:value("box", "vx", t)}
  end
  return out
end

-- The largest |Δx − mean velocity · Δt| over the frame pairs after the motion first comes
-- within `within` pt of the target (the tail, where POP's thresholds would end it).
local function largestUnexplained(f, within)
  local worst, tail = 0, false
  for k = 2, #f do
    tail = tail or math.abs(f[k - 1].x - target) < within
    if tail then
      local dt = f[k].t - f[k - 1].t
      worst = math.max(worst, math.abs((f[k].x - f[k - 1].x) - (f[k].vx + f[k - 1].vx) / 2 * dt))
    end
  end
  return worst
end

describe("a spring's end", function()
  local f
  setup(function() f = frames() end)

  it("is the closed form in every frame, within 0.005 pt (restDelta) at the end, 1e-9 before", function()
    for _, s in ipairs(f) do
      local x = closed(s.t)
      local tolerance = math.abs(x - target) > 0.01 and 1e-9 or 0.005
      assert.near(x, s.x, tolerance)
    end
    assert.are.equal(target, f[#f].x)   -- it ends on the target
  end)

  it("shows the second swing past the target: 0.21 pt back at 0.70 s (POP's ½ pt threshold cuts it)", function()
    -- Extremes of the closed form at t = nπ/ωd: 4.60 pt past, then 0.21 pt back.
    local swing = 100 * math.exp(-zeta * w * 2 * math.pi / wd)
    assert.near(0.2115, swing, 1e-4)
    local lowest, expected = math.huge, math.huge
    for _, s in ipairs(f) do
      if s.t > math.pi / wd then
        lowest = math.min(lowest, s.x)
        expected = math.min(expected, (closed(s.t)))
      end
    end
    assert.near(expected, lowest, 1e-9)
    assert.near(target - swing, lowest, 0.005)
  end)

  it("never moves a frame further than its velocity explains: under 0.006 pt in the tail", function()
    -- In the tail (within ½ pt) the trapezoid's own error is below 5e-4 pt (Δt³/12 · ω³ · ½ pt);
    -- the end shows the target, at most restDelta = 0.005 pt from the closed form.
    assert.truthy(largestUnexplained(f, 0.5) < 0.006, tostring(largestUnexplained(f, 0.5)))
  end)

  it("with POP's thresholds (restDelta = 0.5, restSpeed = 5) ends early, with a jump", function()
    local pop = frames({restDelta = 0.5, restSpeed = 5})
    assert.truthy(largestUnexplained(pop, 0.5) > 0.05, tostring(largestUnexplained(pop, 0.5)))
  end)
end)
