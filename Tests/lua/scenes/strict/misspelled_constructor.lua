-- A UIKit habit or a typo in a constructor's name: the load must say which name was meant.
local box = animhost.item{name = "box", center = {50, 50}}
local a = animhost.animator{bounds = {0, 0, 200, 200}}
a:addBehavior(animhost.gravty{items = {box}})
