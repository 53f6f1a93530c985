-- What behaviors/pane.lua must feel like, as a designer would say it.
local W, H = 320, 568
local openY, closedY = H / 2 + 100, H + H / 2 - 80
local tab = {W / 2, closedY - H / 2 + 40}     -- a point on the visible tab

describe("pane", function()
  it("starts closed and at rest", function()
    local pane = animhost.load("../../behaviors/pane.lua"):item("pane")
    assert.near(closedY, pane.center.y, 1e-9)
    assert.near(0, pane.velocity:length(), 1e-9)
  end)

  describe("opened by a tap", function()
    local scene, trace
    before_each(function()
      scene = animhost.load("../../behaviors/pane.lua", {set = {demo = 0}})
      scene:tap(tab):runUntilRest(5)
      trace = scene:trace()
    end)

    it("settles within 1 pt of the open position in under 0.5 s", function()
      assert.near(openY, scene:item("pane").center.y, 0.5)
      assert.truthy(trace:settleTime("pane", 1) < 0.5, "settle time " .. trace:settleTime("pane", 1))
    end)

    it("overshoots by less than 30 pt (frequency 3.5 Hz, damping 0.4, resistance 10)", function()
      local over = trace:overshoot("pane", {W / 2, openY})
      assert.truthy(over > 5 and over < 30, "overshoot " .. over)
    end)

    it("comes to rest, and the animator pauses within 0.5 s more (UIKit's onPause)", function()
      assert.is_true(scene.atRest)
      assert.truthy(scene:item("pane").velocity:length() < 1.2)
      scene:run(0.5)
      assert.is_false(scene.isRunning)
      assert.near(0, scene:item("pane").velocity:length(), 1e-9)
    end)
  end)

  describe("interrupted by a second tap mid-flight (the demo input)", function()
    local scene, trace
    before_each(function()
      scene = animhost.load("../../behaviors/pane.lua"):runUntilRest(10)
      trace = scene:trace()
    end)

    it("is still moving fast when the second tap lands, and turns smoothly", function()
      assert.truthy(trace:value("pane", "vy", 0.3) < -1000)
      assert.truthy(trace:value("pane", "vy", 0.3 + 1 / 60) < -500)
    end)

    it("never jumps in velocity by more than the spring can change it in one frame", function()
      -- A spring of frequency f changes velocity by at most (ω²·d + 2ζω·v)·Δt per frame
      -- for displacement d and speed v; with d ≤ 388 pt, v ≤ 4000 pt/s that is ~5000 pt/s.
      -- A reset of velocity (the bug interruptible animations exist to avoid) would add
      -- the full speed, 3000+ pt/s, on top of that in one frame.
      local omega = 2 * math.pi * 3.5
      local bound = (omega ^ 2 * (closedY - openY) + 2 * 0.4 * omega * 4000) / 60
      local jump = trace:maxVelocityJump("pane")
      assert.truthy(jump <= bound, "velocity jumped by " .. jump .. " pt/s in one frame (bound " .. bound .. ")")
    end)

    it("settles closed", function()
      assert.near(closedY, scene:item("pane").center.y, 0.5)
    end)
  end)

  it("opens with the finger's velocity after an upward flick", function()
    local scene = animhost.load("../../behaviors/pane.lua", {set = {demo = 0}})
    scene:pan{from = {W / 2, 700}, to = {W / 2, 500}, duration = 0.1}:run(0.1 + 2 / 120)
    -- 200 pt in 0.1 s: the pan reports -2000 pt/s and the pane carries it on.
    assert.near(-2000, scene:trace():value("pane", "vy", 0.1), 1)
    scene:runUntilRest(5)
    assert.near(openY, scene:item("pane").center.y, 0.5)
  end)

  it("settles faster with a stiffer spring (--set frequency=5)", function()
    local soft = animhost.load("../../behaviors/pane.lua", {set = {demo = 0}}):tap(tab):runUntilRest(5)
    local stiff = animhost.load("../../behaviors/pane.lua", {set = {demo = 0, frequency = 5}}):tap(tab):runUntilRest(5)
    assert.truthy(stiff:trace():settleTime("pane", 1) < soft:trace():settleTime("pane", 1))
  end)
end)
