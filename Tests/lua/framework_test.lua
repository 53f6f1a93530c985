-- The test vocabulary itself: assertions, negation, spies, hooks.
describe("assertions", function()
  it("equal, same, near, truthy, falsy and their negations", function()
    assert.equal(2, 1 + 1)
    assert.are.equal("a", "a")
    assert.is_not.equal(1, 2)
    assert.same({1, {x = 2}}, {1, {x = 2}})
    assert.are_not.same({1}, {2})
    assert.near(1, 1.05, 0.1)
    assert.truthy(0)
    assert.falsy(nil)
    assert.is_true(true)
    assert.is_false(false)
  end)

  it("same() reports the path of the first difference", function()
    assert.error_matches(function() assert.same({a = {1, 2}}, {a = {1, 3}}) end, "First difference at a%[2%]")
  end)

  it("has_error matches the message without its location", function()
    assert.has_error(function() error("boom") end, "boom")
    assert.has_no.error(function() end)
    assert.has_error(function() assert.equal(1, 2) end)
  end)

  it("unknown assertions are errors that list the known ones", function()
    assert.error_matches(function() assert.equl(1, 1) end, "unknown modifier/assertion: .equl.; did you mean .equal.")
  end)
end)

describe("spies", function()
  it("count calls and check arguments", function()
    local s = spy.new(function(x) return x * 2 end)
    assert.equal(6, s(3))
    s(4)
    assert.spy(s).was.called(2)
    assert.spy(s).was.called_with(4)
    assert.spy(s).was_not.called_with(5)
  end)

  it("spy.on wraps a table's function", function()
    local t = {f = function(a, b) return a + b end}
    local s = spy.on(t, "f")
    assert.equal(3, t.f(1, 2))
    assert.spy(s).was.called(1)
    s:revert()
    assert.is_false(spy.is_spy(t.f))
  end)
end)

describe("hooks", function()
  randomize(false)   -- each test checks what the hooks of the ones before it logged
  local log = {}
  setup(function() log[#log + 1] = "setup" end)
  before_each(function() log[#log + 1] = "before" end)
  after_each(function() log[#log + 1] = "after" end)

  it("runs setup once, then before_each", function()
    assert.same({"setup", "before"}, log)
  end)

  it("runs after_each between tests", function()
    assert.same({"setup", "before", "after", "before"}, log)
  end)

  context("nested", function()
    local inner = 0
    before_each(function() inner = inner + 1 end)
    test("outer before_each runs before the inner one", function()
      assert.equal("before", log[#log])
      assert.equal(1, inner)
    end)
  end)
end)
