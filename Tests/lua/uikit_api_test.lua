-- The UIKit Dynamics behaviors through the Lua API: units (issue 3, acceptance 1),
-- fields that read back what was written, attachment kinds, field kinds, bad input.
-- Scenes under scenes/uikit/.
local function load(name, set) return animhost.load("scenes/uikit/" .. name .. ".lua", set and {set = set} or nil) end
local function speed(trace, item, t) return math.sqrt(trace:value(item, "vx", t) ^ 2 + trace:value(item, "vy", t) ^ 2) end

describe("UIKit units", function()
  -- The step is 1/120 s in 4 substeps of h = 1/480 s, integrated semi-implicitly (velocity
  -- first, then position). From rest under a constant acceleration a, after n substeps
  -- v = n·a·h exactly and x = a·h²·n(n+1)/2 = a·t²/2 + a·t·h/2: the discretization error
  -- of the distance is a·t·h/2 (1.04 pt for gravity over 1 s, 0.10 pt for the push).
  local scene, trace
  local h = 1 / 480
  setup(function()
    scene = load("units")
    scene:run(1)
    trace = scene:trace()
  end)

  it("gravity 1 is 1000 pt/s²: a free fall of 1 s from rest covers 500 pt (+ a·t·h/2 = 1.04 pt)", function()
    assert.near(1000, trace:value("faller", "vy", 1), 1e-9)
    assert.near(500 + 1000 * 1 * h / 2, trace:value("faller", "y", 1), 1e-9)
    assert.near(500, trace:value("faller", "y", 1), 1000 * h / 2 + 1e-9)
  end)

  it("a continuous push of magnitude 1 gives a 100×100 item of density 1 100 pt/s²", function()
    assert.near(100, trace:value("pushed", "vx", 1), 1e-9)
    assert.near(200 + 50 + 100 * h / 2, trace:value("pushed", "x", 1), 1e-9)
    assert.near(50, trace:value("pushed", "vx", 0.5), 1e-9)
  end)

  it("an instantaneous push adds 100 pt/s once, then turns inactive", function()
    assert.near(100, trace:value("kicked", "vx", 1 / 60), 1e-9)
    assert.near(100, trace:value("kicked", "vx", 1), 1e-9)
    assert.near(400 + 100, trace:value("kicked", "x", 1), 1e-9)  -- applied before the first step's substeps
    assert.equal(0, scene:item("kicked").pushActive)
  end)

  it("is active until the next step", function()
    assert.equal(1, load("units"):item("kicked").pushActive)
    assert.equal(0, load("units"):step(1):item("kicked").pushActive)
  end)

  it("pushes off center make a torque: (0, 1) at (50, 0) turns a 1 kg 100×100 item at 3 rad/s", function()
    -- Δω = r × J / I = 50 pt · 100 kg·pt/s / (1 kg · (100² + 100²)/12 pt²) = 3 rad/s.
    assert.near(3, trace:value("spun", "omega", 1 / 60), 1e-9)
    assert.near(100, trace:value("spun", "vy", 1 / 60), 1e-9)
    assert.near(0, trace:value("spun", "vx", 1 / 60), 1e-9)
  end)
end)

describe("UIKit behaviors from Lua", function()
  -- Each case of scenes/uikit/api.lua checks its fields as it loads and fails with its line.
  for k, name in ipairs({"gravity", "push", "snap", "field", "attachment"}) do
    it(name .. ": every field reads back what was written, and the animator returns the same object", function()
      assert.has_no.error(function() load("api", {case = k}) end)
    end)
  end

  it("animator: itemsIn(rect) and updateItemUsingCurrentState", function()
    assert.has_no.error(function() load("api", {case = 6}):run(2.1) end)
  end)
end)

