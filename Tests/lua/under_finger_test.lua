-- Content under the finger (patterns.sheet and patterns.pip): a pan's translation counts from
-- where the touch went down, so content set to "where it was caught + translation" moves
-- exactly as the finger does from the first move on, and is let go where the finger was.
-- Touch streams here are given sample by sample (regular on the 120 Hz steps, and irregular,
-- between them), and each step compares the item with the finger's last delivered sample.
local h = 1 / 120

-- Touch samples of one finger: down at `points[1]` at t = 0, moved through the others at
-- `times`, lifted at the last point.
local function stream(times, points)
  local touches = {{t = 0, phase = "began", x = points[1][1], y = points[1][2]}}
  for k = 2, #points do
    touches[#touches + 1] = {t = times[k], phase = k == #points and "ended" or "moved", x = points[k][1], y = points[k][2]}
  end
  return touches
end

-- The finger's last sample delivered by scene time `t` (samples are delivered at the first
-- step at or after their time), relative to the input's start `at`.
local function fingerAt(touches, at, t)
  local last
  for _, s in ipairs(touches) do
    if at + s.t <= t + 1e-6 then last = s end
  end
  return last
end

-- Steps `scene` through the whole stream; calls `check(finger, down)` after every step from
-- the touch-down on, with the finger's last sample and the touch-down sample.
local function follow(scene, touches, at, check)
  local last = touches[#touches]
  while scene.time + 1e-6 < at + last.t do   -- until the step that delivers the lift
    scene:step(1)
    local finger = fingerAt(touches, at, scene.time)
    if finger then check(finger, touches[1]) end
  end
end

-- A flick 60 pt up in 0.06 s from the sheet's medium detent (top edge at 284), as the
-- sheet's own test drives it: samples on the steps, or a real mouse's irregular ones.
local flicks = {
  regular = {times = {0, h, 2 * h, 3 * h, 4 * h, 5 * h, 6 * h, 7 * h}, ys = {320, 311, 302, 294, 285, 277, 268, 260}},
  irregular = {times = {0, 0.011, 0.019, 0.031, 0.047, 0.052, 0.06}, ys = {320, 313, 306.5, 296, 281, 275, 260}},
}

describe("patterns.sheet under the finger", function()
  for name, flick in pairs(flicks) do
    it("moves as the finger does from its first move and is let go where it was (" .. name .. " samples)", function()
      local points = {}
      for k, y in ipairs(flick.ys) do points[k] = {160, y} end
      local touches = stream(flick.times, points)
      local scene = animhost.load("../../behaviors/sheet.lua", {set = {demo = 0}, input = {{at = 0.1, touches = touches}}})
      local sheet = scene:item("sheet")
      local function top() return sheet.center.y - sheet.size.y / 2 end
      local checked = 0
      follow(scene, touches, 0.1, function(finger, down)
        -- Inside the detents (60 to 468) there is no band: the sheet moves 1:1 with the finger.
        assert.near(284 + (finger.y - down.y), top(), 1e-9)
        checked = checked + 1
      end)
      assert.truthy(checked >= 8, "checked " .. checked .. " steps")
      -- Let go where the finger lifted: 60 pt above the detent, at 224 (the release step).
      assert.near(224, top(), 1e-9)
      scene:runUntilRest(5)
      assert.near(60 + 284, sheet.center.y, 0.01)
    end)
  end

  it("is caught mid-spring where the spring has it, and moves with the finger from there", function()
    local flick = {{at = 0.1, pan = {from = {160, 320}, to = {160, 380}, duration = 0.06}}}   -- down, to the peek
    local twin = animhost.load("../../behaviors/sheet.lua", {set = {demo = 0}, input = flick})
    twin:run(0.3)
    local before = twin:item("sheet").center.y        -- the spring's place at the touch-down
    local downAt = before - 284 + 50                  -- 50 pt below the sheet's top edge
    twin:step(1)
    local springing = twin:item("sheet").center.y     -- and one step later, when the pan begins
    assert.truthy(math.abs(springing - before) > 1, "the sheet is still moving when the finger lands")
    -- The finger lands on the moving sheet at 0.3 s and moves 4 pt up per step.
    local touches = {{t = 0, phase = "began", x = 160, y = downAt}}
    for k = 1, 6 do touches[#touches + 1] = {t = k * h, phase = k == 6 and "ended" or "moved", x = 160, y = downAt - 4 * k} end
    local input = {flick[1], {at = 0.3, touches = touches}}
    local scene = animhost.load("../../behaviors/sheet.lua", {set = {demo = 0}, input = input})
    scene:run(0.3)
    local sheet = scene:item("sheet")
    assert.near(before, sheet.center.y, 1e-9)
    scene:step(1)
    -- Caught where the spring had it at the pan's first move, plus that move: no jump back.
    local caught = springing
    assert.near(caught - 4, sheet.center.y, 1e-9)
    -- The frames' velocity is the motion over the step (the spring's and the finger's), not 0.
    assert.near((sheet.center.y - before) / h, sheet.velocity.y, 1e-6)
    for k = 2, 6 do
      scene:step(1)
      assert.near(caught - 4 * k, sheet.center.y, 1e-9)
    end
  end)
end)

describe("patterns.pip under the finger", function()
  -- The window starts in the bottom right corner (center {224, 507}).
  it("moves as the finger does from its first move and is let go where it was", function()
    local times, points = {0}, {{220, 500}}
    for k = 1, 12 do
      times[#times + 1] = k * h
      points[#points + 1] = {220 - 7 * k, 500 - 3 * k * k / 4}   -- left, and up faster and faster
    end
    local touches = stream(times, points)
    local scene = animhost.load("../../behaviors/pip.lua", {set = {demo = 0}, input = {{at = 0.1, touches = touches}}})
    local window = scene:item("window")
    local checked = 0
    follow(scene, touches, 0.1, function(finger, down)
      assert.near({224 + finger.x - down.x, 507 + finger.y - down.y}, window.center, 1e-9)
      checked = checked + 1
    end)
    assert.are.equal(13, checked)
    assert.near({224 - 84, 507 - 108}, window.center, 1e-9)   -- let go where the finger lifted
  end)

  it("follows an irregular stream (a real mouse: 7 to 31 ms apart, between the steps) exactly", function()
    local times = {0, 0.007, 0.023, 0.030, 0.061, 0.070, 0.094, 0.101}
    local points = {{220, 500}, {214, 497}, {199, 490}, {196, 486}, {170, 470}, {166, 466}, {150, 455}, {150, 455}}
    local touches = stream(times, points)
    local scene = animhost.load("../../behaviors/pip.lua", {set = {demo = 0}, input = {{at = 0.1, touches = touches}}})
    local window = scene:item("window")
    follow(scene, touches, 0.1, function(finger, down)
      assert.near({224 + finger.x - down.x, 507 + finger.y - down.y}, window.center, 1e-9)
    end)
    assert.near({224 - 70, 507 - 45}, window.center, 1e-9)
  end)
end)
