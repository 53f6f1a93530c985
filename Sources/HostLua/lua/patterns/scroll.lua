-- patterns.scroll: content scrolled with UIScrollView's feel, vertically.
--
-- Drag the content: it follows the finger, and past either end moves with UIScrollView's
-- rubber band ((1 − 1/(x·c/d + 1))·d, c = 0.55, d = the viewport's height). Let go inside:
-- it coasts with UIScrollView's deceleration (the velocity times 0.998 every millisecond,
-- so a fling of v pt/s travels v/1000 · 0.998/0.002 = 0.499·v pt). A coast that would
-- pass an end is handed, at the end and at its speed there, to a spring that stops it and
-- brings it back; a release past an end springs back at once. The bounce-back spring is
-- Flutter's BouncingScrollPhysics one (mass 0.5, stiffness 100, damping ratio 1.1:
-- overdamped, never oscillates).
--
--   local scroll = require("patterns.scroll")
--   local s = scroll.new(content, {viewport = {0, 568}})   -- top y and height, pt
--
-- Options (defaults below): viewport {top, height}, rate (the deceleration per ms),
-- rubberBand (the constant), and the bounce-back spring's mass, stiffness, dampingRatio.

local kit = require("patterns.kit")

local scroll = {}

scroll.defaults = {
  viewport = {0, 568},     -- top y and height of the visible area, pt
  rate = 0.998,            -- UIScrollView.DecelerationRate.normal, per ms
  rubberBand = 0.55,       -- UIScrollView's rubber-band constant
  mass = 0.5,              -- Flutter BouncingScrollPhysics' spring:
  stiffness = 100,         --   mass 0.5, stiffness 100,
  dampingRatio = 1.1,      --   damping ratio 1.1
}

-- When a coast from `x` at `v` (decelerating by `rate` per ms) reaches `edge`, and its
-- velocity there; nil when it comes to rest first. x(t) = x + v/k·(e^{kt} − 1), k = 1000·ln(rate).
function scroll.reach(x, v, edge, rate)
  kit.number(x, "scroll.reach", "x"); kit.number(v, "scroll.reach", "v")
  kit.number(edge, "scroll.reach", "edge"); kit.number(rate, "scroll.reach", "rate")
  if v == 0 or (edge - x) * v < 0 then return nil end   -- not moving, or moving away from it
  local k = 1000 * math.log(rate)
  local share = 1 + k * (edge - x) / v
  if share <= 0 then return nil end                    -- it comes to rest before the edge
  local t = math.log(share) / k
  return t, v * share
end

local Scroll = {}
Scroll.__index = Scroll

function scroll.new(content, options)
  local o = kit.options("scroll.new", scroll.defaults, options)
  local top, height = o.viewport[1], o.viewport[2]
  kit.check(type(top) == "number" and type(height) == "number" and height > 0, "scroll.new",
            "viewport must be {top, height} with height > 0")
  kit.item(content, "scroll.new", "content")
  local self = setmetatable({item = content, options = o, flings = 0}, Scroll)
  kit.register("scroll", content, {rate = o.rate})
  -- Content-top positions: the top at the viewport's top, or its bottom at the viewport's bottom.
  self.high = top
  self.low = math.min(top, top + height - content.size.y)
  self.dimension = height
  local origin
  -- Where the finger puts the content: its top when caught plus the finger's translation,
  -- which counts from the touch-down (at `began` it already holds the first move), banded.
  local function follow(g)
    local shown, slope = kit.banded(origin + g.translation.y, self.low, self.high, height, o.rubberBand)
    self:place(shown)
    return shown, slope
  end
  animhost.pan(content, {
    began = function(g)
      self.flings = self.flings + 1   -- a pending hand-over to the spring is void now
      -- The finger catches the content where it is (a coast or spring stops there), in the
      -- band too, and moves it from its first move on.
      origin = kit.unbanded(self:top(), self.low, self.high, height, o.rubberBand)
      follow(g)
    end,
    changed = follow,
    ended = function(g)
      local _, slope = follow(g)
      self:fling(g.velocity.y * slope)
    end,
  })
  return self
end

function Scroll:top() return self.item.center.y - self.item.size.y / 2 end
function Scroll:place(y) self.item.center = animhost.vec(self.item.center.x, y + self.item.size.y / 2) end

-- Coasts from here at `vy` pt/s; past an end (now or on the way) it springs back to it.
function Scroll:fling(vy)
  kit.number(vy, "scroll:fling", "vy")
  local y, o = self:top(), self.options
  if y > self.high then return self:bounce(self.high, vy) end
  if y < self.low then return self:bounce(self.low, vy) end
  local rest = animhost.project(y, vy, o.rate)
  local edge = rest > self.high and self.high or rest < self.low and self.low or nil
  self.animation = animhost.decay{item = self.item, property = "center", velocity = {0, vy}, deceleration = o.rate}
  self.flings = self.flings + 1
  if edge then
    local t, fling = scroll.reach(y, vy, edge, o.rate), self.flings
    -- At the end's step the spring takes over from the decay's position and velocity
    -- (unless a new drag or fling came first).
    animhost.after(t, function() if self.flings == fling then self:bounce(edge) end end)
  end
end

-- Springs the content's top to `edge`, from velocity `vy` (default: the content's own).
function Scroll:bounce(edge, vy)
  kit.number(edge, "scroll:bounce", "edge"); kit.number(vy, "scroll:bounce", "vy", true)
  local o = self.options
  self.animation = animhost.spring{item = self.item, property = "center",
                                   to = {self.item.center.x, edge + self.item.size.y / 2},
                                   velocity = {0, vy or self.item.velocity.y},
                                   mass = o.mass, stiffness = o.stiffness,
                                   damping = 2 * o.dampingRatio * math.sqrt(o.stiffness * o.mass)}
end

return scroll
