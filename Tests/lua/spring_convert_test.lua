-- animhost.springConvert{} gives what `animhost spring --format json` prints.
describe("springConvert", function()
  it("converts S1 (k 300, c 20) to every parameterisation", function()
    local s = animhost.springConvert{stiffness = 300, damping = 20}
    assert.near(0.5774, s.dampingRatio, 1e-4)
    assert.near(2.7566, s.frequency, 1e-4)
    assert.near(0.3628, s.response, 1e-4)
    assert.near(0.4226, s.bounce, 1e-4)
    assert.near(0.7110, s.settle, 2e-3)          -- reference §7, to 0.1 %
    assert.near(0.108453, s.overshoot, 1e-5)     -- exp(-σπ/ω_d)
    assert.truthy(s.code.swiftui:find("dampingFraction: 0.5774", 1, true))
  end)

  it("round-trips POP's speed and bounciness", function()
    local s = animhost.springConvert{springSpeed = 5, springBounciness = 12}
    assert.near(193.414412, s.stiffness, 1e-6)
    assert.near(14.253680, s.damping, 1e-6)
    local back = animhost.springConvert{stiffness = s.stiffness, damping = s.damping}
    assert.near(5, back.springSpeed, 1e-4)
    assert.near(12, back.springBounciness, 1e-4)
  end)

  it("refuses two parameterisations at once", function()
    assert.has_error(function() animhost.springConvert{frequency = 2, dampingRatio = 0.5, stiffness = 100} end,
      "bad argument #1 to 'springConvert' (give the spring one way: stiffness/damping/mass, frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction or origamiTension/origamiFriction, got 'stiffness' and 'frequency')")
  end)
end)

-- The closed form (reference §1) of a spring (m, k, c) from 0 to 1 with velocity v0 (distances/s).
local function step(m, k, c, v0, t)
  local w0, z = math.sqrt(k / m), c / (2 * math.sqrt(k * m))
  local s, u0 = z * w0, -1
  if math.abs(z - 1) < 1e-9 then return 1 + math.exp(-w0 * t) * (u0 + (v0 + w0 * u0) * t) end
  if z < 1 then
    local wd = w0 * math.sqrt(1 - z * z)
    return 1 + math.exp(-s * t) * (u0 * math.cos(wd * t) + (v0 + s * u0) / wd * math.sin(wd * t))
  end
  local g = w0 * math.sqrt(z * z - 1)
  local r1, r2 = -s + g, -s - g
  local c1 = (v0 - r2 * u0) / (r1 - r2)
  return 1 + c1 * math.exp(r1 * t) + (u0 - c1) * math.exp(r2 * t)
end

