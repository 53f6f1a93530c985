-- busted's environments: globals belong to the block or test that sets them.
-- Runs the same under busted 2.1.1 and `animhost test`, shuffled too: the blocks after
-- insulate and expose look at what those left, so the file's blocks keep their order.
randomize(false)
describe("a block's globals", function()
  BLOCK_GLOBAL = "block"
  it("are seen by its tests", function()
    assert.equal("block", BLOCK_GLOBAL)
    TEST_GLOBAL = "test"
  end)
  it("but a test's globals stay in that test", function()
    assert.is_nil(TEST_GLOBAL)
  end)
end)

describe("a sibling block", function()
  it("does not see another block's globals", function()
    assert.is_nil(BLOCK_GLOBAL)
  end)
end)

describe("before_each", function()
  before_each(function() HOOK_GLOBAL = "hook" end)
  it("assigns into its block, so tests see it", function()
    assert.equal("hook", HOOK_GLOBAL)
  end)
end)

insulate("insulate", function()
  _G.WRITTEN_THROUGH_G = "inside"
  package.loaded["fake.module"] = {}
  it("sees what it set", function()
    assert.equal("inside", WRITTEN_THROUGH_G)
  end)
end)

describe("after insulate", function()
  it("_G and package.loaded are restored", function()
    assert.is_nil(WRITTEN_THROUGH_G)
    assert.is_nil(package.loaded["fake.module"])
  end)
end)

expose("expose", function()
  EXPOSED = "exposed"
  it("sees its globals", function() assert.equal("exposed", EXPOSED) end)
end)

describe("after expose", function()
  it("its body's globals are visible", function()
    assert.equal("exposed", EXPOSED)
  end)
end)
