-- luassert's test doubles for `animhost test`, in Lua: `spy` (records calls and returns),
-- `stub` (a spy that replaces a function and returns what it is told), `mock` (spies or
-- stubs on every function of a table, recursively), `match` (argument matchers for
-- `called_with`), and the spy assertions (`assert.spy(s).was.called(2)`,
-- `assert.stub(t.f).was_not.called_with(match._)` …) registered in the assertion grammar.
--
-- The chunk gets the host table, `assert` and the shared helpers; it returns
-- `spy, stub, mock, match`.
--
-- Embedded in the binary and loaded as chunk `=animhost/spies.lua` (LuaChunk.swift), so a
-- message's `animhost/spies.lua:N:` is line N of this file.
local _, assert, say, lib = ...   -- the host table, unused here
local type, setmetatable, getmetatable, rawget, rawset, ipairs =
      type, setmetatable, getmetatable, rawget, rawset, ipairs
local unpack, pack = table.unpack, table.pack
local argList, deepcompare, callable, raise = lib.argList, lib.deepcompare, lib.callable, lib.raise
local tostring = lib.tostring

say:set("assertion.called.positive", "Expected to be called %s time(s), but was called %s time(s)")
say:set("assertion.called.negative", "Expected not to be called exactly %s time(s), but it was.")
say:set("assertion.called_at_least.positive", "Expected to be called at least %s time(s), but was called %s time(s)")
say:set("assertion.called_at_most.positive", "Expected to be called at most %s time(s), but was called %s time(s)")
say:set("assertion.called_more_than.positive", "Expected to be called more than %s time(s), but was called %s time(s)")
say:set("assertion.called_less_than.positive", "Expected to be called less than %s time(s), but was called %s time(s)")
say:set("assertion.called_with.positive", "Function was never called with matching arguments.\nCalled with (last call if any):\n%s\nExpected:\n%s")
say:set("assertion.called_with.negative", "Function was called with matching arguments at least once.\nCalled with (last matching call):\n%s\nDid not expect:\n%s")
say:set("assertion.returned_with.positive", "Function never returned matching arguments.\nReturned (last call if any):\n%s\nExpected:\n%s")
say:set("assertion.returned_with.negative", "Function returned matching arguments at least once.\nReturned (last matching call):\n%s\nDid not expect:\n%s")

-- Matchers ------------------------------------------------------------------------------
local matcherMeta = {}
local function isMatcher(v) return getmetatable(v) == matcherMeta end
local function newMatcher(name, test, mod)
  return setmetatable({name = name, test = test, mod = mod}, matcherMeta)
end
matcherMeta.__call = function(self, value)
  return (self.test(value) and true or false) == self.mod
end

