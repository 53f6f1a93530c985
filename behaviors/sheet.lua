-- A bottom sheet with three detents, built on the built-in module patterns.sheet.
--
-- Drag the sheet and let go: the release is projected to where a fling would come to
-- rest (UIScrollView's deceleration), the nearest detent to that point wins, and a spring
-- (response 0.3 s, damping ratio 0.8: WWDC 2018's momentum spring) takes the sheet there
-- from the release velocity. Past the top or bottom detent the sheet follows the finger
-- with UIScrollView's rubber band. The demo: a slow drag that falls back to the middle, a
-- 1000 pt/s flick up to the top, a pull past the top that bands and springs back, and a
-- 1000 pt/s flick down to the peek. `--set demo=0` turns it off (tests drag themselves).

local W, H = 320, 568
local sheet = require("patterns.sheet")

local response = animhost.tunable("response", 0.3, {min = 0.05, max = 2})
local dampingRatio = animhost.tunable("dampingRatio", 0.8, {min = 0.1, max = 2})
local top = animhost.tunable("top", 60, {min = 0, max = 200})          -- large detent, top-edge y
local peek = animhost.tunable("peek", 100, {min = 20, max = 300})      -- how much the smallest shows

local detents = {top, H / 2, H - peek}    -- large, medium (half the screen), peek
local item = animhost.item{name = "sheet", center = {W / 2, detents[2] + H / 2}, size = {W, H}, cornerRadius = 12}
animhost.animator{bounds = {0, 0, W, H}}

sheet.new(item, {detents = detents, response = response, dampingRatio = dampingRatio})

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, pan = {from = {160, 320}, to = {160, 360}, duration = 0.8}},   -- slow: back to the middle
    {at = 1.5, pan = {from = {160, 320}, to = {160, 260}, duration = 0.06}},  -- 1000 pt/s up: the top
    {at = 3.0, pan = {from = {160, 100}, to = {160, 20}, duration = 0.8}},    -- past the top: bands back
    {at = 4.5, pan = {from = {160, 100}, to = {160, 200}, duration = 0.1}},   -- 1000 pt/s down: the peek
  }
end
animhost.run{duration = 6.5}