describe("attachment kinds", function()
  local trace
  local function dist(a, b, t)
    return math.sqrt((trace:value(a, "x", t) - trace:value(b, "x", t)) ^ 2 + (trace:value(a, "y", t) - trace:value(b, "y", t)) ^ 2)
  end
  local function distTo(a, p, t)
    return math.sqrt((trace:value(a, "x", t) - p[1]) ^ 2 + (trace:value(a, "y", t) - p[2]) ^ 2)
  end
  local function frames() local k = -1; return function() k = k + 1; if k <= 180 then return k / 60 end end end
  setup(function() trace = load("attachments"):run(3):trace() end)

  it("fixed to the frame: the item does not move", function()
    for t in frames() do
      assert.near(0, distTo("welded", {0, 0}, t), 0.01)
      assert.near(0, trace:value("welded", "angle", t), 1e-4)
    end
  end)

  it("fixed item to item: the pair keeps its distance and relative angle while it swings", function()
    local d0 = math.sqrt(100 ^ 2 + 40 ^ 2)
    for t in frames() do
      assert.near(d0, dist("pairA", "pairB", t), 0.5)
      assert.near(0, trace:value("pairA", "angle", t) - trace:value("pairB", "angle", t), 0.01)
    end
    assert.truthy(math.abs(trace:value("pairA", "angle", 1)) > 0.1)
  end)

  it("pin: the item turns about the anchor only", function()
    for t in frames() do assert.near(math.sqrt(2) * 50, distTo("pendulum", {650, -50}, t), 0.5) end
    assert.truthy(trace:max("pendulum", "angle") > 1, "it swings")
  end)

  it("pin with a range: the rotation stays within ±0.3 rad", function()
    assert.truthy(trace:max("limited", "angle") < 0.3 + 0.01)
    assert.truthy(trace:max("limited", "angle") > 0.29, "it reaches the limit")
    assert.truthy(trace:min("limited", "angle") > -0.3 - 0.01)
  end)

  it("pin with frictionTorque 100: the brake holds against gravity's 5 N·m", function()
    assert.near(0, trace:max("braked", "angle"), 1e-3)
    assert.near(0, distTo("braked", {1300, 0}, 3), 0.1)
  end)

  it("sliding: motion along the axis only, without turning, and at most 40 pt of travel", function()
    for t in frames() do
      local dx, dy = trace:value("slider", "x", t) - 1600, trace:value("slider", "y", t)
      assert.near(dx, dy, 0.05)
      assert.near(0, trace:value("slider", "angle", t), 1e-4)
      assert.truthy(math.sqrt(dx * dx + dy * dy) <= 40 + 0.5)
    end
    assert.near(40 / math.sqrt(2), trace:value("slider", "y", 3), 0.5)
  end)

  it("limit: the rope lets the end fall until it is taut at 80 pt, never farther", function()
    for t in frames() do assert.truthy(dist("ropeTop", "ropeEnd", t) <= 80 + 0.5) end
    assert.near(80, dist("ropeTop", "ropeEnd", 3), 0.5)
  end)
end)

describe("field kinds", function()
  -- First frame (1/60 s = 8 substeps): v ≈ a/60 with a = 100·F/m pt/s², m = 1; the item
  -- moves by < 0.02 pt meanwhile, so the force barely changes (tolerance 1e-3 pt/s).
  local trace
  local t = 1 / 60
  setup(function() trace = animhost.load("scenes/uikit/fieldkinds.lua", {seed = 0}):run(0.5):trace() end)
  local function v(item) return trace:value(item, "vx", t), trace:value(item, "vy", t) end

  it("linear gravity: direction (1, 0) is 100 pt/s² (not 1000)", function()
    local vx, vy = v("linearGravity"); assert.near(100 / 60, vx, 1e-3); assert.near(0, vy, 1e-9)
  end)
  it("radial gravity: towards the position, 100·S/r² pt/s² at r = 1 m", function()
    assert.near(-100 / 60, (v("radialGravity")), 1e-3)
  end)
  it("electric: a like charge is pushed away, S·q/r", function()
    assert.near(100 / 60, (v("electric")), 1e-3)
  end)
  it("magnetic: a positive charge moving right turns up (counter-clockwise on screen), S·q·|v|/r", function()
    local vx, vy = v("magnetic"); assert.near(-100 / 60, vy, 1e-3); assert.near(100, vx, 0.05)
  end)
  it("spring: pulled back towards the position, S·r with falloff −1", function()
    assert.near(-100 / 60, (v("spring")), 1e-3)
  end)
  it("drag: slows a 100 pt/s item at 100 pt/s² (quadratic in its speed)", function()
    assert.near(100 - 100 / 60, (v("drag")), 0.05)
  end)
  it("vortex: turns items clockwise on screen for a positive strength", function()
    local vx, vy = v("vortex"); assert.near(100 / 60, vy, 1e-3); assert.near(0, vx, 1e-3)
  end)
  it("velocity: sets the velocity to direction × 100 pt/s", function()
    local vx, vy = v("velocity"); assert.near(100, vx, 1e-9); assert.near(50, vy, 1e-9)
  end)
  it("noise and turbulence move their items", function()
    assert.truthy(speed(trace, "noise", 0.5) > 1)
    local vx, vy = trace:value("turbulence", "vx", 0.5), trace:value("turbulence", "vy", 0.5)
    assert.truthy(math.abs(vx - 300) + math.abs(vy) > 1)
  end)
  it("regions: no force outside ({radius = 50} at 100 pt), force inside a difference", function()
    assert.equal(0, speed(trace, "outside", 0.5))
    assert.near(100 / 60, (v("inside")), 1e-3)
  end)
  it("custom: the Lua function's force, 2 N towards the position → 200 pt/s²", function()
    assert.near(-200 / 60, (v("custom")), 1e-3)
  end)
end)

