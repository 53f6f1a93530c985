-- behaviors/card.lua (patterns.card): a card springs back or is thrown off, by distance or
-- by speed, tilting with the drag, with the release velocity carried on.
local W, H = 320, 568
local home = {W / 2, H / 2}
local width = 260

-- The largest velocity change a spring of response r, damping ratio ζ makes in one frame
-- from d pt away at v pt/s: (ω²·d + 2ζω·v)/60, ω = 2π/r (the card's: 0.4 s, 1).
local function springJump(d, v)
  local w = 2 * math.pi / 0.4
  return (w * w * d + 2 * w * v) / 60
end

local function released(pan)
  local scene = animhost.load("../../behaviors/card.lua", {set = {demo = 0}})
  scene:pan(pan):runUntilRest(5)
  return scene, scene:trace()
end

-- The speed of `item` in the first frame at which it is wholly off the screen's right or
-- left edge (its center a half width beyond it).
local function exitSpeed(trace, item)
  local t = trace:release()
  while true do
    local x = trace:value(item, "x", t)
    if x - width / 2 >= W or x + width / 2 <= 0 then return math.abs(trace:value(item, "vx", t)), t end
    t = t + 1 / 60
  end
end

describe("card", function()
  describe("dragged 60 pt right, slowly (less than 35 % of its 260 pt width)", function()
    local scene, trace
    setup(function() scene, trace = released{from = {160, 300}, to = {220, 300}, duration = 0.5} end)

    it("tilts with the drag: 0.4 rad per width, 0.092 rad at the release", function()
      assert.near(0.4 * 60 / width, trace:value("card3", "angle", trace:release()), 0.002)
    end)

    it("springs back home and upright, without overshoot, within 0.6 s", function()
      assert.near(home, scene:item("card3").center, 0.5)
      assert.near(0, scene:item("card3").angle, 0.005)
      assert.overshootBelow(trace, "card3", home, 0.5, {from = "release"})
      assert.settles(trace, "card3", {from = "release", within = 0.6})
      assert.velocityContinuous(trace, "card3", {maxJump = springJump(60, 120), from = "release"})
    end)
  end)

  describe("dragged 120 pt right, slowly (past 35 % of its width)", function()
    local scene, trace
    setup(function() scene, trace = released{from = {160, 300}, to = {280, 320}, duration = 0.6} end)

    it("is thrown off to the right, a card's width past the screen", function()
      assert.near(W + width, scene:item("card3").center.x, 0.5)
    end)

    it("leaves the screen faster than 1100 pt/s, with no jump at the release", function()
      local speed = exitSpeed(trace, "card3")
      assert.truthy(speed > 1100, "exit speed " .. speed)
      assert.velocityContinuous(trace, "card3", {maxJump = springJump(300, 200), from = "release"})
    end)

    it("brings the next card up to full size", function()
      assert.near(1, scene:item("card2").scale, 0.005)
    end)
  end)

  describe("flicked left at 1000 pt/s, only 40 pt (faster than 800 pt/s)", function()
    local scene, trace
    setup(function() scene, trace = released{from = {160, 300}, to = {120, 300}, duration = 0.04} end)

    it("is thrown off to the left", function()
      assert.near(-width, scene:item("card3").center.x, 0.5)
    end)

    it("leaves the screen faster than it was let go (1200 pt/s or more)", function()
      local speed = exitSpeed(trace, "card3")
      assert.truthy(speed >= 1200, "exit speed " .. speed)
      assert.velocityContinuous(trace, "card3", {maxJump = springJump(380, 1000), from = "release"})
    end)
  end)

  it("its demo throws two cards and leaves the last one home", function()
    local scene = animhost.load("../../behaviors/card.lua"):runUntilRest(10)
    assert.is_true(scene.atRest)
    assert.near(W + width, scene:item("card3").center.x, 0.5)
    assert.near(-width, scene:item("card2").center.x, 0.5)
    assert.near(home, scene:item("card1").center, 1e-9)
    assert.near(1, scene:item("card1").scale, 0.005)
  end)
end)

describe("patterns.card", function()
  local card = require("patterns.card")
  it("throws past 35 % of the width or 800 pt/s, else springs back", function()
    assert.are.equal(1, card.throwSide(92, 0, 260))
    assert.is_nil(card.throwSide(90, 0, 260))
    assert.are.equal(-1, card.throwSide(10, -801, 260))
    assert.are.equal(1, card.throwSide(-10, 801, 260))   -- the speed wins over the side dragged
    assert.is_nil(card.throwSide(-10, 799, 260))
  end)
end)
