-- What a test file (and so a scene script) may and may not reach: require resolves module
-- names only, inside the allowed folders; load takes text only; the budgets hold.

describe("require", function()
  it("finds modules from the project root, busted-style (./?.lua, ./?/init.lua)", function()
    assert.equal("hello", require("Tests.lua.fixtures.modules.greeting").text)
    assert.equal(true, require("Tests.lua.fixtures.modules.nested").nested)
  end)

  it("finds modules beside the test file", function()
    assert.equal("hello", require("fixtures.modules.greeting").text)
  end)

  it("refuses names that are paths", function()
    local cases = {
      {"/etc/passwd", "absolute paths are not allowed"},
      {"/etc/passwd\0", "NUL"},
      {"../../etc/passwd", "'..' is not allowed"},
      {"fixtures..modules", "'..' is not allowed"},
      {"fixtures/./modules", "words separated by dots"},
      {"", "cannot be empty"},
    }
    for _, c in ipairs(cases) do
      local ok, err = pcall(require, c[1])
      assert.falsy(ok)
      assert.truthy(err:find(c[2], 1, true), err)
    end
  end)

  it("says where it looked for a missing module", function()
    local ok, err = pcall(require, "no.such.module")
    assert.falsy(ok)
    assert.truthy(err:find("module 'no.such.module' not found; looked for: no/such/module.lua", 1, true), err)
  end)
end)

describe("the sandbox", function()
  it("refuses binary chunks in load", function()
    local f, err = load("return 1", "x", "b")
    assert.equal(nil, f)
    assert.truthy(err:find("scripts may load text only", 1, true), err)
  end)

  it("has no file access", function()
    assert.equal(nil, io)
    assert.equal(nil, dofile)
    assert.equal(nil, loadfile)
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
