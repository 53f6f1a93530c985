-- Bad input to the UIKit behavior bindings: case N is on line N + 9 (uikit_api_test.lua).
local case = animhost.tunable("case", 0)
local a = animhost.item{name = "a", center = {0, 0}}
local b = animhost.item{name = "b", center = {200, 0}}
local g = animhost.gravity{items = {a}}
local p = animhost.push{items = {a}}
local f = animhost.field{kind = "vortex", items = {a}}
local pin = animhost.attachment.pin{item = a, anchor = {0, 0}}
local cases = {
  function() animhost.field{kind = "gravity", items = {a}} end,
  function() animhost.field{kind = "vortex", strenght = 2} end,
  function() animhost.field{kind = "noise", smoothness = 0 / 0} end,
  function() animhost.field{kind = "drag", minimumRadius = -1} end,
  function() animhost.field{kind = "noise", animationSpeed = -2} end,
  function() animhost.field{kind = "spring", region = {radius = 10, size = {1, 1}}} end,
  function() animhost.field{kind = "spring", region = {union = {{radius = 1}, {radius = -5}}}} end,
  function() animhost.field{kind = "spring", region = {raduis = 4}} end,
  function() animhost.field{kind = "spring", evaluate = function() end} end,
  function() animhost.field{items = {a}} end,
  function() f.strength = 1 / 0 end,
  function() f.evaluate = function() end end,
  function() g.magnitude = 0 / 0 end,
  function() g.direction = {0 / 0, 1} end,
  function() animhost.gravity{items = {a}, direction = {0, 1}, magnitude = 2} end,
  function() animhost.push{items = {a}, mode = "instantanous"} end,
  function() p.active = "yes" end,
  function() p:setTargetOffsetFromCenter(b, {1, 0}) end,
  function() animhost.snap{item = a, to = {0, 0}, damping = -0.5} end,
  function() animhost.snap{item = a} end,
  function() animhost.attachment.sliding{item = a, anchor = {0, 0}, axis = {0, 0}} end,
  function() animhost.attachment.pin{item = a, anchor = {0, 0}, range = {0.5, 1}} end,
  function() pin.attachmentRange = {-1, 0 / 0} end,
  function() animhost.attachment.pin{item = a, anchor = {0, 0}, frictionTorque = -1} end,
  function() pin.frictionTorque = -1 end,
  function() animhost.attachment.fixed{item = a} end,
  function() animhost.attachment.limit{item = a, item2 = a} end,
  function() animhost.attachment.limit{item = a, item2 = b, length = -3} end,
  function() animhost.animator{}:itemsIn({0, 0, 1}) end,
}
cases[case]()
