-- behaviors/spring_pane.lua: the article's hand-written spring, F = k(target − x) − μv.
local W, H = 320, 568
local openY, closedY = H / 2 + 100, H + H / 2 - 80
local tab = {W / 2, closedY - H / 2 + 40}

describe("spring pane", function()
  it("opens on a tap and matches the spring's closed form (k 300, μ 20)", function()
    local scene = animhost.load("../../behaviors/spring_pane.lua", {set = {demo = 0}})
    scene:tap(tab):runUntilRest(5)
    local trace = scene:trace()
    -- ω0 = √300, ζ = 20 / (2√300) = 0.577: the displacement is
    -- u(t) = u0·e^(−σt)(cos ωd t + σ/ωd sin ωd t), from the tap at one step after t = 0.
    local u0, w0 = closedY - openY, math.sqrt(300)
    local s = 10
    local wd = math.sqrt(w0 ^ 2 - s ^ 2)
    for _, t in ipairs({0.1, 0.25, 0.5}) do
      local tt = t - 1 / 120
      local expected = openY + u0 * math.exp(-s * tt) * (math.cos(wd * tt) + s / wd * math.sin(wd * tt))
      -- Semi-implicit Euler (velocity first) runs about one step ahead of the exact
      -- motion: h·v ≤ 3000 pt/s / 120 = 25 pt at peak speed, less as it slows
      -- (measured 21.3, 7.8 and 1.4 pt at these times).
      assert.near(expected, trace:value("pane", "y", t), 25)
    end
    assert.near(openY, scene:item("pane").center.y, 1e-9)
  end)

  it("keeps velocity continuous when the second demo tap interrupts it", function()
    local scene = animhost.load("../../behaviors/spring_pane.lua"):runUntilRest(10)
    local jump = scene:trace():maxVelocityJump("pane")
    -- One frame of k·d + μ·v at most: 300·388 + 20·3000 ≈ 176400 pt/s² → ~2940 pt/s per frame.
    assert.truthy(jump < 2940, "jump " .. jump)
    assert.near(closedY, scene:item("pane").center.y, 1e-9)
  end)
end)
