-- Drag, from the iOS 7 UIKit Dynamics chapter: a box hangs under gravity; grab it
-- anywhere and the point you grabbed follows your finger.
--
-- On each new drag the attachment is made again: from the touch point on the box (its
-- offset from the box's center, in the box's own frame, so it turns with the box) to an
-- anchor at the finger, with its length reset to 0. The anchor follows the pan, so the box
-- hangs from your finger and turns about it. When you let go the anchor stays where the
-- finger lifted and the box keeps swinging from that point, losing a little energy to the
-- default resistance (0.1) as it goes.
--
--   frequency  0: a rigid attachment (the chapter's); > 0 Hz: a spring to the finger
--   demo       1: the scripted drags below; tests set 0 and drag themselves

local W, H = 320, 568
local frequency = animhost.tunable("frequency", 0, {min = 0, max = 20})

local box = animhost.item{name = "box", center = {W / 2, 250}, size = {100, 100}}
local animator = animhost.animator{bounds = {0, 0, W, H}}
animator:addBehavior(animhost.gravity{items = {box}})

-- At first the box hangs by the middle of its top edge, 50 pt below the anchor.
local attachment = animhost.attachment{item = box, offset = {0, -50}, anchor = {W / 2, 150}}
animator:addBehavior(attachment)

-- A point of the reference frame as an offset from the box's center, in the box's frame.
local function offsetOnBox(point)
  local d = point - box.center
  local c, s = math.cos(box.angle), math.sin(box.angle)
  return animhost.vec(c * d.x + s * d.y, -s * d.x + c * d.y)
end

animhost.pan(box, {
  began = function(g)
    animator:removeBehavior(attachment)
    -- The finger holds the point of the box it went down on (`translation` counts from
    -- there) and is already `translation` away from it when the pan begins.
    attachment = animhost.attachment{item = box, offset = offsetOnBox(g.location - g.translation), anchor = g.location,
                                     length = 0, frequency = frequency, damping = 0.7}
    animator:addBehavior(attachment)
  end,
  changed = function(g) attachment.anchorPoint = g.location end,
  -- The anchor stays where the finger lifts; the box swings on from it.
  ended = function(g) attachment.anchorPoint = g.location end,
})

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    -- Grab the box near the top and pull it up and to the right.
    {at = 0.3, pan = {from = {175, 210}, to = {250, 170}, duration = 0.4}},
    -- Grab it again, above its center, while it swings, and pull it to the left.
    {at = 3.0, pan = {from = {247, 190}, to = {170, 190}, duration = 0.5}},
  }
end
animhost.run{duration = 8}
-- The chapter's pendulum swings on for a minute (only the default resistance, 0.1, slows it),
-- so it is not at rest 10 s after a touch: `animhost fuzz` checks everything else and ends
-- each run 2 s after the last touch.
animhost.fuzz{restWithin = 0}
