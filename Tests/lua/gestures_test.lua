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
