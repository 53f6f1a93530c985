-- An item in no behavior whose velocity a timer sets: nothing moves it, so frames must show
-- it standing (the script still reads back what it set, in that callback).
local b = animhost.item{name = "b", center = {100, 100}, size = {20, 20}}
animhost.animator{}
animhost.after(0.5, function()
  b.velocity = {1000, 0}
  assert(b.velocity.x == 1000, "read back " .. b.velocity.x)
end)
