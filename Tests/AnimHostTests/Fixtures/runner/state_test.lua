-- Each file runs in a fresh state: a global set by another file is not here.
it("sees no globals from other files", function()
  assert.is_nil(leaked_from_mixed)
  leaked_from_state = true
end)
