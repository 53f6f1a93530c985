-- animhost.project, animhost.rubberBand and animhost.nearest against their closed forms
-- (UIScrollView's deceleration and rubber band, as WWDC 2018 "Designing Fluid Interfaces"
-- gives them), and their argument checks.

describe("animhost.project", function()
  it("travels v/1000 · rate/(1 − rate): 499 pt for 1000 pt/s at the normal rate", function()
    assert.near(300 + 499, animhost.project(300, 1000), 1e-9)
    assert.near(300 + 499, animhost.project(300, 1000, "normal"), 1e-9)
    assert.near(300 - 99, animhost.project(300, -1000, "fast"), 1e-9)
    assert.near(10 + 2 * 0.9 / 0.1, animhost.project(10, 2000, 0.9), 1e-9)
  end)

  it("is the sum of the distances a per-millisecond decay travels", function()
    local x, v = 0, 1500
    for _ = 1, 200000 do v = v * 0.998; x = x + v / 1000 end
    assert.near(x, animhost.project(0, 1500), 1e-6)
  end)

  it("takes vectors, each axis on its own", function()
    local p = animhost.project({100, 200}, animhost.vec(1000, -500))
    assert.near(animhost.vec(599, -49.5), p, 1e-9)
    assert.are.equal("number", type(p.x))
  end)

  it("refuses a mix of kinds, a rate outside (0, 1), a misspelled rate and extra arguments", function()
    assert.has_error(function() animhost.project(1, {1, 2}) end,
                     "bad argument #2 to 'project' (expected a number, as `position` is, got a vector)")
    assert.has_error(function() animhost.project(1, 2, 1) end,
                     "bad argument #3 to 'project' (rate must be between 0 and 1 (the velocity kept per millisecond, 0.998 for UIScrollView's normal), got 1)")
    assert.has_error(function() animhost.project(1, 2, "fats") end,
                     "bad argument #3 to 'project' (expected one of \"normal\", \"fast\", got \"fats\"; did you mean 'fast'?)")
    assert.has_error(function() animhost.project("1", 2) end,
                     "bad argument #1 to 'project' (expected number or vector {x, y}, got string)")
    assert.has_error(function() animhost.project(1, 0 / 0) end, "bad argument #2 to 'project' (must be finite, got nan)")
    assert.has_error(function() animhost.project(1, 2, 0.5, 4) end, "bad argument #4 to 'project' (at most 3 arguments, got 4)")
  end)
end)

describe("animhost.rubberBand", function()
  it("is (1 − 1/(|x|·c/d + 1))·d with the sign of x: 100 pt past a 960 pt view shows 52.0", function()
    assert.near(0.55 * 960 * 100 / (960 + 0.55 * 100), animhost.rubberBand(100, 960), 1e-9)
    assert.near(52.0, animhost.rubberBand(100, 960), 0.05)
    assert.near(-animhost.rubberBand(100, 960), animhost.rubberBand(-100, 960), 1e-12)
    assert.near(0.3 * 500 * 40 / (500 + 0.3 * 40), animhost.rubberBand(40, 500, 0.3), 1e-9)
    assert.are.equal(0, animhost.rubberBand(0, 500))
  end)

  it("starts at slope c and never reaches d", function()
    assert.near(0.55 * 1e-3, animhost.rubberBand(1e-3, 568), 1e-9)
    assert.truthy(animhost.rubberBand(1e8, 568) < 568)
  end)

  it("takes a vector offset with a number or a vector dimension", function()
    local b = animhost.rubberBand({100, -50}, {960, 500})
    assert.near(animhost.vec(animhost.rubberBand(100, 960), animhost.rubberBand(-50, 500)), b, 1e-12)
    assert.near(animhost.vec(animhost.rubberBand(100, 600), animhost.rubberBand(-50, 600)), animhost.rubberBand({100, -50}, 600), 1e-12)
  end)

  it("refuses a dimension ≤ 0, a constant ≤ 0 and a vector dimension for a number offset", function()
    assert.has_error(function() animhost.rubberBand(10, 0) end, "bad argument #2 to 'rubberBand' (dimension must be > 0, got 0)")
    assert.has_error(function() animhost.rubberBand({1, 2}, {100, -1}) end,
                     "bad argument #2 to 'rubberBand' (dimension must be > 0 on both axes, got {100, -1})")
    assert.has_error(function() animhost.rubberBand(10, 100, 0) end, "bad argument #3 to 'rubberBand' (must be > 0, got 0)")
    assert.has_error(function() animhost.rubberBand(10, {100, 100}) end,
                     "bad argument #2 to 'rubberBand' (expected a number, as `offset` is, got a vector (give a vector offset for a vector dimension))")
  end)
end)

describe("animhost.nearest", function()
  it("returns the nearest number as given, and its index; the first of equally near ones", function()
    local v, i = animhost.nearest({100, 300, 600}, 420)
    assert.are.equal(300, v); assert.are.equal(2, i)
    assert.are.equal("integer", math.type(v))
    assert.are.same({100, 1}, {animhost.nearest({100, 300}, 200)})
    assert.are.same({600, 3}, {animhost.nearest({100, 300, 600}, 1e6)})
  end)

  it("picks a detent with project: 1000 pt/s up from the half detent of a 568 pt screen goes to the top", function()
    assert.are.same({60, 1}, {animhost.nearest({60, 284, 468}, animhost.project(284, -1000))})
    assert.are.same({284, 2}, {animhost.nearest({60, 284, 468}, animhost.project(284, -100))})
  end)

  it("takes points, by distance, and returns a vec", function()
    local p, i = animhost.nearest({{0, 0}, animhost.vec(100, 0), {x = 0, y = 100}}, {70, 60})
    assert.are.equal(2, i)
    assert.near(animhost.vec(100, 0), p, 0)
  end)

  it("refuses an empty list, a vector for a list, and mixed kinds, naming the element", function()
    assert.has_error(function() animhost.nearest({}, 1) end,
                     "bad argument #1 to 'nearest' (expected a non-empty list of numbers, got an empty table)")
    assert.has_error(function() animhost.nearest({1, 2}, {1, 2}) end,
                     "bad argument #1 to 'nearest' ([1]: expected a vector, as `value` is, got a number)")
    assert.has_error(function() animhost.nearest(animhost.vec(1, 2), {1, 2}) end,
                     "bad argument #1 to 'nearest' (expected a list of vectors, got animhost.Vec)")
    assert.has_error(function() animhost.nearest({1, {2, 3}}, 1) end,
                     "bad argument #1 to 'nearest' ([2]: expected a number, as `value` is, got a vector)")
    assert.has_error(function() animhost.nearest({1, "2"}, 1) end,
                     "bad argument #1 to 'nearest' ([2]: expected number or vector {x, y}, got string)")
    assert.has_error(function() animhost.nearest(5, 1) end, "bad argument #1 to 'nearest' (expected a list of numbers, got number)")
  end)
end)
