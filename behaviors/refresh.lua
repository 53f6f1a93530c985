-- Pull to refresh, built on the built-in module patterns.refresh.
--
-- Pull the list down: it follows with UIScrollView's rubber band and the indicator fades in.
-- Let go pulled 100 pt or more (Flutter's CupertinoSliverRefreshControl's trigger
-- distance): the list springs to 60 pt down and stays there while it refreshes (1 s here),
-- then springs home. Let go short of it: it springs home at once. The demo: a short pull
-- that springs back, then a long one that refreshes. `--set demo=0` turns it off.

local W, H = 320, 568
local refresh = require("patterns.refresh")

local threshold = animhost.tunable("threshold", 100, {min = 20, max = 300})
local held = animhost.tunable("held", 60, {min = 0, max = 200})
local duration = animhost.tunable("duration", 1, {min = 0, max = 10})

local indicator = animhost.item{name = "indicator", center = {W / 2, 30}, size = {28, 28}, shape = "ellipse", alpha = 0}
local list = animhost.item{name = "list", center = {W / 2, 600}, size = {W, 1200}}
animhost.animator{bounds = {0, 0, W, H}}

refresh.new(list, {indicator = indicator, threshold = threshold, held = held, duration = duration, viewport = H})

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, pan = {from = {160, 200}, to = {160, 280}, duration = 0.5}},   -- 80 pt: shows 41, back
    {at = 1.5, pan = {from = {160, 200}, to = {160, 500}, duration = 1.0}},   -- 300 pt: shows 128, refreshes
  }
end
animhost.run{duration = 5}
