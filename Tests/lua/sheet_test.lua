-- behaviors/sheet.lua (patterns.sheet): which detent each release picks, how far past it
-- the spring goes, how soon it settles, and that the release velocity carries on.
local H = 568
local detents = {60, H / 2, H - 100}                 -- top-edge y: large, medium, peek
local function centerY(top) return top + H / 2 end   -- the sheet is H tall

-- The largest velocity change a spring of response r, damping ratio ζ makes in one frame
-- from d pt away at v pt/s: (ω²·d + 2ζω·v)/60, ω = 2π/r.
local function springJump(d, v, r, zeta)
  local w = 2 * math.pi / r
  return (w * w * d + 2 * zeta * w * v) / 60
end

local function released(pan, set)
  set = set or {}
  set.demo = 0
  local scene = animhost.load("../../behaviors/sheet.lua", {set = set})
  scene:pan(pan):runUntilRest(5)
  return scene, scene:trace()
end

describe("sheet", function()
  it("starts at rest at the medium detent", function()
    local sheet = animhost.load("../../behaviors/sheet.lua", {set = {demo = 0}}):item("sheet")
    assert.near(centerY(detents[2]), sheet.center.y, 1e-9)
  end)

  describe("a 1000 pt/s flick up from the medium detent", function()
    local scene, trace
    setup(function()
      scene, trace = released{from = {160, 320}, to = {160, 260}, duration = 0.06}
    end)

    it("goes to the large detent: projected 224 − 499 = −275, nearest 60", function()
      assert.are.same({60, 1}, {animhost.nearest(detents, animhost.project(224, -1000))})
      assert.near(centerY(60), scene:item("sheet").center.y, 0.5)
    end)

    it("overshoots it by less than 5 pt (2.6) and settles within 0.6 s of the release (0.37)", function()
      assert.overshootBelow(trace, "sheet", {160, centerY(60)}, 5, {from = "release"})
      assert.settles(trace, "sheet", {from = "release", within = 0.6, tolerance = 0.5})
    end)

    it("carries the release velocity on: no jump beyond what the spring does in a frame", function()
      assert.velocityContinuous(trace, "sheet", {maxJump = springJump(224 - 60, 1000, 0.3, 0.8), from = "release"})
    end)
  end)

  it("a 1000 pt/s flick down from the medium detent goes to the peek", function()
    local scene, trace = released{from = {160, 320}, to = {160, 380}, duration = 0.06}
    assert.near(centerY(detents[3]), scene:item("sheet").center.y, 0.5)
    assert.overshootBelow(trace, "sheet", {160, centerY(detents[3])}, 5, {from = "release"})
    assert.settles(trace, "sheet", {from = "release", within = 0.6})
    assert.velocityContinuous(trace, "sheet", {maxJump = springJump(124, 1000, 0.3, 0.8), from = "release"})
  end)

  it("a slow 40 pt drag down (50 pt/s) falls back to the medium detent: projected 349", function()
    assert.are.same({284, 2}, {animhost.nearest(detents, animhost.project(324, 50))})
    local scene, trace = released{from = {160, 320}, to = {160, 360}, duration = 0.8}
    assert.near(centerY(detents[2]), scene:item("sheet").center.y, 0.5)
    assert.settles(trace, "sheet", {from = "release", within = 0.6})
  end)

  describe("pulled 80 pt past the large detent", function()
    local scene, trace
    setup(function()
      scene = animhost.load("../../behaviors/sheet.lua", {set = {demo = 0}})
      scene:pan{from = {160, 320}, to = {160, 260}, duration = 0.06}:runUntilRest(5)
      scene:pan{from = {160, 100}, to = {160, 20}, duration = 0.8}:runUntilRest(5)
      trace = scene:trace()
    end)

    it("follows with UIScrollView's rubber band: 80 pt show as 40.8", function()
      local shown = animhost.rubberBand(-80, H)
      assert.near(-40.8, shown, 0.05)
      -- (frames sample every 1/60 s: the furthest frame is within a frame's motion of it)
      assert.near(centerY(60) + shown, trace:min("sheet", "y"), 1)
    end)

    it("springs back to the large detent", function()
      assert.near(centerY(60), scene:item("sheet").center.y, 0.5)
      assert.settles(trace, "sheet", {from = "release", within = 0.6})
    end)
  end)

  it("a stiffer spring (--set response=0.2) settles sooner", function()
    local _, soft = released{from = {160, 320}, to = {160, 260}, duration = 0.06}
    local _, stiff = released({from = {160, 320}, to = {160, 260}, duration = 0.06}, {response = 0.2})
    assert.truthy(stiff:metrics("sheet", {from = "release"}).settle < soft:metrics("sheet", {from = "release"}).settle)
  end)

  it("its demo comes to rest at the peek", function()
    local scene = animhost.load("../../behaviors/sheet.lua"):runUntilRest(10)
    assert.is_true(scene.atRest)
    assert.near(centerY(detents[3]), scene:item("sheet").center.y, 0.5)
  end)
end)

describe("patterns.sheet", function()
  local sheet = require("patterns.sheet")

  it("picks the detent nearest the projected release", function()
    assert.are.same({60, 1}, {sheet.detentFor(detents, 284, -1000)})
    assert.are.same({468, 3}, {sheet.detentFor(detents, 284, 1000)})
    assert.are.same({284, 2}, {sheet.detentFor(detents, 300, 100)})
  end)

  it("checks its options by name and type", function()
    local ok, err = pcall(sheet.new, nil, {detent = {1}})
    assert.is_false(ok)
    assert.truthy(err:find("sheet.new: unknown option 'detent'; did you mean 'detents'?", 1, true), err)
    ok, err = pcall(sheet.new, nil, {response = "fast"})
    assert.truthy(err:find("sheet.new: option 'response' must be a number, got string", 1, true), err)
    ok, err = pcall(sheet.new, nil, {detents = {60, "half"}})
    assert.truthy(err:find("sheet.new: detents[2] must be a number (a y in pt), got string", 1, true), err)
  end)
end)