describe("springConvert to other platforms", function()
  it("hands Apple's (0.5, 0.3) spring and a 600 pt/s release over 300 pt to every target", function()
    local s = animhost.springConvert{duration = 0.5, bounce = 0.3, velocity = 600, distance = 300, to = "all"}
    assert.near(157.9137, s.stiffness, 1e-4)
    assert.near(17.5929, s.damping, 1e-4)
    assert.are.equal(2, s.relativeVelocity)
    local names = {}
    for i, t in ipairs(s.targets) do names[i] = t.target end
    assert.are.same({"uikit", "swiftui", "ca", "pop", "compose", "android", "flutter", "motion", "react-spring", "css"}, names)
    -- Relative velocity (V/D) for UIKit, absolute px/s for Compose, px/ms for react-spring.
    local dy = s.code.uikit:match("initialVelocity: CGVector%(dx: 0, dy: ([%d.-]+)%)")
    assert.are.equal(2, tonumber(dy))
    assert.are.equal(600, tonumber(s.code.compose:match("initialVelocity = ([%d.-]+)f")))
    assert.are.equal(0.6, tonumber(s.code.reactSpring:match("velocity: ([%d.-]+) }")))
    -- The fidelity: exact forms ~0, CSS within 0.5 %, Motion's time-defined forms drop the velocity.
    local byName = {}
    for _, t in ipairs(s.targets) do byName[t.target] = t end
    assert.is_true(byName.compose.forms[1].maxDistance < 1e-4)
    assert.is_true(byName.css.forms[1].maxDistance <= 0.005)
    assert.are.equal("{visualDuration, bounce}", byName.motion.forms[2].form)
    assert.is_true(byName.motion.forms[2].maxDistance > 0.05)
    assert.truthy(byName.css.cannot[1]:find("a velocity at run time", 1, true))
  end)

  it("plays each target at the display's rate and names both references", function()
    local at60 = animhost.springConvert{stiffness = 60, dampingRatio = 0.3, velocity = 900, distance = 300, to = "android,react-spring"}
    local at120 = animhost.springConvert{stiffness = 60, dampingRatio = 0.3, velocity = 900, distance = 300, to = "android,react-spring",
                                         displayHz = 120}
    assert.are.equal(60, at60.reference.displayHz)
    assert.are.equal(120, at120.reference.displayHz)
    assert.is_true(at60.reference.animhostMaxDistance > 0)
    -- Android's SpringAnimation jumps to its final position within 0.75 px and 46.875 px/s.
    local android = at60.targets[1].forms[1]
    assert.is_true(android.maxDistance > 0.001)
    assert.is_true(android.rest < at60.settle)
    -- react-spring integrates 17 ms per 16.7 ms frame at 60 Hz, 9 ms per 8.3 ms at 120 Hz.
    assert.truthy(at60.targets[2].forms[1].rule:find("17 steps of 1 ms per 60 Hz frame", 1, true))
    assert.truthy(at120.targets[2].forms[1].rule:find("9 steps of 1 ms per 120 Hz frame", 1, true))
    assert.is_true(at120.targets[2].forms[1].maxDistance > at60.targets[2].forms[1].maxDistance)
    -- vectors = true: every frame of every form, {t_ms, position, velocity}, as the target plays it.
    local v = animhost.springConvert{stiffness = 60, dampingRatio = 0.3, velocity = 900, distance = 300, to = "android",
                                     vectors = true}
    local frames = v.targets[1].forms[1].vectors
    assert.are.same({0, 0, 900}, frames[1])
    assert.near(1000 / 60, frames[2][1], 1e-9)
    assert.are.same({300, 0}, {frames[#frames][2], frames[#frames][3]})
    assert.is_nil(at60.targets[1].forms[1].vectors)
    local ok, err = pcall(animhost.springConvert, {stiffness = 60, damping = 3, to = "pop", displayHz = 1000})
    assert.falsy(ok)
    assert.truthy(err:find("displayHz must be a whole number", 1, true), err)
  end)

  it("gives the spring as W3C design tokens", function()
    local s = animhost.springConvert{duration = 0.5, bounce = 0.3, to = "tokens"}
    assert.are.equal("tokens", s.targets[1].target)
    assert.truthy(s.code.tokens:find('"$type": "transition"', 1, true))
    assert.truthy(s.code.tokens:find('"dev.animhost.spring"', 1, true))
    assert.are.equal("cubicBezier over 819 ms", s.targets[1].forms[1].form)   -- the settle time from rest
    assert.is_true(s.targets[1].forms[2].maxDistance <= 0.005)   -- the linear() fallback
    -- Read back exactly: the same token, the same spring to the last bit.
    local moving = animhost.springConvert{response = 0.37, dampingRatio = 0.61, velocity = -123.456, distance = 77.7, to = "tokens"}
    local back = animhost.springConvert{tokens = moving.code.tokens, to = "tokens"}
    assert.are.equal(moving.code.tokens, back.code.tokens)
    assert.are.same({moving.stiffness, moving.damping, moving.velocity, moving.distance},
                    {back.stiffness, back.damping, back.velocity, back.distance})
    local figma = animhost.springConvert{tokens = '{"bounce": 0.3, "duration": 0.5}'}
    assert.near(157.9137, figma.stiffness, 1e-4)
    local ok, err = pcall(animhost.springConvert, {tokens = moving.code.tokens, stiffness = 3})
    assert.falsy(ok)
    assert.truthy(err:find("is a whole spring", 1, true), err)
  end)

  it("takes a preset and the targets' own parameterisations", function()
    local push = animhost.springConvert{preset = "ios.navigation"}
    assert.are.same({3, 1000, 500}, {push.mass, push.stiffness, push.damping})
    local compose = animhost.springConvert{stiffness = 700, dampingRatio = 0.9}
    assert.near(2 * 0.9 * math.sqrt(700), compose.damping, 1e-9)
    local motion = animhost.springConvert{visualDuration = 0.5, bounce = 0.25}
    assert.near(109.6623, motion.stiffness, 1e-4)
    assert.near(15.7080, motion.damping, 1e-4)
    local rs = animhost.springConvert{tension = 170, friction = 26}
    assert.are.same({1, 170, 26}, {rs.mass, rs.stiffness, rs.damping})
  end)

  it("gives clear errors for a bad target, a velocity without its distance and an unknown preset", function()
    assert.has_error(function() animhost.springConvert{stiffness = 100, damping = 10, to = "flutterr"} end,
      "bad argument #1 to 'springConvert' (to: unknown target 'flutterr'; did you mean 'flutter'? (valid: uikit, swiftui, ca, pop, compose, android, flutter, motion, react-spring, css, tokens, all))")
    local ok, err = pcall(animhost.springConvert, {stiffness = 100, damping = 10, velocity = 600})
    assert.falsy(ok)
    assert.truthy(err:find("velocity needs distance", 1, true), err)
    ok, err = pcall(animhost.springConvert, {preset = "m3.standard.spatal"})
    assert.falsy(ok)
    assert.truthy(err:find("did you mean 'm3.standard.spatial'?", 1, true), err)
    ok, err = pcall(animhost.springConvert, {preset = "ios.navigation", stiffness = 3})
    assert.falsy(ok)
    assert.truthy(err:find("got 'preset' and 'stiffness'", 1, true), err)
  end)

  it("lets animhost.spring take each platform's parameterisation", function()
    local same = {
      animhost.springConvert{stiffness = 700, dampingRatio = 0.9},
      animhost.springConvert{tension = 170, friction = 26},
      animhost.springConvert{visualDuration = 0.5, bounce = 0.25},
      animhost.springConvert{duration = 0.5, bounce = 0.3},
      animhost.springConvert{mass = 3, stiffness = 1000, damping = 500},
    }
    for form, s in ipairs(same) do
      local trace = animhost.load("fixtures/spring_inputs.lua", {set = {form = form}}):run(0.5):trace()
      -- Frame times (the trace interpolates between frames), before any spring comes to rest.
      for _, t in ipairs({3 / 60, 6 / 60}) do
        assert.near(100 * step(s.mass, s.stiffness, s.damping, 0, t), trace:value("a", "x", t), 1e-6)
      end
    end
  end)
end)
