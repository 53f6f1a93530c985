-- The release velocity as each platform measures it (docs/release-velocity.md): a scene under
-- test takes animhost.load(…, {estimator = …}); a flick lifted after a 60 ms pause reads
-- zero where the platform's stop rule says so, and the same flick without the pause reads
-- what each platform reads. scenes/release_velocity.lua moves `probe` to its free pan's
-- release velocity / 10.
local function flick(pause)
  local touches = {{t = 0.1, touch = 1, phase = "began", x = 100, y = 300}}
  for k = 1, 10 do
    touches[#touches + 1] = {t = 0.1 + k * 0.008, touch = 1, phase = "moved", x = 100, y = 300 - 12 * k}
  end
  touches[#touches + 1] = {t = 0.18 + pause, touch = 1, phase = "ended", x = 100, y = 180}
  return {{at = 0, touches = touches}}
end

local function released(estimator, pause)
  local scene = animhost.load("scenes/release_velocity.lua", {estimator = estimator, input = flick(pause), set = {quiet = 1}})
  scene:run(0.5)
  return scene:item("probe").center.y * 10
end

describe("animhost.load(…, {estimator = …})", function()
  it("reads a steady 1500 pt/s flick at 1500 pt/s under every estimator but the average", function()
    for _, name in ipairs({"uikit", "android", "compose", "flutter", "web"}) do
      assert.near(-1500, released(name, 0.004), 1e-6)
    end
    -- The average counts the lift, 4 ms later at the same place, as a sample of no motion.
    assert.near(-120 / 0.084, released("average", 0.004), 1e-6)
  end)

  it("gives zero after a stop longer than 40 ms, except on the web", function()
    for _, name in ipairs({"uikit", "android", "compose", "flutter"}) do
      assert.equal(0, released(name, 0.06))
    end
    assert.near(-1500, released("web", 0.06), 1e-6)   -- Motion has no stop rule
  end)

  it("refuses a name that is not an estimator, with the list", function()
    local ok, err = pcall(animhost.load, "scenes/release_velocity.lua", {estimator = "ios"})
    assert.is_false(ok)
    assert.matches('field \'estimator\': expected one of "uikit", "android", "compose", "flutter", "web", "average", got "ios"',
      tostring(err), 1, true)
  end)
end)
