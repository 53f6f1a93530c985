-- A picture-in-picture window thrown to the corners, built on the built-in module
-- patterns.pip (WWDC 2018 "Designing Fluid Interfaces").
--
-- Drag the window and let go: its release is projected to where a fling would come to
-- rest, the nearest of the four corners to that point wins, and a critically damped spring
-- (response 0.4 s) takes it there from the release velocity. The demo: a slow drag to the
-- left that settles in the nearest corner (bottom left), a flick up that reaches the top
-- corner though the window was let go nearer the bottom, and a diagonal flick across to the
-- bottom right. `--set demo=0` turns it off.

local W, H = 320, 568
local pip = require("patterns.pip")

local response = animhost.tunable("response", 0.4, {min = 0.05, max = 2})
local dampingRatio = animhost.tunable("dampingRatio", 1, {min = 0.1, max = 2})
local margin = animhost.tunable("margin", 16, {min = 0, max = 100})

local size = animhost.vec(160, 90)
local window = animhost.item{name = "window", center = pip.corners({0, 0, W, H}, size, margin)[4],   -- bottom right
                             size = size, cornerRadius = 8}
animhost.animator{bounds = {0, 0, W, H}}

pip.new(window, {bounds = {0, 0, W, H}, margin = margin, response = response, dampingRatio = dampingRatio})

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, pan = {from = {220, 500}, to = {100, 480}, duration = 1.0}},   -- slow, to the left: bottom left
    {at = 2.0, pan = {from = {100, 500}, to = {100, 440}, duration = 0.06}},  -- 1000 pt/s up: top left
    {at = 3.5, pan = {from = {100, 70}, to = {140, 110}, duration = 0.04}},   -- flick down-right: bottom right
  }
end
animhost.run{duration = 5.5}
