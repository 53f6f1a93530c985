-- One item falling from rest under gravity 1 (1000 pt/s²), with the item defaults, or
-- with `resistance` given (a tunable; -1 leaves the default).
local ball = animhost.item{name = "ball", center = {0, 0}}
local animator = animhost.animator{}
animator:addBehavior(animhost.gravity{items = {ball}})
local resistance = animhost.tunable("resistance", -1, {min = -1, max = 10})
if resistance >= 0 then
  animator:addBehavior(animhost.itemBehavior{items = {ball}, resistance = resistance})
end
