-- UIKit's units through the Lua API (uikit_api_test.lua): gravity, continuous and
-- instantaneous push, a push off center. Every item is 100×100 pt at density 1 (mass 1)
-- with resistance 0, so nothing but the behavior under test changes its velocity.
local function box(name, x, props)
  return animhost.item{name = name, center = {x, 0}, size = {100, 100}, props = props}
end
local faller = box("faller", 0)
local pushed = box("pushed", 200)
local kicked = box("kicked", 400, {pushActive = -1})
local spun = box("spun", 600)

local animator = animhost.animator{}
animator:addBehavior(animhost.itemBehavior{items = {faller, pushed, kicked, spun}, resistance = 0, angularResistance = 0})
animator:addBehavior(animhost.gravity{items = {faller}})
animator:addBehavior(animhost.push{items = {pushed}, magnitude = 1})
local kick = animhost.push{items = {kicked}, mode = "instantaneous", magnitude = 1}
animator:addBehavior(kick)
-- Downwards at the right edge: +100 pt/s down and a clockwise turn.
local twist = animhost.push{items = {spun}, mode = "instantaneous", angle = math.pi / 2, magnitude = 1}
twist:setTargetOffsetFromCenter(spun, {50, 0})
animator:addBehavior(twist)

-- Record the instantaneous push's `active` at load and after every step.
kicked.pushActive = kick.active and 1 or 0
animhost.every(1 / 120, function() kicked.pushActive = kick.active and 1 or 0 end)
