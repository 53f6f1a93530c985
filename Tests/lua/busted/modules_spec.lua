-- How suites load their code, the idioms of public busted suites (issue 24). Runs the same
-- under busted 2.1.1 and `animhost test`, from the project root.
describe("require", function()
  it("finds a module by its path from the current folder (./?.lua)", function()
    assert.equal("hello", require("Tests.lua.fixtures.modules.greeting").text)
  end)

  it("follows a suite's own edit of package.path", function()
    local saved = package.path
    finally(function() package.path = saved end)
    package.path = "./Tests/lua/fixtures/modules/?.lua;" .. package.path
    assert.equal("hello", require("greeting").text)
  end)

  it("turns a relative name's dots into slashes as stock Lua does", function()
    -- "../Tests.lua.x" is "///Tests/lua/x", which ./?.lua finds as ./Tests/lua/x.lua.
    assert.equal("hello", require("../Tests.lua.fixtures.modules.greeting").text)
  end)
end)

describe("dofile and loadfile", function()
  it("run a spec helper and return its values", function()
    local helper, runs = dofile("Tests/lua/fixtures/modules/spec_helper.lua")
    assert.is_true(helper.helper)
    assert.is_number(runs)
  end)

  it("load a chunk into a given environment", function()
    local env = {}
    local chunk = assert(loadfile("Tests/lua/fixtures/modules/spec_helper.lua", "t", env))
    local _, runs = chunk()
    assert.equal(1, runs)
    assert.equal(1, env.HELPER_RUNS)
  end)

  it("report a missing file as nil and a message", function()
    local chunk, message = loadfile("Tests/lua/fixtures/modules/no_such_helper.lua")
    assert.is_nil(chunk)
    assert.is_string(message)
  end)
end)

describe("the global arg", function()
  it("holds the program and its arguments", function()
    assert.is_table(arg)
    assert.is_string(arg[0])
  end)
end)

describe("a test without a function", function()
  it("is dropped, not pending (busted 2.1.1)")
  it("leaves the others to run", function() end)
end)
