-- The comments panel of WWDC 2017 "Advanced Animations with UIKit" (session 230): a panel
-- docked at the bottom of the screen that a tap or a drag expands and collapses, built from
-- several property animators that run in step and can be interrupted at any moment.
--
-- * frame: a critically damped spring (dampingRatio 1) moves the panel, and morphs two
--   labels into each other by translation, scale and alpha (the small "Comments" title of
--   the collapsed bar grows and fades out as the large header title shrinks in);
-- * blur: the backdrop's `blur` prop, on a custom ease-in curve when expanding and ease-out
--   when collapsing, with scrubsLinearly = false so a drag scrubs along the curve;
-- * corners: the panel's cornerRadius, linearly;
-- * details: a "details" button that keyframes in over the second half of the expansion
--   (and out over the first half of the collapse).
--
-- Interruptions, as in the talk: a tap while the transition runs reverses every animator; a
-- drag pauses them, scrubs fractionComplete with the finger and, on release, continues them
-- towards the side the flick points to (reversing them if needed).

local W, H = 320, 568
local duration = animhost.tunable("duration", 0.7, {min = 0.1, max = 5})

local barHeight = 60
local openTop, closedTop = 64, H - barHeight
local distance = closedTop - openTop
local panelHeight = H - openTop

local backdrop = animhost.item{name = "backdrop", center = {W / 2, H / 2}, size = {W, H}, props = {blur = 0}}
local panel = animhost.item{name = "panel", center = {W / 2, closedTop + panelHeight / 2}, size = {W, panelHeight}}
local collapsedLabel = animhost.item{name = "collapsedLabel", center = {W / 2, closedTop + 30}, size = {120, 24}}
local expandedLabel = animhost.item{name = "expandedLabel", center = {W / 2, closedTop + 30}, size = {192, 38},
                                    alpha = 0}
expandedLabel.scale = 0.625
local details = animhost.item{name = "details", center = {W - 40, closedTop + 30}, size = {56, 28}, alpha = 0}

local state = "collapsed"
local running = {}        -- the animators of the transition in flight, in creation order
local remaining = 0       -- how many of them have not completed yet
local frameAnimator

local function opposite(s) return s == "collapsed" and "expanded" or "collapsed" end

-- Property values for each end state.
local function layout(s)
  local top = s == "expanded" and openTop or closedTop
  panel.center = {W / 2, top + panelHeight / 2}
  collapsedLabel.center = {W / 2, top + 30}
  collapsedLabel.scale = s == "expanded" and 1.6 or 1
  collapsedLabel.alpha = s == "expanded" and 0 or 1
  expandedLabel.center = {W / 2, top + 30}
  expandedLabel.scale = s == "expanded" and 1 or 0.625
  expandedLabel.alpha = s == "expanded" and 1 or 0
  details.center = {W - 40, top + 30}
end

local function track(animator)
  running[#running + 1] = animator
  remaining = remaining + 1
  animator:addCompletion(function(position)
    remaining = remaining - 1
    if animator == frameAnimator and position == "end" then state = opposite(state) end
    if remaining == 0 then running = {} end
  end)
  animator:startAnimation()
end

-- Creates and starts the transition's animators towards `target`, unless one is running.
local function animateTransitionIfNeeded(target)
  if #running > 0 then return end
  local expanding = target == "expanded"

  frameAnimator = animhost.propertyAnimator{duration = duration, dampingRatio = 1,
                                            animations = function() layout(target) end}
  track(frameAnimator)

  local blur = animhost.propertyAnimator{
    duration = duration,
    curve = expanding and {0.75, 0.1, 0.9, 0.25} or {0.1, 0.75, 0.25, 0.9},
    scrubsLinearly = false,
    animations = function() backdrop.blur = expanding and 1 or 0 end,
  }
  track(blur)

  track(animhost.propertyAnimator{duration = duration, curve = "linear",
                                  animations = function() panel.cornerRadius = expanding and 12 or 0 end})

  track(animhost.propertyAnimator{duration = duration, curve = "linear", animations = function()
    animhost.animateKeyframes(function()
      if expanding then
        animhost.keyframe(0.5, 0.5, function() details.alpha = 1 end)
      else
        animhost.keyframe(0, 0.5, function() details.alpha = 0 end)
      end
    end)
  end})
end

local function animateOrReverseRunningTransition(target)
  if #running == 0 then
    animateTransitionIfNeeded(target)
  else
    -- A reversed animator runs back along its curve, so its velocity flips at once (UIKit's
    -- isReversed): a jump on purpose, declared for `animhost fuzz` and the frame check.
    animhost.declareJump({panel, collapsedLabel, expandedLabel, details}, "reversing the animators flips their velocity")
    for _, a in ipairs(running) do a.isReversed = not a.isReversed end
  end
end

animhost.tap(panel, function()
  animateOrReverseRunningTransition(opposite(state))
end)

local progressWhenInterrupted = 0

-- The transition's progress follows the finger's translation, which counts from the
-- touch-down: the move that began the pan is in it, so the panel is under the finger from
-- `began` on.
local function follow(g)
  local fraction = -g.translation.y / distance
  if state == "expanded" then fraction = -fraction end
  if frameAnimator.isReversed then fraction = -fraction end
  local f = math.max(0, math.min(1, progressWhenInterrupted + fraction))
  for _, a in ipairs(running) do a.fractionComplete = f end
end

animhost.pan(panel, {
  began = function(g)
    animateTransitionIfNeeded(opposite(state))
    for _, a in ipairs(running) do a:pauseAnimation() end
    progressWhenInterrupted = frameAnimator.fractionComplete
    follow(g)
  end,
  changed = follow,
  ended = function(g)
    follow(g)
    local expand = g.velocity.y < 0
    if g.velocity.y == 0 then expand = frameAnimator.fractionComplete >= 0.5 == (state == "collapsed") end
    local towardsEnd = expand == (state == "collapsed")
    for _, a in ipairs(running) do
      a.isReversed = not towardsEnd
      a:continueAnimation()
    end
  end,
})

-- The demo taps the bar, then taps again mid-flight: the panel turns round and goes back.
if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.1, tap = {W / 2, H - 30}},
    {at = 0.5, tap = {W / 2, 300}},
  }
end
