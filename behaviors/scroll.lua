-- A list scrolled with UIScrollView's feel, built on the built-in module patterns.scroll.
--
-- The content (1600 pt tall in a 568 pt screen) follows the finger, coasts after a flick
-- with UIScrollView's deceleration (0.998 per ms: it comes to rest 0.499·v pt further),
-- and past either end moves with the rubber band and springs back (Flutter's
-- BouncingScrollPhysics spring, overdamped: no wobble). The demo: a slow drag that coasts a
-- little, a 2000 pt/s flick that runs into the bottom end and bounces back, a pull past
-- the bottom end, and a 3000 pt/s flick back up to the top end. `--set demo=0` turns it off.

local W, H = 320, 568
local scroll = require("patterns.scroll")

local rate = animhost.tunable("rate", 0.998, {min = 0.9, max = 0.9999})
local stiffness = animhost.tunable("stiffness", 100, {min = 10, max = 2000, scale = "log"})
local dampingRatio = animhost.tunable("dampingRatio", 1.1, {min = 0.1, max = 3})
local length = animhost.tunable("length", 1600, {min = 100, max = 10000})

local content = animhost.item{name = "content", center = {W / 2, length / 2}, size = {W, length}}
animhost.animator{bounds = {0, 0, W, H}}

scroll.new(content, {viewport = {0, H}, rate = rate, stiffness = stiffness, dampingRatio = dampingRatio})

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, pan = {from = {160, 400}, to = {160, 300}, duration = 0.5}},   -- 200 pt/s: coasts 100 pt
    {at = 2.0, pan = {from = {160, 400}, to = {160, 300}, duration = 0.05}},  -- 2000 pt/s: into the end
    {at = 5.0, pan = {from = {160, 400}, to = {160, 250}, duration = 0.6}},   -- past the end: bands back
    {at = 7.0, pan = {from = {160, 200}, to = {160, 350}, duration = 0.05}},  -- 3000 pt/s: to the top
  }
end
animhost.run{duration = 11}
