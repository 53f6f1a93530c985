-- The Lua bridge under load (scripts/bench lua-behavior): 1000 items and a custom behavior
-- whose action touches every item once per step. The tunable `mode` picks the access:
-- 0 nothing (the loop alone, subtracted as the baseline), 1 vector read, 2 vector write,
-- 3 read + write, 4 scalar read, 5 scalar write, 6 vec arithmetic (read, scale, write).
local mode = animhost.tunable("mode", 0, {min = 0, max = 6})
local count = animhost.tunable("count", 1000, {min = 1, max = 100000})

local animator = animhost.animator{bounds = {0, 0, 1000, 1000}}
local items = {}
for i = 1, count do
  items[i] = animhost.item{center = {(i % 40) * 20 + 10, (i // 40) * 20 + 10}, size = {10, 10}}
end

local Probe = animhost.behavior("Probe")
function Probe:init() end
local w = animhost.vec(1, 0)
local n = #items
local actions = {
  [0] = function() for i = 1, n do local it = items[i] end end,
  function() for i = 1, n do local v = items[i].velocity end end,
  function() for i = 1, n do items[i].velocity = w end end,
  function() for i = 1, n do local it = items[i]; it.velocity = it.velocity end end,
  function() for i = 1, n do local a = items[i].angle end end,
  function() for i = 1, n do items[i].angularVelocity = 0 end end,
  function() for i = 1, n do local it = items[i]; it.velocity = it.velocity * 0.5 end end,
}
Probe.action = actions[mode]
animator:addBehavior(Probe.new())
