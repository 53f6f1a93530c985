-- A 40-pt box on a 320×568 screen whose bounds are a boundary, pushed by a huge force picked
-- by the tunable `case`: 1 gravity of magnitude 10 000 (10⁷ pt/s²), 2 a custom field's force
-- of 10⁴ to the right (6.25·10⁶ pt/s² on the box's mass of 0.16).
local case = animhost.tunable("case", 1, {min = 1, max = 2})
local animator = animhost.animator{bounds = {0, 0, 320, 568}}
local box = animhost.item{name = "box", center = {160, 100}, size = {40, 40}}
animator:addBehavior(animhost.collision{items = {box}, translatesReferenceBoundsIntoBoundary = true})
if case == 1 then
  animator:addBehavior(animhost.gravity{items = {box}, magnitude = 10000})
else
  animator:addBehavior(animhost.field{items = {box}, evaluate = function() return animhost.vec(10000, 0) end})
end
