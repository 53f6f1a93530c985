-- No force carries an item through the screen's boundary: continuous collision sweeps an item
-- a step carries fast and stops it where it meets a boundary.
local function run(case)
  return animhost.load("scenes/huge_force.lua", {set = {case = case}}):run(1):trace()
end

-- The largest distance of the box's center outside the screen over the trace (0: never out).
local function escape(trace)
  local worst = 0
  for k = 0, trace:count() - 1 do
    local t = k / 60
    local x, y = trace:value("box", "x", t), trace:value("box", "y", t)
    worst = math.max(worst, -x, x - 320, -y, y - 568)
  end
  return worst
end

describe("a huge force", function()
  it("of gravity magnitude 10000 leaves the box on the screen", function()
    local trace = run(1)
    assert.equal(0, escape(trace))
    assert.truthy(trace:value("box", "y", 1) < 568 - 4)
  end)

  it("of a field's evaluate returning 1e4 leaves the box on the screen", function()
    local trace = run(2)
    assert.equal(0, escape(trace))
    assert.truthy(trace:value("box", "x", 1) < 320 - 4)
  end)
end)
