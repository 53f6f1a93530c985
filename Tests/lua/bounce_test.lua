-- behaviors/bounce.lua: bounces built from a damped oscillation (animhost.bounce).
local W, H = 320, 568
local floorY = H - 40
local BOUNCE = "../../behaviors/bounce.lua"

-- Strict sign changes of value − target over the frames.
local function crossings(trace, item, field, target, duration)
  local n, last = 0, nil
  for i = 0, math.floor(duration * 60) do
    local d = trace:value(item, field, i / 60) - target
    if d ~= 0 then
      if last and (d > 0) ~= (last > 0) then n = n + 1 end
      last = d
    end
  end
  return n
end

-- Local maxima of a field over the frames.
local function peaks(trace, item, field, duration)
  local n = 0
  for i = 1, math.floor(duration * 60) - 1 do
    local a, b, c = trace:value(item, field, (i - 1) / 60), trace:value(item, field, i / 60), trace:value(item, field, (i + 1) / 60)
    if b > a and b > c then n = n + 1 end
  end
  return n
end

describe("bounce", function()
  for _, n in ipairs({2, 4, 7}) do
    it("with bounces = " .. n .. " the panel crosses its place " .. n .. " times and lands on it", function()
      local scene = animhost.load(BOUNCE, {set = {bounces = n}}):runUntilRest(5)
      local trace = scene:trace()
      assert.equal(n, crossings(trace, "panel", "x", W / 2, 1.5))
      assert.near(W / 2, scene:item("panel").center.x, 0)
      assert.near(W / 2, trace:value("panel", "x", 1.5), 0)
    end)

    it("with bounces = " .. n .. " the ball touches the floor " .. n .. " times, never going through", function()
      local trace = animhost.load(BOUNCE, {set = {bounces = n}}):runUntilRest(5):trace()
      assert.truthy(trace:max("ball", "y") <= floorY - 30, "max y " .. trace:max("ball", "y"))
      assert.equal(n, peaks(trace, "ball", "y", 1.5))
      assert.near(floorY - 30, trace:value("ball", "y", 1.5), 0)
    end)
  end

  it("pops the badge in by scale, ending exactly at 1", function()
    local scene = animhost.load(BOUNCE):runUntilRest(5)
    local trace = scene:trace()
    assert.near(0, trace:value("badge", "scale", 0), 0)
    assert.truthy(trace:max("badge", "scale") > 1.1, "overshoots")
    assert.equal(3, crossings(trace, "badge", "scale", 1, 0.8))
    assert.near(1, scene:item("badge").scale, 0)
  end)

  it("starts again from the top when the ball is tapped", function()
    local scene = animhost.load(BOUNCE):runUntilRest(5)
    local t0 = scene.time
    scene:tap({W / 2, floorY - 30}):run(1 / 60)
    assert.near(80, scene:item("ball").center.y, 30)
    scene:runUntilRest(5)
    assert.truthy(scene.time > t0 + 1.4)
    assert.near(floorY - 30, scene:item("ball").center.y, 0)
  end)
end)
