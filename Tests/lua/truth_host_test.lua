-- Motion that tells the truth, on the host's side: script-moved items report the motion of
-- the assignments, rest is observed whatever custom behaviors exist, touch times and trace
-- queries follow the frames' 6-decimal rule.

-- Frame pairs whose reported velocity contradicts the motion the positions show:
-- |Δx/Δt − mean vx| > max(20 pt/s, 50 %), from `from` to `to` (s).
local function contradictions(trace, item, from, to)
  local bad = {}
  local t = from
  while t + 1 / 60 <= to + 1e-9 do
    local t2 = t + 1 / 60
    local measured = (trace:value(item, "x", t2) - trace:value(item, "x", t)) * 60
    local reported = (trace:value(item, "vx", t2) + trace:value(item, "vx", t)) / 2
    if math.abs(measured - reported) > math.max(20, 0.5 * math.abs(measured)) then
      bad[#bad + 1] = string.format("%.6f: moved %.1f pt/s, reported %.1f", t, measured, reported)
    end
    t = t2
  end
  return bad
end

describe("a free item dragged by a pan (center = g.location)", function()
  it("reports the pan's speed, in frames and in item.velocity", function()
    local scene = animhost.load("scenes/truth/pan_free.lua", {set = {release = 0}})
    scene:pan{from = {100, 100}, to = {220, 100}, duration = 0.5}:run(0.25)
    assert.near(240, scene:item("box").velocity.x, 1e-6)
    assert.near(0, scene:item("box").velocity.y, 1e-6)
    scene:run(0.75)
    local trace = scene:trace()
    for _, t in ipairs{0.1, 0.25, 0.4, 0.483333} do
      assert.near(240, trace:value("box", "vx", t), 1e-6)
    end
    -- Let go, it stays where the finger left it, at rest.
    assert.near(0, trace:value("box", "vx", 0.6), 0)
    assert.near(0, scene:item("box").velocity.x, 0)
    -- The touch's first frame is the exception (the pan is recognized mid-frame), and so is
    -- the stop when the finger lifts (at 0.5 s it moves at 240 pt/s, a frame later it stands).
    assert.same({}, contradictions(trace, "box", 1 / 60, 0.5))
    assert.same({}, contradictions(trace, "box", 0.516667, 1))
  end)

  it("hands its velocity to a spring started at release, which carries it on", function()
    local scene = animhost.load("scenes/truth/pan_free.lua")
    scene:pan{from = {100, 100}, to = {220, 100}, duration = 0.5}:run(1.5)
    local trace = scene:trace()
    local release = 0.5
    assert.near(240, trace:value("box", "vx", release), 1e-6)
    -- The spring starts from 240 pt/s: the next frame moves on at about that speed.
    local v = (trace:value("box", "x", release + 1 / 60) - trace:value("box", "x", release)) * 60
    assert.truthy(v > 200 and v < 320, "moved on at " .. v .. " pt/s")
    -- From the frame before release on, no frame-to-frame jump beyond the spring's own pull
    -- (ω² × 300 pt + 2ζω × 240 pt/s ≈ 15 000 pt/s², 250 pt/s a frame at most).
    local worst = 0
    for k = 29, 89 do
      worst = math.max(worst, math.abs(trace:value("box", "vx", (k + 1) / 60) - trace:value("box", "vx", k / 60)))
    end
    assert.truthy(worst < 250, "velocity jumped by " .. worst .. " pt/s")
    assert.same({}, contradictions(trace, "box", 1 / 60, 1.5))
  end)

  it("moves 10 pt every frame when the touches are given at the frames' times (6 decimals)", function()
    local scene = animhost.load("scenes/truth/pan60.lua"):run(0.4)
    local trace = scene:trace()
    -- The pan is recognized at the second sample (20 pt: the touch's first frame); from
    -- then on 10 pt a frame, 600 pt/s (moves every other step, each over two steps).
    for k = 2, 12 do
      local t = tonumber(string.format("%.6f", k / 60))
      assert.near(100 + 10 * k, trace:value("box", "x", t), 1e-9)
      if k > 2 then assert.near(600, trace:value("box", "vx", t), 1e-6) end
    end
    assert.same({}, contradictions(trace, "box", 3 / 60, 0.2))
  end)
end)

describe("a pan catching a springing item", function()
  it("reports the finger's speed from its first move: the spring stops, its zero is not written", function()
    local scene = animhost.load("scenes/truth/catch_spring.lua")
    scene:run(0.3)
    scene:pan{from = {200, 300}, to = {200, 500}, duration = 0.3}:run(0.45)
    local trace = scene:trace()
    -- Recognized at 0.308333 (it stops the spring there, x stays); the first move lands at
    -- 0.316667: 5.56 pt down in one step, 666.7 pt/s, and no sideways speed.
    assert.near(666.666667, trace:value("box", "vy", 0.316667), 1e-3)
    assert.near(0, trace:value("box", "vx", 0.316667), 1e-9)
    assert.same({}, contradictions(trace, "box", 0.316667, 0.6))
  end)
end)

describe("an item moved by a custom behavior's action", function()
  local scene, trace
  setup(function()
    scene = animhost.load("scenes/truth/turned.lua"):run(1)
    trace = scene:trace()
  end)

  it("reports the action's velocity and angular velocity, and zero once it stops", function()
    for _, t in ipairs{0.1, 0.3, 0.483333} do
      assert.near(120, trace:value("free", "vx", t), 1e-6)
      assert.near(1, trace:value("free", "omega", t), 1e-6)
    end
    assert.near(0, trace:value("free", "vx", 0.6), 0)
    assert.near(0, trace:value("free", "omega", 0.6), 0)
    assert.same({}, contradictions(trace, "free", 0, 0.5))
  end)

  it("teleports a physics body assigned a center: it keeps its velocity", function()
    local before, after = trace:value("falling", "vy", 0.3 - 1 / 60), trace:value("falling", "vy", 0.3)
    assert.truthy(before > 250, "falling at " .. before .. " pt/s")
    assert.near(before + 1000 / 60, after, 1)
    assert.near(100, trace:value("falling", "y", 0.3), 1e-9)
  end)
end)

describe("rest is observed", function()
  it("a scene whose only custom behavior has an empty action rests 0.1 s after its fade", function()
    local scene = animhost.load("scenes/truth/idle_action.lua"):runUntilRest(5)
    assert.is_true(scene.atRest)
    assert.near(0.6, scene.restTime, 1e-9)
    assert.near(0.2, scene:item("box").alpha, 1e-9)
    assert.is_true(scene.isRunning)   -- the animator itself never pauses (UIKit: an action-only composite)
  end)

  it("an action that fades alpha, then idles, is motion until it idles", function()
    local scene = animhost.load("scenes/truth/fade_action.lua"):runUntilRest(5)
    assert.near(0.6, scene.restTime, 1e-9)
    assert.near(0.5, scene:item("box").alpha, 1e-9)
  end)

  it("an action that moves an item is motion, and so is a fall with no floor", function()
    local scene = animhost.load("scenes/truth/turned.lua")
    scene:run(0.4)
    assert.is_false(scene.atRest)
    -- The falling box never rests (no floor): only a cap ends it.
    scene:runUntilRest(1)
    assert.is_false(scene.atRest)
  end)
end)

describe("trace:value at a time as frames print it", function()
  it("gives the frame printed at that time (6 decimals)", function()
    local trace = animhost.load("scenes/truth/turned.lua"):run(0.3):trace()
    -- 0.183333 is the frame at 11/60 s, not the one before it.
    assert.near(100 + 120 * 11 / 60, trace:value("free", "x", 0.183333), 1e-9)
    assert.near(100 + 120 * 11 / 60, trace:value("free", "x", 11 / 60), 1e-9)
    assert.near(100 + 120 * 10 / 60, trace:value("free", "x", 0.183332), 1e-9)
  end)
end)

describe("a velocity set on an item nothing moves", function()
  it("is read back in the step it was set in, and frames show the item standing", function()
    -- The scene asserts that it reads 1000 back in the callback that set it; the frames,
    -- including the one of that step, show the item standing.
    local scene = animhost.load("scenes/truth/velocity_still.lua"):run(1)
    local trace = scene:trace()
    for _, t in ipairs{0.25, 0.5, 0.516667, 0.75, 1} do
      assert.near(0, trace:value("b", "vx", t), 0)
      assert.near(100, trace:value("b", "x", t), 0)
    end
    assert.near(0, scene:item("b").velocity.x, 0)
    assert.same({}, contradictions(trace, "b", 0, 1))
  end)

  it("is carried on by a spring animation started from it in the same callback", function()
    local scene = animhost.load("scenes/truth/velocity_spring.lua"):run(1)
    local trace = scene:trace()
    local v = (trace:value("b", "x", 0.55) - trace:value("b", "x", 0.5)) * 20
    assert.truthy(v > 500, "moved on at " .. v .. " pt/s")
    -- Not standing before the callback, and (the contract's exemptions, by design) neither
    -- the pair into 0.5 s, where the spring starts with a velocity of its own, nor the last
    -- pair, where it snaps onto its target within POP's ½ pt.
    assert.same({}, contradictions(trace, "b", 0, 0.483333))
    assert.same({}, contradictions(trace, "b", 0.5, 0.966667))
  end)
end)