describe("bad input", function()
  -- scenes/uikit/bad.lua: case N is on line N + 9.
  local cases = {
    "bad argument #1 to 'field' (field 'kind': expected one of \"linearGravity\", \"radialGravity\"",
    "unknown field 'strenght' for field; did you mean 'strength'?",
    "bad argument #1 to 'field' (field 'smoothness': must be finite, got nan)",
    "bad argument #1 to 'field' (field 'minimumRadius': must be ≥ 0, got -1)",
    "bad argument #1 to 'field' (field 'animationSpeed': must be ≥ 0, got -2)",
    "field 'region': give exactly one of size, radius, infinite, union, intersection, difference, got 'size' and 'radius'",
    "field 'region.union[2].radius': must be finite and ≥ 0, got -5",
    "unknown field 'raduis' for region; did you mean 'radius'?",
    "(field 'evaluate': only a custom field has one",
    "bad argument #1 to 'field' (give kind = one of linearGravity, radialGravity",
    "field 'strength' of field: must be finite, got inf",
    "field 'evaluate' of field: only a custom field (made with evaluate=) has an evaluate function; this one is vortex",
    "field 'magnitude' of gravity: must be finite, got nan",
    "field 'direction' of gravity: must be finite, got {nan, 1}",
    "bad argument #1 to 'gravity' (give 'direction' or 'angle'/'magnitude', not both)",
    "bad argument #1 to 'push' (field 'mode': expected one of \"continuous\", \"instantaneous\", got \"instantanous\"; did you mean 'instantaneous'?)",
    "field 'active' of push: expected boolean, got string",
    "bad argument #1 to 'setTargetOffsetFromCenter' (item 'b' is not in this push; add it first)",
    "bad argument #1 to 'snap' (field 'damping': must be ≥ 0",
    "bad argument #1 to 'snap' (field 'to': required, expected vector {x, y})",
    "bad argument #1 to 'attachment.sliding' (sliding attachment: 'axis' must be a non-zero vector, got {0, 0})",
    "bad argument #1 to 'attachment.pin' (field 'range': range must contain 0 (min ≤ 0 ≤ max), got {0.5, 1})",
    "field 'attachmentRange' of attachment: range max must be a number, got nan",
    "bad argument #1 to 'attachment.pin' (field 'frictionTorque': must be ≥ 0, got -1)",
    "field 'frictionTorque' of attachment: must be ≥ 0, got -1",
    "bad argument #1 to 'attachment.fixed' (fixed attachment needs 'item2' or 'anchor')",
    "bad argument #1 to 'attachment.limit' (limit attachment: 'item2' must be a different item than 'item')",
    "bad argument #1 to 'attachment.limit' (field 'length': must be ≥ 0, got -3)",
    "bad argument #1 to 'itemsIn' (expected rect {x, y, width, height}, got a table without four numbers)",
  }
  for k, expected in ipairs(cases) do
    it("case " .. k .. ": " .. expected, function()
      local ok, err = pcall(load, "bad", {case = k})
      assert.is_false(ok)
      local location = "scenes/uikit/bad.lua:" .. (k + 9) .. ": "
      assert.truthy(err:find(location, 1, true), "expected " .. location .. " in:\n" .. err)
      assert.truthy(err:find(expected, 1, true), "expected the message\n" .. expected .. "\nin:\n" .. err)
    end)
  end
end)
