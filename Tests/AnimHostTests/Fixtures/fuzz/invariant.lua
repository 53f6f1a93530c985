-- Planted bug: a long press drops the card, and nothing stops it at the tray; the scene's
-- invariant says the card stays above y = 450.
local W, H = 320, 568
local card = animhost.item{name = "card", center = {160, 200}, size = {200, 120}}
local animator = animhost.animator{bounds = {0, 0, W, H}}
animator:addBehavior(animhost.collision{items = {card}, translatesReferenceBoundsIntoBoundary = true})
animhost.invariant("the card stays above the tray", function()
  return card.center.y <= 450, "card at y = " .. card.center.y
end)
animhost.longPress(card, {began = function()
  animator:addBehavior(animhost.gravity{items = {card}})
end})
