-- What a test file (and so a scene script) may and may not reach: require reads .lua files
-- inside the project only (stock Lua's name rules); load takes text only; the budgets hold.

describe("require", function()
  it("finds modules from the project root, busted-style (./?.lua, ./?/init.lua)", function()
    assert.equal("hello", require("Tests.lua.fixtures.modules.greeting").text)
    assert.equal(true, require("Tests.lua.fixtures.modules.nested").nested)
  end)

  it("finds modules beside the test file", function()
    assert.equal("hello", require("fixtures.modules.greeting").text)
  end)

  it("reads module names as stock Lua does, and never leaves the project", function()
    -- Dots become slashes, so no name climbs out ("../../etc/passwd" is "//////etc/passwd").
    for _, name in ipairs({"/etc/passwd", "../../etc/passwd", "fixtures..modules"}) do
      local ok, err = pcall(require, name)
      assert.falsy(ok)
      assert.truthy(err:find("not found; looked for:", 1, true), err)
    end
    for _, c in ipairs({{"/etc/passwd\0", "NUL"}, {"", "cannot be empty"}}) do
      local ok, err = pcall(require, c[1])
      assert.falsy(ok)
      assert.truthy(err:find(c[2], 1, true), err)
    end
    -- A relative name finds the project's file as stock Lua does (./?.lua).
    assert.equal("hello", require("../Tests.lua.fixtures.modules.greeting").text)
  end)

  it("says where it looked for a missing module", function()
    local ok, err = pcall(require, "no.such.module")
    assert.falsy(ok)
    assert.truthy(err:find("module 'no.such.module' not found; looked for: ./src/no/such/module.lua", 1, true), err)
    assert.truthy(err:find("./no/such/module.lua", 1, true), err)
  end)
end)

describe("the sandbox", function()
  it("refuses binary chunks in load", function()
    local f, err = load("return 1", "x", "b")
    assert.equal(nil, f)
    assert.truthy(err:find("scripts may load text only", 1, true), err)
  end)

  it("has no file access outside the project", function()
    -- Reading io here says how to get it (a library probing `if io then` reads nil).
    local ok, err = pcall(function() return io end)
    assert.falsy(ok)
    assert.truthy(err:find("'io' is not available to test files", 1, true), err)
    assert.truthy(err:find("--allow-io", 1, true), err)
    assert.equal(nil, rawget(_G, "io"))
    -- A removed field says who is refused: a test file, not a scene script.
    local exited, refusal = pcall(function() return os.exit end)
    assert.falsy(exited)
    assert.truthy(refusal:find("'os.exit' is not available to test files", 1, true), refusal)
    local chunk, why = loadfile("/etc/hostname")
    assert.equal(nil, chunk)
    assert.truthy(why:find("--allow-io lifts this", 1, true), why)
    assert.has_error(function() dofile("/etc/hostname") end)
    -- A file missing inside the project says so, with the path as resolved (a test's
    -- animhost.load path is relative to the test file); one outside says that, unlooked.
    local _, missing = pcall(animhost.load, "no/such/scene.lua")
    assert.truthy(tostring(missing):find("'no/such/scene.lua' does not exist (Tests/lua/no/such/scene.lua)", 1, true), missing)
    local _, outside = pcall(animhost.load, "/no/such/scene.lua")
    assert.truthy(tostring(outside):find("lies outside the folders a test may read", 1, true), outside)
    -- Removed fields are absent, and reading one says so (rest_test.lua has the messages).
    assert.equal(nil, rawget(os, "remove"))
    assert.equal(nil, rawget(string, "dump"))
    assert.has_error(function() return os.remove end)
  end)

  it("keeps the stock pattern functions' results", function()
    assert.same({"key", "value"}, {("key = value"):match("(%w+)%s*=%s*(%w+)")})
    assert.equal("h<e>ll<o>", (("hello"):gsub("[eo]", "<%0>")))
  end)
end)
