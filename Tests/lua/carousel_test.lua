-- behaviors/carousel.lua (patterns.carousel): the page each swipe goes to (projected with
-- the fast rate, rounded, at most one page a swipe), the band past the last page, no jump
-- at the release.
local W = 320
local function centerX(page) return 4 * W / 2 - (page - 1) * W end   -- a 4-page strip

-- The largest velocity change of the carousel's spring (response 0.4 s, ζ 1) in one frame
-- from d pt away at v pt/s: (ω²·d + 2ω·v)/60.
local function springJump(d, v)
  local w = 2 * math.pi / 0.4
  return (w * w * d + 2 * w * v) / 60
end

local swipes = {
  {from = {250, 284}, to = {150, 284}, duration = 0.8},    -- slow 100 pt
  {from = {250, 284}, to = {170, 284}, duration = 0.08},   -- 1000 pt/s
  {from = {250, 284}, to = {130, 284}, duration = 0.02},   -- 6000 pt/s
  {from = {250, 284}, to = {170, 284}, duration = 0.05},   -- 1600 pt/s
  {from = {250, 284}, to = {100, 284}, duration = 0.8},    -- past the last page
}

-- The scene after the first `n` swipes, each run to rest.
local function swiped(n)
  local scene = animhost.load("../../behaviors/carousel.lua", {set = {demo = 0}})
  for k = 1, n do scene:pan(swipes[k]):runUntilRest(5) end
  return scene, scene:trace()
end

describe("carousel", function()
  it("a slow 100 pt swipe stays on page 1 (projected 100 + 12 pt: a third of a page)", function()
    local scene, trace = swiped(1)
    assert.near(centerX(1), scene:item("strip").center.x, 0.5)
    assert.overshootBelow(trace, "strip", {centerX(1), 284}, 0.5, {from = "release"})
    assert.settles(trace, "strip", {from = "release", within = 0.6})
  end)

  it("a 1000 pt/s flick of 80 pt turns to page 2 (projected 80 + 99 = 179 pt)", function()
    local scene, trace = swiped(2)
    assert.near(centerX(2), scene:item("strip").center.x, 0.5)
    assert.overshootBelow(trace, "strip", {centerX(2), 284}, 0.5, {from = "release"})
    assert.settles(trace, "strip", {from = "release", within = 0.6})
    assert.velocityContinuous(trace, "strip", {maxJump = springJump(240, 1000), from = "release"})
  end)

  describe("a 6000 pt/s flick from page 2", function()
    local scene, trace
    setup(function() scene, trace = swiped(3) end)

    it("projects to page 4 but moves one page, to 3", function()
      local carousel = require("patterns.carousel")
      local o = {pageWidth = W, pages = 4, rate = "fast", maxStep = 4}
      assert.are.equal(4, carousel.pageFor(440, -6000, 2, o))
      o.maxStep = 1
      assert.are.equal(3, carousel.pageFor(440, -6000, 2, o))
      assert.near(centerX(3), scene:item("strip").center.x, 0.5)
    end)

    it("overshoots page 3 by less than 25 pt (22.1: let go 80 pt short of it) and settles within 0.7 s", function()
      assert.overshootBelow(trace, "strip", {centerX(3), 284}, 25, {from = "release"})
      assert.settles(trace, "strip", {from = "release", within = 0.7})
      assert.velocityContinuous(trace, "strip", {maxJump = springJump(200, 6000), from = "release"})
    end)
  end)

  describe("pulled 150 pt past the last page", function()
    local scene, trace
    setup(function() scene, trace = swiped(5) end)

    it("shows 65.6 pt of it (the rubber band, d = the page width)", function()
      assert.near(-65.6, animhost.rubberBand(-150, W), 0.05)
      assert.near(centerX(4) + animhost.rubberBand(-150, W), trace:min("strip", "x"), 1)
    end)

    it("springs back to page 4", function()
      assert.near(centerX(4), scene:item("strip").center.x, 0.5)
      assert.overshootBelow(trace, "strip", {centerX(4), 284}, 0.5, {from = "release"})
      assert.settles(trace, "strip", {from = "release", within = 0.6})
    end)
  end)

  it("its page cards move exactly with the strip, in the drag and in the springs", function()
    local _, trace = swiped(5)
    for k = 0, math.floor((trace:release() + 0.4) * 60) do   -- every frame to the last spring's end
      local t = k / 60
      for page = 1, 4 do
        local offset = trace:value("page" .. page, "x", t) - trace:value("strip", "x", t)
        assert.near(W / 2 + (page - 1) * W - 4 * W / 2, offset, 1e-6)
        assert.near(trace:value("strip", "vx", t), trace:value("page" .. page, "vx", t), 1e-6)
      end
    end
  end)

  it("its demo comes to rest on page 4", function()
    local scene = animhost.load("../../behaviors/carousel.lua"):runUntilRest(10)
    assert.is_true(scene.atRest)
    assert.near(centerX(4), scene:item("strip").center.x, 0.5)
  end)
end)

describe("the decision functions", function()
  it("take any subset of the options, checked as new's are", function()
    local carousel = require("patterns.carousel")
    local card = require("patterns.card")
    local refresh = require("patterns.refresh")
    -- 80 pt scrolled, flung forward at 1000 pt/s: projected 80 + 99 = 179 pt → page 2 of 3.
    assert.equal(2, carousel.pageFor(80, -1000, 1, {pages = 3}))
    assert.equal(1, carousel.pageFor(80, -1000, 1, {pages = 3, pageWidth = 400}))
    assert.is_nil(card.throwSide(100, 0, 260, {distance = 0.5}))
    assert.equal(1, card.throwSide(100, 0, 260, {distance = 0.3}))
    assert.equal("idle", refresh.outcome(70, {threshold = 80}))
    assert.has_error(function() carousel.pageFor(0, 0, 1, {pagewidth = 3}) end,
                     "carousel.pageFor: unknown option 'pagewidth'; did you mean 'pageWidth'?")
    assert.has_error(function() card.throwSide(0, 0, 260, {distance = "far"}) end,
                     "card.throwSide: option 'distance' must be a number, got string")
    assert.has_error(function() refresh.outcome(0, {treshold = 1}) end,
                     "refresh.outcome: unknown option 'treshold'; did you mean 'threshold'?")
  end)
end)
