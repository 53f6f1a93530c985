-- patterns.card: a card swiped away (swipe to dismiss, as commonly built).
--
-- The card follows the finger and tilts with the sideways drag (tilt × dx / width radians,
-- 0.4 rad at a full width). Let go: past a distance (a share of its width) or faster than
-- a speed sideways, it is thrown off the screen on that side, carrying the release
-- velocity; otherwise it springs back to where it started, upright, from the release
-- velocity.
--
--   local card = require("patterns.card")
--   local c = card.new(item, {screenWidth = 320, onDismiss = function(side) print(side) end})
--
-- Options (defaults below): tilt (rad per card width dragged), distance (share of the
-- card's width), speed (pt/s), screenWidth (pt: a thrown card ends a card's width beyond
-- it), the spring's response and dampingRatio, onDismiss(side) with side -1 (left) or 1
-- (right).

local kit = require("patterns.kit")

local card = {}

card.defaults = {
  tilt = 0.4,             -- rad at a full card width: common practice (≈ 23°)
  distance = 0.35,        -- dismiss past 0.3–0.35 of the card's width (common practice)
  speed = 800,            -- or faster than 800 pt/s sideways (common practice)
  screenWidth = 320,      -- a thrown card ends a card's width beyond this
  response = 0.4,         -- WWDC 2018's fling-to-a-point spring: response 0.4 s,
  dampingRatio = 1,       --   critically damped (no wobble); it throws and returns
  onDismiss = function(side) end,
}

-- Whether a release `dx` pt from the start at sideways velocity `vx` (pt/s) throws a card
-- of width `width` off, and to which side (-1, 1); nil when it springs back.
function card.throwSide(dx, vx, width, o)
  kit.number(dx, "card.throwSide", "dx"); kit.number(vx, "card.throwSide", "vx")
  kit.number(width, "card.throwSide", "width")
  o = kit.options("card.throwSide", card.defaults, o)   -- any subset, checked as card.new does
  if math.abs(vx) > o.speed then return vx < 0 and -1 or 1 end
  if math.abs(dx) > o.distance * width then return dx < 0 and -1 or 1 end
  return nil
end

local Card = {}
Card.__index = Card

function card.new(item, options)
  local o = kit.options("card.new", card.defaults, options)
  kit.item(item, "card.new", "item")
  local self = setmetatable({item = item, options = o, home = item.center, dismissed = nil}, Card)
  local record = kit.register("card", item, {tilt = o.tilt, distance = o.distance, speed = o.speed,
                                            screenWidth = o.screenWidth, response = o.response,
                                            dampingRatio = o.dampingRatio, home = {self.home.x, self.home.y},
                                            size = {item.size.x, item.size.y}})
  local origin
  local function place(g)
    local at = origin + g.translation
    item.center = at
    item.angle = o.tilt * (at.x - self.home.x) / item.size.x
  end
  animhost.pan(item, {
    began = function(g)
      -- The finger catches the card where it is, mid-flight too, and moves it by its
      -- translation, which counts from the touch-down: the first move included.
      origin = item.center
      place(g)
    end,
    changed = place,
    ended = function(g)
      place(g)
      local side = card.throwSide(item.center.x - self.home.x, g.velocity.x, item.size.x, o)
      kit.released(record, g, {origin = {origin.x, origin.y}, v = {g.velocity.x, g.velocity.y}, side = side or 0})
      if side then self:throw(side, g.velocity) else self:restore(g.velocity) end
    end,
  })
  return self
end

-- Springs back home and upright from velocity `v`.
function Card:restore(v)
  v = kit.vector(v, "card:restore", "v", true)
  local o, item = self.options, self.item
  self.dismissed = nil
  animhost.spring{item = item, property = "center", to = self.home, velocity = v or item.velocity,
                  response = o.response, dampingRatio = o.dampingRatio}
  animhost.spring{item = item, property = "angle", to = 0, response = o.response, dampingRatio = o.dampingRatio}
end

-- Throws the card off to `side` (-1 left, 1 right), carrying velocity `v`.
function Card:throw(side, v)
  kit.check(side == -1 or side == 1, "card:throw", ("side must be -1 (left) or 1 (right), got %s"):format(tostring(side)))
  v = kit.vector(v, "card:throw", "v", true)
  local o, item = self.options, self.item
  self.dismissed = side
  v = v or item.velocity
  -- Off the screen on that side; up or down as far as the release would carry it
  -- (animhost.project), so it leaves along the direction it was thrown.
  local x = side < 0 and -item.size.x or o.screenWidth + item.size.x
  animhost.spring{item = item, property = "center", to = {x, animhost.project(item.center.y, v.y)}, velocity = v,
                  response = o.response, dampingRatio = o.dampingRatio}
  o.onDismiss(side)
end

return card
