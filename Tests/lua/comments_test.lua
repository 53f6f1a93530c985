-- behaviors/comments.lua: the comments panel of WWDC 2017 "Advanced Animations with UIKit",
-- four property animators in step, interruptible at any moment.
local W, H = 320, 568
local openTop, closedTop = 64, H - 60
local panelHeight = H - openTop
local openY, closedY = openTop + panelHeight / 2, closedTop + panelHeight / 2
local D = 0.7                       -- the transition's duration (the script's default)
local bar = {W / 2, H - 5}          -- always on the panel, open or closed
local COMMENTS = "../../behaviors/comments.lua"

-- The fields whose values must never jump (velocities flip when an animation reverses).
local FIELDS = {"x", "y", "angle", "width", "height", "alpha", "scale", "cornerRadius", "blur"}

-- The trace as frames: frames[i] = {t = …, [item] = {field = value}}.
local function frames(trace)
  local lines = {}
  for line in trace:csv():gmatch("[^\n]+") do lines[#lines + 1] = line end
  local header = {}
  for name in lines[1]:gmatch("[^,]+") do header[#header + 1] = name end
  local out, byTime = {}, {}
  for i = 2, #lines do
    local cells, k = {}, 0
    for cell in (lines[i] .. ","):gmatch("([^,]*),") do k = k + 1; cells[k] = cell end
    local t = cells[1]
    local f = byTime[t]
    if not f then
      f = {t = tonumber(t)}
      byTime[t] = f
      out[#out + 1] = f
    end
    local row = {}
    for j = 3, #header do row[header[j]] = tonumber(cells[j]) end
    f[cells[2]] = row
  end
  return out
end

local ITEMS = {"backdrop", "panel", "collapsedLabel", "expandedLabel", "details"}

-- The largest change of each (item, field) between consecutive frames.
local function largestSteps(fs)
  local worst = {}
  for i = 2, #fs do
    for _, item in ipairs(ITEMS) do
      for _, field in ipairs(FIELDS) do
        local a, b = fs[i - 1][item][field], fs[i][item][field]
        if a and b then
          local key = item .. "." .. field
          worst[key] = math.max(worst[key] or 0, math.abs(b - a))
        end
      end
    end
  end
  return worst
end

local function expanded()
  return animhost.load(COMMENTS, {set = {demo = 0}}):tap(bar):runUntilRest(3)
end

describe("comments panel", function()
  it("starts collapsed, with only the small title showing", function()
    local scene = animhost.load(COMMENTS, {set = {demo = 0}})
    assert.near(closedY, scene:item("panel").center.y, 0)
    assert.near(1, scene:item("collapsedLabel").alpha, 0)
    assert.near(0, scene:item("expandedLabel").alpha, 0)
    assert.near(0, scene:item("details").alpha, 0)
    assert.near(0, scene:item("backdrop").blur, 0)
  end)

  describe("expanded by a tap", function()
    local scene, trace
    before_each(function()
      scene = expanded()
      trace = scene:trace()
    end)

    it("ends with every animator's end values", function()
      assert.near(openY, scene:item("panel").center.y, 0)
      assert.near(12, scene:item("panel").cornerRadius, 0)
      assert.near(1, scene:item("backdrop").blur, 0)
      assert.near(0, scene:item("collapsedLabel").alpha, 0)
      assert.near(1.6, scene:item("collapsedLabel").scale, 0)
      assert.near(1, scene:item("expandedLabel").alpha, 0)
      assert.near(1, scene:item("expandedLabel").scale, 0)
      assert.near(openTop + 30, scene:item("expandedLabel").center.y, 0)
      assert.near(1, scene:item("details").alpha, 0)
    end)

    it("moves the panel on a critically damped spring: no overshoot", function()
      assert.truthy(trace:min("panel", "y") >= openY, "min y " .. trace:min("panel", "y"))
      assert.near(openY, scene:item("panel").center.y, 0)
      assert.truthy(trace:value("panel", "y", D / 2) < closedY - 0.8 * (closedY - openY), "mostly there at half time")
    end)

    it("keyframes the details button in over the second half", function()
      local start = 1 / 120           -- the tap fires when the finger lifts
      assert.near(0, trace:value("details", "alpha", start + 0.45 * D), 0)
      assert.truthy(trace:value("details", "alpha", start + 0.75 * D) > 0.4)
    end)

    it("blurs the backdrop on its ease-in curve: slowly at first", function()
      local half = trace:value("backdrop", "blur", 1 / 120 + D / 2)
      assert.truthy(half > 0.05 and half < 0.15, "blur at half time " .. half)
    end)

    it("collapses again on a second tap, back to exactly where it started", function()
      scene:tap(bar):runUntilRest(3)
      assert.near(closedY, scene:item("panel").center.y, 0)
      assert.near(0, scene:item("panel").cornerRadius, 0)
      assert.near(0, scene:item("backdrop").blur, 0)
      assert.near(1, scene:item("collapsedLabel").alpha, 0)
      assert.near(1, scene:item("collapsedLabel").scale, 0)
      assert.near(0, scene:item("expandedLabel").alpha, 0)
      assert.near(0.625, scene:item("expandedLabel").scale, 0)
      assert.near(0, scene:item("details").alpha, 0)
    end)
  end)

  it("can be interrupted at every frame of its run without a jump in any property", function()
    -- The reference: one uninterrupted expansion and one collapse. No frame of an
    -- interrupted run may change a property more than the largest change in one frame of
    -- those motions.
    local reference = expanded():tap(bar):runUntilRest(3)
    local bound = largestSteps(frames(reference:trace()))
    local n = math.ceil(D * 60) + 3
    for k = 1, n do
      local scene = animhost.load(COMMENTS, {set = {demo = 0}}):tap(bar):run(k / 60):tap(bar):runUntilRest(3)
      local worst = largestSteps(frames(scene:trace()))
      for _, item in ipairs(ITEMS) do
        for _, field in ipairs(FIELDS) do
          local key = item .. "." .. field
          local step, limit = worst[key] or 0, (bound[key] or 0) * (1 + 1e-6) + 1e-6
          assert.truthy(step <= limit, string.format("interrupted at frame %d: %s changed by %.6g in one frame (largest uninterrupted %.6g)", k, key, step, bound[key] or 0))
        end
      end
      -- Reversed during the run, or collapsed again after it: it ends collapsed.
      assert.near(closedY, scene:item("panel").center.y, 0, "frame " .. k)
      assert.near(0, scene:item("backdrop").blur, 0, "frame " .. k)
      assert.near(0, scene:item("details").alpha, 0, "frame " .. k)
    end
  end)

  it("follows a drag (scrubbing every animator) and finishes the way it is flicked", function()
    local scene = animhost.load(COMMENTS, {set = {demo = 0}})
    scene:pan{from = {W / 2, H - 20}, to = {W / 2, H - 20 - 222}, duration = 0.3}
    scene:run(0.2)
    -- Mid-drag the panel is between the ends, the animators paused and scrubbed with the
    -- finger (about half way).
    local y = scene:item("panel").center.y
    assert.truthy(y < closedY - 50 and y > openY + 50, "panel at " .. y)
    scene:runUntilRest(3)
    assert.near(openY, scene:item("panel").center.y, 0)
    assert.near(1, scene:item("backdrop").blur, 0)
    assert.near(1, scene:item("details").alpha, 0)
    -- Dragged down again, it collapses.
    scene:pan{from = {W / 2, openTop + 20}, to = {W / 2, openTop + 220}, duration = 0.3}:runUntilRest(3)
    assert.near(closedY, scene:item("panel").center.y, 0)
    assert.near(0, scene:item("backdrop").blur, 0)
  end)
end)
