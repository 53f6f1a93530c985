-- A card dragged by a pan and, on release, sprung back home (200, 600) with the release
-- velocity: the drag itself moves the card far from home, what follows the release is a
-- critically damped spring that neither overshoots nor jumps in velocity.
animhost.animator{}
local home = {200, 600}
local card = animhost.item{name = "card", center = home, size = {100, 100}}
animhost.pan(card, {
  changed = function(g) card.center = {home[1] + g.translation.x, home[2] + g.translation.y} end,
  ended = function(g)
    animhost.spring{item = card, property = "center", to = home, velocity = g.velocity, frequency = 1, dampingRatio = 1}
  end,
})
