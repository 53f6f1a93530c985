-- Optional globals are read with rawget, which strict globals leave alone.
local box = animhost.item{name = "box", center = {rawget(_G, "startX") or 10, 0}}
animhost.animator{}
