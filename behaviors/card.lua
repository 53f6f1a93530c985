-- A stack of cards swiped away, built on the built-in module patterns.card.
--
-- Drag the top card: it follows the finger and tilts with the sideways drag. Let go past
-- 35 % of its width, or faster than 800 pt/s sideways, and it is thrown off that side
-- from the release velocity; otherwise it springs back, upright. The card behind waits at
-- 95 % scale and grows to full size when the one above it goes. The demo: a slow short
-- drag that springs back, a long slow drag that throws the top card off to the right, a
-- quick 1000 pt/s flick that throws the next one off to the left. `--set demo=0` turns it off.

local W, H = 320, 568
local card = require("patterns.card")

local distance = animhost.tunable("distance", 0.35, {min = 0.05, max = 1})   -- share of the width
local speed = animhost.tunable("speed", 800, {min = 100, max = 5000})         -- pt/s
local tilt = animhost.tunable("tilt", 0.4, {min = 0, max = 1.5})             -- rad per card width

animhost.animator{bounds = {0, 0, W, H}}
local cards = {}
for k = 1, 3 do   -- the last made is on top
  cards[k] = animhost.item{name = "card" .. k, center = {W / 2, H / 2}, size = {260, 360},
                           cornerRadius = 16, scale = k == 3 and 1 or 0.95}
end
for k = 1, 3 do
  card.new(cards[k], {distance = distance, speed = speed, tilt = tilt, screenWidth = W,
                      onDismiss = function()
                        if k > 1 then animhost.spring{item = cards[k - 1], property = "scale", to = 1, response = 0.3, dampingRatio = 1} end
                      end})
end

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, pan = {from = {160, 300}, to = {220, 300}, duration = 0.5}},   -- 60 pt slowly: back
    {at = 1.5, pan = {from = {160, 300}, to = {280, 320}, duration = 0.6}},   -- 120 pt slowly: off right
    {at = 3.0, pan = {from = {160, 300}, to = {120, 300}, duration = 0.04}},  -- 1000 pt/s: off left
  }
end
animhost.run{duration = 5}
