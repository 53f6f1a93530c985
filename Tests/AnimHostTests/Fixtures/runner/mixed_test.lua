-- A suite with every outcome, for the runner's own tests.
local counter = 0

describe("outer", function()
  before_each(function() counter = counter + 1 end)

  it("passes", function() assert.equal(1, counter) end)
  it("also starts from a fresh before_each", function() assert.equal(2, counter) end)
  it("fails", function() assert.equal(3, 4) end)
  it("errors", function() local t = nil; return t.field end)
  pending("is pending")

  describe("inner", function()
    it("loops forever and fails alone", function() while true do end end)
    it("exhausts memory and fails alone", function()
      local t = {}
      for i = 1, 1e9 do t[i] = string.rep("x", 1000000) .. i end
    end)
    it("still runs after the runaway", function() assert.truthy(true) end)
  end)
end)
