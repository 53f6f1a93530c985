-- Fields, after the UIKit Dynamics chapters: items moved by field behaviors only.
--
-- - Three planets fall into a radial gravity well (falloff 2, capped inside 40 pt by
--   minimumRadius, acting everywhere) that also turns them with a vortex in a ring
--   around its core, so they circle it instead of falling straight through; a little
--   resistance lets them spiral in. A tap moves the well (both fields' `position`).
-- - Four specks of dust drift in a noise field inside a rectangle, held there by a spring
--   field. The noise is seeded by --seed: another seed, another drift.
-- - A kite hangs in a custom field written in Lua: a 1 Hz spring to the field's position and
--   a gust that blows it right for half a second every two seconds.
--
-- Units (UIKit's): a field's force F gives an item of mass m (100×100 pt at density 1 = 1)
-- a = 100·F/m pt/s². The vortex divides by the mass once more, as UIKit does, so its
-- strength suits items of one size. Regions are relative to the field's position:
-- {radius = r}, {size = {w, h}}, and combinations ({difference = {A, B}} here).
--
--   well      strength of the gravity well
--   demo      1: a scripted tap that moves the well; 0: no input

local W, H = 320, 568
local wellStrength = animhost.tunable("well", 3, {min = 0, max = 20})

local animator = animhost.animator{bounds = {0, 0, W, H}}

-- The well.
local wellCenter = animhost.vec(W / 2, 160)
local planets = {}
for k, offset in ipairs({{-100, 0}, {70, -40}, {0, 110}}) do
  planets[k] = animhost.item{name = "planet" .. k, center = wellCenter + offset, size = {40, 40}, shape = "ellipse"}
end
local well = animhost.field{kind = "radialGravity", items = planets, position = wellCenter,
                            strength = wellStrength, minimumRadius = 40}
local vortex = animhost.field{kind = "vortex", items = planets, position = wellCenter,
                              region = {difference = {{radius = 150}, {radius = 30}}}, strength = 0.01}
animator:addBehavior(well)
animator:addBehavior(vortex)
animator:addBehavior(animhost.itemBehavior{items = planets, resistance = 0.3})

-- The dust.
local dustCenter = animhost.vec(W / 2, 460)
local dust = {}
for k = 1, 4 do
  dust[k] = animhost.item{name = "dust" .. k, center = dustCenter + {k * 40 - 100, 0}, size = {16, 16}}
end
animator:addBehavior(animhost.field{kind = "noise", items = dust, position = dustCenter, region = {size = {300, 180}},
                                    strength = 0.05, smoothness = 0.5, animationSpeed = 0.5})
animator:addBehavior(animhost.field{kind = "spring", items = dust, position = dustCenter, strength = 0.02})

-- The kite, in a field written in Lua. `position` is the kite's offset from the field's
-- position (pt), `velocity` in pt/s, `time` in s; the force is in UIKit newtons.
local kite = animhost.item{name = "kite", center = {W / 2, 330}, size = {60, 30}}
local omega = 2 * math.pi   -- 1 Hz
animator:addBehavior(animhost.field{items = {kite}, position = {W / 2, 330},
  evaluate = function(position, velocity, mass, charge, time)
    local gust = (time % 2 >= 1 and time % 2 < 1.5) and 600 or 0   -- pt/s²
    local a = -omega * omega * position - 1.5 * velocity + animhost.vec(gust, 0)
    return a * (mass / 100)
  end})

animhost.tap(nil, function(g)
  well.position = g.location
  vortex.position = g.location
end)

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{{at = 3, tap = {W / 2 + 20, 175}}}
end
animhost.run{duration = 6}
-- The noise and the gusts never stop, so the scene never rests: `animhost fuzz` checks
-- everything else and ends each run 2 s after the last touch.
animhost.fuzz{restWithin = 0}
