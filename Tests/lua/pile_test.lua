-- behaviors/pile.lua with fewer boxes: all land in the container and come to rest.
local W, H = 640, 960

describe("pile", function()
  it("brings 40 boxes to rest inside the container", function()
    local scene = animhost.load("../../behaviors/pile.lua", {set = {count = 40}})
    scene:runUntilRest(15)
    assert.is_true(scene.atRest)
    local columns = math.ceil(math.sqrt(40))
    local inner = columns * 45 + 10
    local left, floor = (W - inner) / 2, H - 40
    for n = 1, 40 do
      local box = scene:item("box" .. n)
      local c, s = box.center, box.size
      local r = math.sqrt(s.x * s.x + s.y * s.y) / 2
      assert.truthy(c.x > left and c.x < left + inner, "box" .. n .. " outside the walls at x = " .. c.x)
      assert.truthy(c.y < floor and c.y > floor - 6 * 45, "box" .. n .. " at y = " .. c.y)
      assert.truthy(c.y + r > floor - 400, "box" .. n .. " floats")
      -- At rest nothing moves 0.01 pt a step (1.2 pt/s at 120 Hz).
      assert.truthy(box.velocity:length() < 1.2, "box" .. n .. " at " .. box.velocity:length() .. " pt/s")
    end
  end)

  it("is the same pile for the same seed", function()
    local a = animhost.load("../../behaviors/pile.lua", {set = {count = 12}}):run(1)
    local b = animhost.load("../../behaviors/pile.lua", {set = {count = 12}}):run(1)
    assert.equal(a:trace():csv(), b:trace():csv())
  end)
end)