-- Whether a recorded argument list matches the expected one (values compared deeply,
-- matchers asked).
local function argumentsMatch(got, want)
  local n = math.max(got.n or #got, want.n or #want)
  for i = 1, n do
    local w, g = want[i], got[i]
    if isMatcher(w) then
      if not w(g) then return false end
    elseif not deepcompare(w, g, false) then
      return false
    end
  end
  return true
end

local core = {}
core["_"] = function() return function() return true end end
for _, name in ipairs({"truthy", "falsy", "true", "false", "nil", "boolean", "number", "string", "table", "function", "userdata", "thread"}) do
  core[name] = function()
    return function(v)
      if name == "truthy" then return v ~= nil and v ~= false end
      if name == "falsy" then return v == nil or v == false end
      if name == "true" then return v == true end
      if name == "false" then return v == false end
      return type(v) == name
    end
  end
end
core.ref = function(x) return function(v) return rawequal(v, x) end end
core.equals = function(x) return function(v) return v == x end end
core.equal = core.equals
core.same = function(x) return function(v) return (deepcompare(x, v, true)) end end
core.matches = function(p, init, plain)
  return function(v) return type(v) == "string" and v:find(p, init, plain) ~= nil end
end
core.match = core.matches
core.near = function(x, tol) return function(v) return type(v) == "number" and math.abs(v - x) <= tol end end
core.unique = function(deep) return function(v)
  if type(v) ~= "table" then return false end
  local keys = lib.sortedKeys(v)
  for i = 1, #keys do for j = i + 1, #keys do
    local a, b = v[keys[i]], v[keys[j]]
    if a == b or (deep and deepcompare(a, b, true)) then return false end
  end end
  return true
end end
core.all_of = function(...) local ms = pack(...); return function(v)
  for i = 1, ms.n do if not ms[i](v) then return false end end; return true end end
core.any_of = function(...) local ms = pack(...); return function(v)
  for i = 1, ms.n do if ms[i](v) then return true end end; return false end end
core.none_of = function(...) local ms = pack(...); return function(v)
  for i = 1, ms.n do if ms[i](v) then return false end end; return true end end

-- match.is_string(), match.is_not_nil(), match._, match.is_same({1}) …: the same grammar as
-- assertions (modifiers then a matcher name).
local match = {}
match._ = newMatcher("_", function() return true end, true)
local function matcherFor(key)
  local tokens = {}
  for token in key:lower():gmatch("[^_]+") do tokens[#tokens + 1] = token end
  local mod, i, name = true, 1, nil
  while i <= #tokens do
    local rest = table.concat(tokens, "_", i)
    if core[rest] then name = rest; break end
    local t = tokens[i]
    if t == "not" or t == "no" then mod = not mod
    elseif not (t == "is" or t == "are" or t == "was" or t == "has" or t == "does") then break end
    i = i + 1
  end
  if not name then raise("luassert: unknown matcher: '" .. key .. "'") end
  return function(...) return newMatcher(key, core[name](...), mod) end
end
setmetatable(match, {__index = function(_, key) return matcherFor(key) end})
match.is_matcher = isMatcher

-- Spies --------------------------------------------------------------------------------
local spyMeta = {}
local function isSpy(v) return type(v) == "table" and getmetatable(v) == spyMeta end

local function respond(self, ...)
  local args = argList(...)
  self.calls[#self.calls + 1] = args
  local handler = self.callback
  for _, rule in ipairs(self.oncalls or {}) do
    if argumentsMatch(args, rule.args) then handler = rule.handler; break end
  end
  local results = pack(handler(...))
  self.returnvals[#self.returnvals + 1] = results
  return unpack(results, 1, results.n)
end
spyMeta.__call = respond

local methods = {}
spyMeta.__index = methods
function methods.revert(self)
  if not self.reverted then
    if self.target_table ~= nil and self.target_key ~= nil then self.target_table[self.target_key] = self.original end
    self.reverted = true
  end
  return self.original
end
function methods.clear(self) self.calls = {}; self.returnvals = {}; return self end
function methods.called(self, times, compare)
  if times or compare then
    compare = compare or function(count, expected) return count == expected end
    return compare(#self.calls, times), #self.calls
  end
  return #self.calls > 0, #self.calls
end
local function lastMatching(list, want)
  for i = #list, 1, -1 do if argumentsMatch(list[i], want) then return list[i] end end
  return nil
end
function methods.called_with(self, want)
  local hit = lastMatching(self.calls, want)
  if hit then return true, hit end
  return false, self.calls[#self.calls]
end
function methods.returned_with(self, want)
  local hit = lastMatching(self.returnvals, want)
  if hit then return true, hit end
  return false, self.returnvals[#self.returnvals]
end
local function newSpy(callback, original)
  callback = callback or function() end
  if not callable(callback) then
    raise("Cannot spy on type '" .. type(callback) .. "', only on functions or callable elements")
  end
  local s = setmetatable({calls = {}, returnvals = {}, callback = callback, original = original or callback}, spyMeta)
  lib.spies[#lib.spies + 1] = s
  return s
end

local spy = {}
spy.new = function(callback) return newSpy(callback) end
spy.is_spy = isSpy
spy.on = function(target, key)
  if type(target) ~= "table" then raise("bad argument #1 to 'spy.on' (table expected, got " .. type(target) .. ")") end
  local s = newSpy(target[key])
  s.target_table, s.target_key = target, key
  target[key] = s
  return s
end
setmetatable(spy, {__call = function(_, ...) return spy.new(...) end})

-- Stubs answer with values set by dot-calls, as luassert's do: stub(t, "f").returns(1),
-- t.f.invokes(fn), t.f.on_call_with(2).returns(3) (the first matching rule wins).
local stub = {}
stub.new = function(target, key, ...)
  if target == nil and key == nil then target, key = {}, "" end
  if type(target) ~= "table" or key == nil then
    raise("stub.new(): Can only create stub on a table key, call with 2 params; table, key")
  end
  local original = target[key]
  if original ~= nil and not callable(original) then
    raise("stub.new(): The element for which to create a stub must either be callable, or be nil")
  end
  local values = pack(...)
  local default = (values.n == 1 and callable(values[1])) and values[1] or function() return unpack(values, 1, values.n) end
  local s
  s = newSpy(function(...) return default(...) end, original)
  s.target_table, s.target_key = target, key
  s.oncalls = {}
  s.returns = function(...) local r = pack(...); default = function() return unpack(r, 1, r.n) end; return s end
  s.invokes = function(fn) default = fn; return s end
  s.by_default = {returns = s.returns, invokes = s.invokes}
  s.on_call_with = function(...)
    local rule = {args = argList(...), handler = function() end}
    return {
      returns = function(...) local r = pack(...); rule.handler = function() return unpack(r, 1, r.n) end; s.oncalls[#s.oncalls + 1] = rule; return s end,
      invokes = function(fn) rule.handler = fn; s.oncalls[#s.oncalls + 1] = rule; return s end,
    }
  end
  target[key] = s
  return s
end
stub.is_stub = isSpy
setmetatable(stub, {__call = function(_, ...) return stub.new(...) end})

-- mock(t, dostub): spies (or stubs) on every function in t and its sub-tables.
local mock = {}
local function mockTable(t, dostub, seen)
  seen = seen or {}
  if seen[t] then return t end
  seen[t] = true
  for _, k in ipairs(lib.sortedKeys(t)) do
    local v = t[k]
    if type(v) == "function" or (isSpy(v) == false and callable(v) and type(v) ~= "table") then
      if dostub then stub.new(t, k) else spy.on(t, k) end
    elseif type(v) == "table" and not isSpy(v) then
      mockTable(v, dostub, seen)
    end
  end
  return t
end
local function eachSpy(t, fn, seen)
  seen = seen or {}
  if seen[t] then return end
  seen[t] = true
  for _, k in ipairs(lib.sortedKeys(t)) do
    local v = t[k]
    if isSpy(v) then fn(v) elseif type(v) == "table" then eachSpy(v, fn, seen) end
  end
end
mock.new = function(t, dostub)
  if type(t) ~= "table" then raise("bad argument #1 to 'mock' (table expected, got " .. type(t) .. ")") end
  return mockTable(t, dostub)
end
mock.revert = function(t) eachSpy(t, function(s) s:revert() end); return t end
mock.clear = function(t) eachSpy(t, function(s) s:clear() end); return t end
setmetatable(mock, {__call = function(_, ...) return mock.new(...) end})

-- Spy assertions -------------------------------------------------------------------------
local function setSpy(state, arguments)
  rawset(state, "payload", arguments[1])
  if arguments[2] ~= nil then rawset(state, "failure_message", arguments[2]) end
end
assert:register("modifier", "spy", setSpy)
assert:register("modifier", "stub", setSpy)

local function payloadOf(state, what)
  local payload = rawget(state, "payload")
  if isSpy(payload) then return payload end
  if type(payload) == "function" then
    raise("When calling 'spy(aspy)', 'aspy' must not be the original function, but the spy function replacing the original")
  end
  raise("'" .. what .. "' must be chained after 'spy(aspy)'")
end

local function called(compare)
  return function(state, arguments)
    local times = arguments[1]
    if not times and not rawget(state, "mod") then rawset(state, "mod", true); times = 0 end
    local s = payloadOf(state, "called")
    local ok, count = s:called(times, compare)
    arguments[1] = tostring(times or ">0")
    arguments[2] = tostring(count)
    arguments.n = 2
    arguments.nofmt = {true, true}
    return ok
  end
end
local function withArguments(method)
  return function(state, arguments)
    local s = payloadOf(state, method)
    local ok, list = s[method](s, arguments)
    local expected = {}
    for i = 1, arguments.n do expected[i] = arguments[i] end
    expected.n = arguments.n
    for i = 1, arguments.n do arguments[i] = nil end
    arguments[1] = list and {unpack(list, 1, list.n)} or nil
    arguments[2] = {unpack(expected, 1, expected.n)}
    arguments.n = 2
    return ok
  end
end
local function register(name, fn, positive, negative)
  assert:register("assertion", name, fn, "assertion." .. positive, "assertion." .. negative)
end
register("called", called(), "called.positive", "called.negative")
register("called_at_least", called(function(c, e) return c >= e end), "called_at_least.positive", "called_less_than.positive")
register("called_at_most", called(function(c, e) return c <= e end), "called_at_most.positive", "called_more_than.positive")
register("called_more_than", called(function(c, e) return c > e end), "called_more_than.positive", "called_at_most.positive")
register("called_less_than", called(function(c, e) return c < e end), "called_less_than.positive", "called_at_least.positive")
register("called_with", withArguments("called_with"), "called_with.positive", "called_with.negative")
register("returned_with", withArguments("returned_with"), "returned_with.positive", "returned_with.negative")

return spy, stub, mock, match
