-- A card with only a pan, and a screen-level tap that moves a marker to the tapped point.
-- The pan fades the card while it drags, so a test can tell which gesture won.
local card = animhost.item{name = "card", center = {100, 100}, size = {80, 80}}
local marker = animhost.item{name = "marker", center = {0, 0}, size = {4, 4}}
animhost.animator{}
animhost.pan(card, {
  began = function() card.alpha = 0.5 end,
  changed = function(g) card.center = {100 + g.translation.x, 100 + g.translation.y} end,
  ended = function(g) card.center = {100 + g.translation.x, 100 + g.translation.y}; card.alpha = 1 end,
})
animhost.tap(nil, function(g) marker.center = g.location end)
