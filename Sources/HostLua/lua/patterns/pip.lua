-- patterns.pip: a picture-in-picture window thrown to a corner (WWDC 2018 "Designing Fluid
-- Interfaces").
--
-- The window follows the finger. Let go: its release is projected to where a fling would
-- come to rest (UIScrollView's normal deceleration, 0.998 per ms, on each axis), the
-- corner nearest that point is chosen, and a critically damped spring (response 0.4 s)
-- takes it there from the release velocity. A gentle flick towards a corner reaches it
-- even from the other side of the screen; a slow drag goes to the nearest corner.
--
-- Two fingers resize it (animhost.pinch): its scale follows the pinch's and its center the
-- fingers' centroid; past minScale or maxScale the scale moves with UIScrollView's rubber
-- band (over one window size). Let go: a spring of the same response brings the scale back
-- within the limits from the pinch's rate, and the window goes to the corner nearest it (its
-- corners are those of its new size), or on with the finger still down.
--
--   local pip = require("patterns.pip")
--   local p = pip.new(window, {bounds = {0, 0, 320, 568}, margin = 16})
--
-- Options (defaults below): bounds {x, y, width, height} the window stays in, margin (pt
-- from the bounds' edges), rate (animhost.project's), response and dampingRatio of the
-- spring, minScale and maxScale the pinch's limits, rubberBand (the band's constant),
-- onCorner(index) with the corners numbered 1 top left, 2 top right, 3 bottom left, 4
-- bottom right.

local kit = require("patterns.kit")

local pip = {}

pip.defaults = {
  bounds = {0, 0, 320, 568},
  margin = 16,             -- pt between the window and the screen's edges
  rate = "normal",         -- UIScrollView.DecelerationRate.normal, 0.998 per ms
  response = 0.4,          -- WWDC 2018 PiP spring: response 0.4 s,
  dampingRatio = 1,        --   critically damped
  minScale = 0.75,         -- the smallest and largest scale a pinch leaves the window at
  maxScale = 1.5,
  rubberBand = 0.55,       -- UIScrollView's rubber-band constant, past the scale limits
  onCorner = function(index) end,
}

-- The centers a window of `size` (a vector: {w, h}, {x=, y=} or a vec) rests at in
-- `bounds` with `margin`: top left, top right, bottom left, bottom right.
function pip.corners(bounds, size, margin)
  kit.rect(bounds, "pip.corners", "bounds")
  size = kit.vector(size, "pip.corners", "size")
  kit.number(margin, "pip.corners", "margin")
  local left = bounds[1] + margin + size.x / 2
  local right = bounds[1] + bounds[3] - margin - size.x / 2
  local top = bounds[2] + margin + size.y / 2
  local bottom = bounds[2] + bounds[4] - margin - size.y / 2
  return {animhost.vec(left, top), animhost.vec(right, top), animhost.vec(left, bottom), animhost.vec(right, bottom)}
end

