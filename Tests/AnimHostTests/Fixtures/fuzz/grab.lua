-- Planted bug: a drag grabs the card by putting its centre under the finger at touch-down,
-- so the card jumps as the finger lands (the fix: move it by the finger's delta, as
-- behaviors/pane.lua does, and it stays where it was grabbed).
local card = animhost.item{name = "card", center = {160, 300}, size = {200, 200}}
local animator = animhost.animator{bounds = {0, 0, 320, 568}}
local home = animhost.attachment{item = card, anchor = {160, 300}, length = 0, frequency = 3, damping = 1}
animator:addBehavior(home)
animhost.pan(card, {
  began = function(g)
    animator:removeBehavior(home)
    card.center = g.location   -- the bug: the card's centre jumps to the finger
  end,
  changed = function(g) card.center = card.center + g.delta end,
  ended = function(g)
    card.center = card.center + g.delta
    card.velocity = g.velocity
    animator:addBehavior(home)
  end,
})
