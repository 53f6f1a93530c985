-- The item defaults README documents (issue 12 item 15): resistance 0.1 by default, so a
-- free fall reaches 487.8 pt/s at 0.5 s, not 500.
describe("item defaults", function()
  it("resistance 0.1: a free fall reaches 487.8 pt/s at 0.5 s", function()
    local scene = animhost.load("scenes/free_fall.lua"):run(0.5)
    local ball = scene:item("ball")
    -- dv/dt = g − c·v: v(t) = (g/c)(1 − e^(−ct)) = 487.706 pt/s; the fixed step's damping
    -- v /= 1 + h·c per substep lands within 0.1 pt/s of it.
    local g, c = 1000, 0.1
    assert.near(g / c * (1 - math.exp(-c * 0.5)), ball.velocity.y, 0.1)
    assert.near(487.8, ball.velocity.y, 0.05)
    -- y(t) = (g/c)·t − (g/c²)(1 − e^(−ct)) = 122.94 pt, plus what semi-implicit Euler adds
    -- over substeps of h = 1/480 s: g·h·t/2 = 0.52 pt (see the resistance-0 case).
    local h = 1 / 480
    assert.near(g / c * 0.5 - g / (c * c) * (1 - math.exp(-c * 0.5)) + g * h * 0.5 / 2, ball.center.y, 0.01)
  end)

  it("resistance 0 gives the textbook 500 pt/s", function()
    local ball = animhost.load("scenes/free_fall.lua", {set = {resistance = 0}}):run(0.5):item("ball")
    assert.near(500, ball.velocity.y, 1e-9)
    -- Semi-implicit Euler over n = 240 substeps of h = 1/480 s: y = g·h²·n(n+1)/2 = 125.52 pt,
    -- g·h·t/2 past the exact g·t²/2 = 125.
    local h, n = 1 / 480, 240
    assert.near(1000 * h * h * n * (n + 1) / 2, ball.center.y, 1e-9)
  end)
end)
