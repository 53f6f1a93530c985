-- A picture-in-picture window thrown to the corners, built on the built-in module
-- patterns.pip (WWDC 2018 "Designing Fluid Interfaces").
--
-- Drag the window and let go: its release is projected to where a fling would come to
-- rest, the nearest of the four corners to that point wins, and a critically damped spring
-- (response 0.4 s) takes it there from the release velocity. The demo: a slow drag that
-- settles back in the nearest corner, a flick up that reaches the top corner though the
-- window was let go nearer the bottom, and a flick across to the bottom left. `--set demo=0`
-- turns it off.

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
    {at = 0.2, pan = {from = {220, 500}, to = {170, 400}, duration = 0.8}},   -- slow: nearest corner
    {at = 1.5, pan = {from = {220, 500}, to = {220, 440}, duration = 0.06}},  -- 1000 pt/s up: top right
    {at = 3.0, pan = {from = {220, 70}, to = {180, 110}, duration = 0.04}},   -- flick down-left: bottom left
  }
end
animhost.run{duration = 5}
