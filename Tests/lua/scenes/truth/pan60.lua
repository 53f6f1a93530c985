-- pan_free.lua (no release) with a drag given as raw touches at the frames' times, as
-- frames print them (6 decimals, every 1/60 s, 10 pt apart): the box moves 10 pt every frame.
local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
animhost.animator{}
animhost.pan(box, {changed = function(g) box.center = g.location end})
local touches = {{t = 0, phase = "began", x = 100, y = 100}}
for k = 1, 12 do
  touches[#touches + 1] = {t = tonumber(string.format("%.6f", k / 60)), phase = "moved", x = 100 + 10 * k, y = 100}
end
touches[#touches + 1] = {t = 0.216667, phase = "ended", x = 220, y = 100}
animhost.input{{at = 0, touches = touches}}
