-- busted's execution order: bodies run as execution reaches them, hooks in busted's order.
-- Runs the same under busted 2.1.1 and `animhost test`, shuffled too (`--shuffle`): each
-- block whose tests depend on the order of its children says randomize(false), which in
-- busted holds for that block's own children only (a block inside it is still shuffled).
local log = {}
local function add(entry) return function() log[#log + 1] = entry end end

describe("a describe body", function()
  randomize(false)
  local value
  before_each(function() value = "set by before_each" end)

  it("runs its first test", add("first test"))

  describe("that comes later", function()
    -- This body runs after the test above, so it sees what that test's before_each did.
    local seen = value
    log[#log + 1] = "later body"

    it("sees values set while earlier tests ran", function()
      assert.equal("set by before_each", seen)
      assert.same({"first test", "later body"}, log)
    end)
  end)
end)

describe("hooks", function()
  randomize(false)
  local order = {}
  local function note(entry) return function() order[#order + 1] = entry end end
  strict_setup(note("strict_setup"))
  lazy_setup(note("lazy_setup"))
  before_each(note("before_each"))
  after_each(note("after_each"))
  lazy_teardown(note("lazy_teardown"))
  strict_teardown(note("strict_teardown"))

  it("a", note("a"))
  it("b", note("b"))

  describe("without tests", function()
    lazy_setup(note("never: lazy_setup waits for a test"))
    setup(note("setup is strict_setup"))
    teardown(note("teardown is strict_teardown"))
  end)

  describe("nested", function()
    before_each(note("inner before_each"))
    after_each(note("inner after_each"))
    it("c", note("c"))
  end)

  describe("last", function()
    it("sees every hook in order so far", function()
      assert.same({
        "strict_setup",
        "lazy_setup", "before_each", "a", "after_each",
        "before_each", "b", "after_each",
        "setup is strict_setup", "teardown is strict_teardown",
        "before_each", "inner before_each", "c", "inner after_each", "after_each",
        "before_each",
      }, order)
    end)
  end)
end)

describe("finally", function()
  randomize(false)
  local cleaned = {}
  it("runs after the test, even a failing one's body", function()
    finally(function() cleaned[#cleaned + 1] = "done" end)
    assert.same({}, cleaned)
  end)
  it("ran after the previous test", function()
    assert.same({"done"}, cleaned)
  end)
end)

describe("pending", function()
  pending("a pending test is skipped")
  it("a test can declare itself pending", function()
    pending("not written yet")
    error("never reached")
  end)
end)

describe("randomize", function()
  randomize(false)
  local ran = {}
  describe("a shuffled block", function()
    randomize()
    for i = 1, 8 do it("t" .. i, function() ran[#ran + 1] = i end) end
  end)
  it("runs every test once", function()
    table.sort(ran, function(a, b) return a < b end)
    assert.same({1, 2, 3, 4, 5, 6, 7, 8}, ran)
  end)
end)
