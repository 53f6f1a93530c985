-- A pan handler that misspells a gesture field (the line the error must name is 5).
animhost.animator{}
local card = animhost.item{name = "card", center = {100, 100}, size = {80, 80}}
animhost.pan(card, {changed = function(g)
  card.center = g.locaton
end})
