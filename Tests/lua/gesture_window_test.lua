-- Tests of gestures (issue 21): the motion assertions and trace:metrics measure a window
-- ({from = T} or {from = "release"}) so the finger's own drag is not counted; animhost.load
-- is strict and takes every input animhost.input takes, or a touches CSV; the gesture
-- object is strict and a handler's error says which handler and when.
-- scenes/fling_back.lua: a card dragged 200 pt up, sprung back home (200, 600) on release.
local drag = {{at = 0.1, pan = {from = {200, 600}, to = {200, 400}, duration = 0.2}}}

local function failureOf(fn)
  local ok, err = pcall(fn)
  assert.is_false(ok, "it should have failed")
  return tostring(err)
end

describe("a window from the release", function()
  local trace
  setup(function() trace = animhost.load("scenes/fling_back.lua", {input = drag}):run(2.5):trace() end)

  it("trace:release() is the end of the last touch", function()
    assert.near(0.3, trace:release(), 1e-9)
    assert.near(0.3, trace:window("release"), 1e-9)
    assert.equal(0.5, trace:window(0.5))
  end)

  it("overshootBelow leaves out the drag from the release on", function()
    -- Over the whole trace the drag itself is 200 pt away from home.
    local message = failureOf(function() assert.overshootBelow(trace, "card", {200, 600}, 1) end)
    assert.is_true(tonumber(message:match("it went ([%d.]+) pt past it")) > 150, message)
    assert.overshootBelow(trace, "card", {200, 600}, 1, {from = "release"})
    message = failureOf(function() assert.is_not.overshootBelow(trace, "card", {200, 600}, 1, {from = "release"}) end)
    assert.matches("after the release at t = 0.3 s", message, 1, true)
  end)

  it("settles counts `within` from the window's start", function()
    assert.settles(trace, "card", {from = "release", within = 1.5, tolerance = 0.5})
    local message = failureOf(function() assert.settles(trace, "card", {from = "release", within = 0.2}) end)
    assert.matches("Expected 'card' to settle within 0.2 s after the release at t = 0.3 s", message, 1, true)
    assert.matches("s after the window's start", message, 1, true)
    assert.settles(trace, "card", {from = 0.3, within = 1.5})
    assert.is_not.settles(trace, "card", {within = 1.5})   -- from t = 0 the drag's 0.3 s count too
  end)

  it("trace:metrics takes from = \"release\"", function()
    local whole = trace:metrics("card")
    local released = trace:metrics("card", {from = "release"})
    assert.is_true(released.settle < whole.settle)
    assert.near(0, released.overshoot, 1e-6)
    assert.same(trace:metrics("card", {from = 0.3}), released)
  end)

  it("a failing velocityContinuous says when the jump was and how big", function()
    local jump, before, after = trace:maxVelocityJump("card")
    assert.is_true(jump > 100)
    local message = failureOf(function() assert.velocityContinuous(trace, "card", {maxJump = 1}) end)
    assert.matches("it jumped by " .. animhost._num(jump) .. " pt/s between t = " .. animhost._num(before) ..
      " s and t = " .. animhost._num(after) .. " s (from ", message, 1, true)
    -- From the release on, only the spring moves it.
    local released = trace:maxVelocityJump("card", "release")
    assert.is_true(released < jump)
    assert.velocityContinuous(trace, "card", {maxJump = released + 1e-9, from = "release"})
  end)

  it("extra or unknown arguments are errors", function()
    assert.error_matches(function() assert.overshootBelow(trace, "card", {200, 600}, 1, 0.3) end,
      "bad argument #5 to 'overshootBelow' (table of options expected, got number)", 1, true)
    assert.error_matches(function() assert.overshootBelow(trace, "card", {200, 600}, 1, {}, 2) end,
      "bad argument #6 to 'overshootBelow' (at most 5 arguments: trace, item, target, limit, {from=}; got 6)", 1, true)
    assert.error_matches(function() assert.settles(trace, "card", {}, 1) end, "at most 3 arguments", 1, true)
    assert.error_matches(function() assert.velocityContinuous(trace, "card", {maxJump = 1, form = 0}) end,
      "unknown option 'form'; did you mean 'from'?; options:", 1, true)
    assert.error_matches(function() assert.settles(trace, "card", {from = "relase"}) end,
      "bad argument #3 to 'settles' (field 'from': a time in seconds or \"release\" expected, got 'relase')", 1, true)
    assert.error_matches(function() trace:metrics("card", {from = true}) end,
      "bad argument #2 to 'metrics' (field 'from': a time in seconds or \"release\" expected, got boolean)", 1, true)
    assert.error_matches(function() trace:metrics("card", {}, 1) end, "at most 2 arguments", 1, true)
  end)

  it("a release the trace has not reached, or no touches at all, is an error", function()
    local early = animhost.load("scenes/fling_back.lua", {input = drag}):run(0.2):trace()
    assert.error_matches(function() assert.settles(early, "card", {from = "release"}) end,
      "the last touch ends at t = 0.3 s, after the trace's end (0.2 s)", 1, true)
    assert.error_matches(function() assert.velocityContinuous(trace, "card", {maxJump = 1, from = 9}) end,
      "bad argument #3 to 'velocityContinuous' (field 'from': from = 9 is after the trace's end (2.5 s))", 1, true)
    local still = animhost.load("scenes/fling_back.lua"):run(0.2):trace()
    assert.is_nil(still:release())
    assert.error_matches(function() still:metrics("card", {from = "release"}) end, "no touch has ended (the scene got no touches", 1, true)
  end)
end)

