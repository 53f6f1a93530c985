-- An item's size is its body's size: growing a box that rests on the floor grows its
-- collision shape and its mass (density × area), so it rests on the floor at its new size.
-- (UIKit reads an item's bounds only when its body is made; animhost follows the size.)
-- scenes/grow.lua with how = 0 is the scene README shows.
local GROW = "scenes/grow.lua"

describe("a box that grows from 100×100 to 200×200 on the floor", function()
  it("rests 50 pt higher, with 4 times the mass, when its size is assigned", function()
    local scene = animhost.load(GROW):run(0.99)
    local box = scene:item("box")
    assert.near(518, box.center.y, 0.05)      -- 568 − 50: a 100-pt box on the floor
    assert.equal(1, box.mass)
    scene:runUntilRest(5)
    assert.is_true(scene.atRest)
    assert.same({200, 200}, box.size)
    assert.near(468, box.center.y, 0.05)      -- 568 − 100: the 200-pt box on the floor
    assert.near(160, box.center.x, 1e-6)      -- pushed straight up
    assert.equal(4, box.mass)                 -- density 1 × 200 × 200 / 10⁴
  end)

  it("is pushed up out of the floor without a jump", function()
    local scene = animhost.load(GROW):runUntilRest(5)
    local trace = scene:trace()
    -- From the resize on: it rises no faster than contacts push out of an overlap
    -- (300 pt/s, 5 pt a frame), never above where it rests (no bounce), and the push-out
    -- leaves it no velocity of its own (no energy appears).
    local highest, rise, speed = math.huge, 0, 0
    for k = 60, math.floor(scene.time * 60) do
      local y = trace:value("box", "y", k / 60)
      rise = math.max(rise, trace:value("box", "y", (k - 1) / 60) - y)
      highest = math.min(highest, y)
      speed = math.max(speed, math.abs(trace:value("box", "vy", k / 60)))
    end
    assert.truthy(rise > 4 and rise <= 5, tostring(rise))
    assert.truthy(highest > 467.9, tostring(highest))
    assert.truthy(speed < 1, tostring(speed))
  end)

  it("follows a size animation, ending at the final size", function()
    local scene = animhost.load(GROW, {set = {how = 1}}):run(1.25)
    local box = scene:item("box")
    assert.truthy(box.size.x > 100 and box.size.x < 200, tostring(box.size))
    assert.truthy(box.mass > 1 and box.mass < 4, tostring(box.mass))
    scene:runUntilRest(5)
    assert.is_true(scene.atRest)
    assert.same({200, 200}, box.size)
    assert.equal(4, box.mass)
    assert.near(468, box.center.y, 0.05)
  end)
end)
