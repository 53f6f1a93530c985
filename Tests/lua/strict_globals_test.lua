-- Strict globals in scene scripts (issue 12 item 10): reading an undefined global is an
-- error with file:line and "did you mean", not a silent nil.
describe("strict globals", function()
  it("a misspelled local fails the load with file:line and the closest name", function()
    local ok, err = pcall(animhost.load, "scenes/strict/misspelled.lua")
    assert.falsy(ok)
    assert.matches("misspelled%.lua:5: undefined global 'heavvy'; did you mean 'heavy'%?", err)
  end)

  it("a misspelled global in a callback fails at the callback's line", function()
    local scene = animhost.load("scenes/strict/late_typo.lua")
    local ok, err = pcall(function() scene:tap({50, 50}):run(0.1) end)
    assert.falsy(ok)
    assert.matches("late_typo%.lua:5: undefined global 'boxx'; did you mean 'box'%?", err)
  end)

  it("a misspelled animhost function fails at its line with the closest name", function()
    local ok, err = pcall(animhost.load, "scenes/strict/misspelled_constructor.lua")
    assert.falsy(ok)
    assert.matches("misspelled_constructor%.lua:4: animhost has no field 'gravty'; did you mean 'gravity'%?", err)
  end)

  it("leaves rawget(_G, name) alone, for optional globals", function()
    local ok, err = pcall(animhost.load, "scenes/strict/optional.lua")
    assert.truthy(ok)
    assert.equal(10, ok and err:item("box").center.x)
  end)
end)
