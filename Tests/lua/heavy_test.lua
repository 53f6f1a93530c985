-- behaviors/heavy.lua: the "Heavy" label falls, bounces on the bottom edge and rests;
-- a tap flips gravity and it comes to rest on the top edge.
local W, H = 320, 568
local half = 22   -- half the label's height

describe("heavy", function()
  local scene
  before_each(function()
    scene = animhost.load("../../behaviors/heavy.lua", {set = {demo = 0}})
  end)

  it("comes to rest on the bottom edge", function()
    scene:runUntilRest(10)
    assert.is_true(scene.atRest)
    local heavy = scene:item("heavy")
    assert.near(H - half, heavy.center.y, 0.1)
    assert.near(W / 2, heavy.center.x, 1e-6)
    assert.near(0, heavy.angle, 1e-6)
  end)

  it("bounces on the way: it rises again after first reaching the bottom", function()
    scene:runUntilRest(10)
    local trace = scene:trace()
    assert.truthy(trace:max("heavy", "y") > H - half - 0.5)
    assert.truthy(trace:min("heavy", "vy") < -200, "bounced up at " .. trace:min("heavy", "vy") .. " pt/s")
  end)

  it("rests on the top edge after a tap flips gravity, and comes back down after another", function()
    scene:runUntilRest(10):tap({W / 2, H / 2}):runUntilRest(10)
    assert.near(half, scene:item("heavy").center.y, 0.1)
    scene:tap({W / 2, H / 2}):runUntilRest(10)
    assert.near(H - half, scene:item("heavy").center.y, 0.1)
  end)
end)
