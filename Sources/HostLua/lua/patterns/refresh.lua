-- patterns.refresh: pull to refresh (iOS's UIRefreshControl; the numbers are Flutter's
-- CupertinoSliverRefreshControl's).
--
-- Pull the content down from its resting place: it follows with UIScrollView's rubber
-- band (d = the viewport's height), and an indicator fades in with the pull. Let go
-- pulled at least `threshold` pt (shown): the refresh starts, the content springs to
-- `held` pt down and stays there while `onRefresh(done)` works; calling `done()` springs
-- it back home. Let go short of the threshold: it springs back at once. The springs start
-- from the release velocity.
--
--   local refresh = require("patterns.refresh")
--   local r = refresh.new(list, {indicator = spinner, onRefresh = function(done) animhost.after(1, done) end})
--   -- r.state: "idle", "pulling", "refreshing", "ending"
--
-- Options (defaults below): threshold and held (pt), viewport (the height the band
-- uses), rubberBand, the spring's response and dampingRatio, indicator (an item whose
-- alpha follows the pull), onRefresh(done) (default: done after `duration` s).

local kit = require("patterns.kit")

local refresh = {}

refresh.defaults = {
  threshold = 100,         -- CupertinoSliverRefreshControl's refreshTriggerPullDistance
  held = 60,               -- its refreshIndicatorExtent: where the content waits
  viewport = 568,          -- the scroll view's height: the band's dimension
  rubberBand = 0.55,       -- UIScrollView's rubber-band constant
  response = 0.3,          -- WWDC 2018's rubber-band release spring: response 0.3 s,
  dampingRatio = 1,        --   critically damped here, so the held content does not bob
  duration = 1,            -- how long the default onRefresh takes
  indicator = false,       -- an item whose alpha shows the pull (false: none)
  onRefresh = false,       -- function(done); false: done after `duration` s
}

-- What a release `pulled` pt down (shown) leads to: "refreshing" or "idle".
function refresh.outcome(pulled, o)
  kit.number(pulled, "refresh.outcome", "pulled")
  kit.check(o == nil or type(o) == "table", "refresh.outcome", "options must be a table, got " .. type(o))
  -- Any subset of refresh.new's options, checked as there (`indicator`, `onRefresh` aside).
  local rest = {}
  for k, v in pairs(o or {}) do if k ~= "indicator" and k ~= "onRefresh" then rest[k] = v end end
  return pulled >= kit.options("refresh.outcome", refresh.defaults, rest).threshold and "refreshing" or "idle"
end

local Refresh = {}
Refresh.__index = Refresh

function refresh.new(content, options)
  kit.check(options == nil or type(options) == "table", "refresh.new", "options must be a table, got " .. type(options))
  local given = options or {}
  -- `indicator` and `onRefresh` take an item or a function, not the defaults' type.
  local indicator, onRefresh = given.indicator, given.onRefresh
  local rest = {}
  for k, v in pairs(given) do if k ~= "indicator" and k ~= "onRefresh" then rest[k] = v end end
  local o = kit.options("refresh.new", refresh.defaults, rest)
  kit.check(onRefresh == nil or type(onRefresh) == "function", "refresh.new", "onRefresh must be a function(done)")
  kit.check(o.held < o.threshold, "refresh.new", "held must be less than threshold")
  o.indicator = indicator or false
  o.onRefresh = onRefresh or function(done) animhost.after(o.duration, done) end
  kit.item(content, "refresh.new", "content")
  local self = setmetatable({item = content, options = o, state = "idle", home = content.center.y}, Refresh)
  kit.register("refresh", content, {threshold = o.threshold})
  local origin
  -- How far the finger pulls the content: as far as when caught plus the finger's
  -- translation, which counts from the touch-down (at `began` it holds the first move), banded.
  local function follow(g)
    local shown, slope = kit.banded(origin + g.translation.y, -math.huge, 0, o.viewport, o.rubberBand)
    self:show(shown)
    return shown, slope
  end
  animhost.pan(content, {
    began = function(g)
      if self.state == "refreshing" then return end
      self.state = "pulling"
      -- The finger catches the content where it is (in the band too) and pulls from there.
      origin = kit.unbanded(self:pulled(), -math.huge, 0, o.viewport, o.rubberBand)
      follow(g)
    end,
    changed = function(g)
      if self.state ~= "pulling" then return end
      follow(g)
    end,
    ended = function(g)
      if self.state ~= "pulling" then return end
      local _, slope = follow(g)
      self:release(g.velocity.y * slope)
    end,
  })
  return self
end

-- How far the content is pulled down from home, pt.
function Refresh:pulled() return self.item.center.y - self.home end

function Refresh:show(pulled)
  self.item.center = animhost.vec(self.item.center.x, self.home + math.max(pulled, 0))
  if self.options.indicator then self.options.indicator.alpha = math.min(1, math.max(pulled, 0) / self.options.threshold) end
end

function Refresh:springTo(pulled, vy)
  local o = self.options
  return animhost.spring{item = self.item, property = "center", to = {self.item.center.x, self.home + pulled},
                         velocity = {0, vy or self.item.velocity.y}, response = o.response, dampingRatio = o.dampingRatio}
end

-- Let go at velocity `vy`: refresh and hold past the threshold, else go home.
function Refresh:release(vy)
  kit.number(vy, "refresh:release", "vy", true)
  local o = self.options
  if refresh.outcome(self:pulled(), o) == "idle" then
    self.state = "idle"
    if o.indicator then animhost.basic{item = o.indicator, property = "alpha", to = 0, duration = 0.2} end
    return self:springTo(0, vy)
  end
  self.state = "refreshing"
  self:springTo(o.held, vy)
  local finished = false
  o.onRefresh(function()
    if finished then return end
    finished = true
    self.state = "ending"
    if o.indicator then animhost.basic{item = o.indicator, property = "alpha", to = 0, duration = 0.2} end
    self:springTo(0).onComplete = function() if self.state == "ending" then self.state = "idle" end end
  end)
end

return refresh
