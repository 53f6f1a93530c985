-- Recognizer failure as UIKit does it (issue 12 item 5): a touch on an item goes to the
-- item's recognizers and the screen's; a pan that never moves fails, so the screen tap fires.
describe("gestures", function()
  it("a still touch on an item with only a pan fires the screen-level tap", function()
    local scene = animhost.load("scenes/pan_and_screen_tap.lua")
    scene:tap({110, 90}):run(0.1)
    assert.same({110, 90}, {scene:item("marker").center.x, scene:item("marker").center.y})
    assert.equal(100, scene:item("card").center.x)
    assert.equal(1, scene:item("card").alpha)
  end)

  it("a drag on the item goes to its pan and the screen tap fails", function()
    local scene = animhost.load("scenes/pan_and_screen_tap.lua")
    scene:pan{from = {100, 100}, to = {160, 100}, duration = 0.2}:run(0.3)
    assert.near(160, scene:item("card").center.x, 1e-9)
    assert.same({0, 0}, {scene:item("marker").center.x, scene:item("marker").center.y})
  end)

  it("a tap off every item goes to the screen", function()
    local scene = animhost.load("scenes/pan_and_screen_tap.lua")
    scene:tap({300, 400}):run(0.1)
    assert.same({300, 400}, {scene:item("marker").center.x, scene:item("marker").center.y})
  end)
end)

-- animhost.pinch as UIPinchGestureRecognizer: scale = distance / distance at touch-down,
-- velocity = its rate (1/s), location = the centroid; one update per step.
describe("pinch", function()
  it("fingers moving apart at constant speed: scale(t) and velocity exactly", function()
    -- 100 pt apart, 160 pt after 0.5 s: 120 pt/s, one sample per finger per 1/120 s step,
    -- so after n moves scale = (100 + n)/100 and velocity = 1.2 /s throughout.
    local scene = animhost.load("scenes/pinch.lua")
    scene:pinch{center = {160, 300}, from = 100, to = 160, duration = 0.5}
    for _ = 1, 24 do
      scene:step()
      local pane = scene:item("pane")
      local n = pane.began + pane.changed
      if n > 0 then
        assert.near(1 + n / 100, pane.scaleSeen, 1e-12)
        assert.near(1.2, pane.velocitySeen, 1e-9)
      end
    end
    local pane = scene:run(0.5):item("pane")
    -- 60 moves: began, 58 changed, and the last one reported with the lift (same step).
    assert.same({1, 58, 1}, {pane.began, pane.changed, pane.ended})
    assert.near(1.6, pane.scaleSeen, 1e-12)
    assert.near(1.2, pane.velocitySeen, 1e-9)   -- the lift keeps the last move's rate
    assert.same({160, 300}, {pane.cx, pane.cy})
  end)

  it("reads two touch ids from a touches CSV with their own time stamps (50 Hz)", function()
    -- 100 → 120 pt apart in 0.1 s: velocity (4/100)/0.02 = 2 /s, scale 1.2 at the lift.
    local pane = animhost.load("scenes/pinch.lua", {input = "scenes/pinch.csv"}):run(0.4):item("pane")
    assert.same({1, 1}, {pane.began, pane.ended})
    assert.near(1.2, pane.scaleSeen, 1e-12)
    assert.near(2, pane.velocitySeen, 1e-9)
  end)

  it("a single finger is no pinch", function()
    local pane = animhost.load("scenes/pinch.lua"):pan{from = {160, 300}, to = {200, 300}, duration = 0.2}:run(0.4):item("pane")
    assert.same({0, 0, 0}, {pane.began, pane.changed, pane.ended})
  end)
end)

describe("pinch input errors", function()
  it("say which field and what it takes", function()
    local scene = animhost.load("scenes/pinch.lua")
    local ok, message = pcall(scene.pinch, scene, {center = {160, 300}, from = 0, to = 10})
    assert.is_false(ok)
    assert.matches("'from' %(> 0%) and 'to' %(≥ 0%) must be distances between the fingers in pt", message)
    ok, message = pcall(scene.pinch, scene, {centre = {160, 300}, from = 10, to = 20})
    assert.is_false(ok)
    assert.matches("centre", message)
  end)
end)
