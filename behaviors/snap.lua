-- Snap, from the iOS 7 UIKit Dynamics chapter: tap anywhere and the label snaps to the
-- tapped point.
--
-- Each tap replaces the snap behavior with a new one to the new point (the chapter's
-- recipe: UIKit reads a snap's damping only when it joins the animator). The label swings
-- in on UIKit's four corner springs, overshoots a little, turns on the way when it moves
-- diagonally, and settles centred on the point at angle 0. A tap while it is still moving
-- takes it from where it is, at the speed it has.
--
--   damping   0 (most oscillation) … 1 (least); UIKit's default is 0.5
--             animhost run behaviors/snap.lua --set damping=0.1
--   demo      1: the scripted taps below; tests set 0 and tap themselves

local W, H = 320, 568
local damping = animhost.tunable("damping", 0.5, {min = 0, max = 1})

local label = animhost.item{name = "label", center = {W / 2, 100}, size = {160, 44}}
local animator = animhost.animator{bounds = {0, 0, W, H}}

local snap
animhost.tap(nil, function(g)
  if snap then animator:removeBehavior(snap) end
  snap = animhost.snap{item = label, to = g.location, damping = damping}
  animator:addBehavior(snap)
end)

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, tap = {240, 420}},   -- down and to the right
    {at = 0.6, tap = {80, 300}},    -- while it is still on its way: it turns back smoothly
    {at = 2.0, tap = {W / 2, 100}}, -- home
  }
end