-- The corner a release at `center` with velocity `v` goes to: its center and index.
function pip.cornerFor(corners, center, v, rate)
  kit.check(type(corners) == "table" and #corners > 0, "pip.cornerFor", "corners must be a list of vectors (pip.corners')")
  for k, corner in ipairs(corners) do kit.vector(corner, "pip.cornerFor", ("corners[%d]"):format(k)) end
  center, v = kit.vector(center, "pip.cornerFor", "center"), kit.vector(v, "pip.cornerFor", "v")
  kit.rate(rate, "pip.cornerFor")
  return animhost.nearest(corners, animhost.project(center, v, rate or pip.defaults.rate))
end

local Pip = {}
Pip.__index = Pip

function pip.new(window, options)
  local o = kit.options("pip.new", pip.defaults, options)
  kit.rect(o.bounds, "pip.new", "option 'bounds'")
  kit.item(window, "pip.new", "window")
  kit.check(type(o.minScale) == "number" and type(o.maxScale) == "number" and 0 < o.minScale and o.minScale <= o.maxScale,
            "pip.new", ("minScale and maxScale must be numbers with 0 < minScale ≤ maxScale, got %s and %s")
              :format(tostring(o.minScale), tostring(o.maxScale)))
  local self = setmetatable({item = window, options = o, scale = window.scale}, Pip)
  self.corners = pip.corners(o.bounds, window.size * self.scale, o.margin)
  local size = window.size * self.scale
  local record = kit.register("pip", window, {bounds = o.bounds, margin = o.margin, rate = kit.rateValue(o.rate),
                                              response = o.response, dampingRatio = o.dampingRatio,
                                              size = {size.x, size.y}})
  -- The pan moves the window from `origin` by its translation; a pinch takes the window over
  -- while it lasts (its centroid moves it), and hands it back to a finger still down.
  local origin, translation, panning, pinching
  animhost.pan(window, {
    began = function(g)
      -- The finger catches the window where it is (a running spring stops there) and moves
      -- it by its translation, which counts from the touch-down: the first move included.
      panning, origin, translation = true, window.center, g.translation
      if not pinching then window.center = origin + g.translation end
    end,
    changed = function(g)
      translation = g.translation
      if not pinching then window.center = origin + g.translation end
    end,
    ended = function(g)
      panning = false
      if pinching then return end   -- the pinch's end places the window
      window.center = origin + g.translation
      local _, index = pip.cornerFor(self.corners, window.center, g.velocity, o.rate)
      kit.released(record, g, {origin = {origin.x, origin.y}, v = {g.velocity.x, g.velocity.y}, corner = index})
      self:moveTo(index, g.velocity)
    end,
  })
  local scale0, center0
  local function follow(g)
    local shown, slope = kit.banded(scale0 * g.scale, o.minScale, o.maxScale, 1, o.rubberBand)
    window.scale = shown
    window.center = center0 + g.translation
    return slope
  end
  local function release(g)
    pinching = false
    self:resizeTo(math.min(o.maxScale, math.max(o.minScale, scale0 * g.scale)), g.velocity * scale0 * follow(g))
    if panning then
      origin = window.center - translation   -- the finger still down carries on from here
    else
      local _, index = pip.cornerFor(self.corners, window.center, animhost.vec(0, 0), o.rate)
      self:moveTo(index, animhost.vec(0, 0))
    end
  end
  animhost.pinch(window, {
    began = function(g)
      -- Caught where it is (in the band too): the centroid moves the window on from where the
      -- pan (or a spring) has it now, so a second finger landing mid-drag moves nothing.
      pinching = true
      scale0 = kit.unbanded(window.scale, o.minScale, o.maxScale, 1, o.rubberBand)
      center0 = window.center - g.translation
      follow(g)
    end,
    changed = follow,
    ended = release,
    cancelled = release,
  })
  return self
end

-- Springs the scale to `scale` from rate `v` (1/s; default: 0) and takes the corners of
-- the window at that size.
function Pip:resizeTo(scale, v)
  kit.number(scale, "pip:resizeTo", "scale")
  v = kit.number(v, "pip:resizeTo", "v", true) or 0
  self.scale = scale
  self.corners = pip.corners(self.options.bounds, self.item.size * scale, self.options.margin)
  self.scaleSpring = animhost.spring{item = self.item, property = "scale", to = scale, velocity = v,
                                     response = self.options.response, dampingRatio = self.options.dampingRatio}
  return self.scaleSpring
end

-- Springs to corner `index` from velocity `v` (default: the window's own).
function Pip:moveTo(index, v)
  local corner = self.corners[index]
  kit.check(corner ~= nil, "pip:moveTo", ("no corner %s (1 to 4)"):format(tostring(index)))
  v = kit.vector(v, "pip:moveTo", "v", true)
  self.corner = index
  self.spring = animhost.spring{item = self.item, property = "center", to = corner, velocity = v or self.item.velocity,
                                response = self.options.response, dampingRatio = self.options.dampingRatio}
  self.options.onCorner(index)
  return self.spring
end

return pip
