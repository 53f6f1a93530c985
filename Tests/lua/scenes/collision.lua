-- Collision cases for collision_test.lua, picked by the tunable `case`. Results go into
-- custom props of an item named "log" (counts stay readable from the test).
local case = animhost.tunable("case", 1, {min = 1, max = 3})
local animator = animhost.animator{bounds = {0, 0, 320, 568}}
local log = animhost.item{name = "log", center = {-1000, -1000}, size = {1, 1},
                          props = {boundsBegan = 0, shelfBegan = 0, numberBegan = 0, pairBegan = 0, pointY = 0}}

if case == 1 then
  local a = animhost.item{name = "a", center = {60, 100}, size = {40, 40}}
  local b = animhost.item{name = "b", center = {160, 100}, size = {40, 40}}
  local c = animhost.item{name = "c", center = {260, 100}, size = {40, 40}}
  local collision = animhost.collision{items = {a, b, c}, translatesReferenceBoundsIntoBoundary = true,
                                       onBegan = function(contact)
    assert(contact.other == nil)
    if contact.boundary == nil then log.boundsBegan = log.boundsBegan + 1
    elseif contact.boundary == "shelf" then log.shelfBegan = log.shelfBegan + 1
    elseif contact.boundary == 7 then log.numberBegan = log.numberBegan + 1
    else error("unexpected boundary " .. tostring(contact.boundary)) end
  end}
  collision:addBoundary("shelf", {100, 300}, {220, 300})
  collision:addBoundary(7, {{220, 200}, {300, 200}, {300, 210}})
  assert(#collision.boundaryIdentifiers == 2 and collision.boundaryIdentifiers[1] == "shelf"
         and collision.boundaryIdentifiers[2] == 7)
  local dull = animhost.itemBehavior{items = {a, b, c}, elasticity = 0}
  animator:addBehavior(animhost.gravity{items = {a, b, c}})
  animator:addBehavior(collision)
  animator:addBehavior(dull)
elseif case == 3 then
  -- An L-shaped group: a bar and a post falling as one body onto the bottom edge.
  local bar = animhost.item{name = "bar", center = {160, 100}, size = {120, 20}}
  local post = animhost.item{name = "post", center = {110, 60}, size = {20, 60}}
  local L = animhost.group{name = "L", items = {bar, post}}
  local collision = animhost.collision{items = {L}, translatesReferenceBoundsIntoBoundary = true}
  collision.onBegan = function(contact)
    assert(contact.item == L and contact.other == nil and contact.boundary == nil)
    log.boundsBegan = log.boundsBegan + 1
  end
  animator:addBehavior(animhost.gravity{items = {L}})
  animator:addBehavior(collision)
else
  local low = animhost.item{name = "low", center = {160, 520}, size = {80, 40}}
  local high = animhost.item{name = "high", center = {160, 300}, size = {40, 40}}
  local collision = animhost.collision{items = {low, high}, mode = "items"}
  collision.onBegan = function(contact)
    assert(contact.item == low and contact.other == high and contact.boundary == nil)
    log.pairBegan = log.pairBegan + 1
    log.pointY = contact.point.y
  end
  animator:addBehavior(animhost.gravity{items = {high}})
  animator:addBehavior(animhost.itemBehavior{items = {low}, anchored = true, elasticity = 0})
  animator:addBehavior(animhost.itemBehavior{items = {high}, elasticity = 0})
  animator:addBehavior(collision)
end
