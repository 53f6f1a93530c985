-- A pile: hundreds of boxes of random sizes and tilts fall into an open container and
-- come to rest.
-- The container is three boundaries of one collision behavior (a floor and two walls, no
-- lid), so boxes that bounce high stay in. The default 200 boxes come to rest at about 7.6 s.
-- `count` is a tunable (--set count=500); sizes come from math.random, seeded by --seed.

local count = math.floor(animhost.tunable("count", 200, {min = 1, max = 2000, integer = true}))

local columns = math.ceil(math.sqrt(count))
local inner = columns * 45 + 10                  -- the container's inner width
local rows = math.ceil(count / columns)
-- The screen is 640×960, grown when the container needs more room (from 170 boxes on),
-- so the container always lies inside the bounds with 20 pt to spare.
local W = math.max(640, inner + 40)
local H = math.max(960, rows * 45 + 90 + 60)
local left, floor = (W - inner) / 2, H - 40

local animator = animhost.animator{bounds = {0, 0, W, H}}
local boxes = {}
for n = 0, count - 1 do
  local c, r = n % columns, n // columns
  local w, h = 20 + 20 * math.random(), 20 + 20 * math.random()
  local x = left + 27.5 + c * 45 + (math.random() * 4 - 2)
  local y = floor - 45 * (r + 1)
  local angle = (math.random() - 0.5) * 0.6     -- tilted a little, so they tumble
  boxes[#boxes + 1] = animhost.item{name = "box" .. (n + 1), center = {x, y}, size = {w, h}, angle = angle}
end

local container = animhost.collision{items = boxes}
local top = floor - rows * 45 - 90
container:addBoundary("floor", {left, floor}, {left + inner, floor})
container:addBoundary("left", {left, top}, {left, floor})
container:addBoundary("right", {left + inner, floor}, {left + inner, top})

animator:addBehavior(animhost.gravity{items = boxes})
animator:addBehavior(container)
