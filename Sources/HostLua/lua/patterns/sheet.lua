-- patterns.sheet: a bottom sheet with detents (WWDC 2018 "Designing Fluid Interfaces").
--
-- Drag the sheet: it follows the finger between its first and last detent, and past them
-- moves with UIScrollView's rubber band. Let go: the release is projected to where a fling
-- would come to rest (UIScrollView's normal deceleration, 0.998 per ms: 1000 pt/s travels
-- 499 pt), the nearest detent to that point is chosen, and a spring takes the sheet there,
-- starting with the release velocity, so the motion carries on from the finger.
--
--   local sheet = require("patterns.sheet")
--   local s = sheet.new(item, {detents = {60, 284, 468}})   -- y of the sheet's top edge
--   s:moveTo(2)                                             -- animate to a detent
--
-- Options (defaults below): detents (top-edge y, pt, any order), rate (animhost.project's:
-- a number or "normal"/"fast"), response and dampingRatio of the spring, rubberBand (the
-- band's constant), onChange(index) called when a release picks a detent.

local kit = require("patterns.kit")

local sheet = {}

sheet.defaults = {
  detents = {60, 284, 468},      -- large, medium (half of a 568 pt screen), a 100 pt peek
  rate = "normal",               -- UIScrollView.DecelerationRate.normal, 0.998 per ms
  response = 0.3,                -- WWDC 2018 momentum spring: response 0.3 s,
  dampingRatio = 0.8,            --   damping ratio 0.8
  rubberBand = 0.55,             -- UIScrollView's rubber-band constant
  onChange = function(index) end,
}

-- The detent a release at top-edge `y` with velocity `vy` (pt/s) goes to: the nearest to
-- the projected rest position. Returns its y and index.
function sheet.detentFor(detents, y, vy, rate)
  kit.numbers(detents, "sheet.detentFor", "detents")
  kit.number(y, "sheet.detentFor", "y"); kit.number(vy, "sheet.detentFor", "vy")
  kit.rate(rate, "sheet.detentFor")
  return animhost.nearest(detents, animhost.project(y, vy, rate or sheet.defaults.rate))
end

local Sheet = {}
Sheet.__index = Sheet

function sheet.new(item, options)
  local o = kit.options("sheet.new", sheet.defaults, options)
  kit.check(#o.detents > 0, "sheet.new", "detents must be a non-empty list of y values (pt)")
  for k, y in ipairs(o.detents) do
    kit.check(type(y) == "number", "sheet.new", ("detents[%d] must be a number (a y in pt), got %s"):format(k, type(y)))
  end
  kit.item(item, "sheet.new", "item")
  local self = setmetatable({item = item, options = o, index = nil}, Sheet)
  self.low, self.high = math.min(table.unpack(o.detents)), math.max(table.unpack(o.detents))
  -- The detent the sheet starts at (0-based, as the handed-off code counts): the one nearest its top now.
  local startTop, initial = item.center.y - item.size.y / 2, 1
  for k, y in ipairs(o.detents) do
    if math.abs(y - startTop) < math.abs(o.detents[initial] - startTop) then initial = k end
  end
  local record = kit.register("sheet", item, {detents = o.detents, rate = kit.rateValue(o.rate), response = o.response,
                                             dampingRatio = o.dampingRatio, rubberBand = o.rubberBand,
                                             height = item.size.y, initialDetent = initial - 1})
  local origin
  local function top() return item.center.y - item.size.y / 2 end
  local function place(y) item.center = animhost.vec(item.center.x, y + item.size.y / 2) end
  -- Where the finger puts the sheet: its top when caught plus the finger's translation,
  -- which counts from the touch-down (at `began` it already holds the first move), banded.
  local function follow(g)
    local shown, slope = kit.banded(origin + g.translation.y, self.low, self.high, item.size.y, o.rubberBand)
    place(shown)
    return shown, slope
  end
  animhost.pan(item, {
    began = function(g)
      -- The finger catches the sheet where it is (a running spring stops there), in the
      -- band too, and moves it from its first move on.
      origin = kit.unbanded(top(), self.low, self.high, item.size.y, o.rubberBand)
      follow(g)
    end,
    changed = follow,
    ended = function(g)
      local shown, slope = follow(g)
      local _, index = sheet.detentFor(o.detents, shown, g.velocity.y, o.rate)
      kit.released(record, g, {origin = origin, shown = shown, slope = slope, v = {g.velocity.x, g.velocity.y},
                               detent = index})
      -- Past an edge the sheet moves slower than the finger: hand on its own speed.
      self:moveTo(index, g.velocity.y * slope)
    end,
  })
  return self
end

-- Springs to detent `index`, starting at velocity `vy` (pt/s; default: the sheet's own).
function Sheet:moveTo(index, vy)
  local y = self.options.detents[index]
  kit.check(y ~= nil, "sheet:moveTo", ("no detent %s (there are %d)"):format(tostring(index), #self.options.detents))
  kit.number(vy, "sheet:moveTo", "vy", true)
  local item = self.item
  self.index = index
  self.spring = animhost.spring{item = item, property = "center", to = {item.center.x, y + item.size.y / 2},
                                velocity = {0, vy or item.velocity.y},
                                response = self.options.response, dampingRatio = self.options.dampingRatio}
  self.options.onChange(index)
  return self.spring
end

return sheet
