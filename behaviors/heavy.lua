-- "Heavy", the first example of the iOS 7 UIKit Dynamics chapter: a label falls under
-- gravity, bounces on the bottom edge of the screen and comes to rest there. A tap
-- anywhere flips gravity, and the label falls up to the top edge; tap again to bring it
-- down. The scripted demo taps once, after the label has settled.

local W, H = 320, 568
local elasticity = animhost.tunable("elasticity", 0.5, {min = 0, max = 1})

local heavy = animhost.item{name = "heavy", center = {W / 2, 120}, size = {120, 44}}
local animator = animhost.animator{bounds = {0, 0, W, H}}

local gravity = animhost.gravity{items = {heavy}}
local collision = animhost.collision{items = {heavy}, translatesReferenceBoundsIntoBoundary = true}
local bouncy = animhost.itemBehavior{items = {heavy}, elasticity = elasticity}
animator:addBehavior(gravity)
animator:addBehavior(collision)
animator:addBehavior(bouncy)

animhost.tap(nil, function()
  gravity.direction = {0, -gravity.direction.y}
end)

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{{at = 2.5, tap = {W / 2, H / 2}}}
  animhost.run{duration = 5}
end
