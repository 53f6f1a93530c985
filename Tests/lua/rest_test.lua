-- runUntilRest(max) stops at max on a scene that never rests: `atRest` and `restTime` say
-- whether rest was reached, and when.
describe("runUntilRest", function()
  it("on a scene that never rests returns at max with atRest false and no restTime", function()
    local scene = animhost.load("scenes/free_fall.lua"):runUntilRest(0.5)
    assert.near(0.5, scene.time, 1e-9)
    assert.equal(false, scene.atRest)
    assert.equal(nil, scene.restTime)
  end)

  it("on a scene that settles stops there, with atRest true and restTime the stop time", function()
    local scene = animhost.load("scenes/settles.lua"):runUntilRest(10)
    assert.equal(true, scene.atRest)
    assert.is_number(scene.restTime)
    assert.truthy(scene.restTime > 0 and scene.restTime < 10, tostring(scene.restTime))
    assert.near(scene.time, scene.restTime, 1e-9)
    -- Staying at rest keeps the time it came to rest.
    scene:run(0.5)
    assert.near(scene.time - 0.5, scene.restTime, 1e-9)
    -- A tap scheduled on a resting scene: not at rest until it is handled.
    scene:tap({500, 500})
    assert.equal(false, scene.atRest)
    assert.equal(nil, scene.restTime)
  end)
end)

describe("the sandbox's messages", function()
  local function failure(path)
    local ok, err = pcall(animhost.load, path)
    assert.falsy(ok)
    return err
  end

  it("name a removed library and the way out, at the reading line", function()
    local err = failure("scenes/sandbox/reads_io.lua")
    assert.truthy(err:find("reads_io.lua:2: 'io' is not available to scene scripts (the sandbox allows base, string, table, math, utf8, coroutine, os.clock/time/date, debug.traceback; run with --allow-io for files)", 1, true), err)
    err = failure("scenes/sandbox/reads_dofile.lua")
    assert.truthy(err:find("reads_dofile.lua:1: 'dofile' is not available to scene scripts (the sandbox allows", 1, true), err)
    assert.truthy(err:find("; load a module with require 'name')", 1, true), err)
    err = failure("scenes/sandbox/reads_getenv.lua")
    assert.truthy(err:find("reads_getenv.lua:1: 'os.getenv' is not available to scene scripts (the sandbox allows", 1, true), err)
  end)

  it("do the same in a test file for removed fields (test files read missing globals as nil)", function()
    for _, c in ipairs{
      {function() return os.execute end, "'os.execute' is not available"},
      {function() return os.remove end, "'os.remove' is not available", "--allow-io"},
      {function() return debug.getinfo end, "'debug.getinfo' is not available"},
      {function() return package.loadlib end, "'package.loadlib' is not available"},
      {function() return string.dump end, "'string.dump' is not available"},
      {function() return ("s").dump end, "'string.dump' is not available"},
    } do
      local ok, err = pcall(c[1])
      assert.falsy(ok, c[2])
      assert.truthy(err:find("rest_test.lua:%d+: ") and err:find(c[2], 1, true), err)
      if c[3] then assert.truthy(err:find(c[3], 1, true), err) end
    end
    -- What stays: the allowed parts, unknown fields read nil, rawget sees the absence.
    assert.is_function(os.clock)
    assert.is_function(debug.traceback)
    assert.equal(nil, os.nosuchthing)
    assert.equal(nil, rawget(_G, "io"))
    assert.equal(nil, rawget(os, "getenv"))
  end)
end)
