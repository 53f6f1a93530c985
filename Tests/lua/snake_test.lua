-- behaviors/snake.lua: the head follows the finger through a spring without turning, the
-- chain follows, and bricks are half-transparent exactly while they touch the screen edge.
local W, H = 320, 568

describe("snake", function()
  it("drags the head to the right edge without turning it", function()
    local scene = animhost.load("../../behaviors/snake.lua", {set = {demo = 0}})
    scene:pan{from = {60, 120}, to = {300, 300}, duration = 1}:run(1.5)
    local head = scene:item("head")
    assert.near(W - 25, head.center.x, 1)
    assert.near(0, scene:trace():max("head", "angle"), 1e-12)
    assert.near(0, scene:trace():min("head", "angle"), 1e-12)
  end)

  it("turns the head half-transparent while it touches the edge, opaque when it leaves", function()
    local scene = animhost.load("../../behaviors/snake.lua"):run(4)
    local trace = scene:trace()
    assert.equal(1, trace:value("head", "alpha", 0.5))
    assert.equal(0.5, trace:value("head", "alpha", 1.5))
    assert.equal(1, trace:value("head", "alpha", 3))
  end)

  it("keeps the chain together: neighbours stay within reach of their attachment", function()
    local scene = animhost.load("../../behaviors/snake.lua"):run(4)
    local names = {"head"}
    for k = 1, 6 do names[#names + 1] = "brick" .. k end
    names[#names + 1] = "tail"
    for k = 2, #names do
      local a, b = scene:item(names[k - 1]).center, scene:item(names[k]).center
      assert.truthy((a - b):length() < 60, names[k] .. " drifted from " .. names[k - 1])
    end
  end)

  it("alpha is 0.5 only for items touching the edge (checked against their positions)", function()
    local scene = animhost.load("../../behaviors/snake.lua"):run(4)
    local trace = scene:trace()
    local names = {"head", "tail"}
    for k = 1, 6 do names[#names + 1] = "brick" .. k end
    local seen = 0
    for _, name in ipairs(names) do
      for i = 0, 240, 6 do
        local t = i / 60
        if trace:value(name, "alpha", t) == 0.5 then
          seen = seen + 1
          -- A touching item reaches within its half diagonal of an edge.
          local x, y = trace:value(name, "x", t), trace:value(name, "y", t)
          local reach = math.sqrt(25 ^ 2 + 15 ^ 2) + 0.6
          assert.truthy(x < reach or x > W - reach or y < reach or y > H - reach,
            name .. " half-transparent away from the edges at t = " .. t)
        end
      end
    end
    assert.truthy(seen > 0)
  end)
end)
