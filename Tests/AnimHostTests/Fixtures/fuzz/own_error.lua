-- Planted bug: the scene raises an error at t = 0.5 s whatever the touches: shrinking finds
-- that no touch is needed (one run) rather than spending its budget on the touches.
local card = animhost.item{name = "card", center = {160, 300}, size = {100, 100}}
animhost.animator{bounds = {0, 0, 320, 568}}
animhost.after(0.5, function() error("the card's timer lost its target") end)