describe("animhost.load's options", function()
  it("refuses unknown keys with did you mean, and wrong types", function()
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {inptu = drag}) end,
      "unknown field 'inptu' for animhost.load; did you mean 'input'?", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {sett = {}}) end, "did you mean 'set'?", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {input = 42}) end,
      "bad argument #2 to 'load' (field 'input': expected a touches CSV file name or a list", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {set = 3}) end, "field 'set'", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {seed = -1}) end, "field 'seed'", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", 7) end, "bad argument #2 to 'load' (expected table", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {}, {}) end, "at most 2 arguments", 1, true)
  end)

  it("reads input entries as animhost.input does, naming the place of a mistake", function()
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {input = {{at = 0.1, pan = {from = {0, 0}, too = {1, 1}}}}}) end,
      "did you mean 'to'?", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {input = {{at = 0.1, pan = {from = {0, 0}, to = 5}}}}) end,
      "bad argument #2 to 'load' (field 'input[1].pan.to'", 1, true)
    -- pan.path and raw touches move the card as they do in a scene.
    local viaPath = animhost.load("scenes/fling_back.lua", {input = {{at = 0.1, pan = {from = {200, 600}, to = {200, 400}, path = {{300, 500}}, duration = 0.2}}}})
    viaPath:run(0.25)
    assert.is_true(viaPath:item("card").center.x > 200)
    local raw = animhost.load("scenes/fling_back.lua", {input = {{at = 0.1, touches = {
      {t = 0, phase = "began", x = 200, y = 600}, {t = 0.05, phase = "moved", x = 200, y = 550},
      {t = 0.1, phase = "moved", x = 200, y = 500}, {t = 0.15, phase = "ended", x = 200, y = 500}}}}})
    raw:run(0.22)
    assert.near(500, raw:item("card").center.y, 1e-9)
    assert.near(0.25, raw:trace():release(), 1e-9)
  end)

  it("takes a touches CSV, relative to the test file: a viewer session is a test in one line", function()
    local trace = animhost.load("scenes/fling_back.lua", {input = "scenes/fling_back.csv"}):run(2.5):trace()
    assert.near(0.3, trace:release(), 1e-9)
    assert.is_true(trace:min("card", "y") < 425)   -- dragged up to 420, then flung on
    assert.overshootBelow(trace, "card", {200, 600}, 1, {from = "release"})
    assert.settles(trace, "card", {from = "release", within = 1.8})
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {input = "scenes/nothing.csv"}) end,
      "field 'input': cannot open touches file", 1, true)
    assert.error_matches(function() animhost.load("scenes/fling_back.lua", {input = "/etc/passwd"}) end,
      "outside the folders tests may read", 1, true)
  end)
end)

describe("the gesture object", function()
  it("a misspelled field is an error with did you mean, and says which handler and when", function()
    local scene = animhost.load("scenes/gesture_typo.lua", {input = {{at = 0.1, pan = {from = {100, 100}, to = {150, 100}, duration = 0.2}}}})
    local message = failureOf(function() scene:run(0.5) end)
    assert.matches("gesture_typo.lua:5: gesture has no field 'locaton'; did you mean 'location'?", message, 1, true)
    assert.matches("(in pan changed at t = 0.1", message, 1, true)
  end)

  it("fields it has but that are unset read nil (item of a screen-level gesture)", function()
    local scene = animhost.load("scenes/screen_tap_item.lua")
    scene:tap({300, 400}):run(0.1)
    assert.same({300, 400}, {scene:item("marker").center.x, scene:item("marker").center.y})
    assert.equal(0.5, scene:item("marker").alpha)
  end)
end)
