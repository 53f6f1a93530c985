-- Errors whose object is a host value: the report shows it as print would.
describe("host values as errors", function()
  it("a vec", function() error(animhost.vec(1, 2.5)) end)
end)
