-- A paging carousel of four pages, built on the built-in module patterns.carousel.
--
-- Swipe the strip sideways and let go: the release is projected with UIScrollView's fast
-- deceleration (0.99 per ms, the paging one), rounded to a page at most one page from
-- where the swipe began, and a critically damped spring takes the strip there from the
-- release velocity. Past the first and last page the strip bands. The demo: a slow drag
-- that stays on page 1, a 1000 pt/s flick to page 2, a 6000 pt/s flick that still moves one
-- page (3), another to page 4, and a pull past the last page that bands back. `--set demo=0`
-- turns it off.

local W, H = 320, 568
local carousel = require("patterns.carousel")

local pages = animhost.tunable("pages", 4, {min = 1, max = 10, integer = true})
local maxStep = animhost.tunable("maxStep", 1, {min = 1, max = 10, integer = true})
local response = animhost.tunable("response", 0.4, {min = 0.05, max = 2})

-- The pages are cards on the strip, moved with it; the strip (made last, so it is on
-- top and takes the touches) is transparent.
local cards = {}
for k = 1, pages do
  cards[k] = animhost.item{name = "page" .. k, center = {W / 2 + (k - 1) * W, H / 2}, size = {W - 32, 360}, cornerRadius = 16}
end
local strip = animhost.item{name = "strip", center = {pages * W / 2, H / 2}, size = {pages * W, 400}, alpha = 0}
animhost.animator{bounds = {0, 0, W, H}}

carousel.new(strip, {pageWidth = W, pages = pages, maxStep = maxStep, response = response, followers = cards})

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, pan = {from = {250, 284}, to = {150, 284}, duration = 0.8}},   -- slow 100 pt: page 1
    {at = 1.5, pan = {from = {250, 284}, to = {170, 284}, duration = 0.08}},  -- 1000 pt/s: page 2
    {at = 3.0, pan = {from = {250, 284}, to = {130, 284}, duration = 0.02}},  -- 6000 pt/s: page 3 only
    {at = 4.5, pan = {from = {250, 284}, to = {170, 284}, duration = 0.05}},  -- 1600 pt/s: page 4
    {at = 6.0, pan = {from = {250, 284}, to = {100, 284}, duration = 0.8}},   -- past the last: bands back
  }
end
animhost.run{duration = 8}
