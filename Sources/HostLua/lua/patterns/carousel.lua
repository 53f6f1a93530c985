-- patterns.carousel: pages swiped sideways (UIScrollView with isPagingEnabled).
--
-- The strip of pages follows the finger, and past the first or last page moves with
-- UIScrollView's rubber band. Let go: the release is projected with UIScrollView's fast
-- deceleration (0.99 per ms: 1000 pt/s travels 99 pt; paging scroll views use it), the
-- projected offset is rounded to a page, at most `maxStep` pages from the page the drag
-- began on, and a critically damped spring takes the strip there from the release
-- velocity.
--
--   local carousel = require("patterns.carousel")
--   local c = carousel.new(strip, {pageWidth = 320, pages = 4})
--   c:moveTo(3)
--
-- The strip is one item as wide as all pages, its left edge at `left` on page 1 (page k
-- shows when the left edge is at left − (k − 1)·pageWidth). Options (defaults below):
-- pageWidth, pages, left (pt), rate, maxStep (pages per swipe), rubberBand, the spring's
-- response and dampingRatio, onPage(index), and followers: items that move with the strip
-- (the pages' contents, drawn on it), each keeping its offset from it.

local kit = require("patterns.kit")

local carousel = {}

carousel.defaults = {
  pageWidth = 320,
  pages = 3,
  left = 0,                -- the strip's left edge on page 1
  rate = "fast",           -- UIScrollView.DecelerationRate.fast, 0.99 per ms (paging)
  maxStep = 1,             -- pages one swipe may move, as UIPageViewController
  rubberBand = 0.55,       -- UIScrollView's rubber-band constant
  response = 0.4,          -- WWDC 2018's fling-to-a-point spring: response 0.4 s,
  dampingRatio = 1,        --   critically damped
  onPage = function(index) end,
  followers = {},          -- items moved with the strip, at their offsets from it
}

-- The page (1 …) a release at page offset `offset` (pt scrolled from page 1: 0, 320, …)
-- with velocity `vx` (pt/s, the strip's: negative scrolls forward) goes to, starting from
-- page `from`.
function carousel.pageFor(offset, vx, from, o)
  kit.number(offset, "carousel.pageFor", "offset"); kit.number(vx, "carousel.pageFor", "vx")
  kit.number(from, "carousel.pageFor", "from")
  o = kit.options("carousel.pageFor", carousel.defaults, o)   -- any subset, checked as carousel.new does
  local projected = offset - animhost.project(0, vx, o.rate)
  local page = math.floor(projected / o.pageWidth + 0.5) + 1
  page = math.max(from - o.maxStep, math.min(from + o.maxStep, page))
  return math.max(1, math.min(o.pages, page))
end

local Carousel = {}
Carousel.__index = Carousel

function carousel.new(strip, options)
  local o = kit.options("carousel.new", carousel.defaults, options)
  kit.check(math.type(o.pages) == "integer" and o.pages >= 1 and math.type(o.maxStep) == "integer" and o.maxStep >= 1
            and o.pageWidth > 0, "carousel.new", "pages and maxStep must be whole numbers ≥ 1 and pageWidth > 0")
  kit.item(strip, "carousel.new", "strip")
  local self = setmetatable({item = strip, options = o, page = 1, offsets = {}}, Carousel)
  for k, item in ipairs(o.followers) do self.offsets[k] = item.center - strip.center end
  local lowest = o.left - (o.pages - 1) * o.pageWidth   -- left edge on the last page
  local record = kit.register("carousel", strip, {pageWidth = o.pageWidth, pages = o.pages, left = o.left,
                                                  rate = kit.rateValue(o.rate), maxStep = o.maxStep,
                                                  rubberBand = o.rubberBand, response = o.response,
                                                  dampingRatio = o.dampingRatio, width = strip.size.x})
  local origin, from
  local function left() return strip.center.x - strip.size.x / 2 end
  local function place(x)
    strip.center = animhost.vec(x + strip.size.x / 2, strip.center.y)
    for k, item in ipairs(o.followers) do item.center = strip.center + self.offsets[k] end
  end
  -- Where the finger puts the strip: its left edge when caught plus the finger's
  -- translation, which counts from the touch-down (at `began` it holds the first move), banded.
  local function follow(g)
    local shown, slope = kit.banded(origin + g.translation.x, lowest, o.left, o.pageWidth, o.rubberBand)
    place(shown)
    return shown, slope
  end
  animhost.pan(strip, {
    began = function(g)
      -- The finger catches the strip where it is (a running spring stops there), in the
      -- band too, and moves it from its first move on.
      origin = kit.unbanded(left(), lowest, o.left, o.pageWidth, o.rubberBand)
      from = self.page
      follow(g)
    end,
    changed = follow,
    ended = function(g)
      local shown, slope = follow(g)
      local page = carousel.pageFor(o.left - shown, g.velocity.x, from, o)
      kit.released(record, g, {origin = origin, from = from, shown = shown, slope = slope,
                               v = {g.velocity.x, g.velocity.y}, page = page})
      self:moveTo(page, g.velocity.x * slope)
    end,
  })
  return self
end

-- Springs to page `index` from velocity `vx` (pt/s; default: the strip's own).
function Carousel:moveTo(index, vx)
  local o, strip = self.options, self.item
  kit.check(math.type(index) == "integer" and index >= 1 and index <= o.pages, "carousel:moveTo",
            ("no page %s (1 to %d)"):format(tostring(index), o.pages))
  kit.number(vx, "carousel:moveTo", "vx", true)
  self.page = index
  local x = o.left - (index - 1) * o.pageWidth + strip.size.x / 2
  local to, v = animhost.vec(x, strip.center.y), animhost.vec(vx or strip.velocity.x, 0)
  self.spring = animhost.spring{item = strip, property = "center", to = to, velocity = v,
                                response = o.response, dampingRatio = o.dampingRatio}
  -- The same spring from the same offset: the followers move exactly with the strip.
  for k, item in ipairs(o.followers) do
    animhost.spring{item = item, property = "center", to = to + self.offsets[k], velocity = v,
                    response = o.response, dampingRatio = o.dampingRatio}
  end
  o.onPage(index)
  return self.spring
end

return carousel
