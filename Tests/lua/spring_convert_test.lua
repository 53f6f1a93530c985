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
