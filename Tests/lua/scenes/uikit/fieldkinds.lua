-- One 100×100 item (mass 1, resistance 0) per field kind, each field acting on its item
-- only, placed 100 pt (1 UIKit metre) to the left of it unless said otherwise
-- (uikit_api_test.lua checks the first accelerations against the formulas).
local animator = animhost.animator{}
local all = {}
local function case(name, k, field, velocity)
  local x, y = 300 * k, 0
  local item = animhost.item{name = name, center = {x, y}, size = {100, 100}, velocity = velocity}
  all[#all + 1] = item
  field.items = nil
  field.position = field.position or {x - 100, y}
  local f = animhost.field(field)
  f:addItem(item)
  animator:addBehavior(f)
  return item
end
case("linearGravity", 0, {kind = "linearGravity", direction = {1, 0}})
case("radialGravity", 1, {kind = "radialGravity"})
case("electric", 2, {kind = "electric"})
case("magnetic", 3, {kind = "magnetic", position = {900, -100}}, {100, 0})   -- above: r stays 1 m
case("spring", 4, {kind = "spring"})
case("drag", 5, {kind = "drag"}, {100, 0})
case("vortex", 6, {kind = "vortex"})
case("velocity", 7, {kind = "velocity", direction = {1, 0.5}})
case("noise", 8, {kind = "noise", strength = 5, smoothness = 0.3})
case("turbulence", 9, {kind = "turbulence", strength = 5}, {300, 0})
case("outside", 10, {kind = "linearGravity", direction = {1, 0}, region = {radius = 50}})
case("inside", 11, {kind = "linearGravity", direction = {1, 0}, region = {difference = {{radius = 150}, {size = {20, 20}}}}})
case("custom", 12, {evaluate = function(position, velocity, mass, charge, time)
  -- 2 UIKit newtons towards the field's position, i.e. 200 pt/s² for mass 1.
  return -2 * position / position:length()
end})
animator:addBehavior(animhost.itemBehavior{items = all, resistance = 0, angularResistance = 0, charge = 1})
