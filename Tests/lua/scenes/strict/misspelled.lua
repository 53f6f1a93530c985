-- A scene with a misspelled local: `heavvy` for `heavy`. Strict globals stop it at line 5.
local heavy = animhost.item{name = "heavy", center = {160, 100}}
local animator = animhost.animator{bounds = {0, 0, 320, 480}}
animator:addBehavior(animhost.gravity{items = {heavy}})
local items = {heavvy}
