-- The attachment kinds through Lua, under gravity (uikit_api_test.lua reads the motion).
-- Every item is 100×100 pt; groups are far apart and share one gravity.
local animator = animhost.animator{}
local function box(name, x, y, size)
  return animhost.item{name = name, center = {x, y}, size = size or {100, 100}}
end
local falling = {}
local function add(b) animator:addBehavior(b); return b end

-- fixed to the frame: never moves.
local welded = box("welded", 0, 0)
add(animhost.attachment.fixed{item = welded, anchor = {0, 0}})
-- fixed item↔item: the pair swings about a pin as one rigid body.
local pairA, pairB = box("pairA", 300, 0), box("pairB", 400, 40)
add(animhost.attachment.fixed{item = pairA, item2 = pairB})
add(animhost.attachment.pin{item = pairA, anchor = {250, -50}})
-- pin at the top-left corner: swings about it; a limited one within ±0.3 rad; a braked one stays.
local pendulum = box("pendulum", 700, 0)
add(animhost.attachment.pin{item = pendulum, anchor = {650, -50}})
local limited = box("limited", 1000, 0)
add(animhost.attachment.pin{item = limited, anchor = {950, -50}, range = {-0.3, 0.3}})
local braked = box("braked", 1300, 0)
add(animhost.attachment.pin{item = braked, anchor = {1250, -50}, frictionTorque = 100})
-- sliding along the diagonal, at most 40 pt of travel.
local slider = box("slider", 1600, 0)
local slide = add(animhost.attachment.sliding{item = slider, anchor = {1600, 0}, axis = {1, 1}, range = {-40, 40}})
-- limit (rope): the second item falls until the rope is taut at 80 pt, never farther.
local ropeTop, ropeEnd = box("ropeTop", 1900, 0, {20, 20}), box("ropeEnd", 1900, 30, {20, 20})
add(animhost.itemBehavior{items = {ropeTop}, anchored = true})
add(animhost.attachment.limit{item = ropeTop, item2 = ropeEnd, length = 80})

for _, b in ipairs({welded, pairA, pairB, pendulum, limited, braked, slider, ropeEnd}) do falling[#falling + 1] = b end
add(animhost.gravity{items = falling})

-- The attachments read back what they were made with.
assert(slide.kind == "sliding" and slide.axis:length() > 0.999, "sliding kind/axis")
assert(slide.attachmentRange.min == -40 and slide.attachmentRange[2] == 40, "sliding range")
