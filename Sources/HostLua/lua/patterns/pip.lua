-- patterns.pip: a picture-in-picture window thrown to a corner (WWDC 2018 "Designing Fluid
-- Interfaces").
--
-- The window follows the finger. Let go: its release is projected to where a fling would
-- come to rest (UIScrollView's normal deceleration, 0.998 per ms, on each axis), the
-- corner nearest that point is chosen, and a critically damped spring (response 0.4 s)
-- takes it there from the release velocity. A gentle flick towards a corner reaches it
-- even from the other side of the screen; a slow drag goes to the nearest corner.
--
--   local pip = require("patterns.pip")
--   local p = pip.new(window, {bounds = {0, 0, 320, 568}, margin = 16})
--
-- Options (defaults below): bounds {x, y, width, height} the window stays in, margin (pt
-- from the bounds' edges), rate (animhost.project's), response and dampingRatio of the
-- spring, onCorner(index) with the corners numbered 1 top left, 2 top right, 3 bottom
-- left, 4 bottom right.

local kit = require("patterns.kit")

local pip = {}

pip.defaults = {
  bounds = {0, 0, 320, 568},
  margin = 16,             -- pt between the window and the screen's edges
  rate = "normal",         -- UIScrollView.DecelerationRate.normal, 0.998 per ms
  response = 0.4,          -- WWDC 2018 PiP spring: response 0.4 s,
  dampingRatio = 1,        --   critically damped
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
  local self = setmetatable({item = window, options = o}, Pip)
  self.corners = pip.corners(o.bounds, window.size, o.margin)
  local record = kit.register("pip", window, {bounds = o.bounds, margin = o.margin, rate = kit.rateValue(o.rate),
                                              response = o.response, dampingRatio = o.dampingRatio,
                                              size = {window.size.x, window.size.y}})
  local origin
  animhost.pan(window, {
    began = function(g)
      -- The finger catches the window where it is (a running spring stops there) and moves
      -- it by its translation, which counts from the touch-down: the first move included.
      origin = window.center
      window.center = origin + g.translation
    end,
    changed = function(g) window.center = origin + g.translation end,
    ended = function(g)
      window.center = origin + g.translation
      local _, index = pip.cornerFor(self.corners, window.center, g.velocity, o.rate)
      kit.released(record, g, {origin = {origin.x, origin.y}, v = {g.velocity.x, g.velocity.y}, corner = index})
      self:moveTo(index, g.velocity)
    end,
  })
  return self
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
