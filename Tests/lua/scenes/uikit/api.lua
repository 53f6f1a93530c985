-- Self-checking scene: every field of the UIKit behavior bindings reads back what was
-- written (uikit_api_test.lua loads it once per case; a failed check is a load error
-- with this file's line).
local case = animhost.tunable("case", 0)
local function near(a, b, what) if math.abs(a - b) > 1e-9 then error(what .. ": expected " .. b .. ", got " .. a, 2) end end
local function check(ok, what) if not ok then error(what, 2) end end

local a = animhost.item{name = "a", center = {0, 0}}
local b = animhost.item{name = "b", center = {300, 0}}
local c = animhost.item{name = "c", center = {600, 0}}
local animator = animhost.animator{}

local cases = {}

cases.gravity = function()
  local g = animhost.gravity{items = {a}}
  near(g.direction.x, 0, "default direction x"); near(g.direction.y, 1, "default direction y")
  near(g.angle, math.pi / 2, "default angle"); near(g.magnitude, 1, "default magnitude")
  g.angle = 0
  near(g.direction.x, 1, "angle → direction x"); near(g.direction.y, 0, "angle → direction y")
  g.magnitude = 2.5
  near(g.direction.x, 2.5, "magnitude keeps the angle")
  g.direction = {0, -3}
  near(g.angle, -math.pi / 2, "direction → angle"); near(g.magnitude, 3, "direction → magnitude")
  g:setAngle(math.pi, 0.5)
  near(g.direction.x, -0.5, "setAngle x"); near(g.direction.y, 0, "setAngle y")
  g.direction = {0, 0}
  near(g.angle, 0, "zero vector reads angle 0")
  local g2 = animhost.gravity{magnitude = 2}
  near(g2.direction.y, 2, "constructor magnitude keeps the default angle")
  local g3 = animhost.gravity{angle = 0}
  near(g3.direction.x, 1, "constructor angle keeps the default magnitude")
  g:addItem(b); g:addItem(b)
  check(#g.items == 2 and g.items[2] == b, "addItem once")
  g:removeItem(a)
  check(#g.items == 1 and g.items[1] == b, "removeItem")
  animator:addBehavior(g)
  check(animator.behaviors[1] == g, "the animator returns the same gravity object")
end

cases.push = function()
  local p = animhost.push{items = {a, b}}
  check(p.mode == "continuous" and p.active == true, "defaults: continuous, active")
  near(p.angle, 0, "default angle"); near(p.magnitude, 0, "default magnitude")
  p.direction = {0, 2}
  near(p.angle, math.pi / 2, "direction → angle"); near(p.magnitude, 2, "direction → magnitude")
  p.angle = math.pi
  near(p.direction.x, -2, "angle → direction x"); near(p.pushDirection.x, -2, "pushDirection is direction")
  p.magnitude = -1
  near(p.direction.x, 1, "a negative magnitude reverses")
  p:setAngle(0, 3)
  near(p.direction.x, 3, "setAngle")
  p.active = false
  check(p.active == false, "active is writable")
  p:setTargetOffsetFromCenter(b, {5, -5})
  local o = p:targetOffsetFromCenter(b)
  near(o.x, 5, "offset x"); near(o.y, -5, "offset y")
  near(p:targetOffsetFromCenter(a).x, 0, "other items keep offset 0")
  local i = animhost.push{items = {a}, mode = "instantaneous", direction = {3, 4}}
  check(i.mode == "instantaneous", "mode"); near(i.magnitude, 5, "constructor direction")
  local j = animhost.push{items = {a}, angle = 1, magnitude = 2, active = false}
  near(j.angle, 1, "constructor angle"); check(j.active == false, "constructor active")
  animator:addBehavior(p)
  check(animator.behaviors[1] == p, "the animator returns the same push object")
end

cases.snap = function()
  local s = animhost.snap{item = a, to = {10, 20}}
  near(s.damping, 0.5, "UIKit's default damping")
  near(s.snapPoint.x, 10, "snapPoint x"); near(s.snapPoint.y, 20, "snapPoint y")
  check(s.item == a and s.items[1] == a, "item")
  s.snapPoint = {30, 40}; s.damping = 0.9
  near(s.snapPoint.y, 40, "snapPoint writable"); near(s.damping, 0.9, "damping writable")
  near(animhost.snap{item = b, to = {0, 0}, damping = 0.2}.damping, 0.2, "constructor damping")
  animator:addBehavior(s)
  check(animator.behaviors[1] == s, "the animator returns the same snap object")
end

cases.field = function()
  local f = animhost.field{kind = "radialGravity", items = {a}, position = {1, 2}, strength = 3}
  check(f.kind == "radialGravity", "kind")
  near(f.falloff, 2, "radial gravity's default falloff"); near(f.minimumRadius, 100 / 32768, "minimumRadius default")
  near(f.position.y, 2, "position"); near(f.strength, 3, "strength")
  check(f.region.infinite == true, "default region reads {infinite = true}")
  f.falloff = 1; f.minimumRadius = 5; f.smoothness = 0.25; f.animationSpeed = 2; f.strength = -1
  f.direction = {0.5, 0}; f.position = {7, 8}
  near(f.falloff, 1, "falloff"); near(f.minimumRadius, 5, "minimumRadius"); near(f.smoothness, 0.25, "smoothness")
  near(f.animationSpeed, 2, "animationSpeed"); near(f.strength, -1, "strength"); near(f.direction.x, 0.5, "direction")
  near(f.position.x, 7, "position")
  f.region = {union = {{radius = 10}, {size = {4, 6}, inverse = true}}, inverse = true}
  local r = f.region
  check(r.inverse == true and #r.union == 2, "region combination reads back")
  near(r.union[1].radius, 10, "region radius"); near(r.union[2].size.y, 6, "region size")
  check(r.union[2].inverse == true and r.union[1].inverse == nil, "inverse flags")
  f.region = nil
  check(f.region.infinite == true, "nil region is infinite")
  f:addItem(b); f:removeItem(a)
  check(#f.items == 1 and f.items[1] == b, "items")
  check(f.evaluate == nil, "a built-in field has no evaluate")
  near(animhost.field{kind = "spring"}.falloff, -1, "spring falloff")
  near(animhost.field{kind = "electric"}.falloff, 1, "electric falloff")
  near(animhost.field{kind = "vortex"}.falloff, 0, "vortex falloff")
  local fn = function() return {0, 0} end
  local custom = animhost.field{evaluate = fn, items = {c}}
  check(custom.kind == "custom" and custom.evaluate == fn, "custom field")
  local fn2 = function() return nil end
  custom.evaluate = fn2
  check(custom.evaluate == fn2, "evaluate is writable")
  check(animhost.field{kind = "custom", evaluate = fn}.kind == "custom", "kind = custom with evaluate")
  animator:addBehavior(f)
  check(animator.behaviors[1] == f, "the animator returns the same field object")
end

cases.attachment = function()
  local fixed = animhost.attachment.fixed{item = a, item2 = b}
  check(fixed.kind == "fixed" and fixed.axis == nil and #fixed.items == 2, "fixed")
  local pin = animhost.attachment.pin{item = a, anchor = {0, -50}, frictionTorque = 2, range = {-1, 0.5}}
  check(pin.kind == "pin", "pin kind"); near(pin.frictionTorque, 2, "frictionTorque")
  near(pin.attachmentRange.min, -1, "range min"); near(pin.attachmentRange[2], 0.5, "range max")
  pin.attachmentRange = {min = -0.25, max = 0}
  near(pin.attachmentRange[1], -0.25, "range writable")
  pin.frictionTorque = 0.5
  near(pin.frictionTorque, 0.5, "frictionTorque writable")
  local unlimited = animhost.attachment.pin{item = a, anchor = {0, 0}}
  check(unlimited.attachmentRange.min == -math.huge and unlimited.attachmentRange.max == math.huge, "default range is infinite")
  local slide = animhost.attachment.sliding{item = a, item2 = b, axis = {0, 3}}
  near(slide.axis.y, 1, "the axis is a unit vector"); check(slide.kind == "sliding", "sliding kind")
  local limit = animhost.attachment.limit{item = a, item2 = b, offset = {10, 0}, offset2 = {-10, 0}, length = 120}
  check(limit.kind == "limit", "limit kind"); near(limit.length, 120, "limit length")
  local plain = animhost.attachment{item = a, anchor = {0, 0}, range = {-1, 1}}
  check(plain.kind == "distance", "the constructor makes a distance attachment")
  near(plain.attachmentRange.max, 1, "range on the constructor")
  animator:addBehavior(slide)
  check(animator.behaviors[1] == slide, "the animator returns the same attachment object")
end

cases.animator = function()
  local b2 = animhost.item{name = "rotated", center = {300, 300}, size = {100, 20}, angle = math.pi / 2}
  animator:addBehavior(animhost.itemBehavior{items = {a, b, b2}})
  -- c is in no behavior, so the animator does not simulate it.
  local all = animator:itemsIn({-1000, -1000, 2000, 2000})
  check(#all == 3 and all[1] == a and all[2] == b and all[3] == b2, "itemsIn: simulated items in creation order")
  local one = animator:itemsIn({240, -10, 20, 20})
  check(#one == 1 and one[1] == b, "itemsIn: overlap with the item's box")
  -- Turned a quarter, the 100×20 item spans x 290…310 and y 250…350.
  check(#animator:itemsIn({311, 300, 50, 1}) == 0, "itemsIn: outside the rotated box")
  check(#animator:itemsIn({305, 340, 50, 1}) == 1, "itemsIn: inside the rotated box")
  animator:updateItemUsingCurrentState(a)
  -- At 2 s everything rests; updating an item wakes the animator.
  animhost.after(2, function()
    check(not animator.isRunning, "at rest before")
    animator:updateItemUsingCurrentState(a)
    check(animator.isRunning, "updateItemUsingCurrentState wakes the animator")
  end)
end

local names = {"gravity", "push", "snap", "field", "attachment", "animator"}
cases[names[case]]()
