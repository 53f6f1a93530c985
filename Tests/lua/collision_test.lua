-- animhost.collision from Lua: contact tables, boundary identifiers, events after the step.
local function scene(code)
  return animhost.load("scenes/collision.lua", {set = {case = code}})
end

describe("collision", function()
  it("reports the reference bounds as boundary nil and added boundaries by their id", function()
    local s = scene(1):run(1.5)
    local log = s:item("log")
    -- The scene counts contacts into custom props of a log item. Boundaries have elasticity
    -- 0.2 (UIKit), so a box may bounce once and begin again.
    assert.truthy(log.boundsBegan >= 1)
    assert.truthy(log.shelfBegan >= 1)
    assert.truthy(log.numberBegan >= 1)
  end)

  it("reports item contacts with both items and a point", function()
    local s = scene(2):run(1.5)
    local log = s:item("log")
    assert.equal(1, log.pairBegan)
    assert.near(500, log.pointY, 1)
  end)

  it("moves an item group as one rigid body that is the item of its contacts", function()
    local s = scene(3):runUntilRest(5)
    assert.truthy(s:item("log").boundsBegan >= 1)
    local bar, post = s:item("bar").center, s:item("post").center
    assert.near(558, bar.y, 0.5)
    assert.near(50, bar.x - post.x, 0.01)
    assert.near(40, bar.y - post.y, 0.01)
    assert.near(math.sqrt(50 ^ 2 + 40 ^ 2), (bar - post):length(), 1e-9)
  end)
end)
