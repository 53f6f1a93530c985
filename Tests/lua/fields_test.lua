-- behaviors/fields.lua: field behaviors from Lua — a gravity well with a vortex, noise
-- seeded by --seed, and a custom field written in Lua.
local path = "../../behaviors/fields.lua"

local function series(trace, names, field)
  local out = {}
  for k = 0, trace:count() - 1 do
    for _, name in ipairs(names) do out[#out + 1] = trace:value(name, field, k / 60) end
  end
  return out
end

describe("fields", function()
  describe("noise", function()
    it("is deterministic for a seed", function()
      local a = animhost.load(path, {seed = 7}):run(3):trace():csv()
      local b = animhost.load(path, {seed = 7}):run(3):trace():csv()
      assert.equal(a, b)
    end)

    it("drifts differently with another seed, and moves only the items in the noise field", function()
      local a = animhost.load(path, {seed = 7}):run(3):trace()
      local b = animhost.load(path, {seed = 8}):run(3):trace()
      local moved = 0
      for k = 1, 4 do
        local name = "dust" .. k
        local d = math.sqrt((a:value(name, "x", 3) - b:value(name, "x", 3)) ^ 2 + (a:value(name, "y", 3) - b:value(name, "y", 3)) ^ 2)
        moved = math.max(moved, d)
      end
      assert.truthy(moved > 10, "largest difference between the seeds' dust: " .. moved .. " pt")
      local others = {"planet1", "planet2", "planet3", "kite"}
      assert.same(series(a, others, "x"), series(b, others, "x"))
      assert.same(series(a, others, "y"), series(b, others, "y"))
    end)
  end)

  describe("the gravity well", function()
    it("holds the planets: none gets farther from it than where it started (110 pt)", function()
      local trace = animhost.load(path, {set = {demo = 0}}):run(6):trace()
      local farthest = 0
      for k = 0, 360 do
        for i = 1, 3 do
          local name = "planet" .. i
          local d = math.sqrt((trace:value(name, "x", k / 60) - 160) ^ 2 + (trace:value(name, "y", k / 60) - 160) ^ 2)
          farthest = math.max(farthest, d)
        end
      end
      assert.truthy(farthest <= 110 + 1e-6, "farthest " .. farthest)
      assert.truthy(trace:max("planet1", "vx") > 100)
    end)

    it("moves with a tap (the demo), and the planets follow it", function()
      local function meanX(trace)
        local sum, n = 0, 0
        for k = 4 * 60, 6 * 60 do
          for i = 1, 3 do sum = sum + trace:value("planet" .. i, "x", k / 60); n = n + 1 end
        end
        return sum / n
      end
      local still = meanX(animhost.load(path, {set = {demo = 0}}):run(6):trace())
      local moved = meanX(animhost.load(path):run(6):trace())
      -- The tap moves the well 20 pt to the right (x 160 → 180).
      assert.truthy(moved - still > 10, "mean x " .. still .. " → " .. moved)
    end)
  end)

  describe("the custom Lua field", function()
    local trace
    setup(function() trace = animhost.load(path, {set = {demo = 0}}):run(2):trace() end)

    it("exerts no force before its first gust", function()
      assert.equal(160, trace:value("kite", "x", 0.99))
      assert.equal(330, trace:value("kite", "y", 0.99))
    end)

    it("gives the accelerations it computes (a = 100·F/m): a 1 Hz spring pushed by 600 pt/s² for half a period", function()
      -- From rest, x(t) = A(1 − e^(−ζωt)(cos ω_d t + ζ/√(1−ζ²)·sin ω_d t)), A = 600/ω²,
      -- ω = 2π, ζ = 1.5/(2ω); at the gust's end (t = 0.5 s) that is 25.61 pt, and the
      -- velocity is near 0 there, so it is the peak. Frames every 1/60 s, fixed step 1/480 s.
      local omega = 2 * math.pi
      local zeta = 1.5 / (2 * omega)
      local wd = omega * math.sqrt(1 - zeta ^ 2)
      local t = 0.5
      local x = 600 / omega ^ 2 * (1 - math.exp(-zeta * omega * t) * (math.cos(wd * t) + zeta / math.sqrt(1 - zeta ^ 2) * math.sin(wd * t)))
      assert.near(160 + x, trace:max("kite", "x"), 0.5)
      assert.equal(330, trace:max("kite", "y"))
      assert.equal(330, trace:min("kite", "y"))
    end)
  end)
end)
