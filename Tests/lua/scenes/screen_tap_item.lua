-- A screen-level tap: its gesture's `item` is nil (read without error), and marks the marker.
animhost.animator{}
local marker = animhost.item{name = "marker", center = {0, 0}, size = {4, 4}}
animhost.tap(nil, function(g)
  marker.center = g.location
  marker.alpha = g.item == nil and 0.5 or 1
end)
