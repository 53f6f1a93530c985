-- Two pans that print their release: `free` follows the scene's estimator, `pinned` names
-- android. The estimator's name and the release velocity go to stderr at `ended`, and the
-- probe item is moved to the free pan's release velocity / 10 (for animhost.load tests).
-- The tunable `sceneDefault` (1…6) sets the scene's default with animhost.gestures.
local names = {"uikit", "android", "compose", "flutter", "web", "average"}
local scene_estimator = names[animhost.tunable("sceneDefault", 0, {min = 0, max = 6})]
local quiet = animhost.tunable("quiet", 0, {min = 0, max = 1}) == 1   -- 1: no prints
animhost.animator{}
local free = animhost.item{name = "free", center = {100, 300}, size = {100, 100}}
local pinned = animhost.item{name = "pinned", center = {300, 300}, size = {100, 100}}
local probe = animhost.item{name = "probe", center = {0, 0}, size = {10, 10}}
local function report(name)
  return function(g)
    if not quiet then print(string.format("%s ended %s %.6f %.6f", name, g.estimator, g.velocity.x, g.velocity.y)) end
    if name == "free" then probe.center = {g.velocity.x / 10, g.velocity.y / 10} end
  end
end
animhost.pan(free, {ended = report("free")})
animhost.pan(pinned, {ended = report("pinned"), estimator = "android"})
if scene_estimator then animhost.gestures{estimator = scene_estimator} end
