-- Islands at rest sleep: the stack's boxes report velocity 0 and stay put while the spring
-- beside them keeps the animator running; a script write wakes them; `sleeping = false` keeps
-- them simulated.
local function speed(item)
  local v = item.velocity
  return math.abs(v.x) + math.abs(v.y) + math.abs(item.angularVelocity)
end

describe("sleeping", function()
  it("is a switch on the animator that reads back what is set and refuses a number", function()
    for _, on in ipairs({0, 1}) do
      local ok, err = pcall(animhost.load, "scenes/sleeping.lua", {set = {check = 1, sleeping = on}})
      assert.truthy(ok, tostring(err))
    end
  end)

  it("stops a resting stack: velocity exactly 0, nothing moves, the animator runs on", function()
    local scene = animhost.load("scenes/sleeping.lua"):run(3)
    assert.equal(true, scene.isRunning)
    local before = scene:item("box3").center
    for k = 1, 3 do assert.equal(0, speed(scene:item("box" .. k))) end
    scene:run(0.5)
    assert.equal(before.y, scene:item("box3").center.y)
    assert.truthy(speed(scene:item("ball")) > 0)
  end)

  it("wakes the stack when a script writes to one of its boxes", function()
    local scene = animhost.load("scenes/sleeping.lua", {set = {wake = 1}}):run(2.05)
    assert.truthy(scene:item("box3").center.y < 568 - 100 - 1, "the top box rose")
  end)

  it("off, leaves a resting stack simulated", function()
    local scene = animhost.load("scenes/sleeping.lua", {set = {sleeping = 0}}):run(3)
    local moving = 0
    for k = 1, 3 do moving = moving + speed(scene:item("box" .. k)) end
    assert.truthy(moving > 0, "the solver's residual velocities are reported")
  end)
end)
