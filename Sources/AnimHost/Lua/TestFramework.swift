/// The busted-compatible vocabulary of `animhost test`, in Lua: blocks, hooks, luassert-style
/// assertions (expected first, then actual), spies. It only collects tests and runs one at a
/// time when the host asks, so each test gets its own instruction budget and fails alone.
enum TestFramework {
    static let source = #"""
local host = ...
local type, tostring, pairs, ipairs, select, error, pcall, setmetatable, getmetatable, rawequal =
      type, tostring, pairs, ipairs, select, error, pcall, setmetatable, getmetatable, rawequal
local sort, concat, format = table.sort, table.concat, string.format

local AssertionFailure = {}
AssertionFailure.__index = AssertionFailure
AssertionFailure.__tostring = function(e) return e.message end

-- Blocks and tests ----------------------------------------------------------
local root = {name = nil, parent = nil, before = {}, after = {}, setup = {}, teardown = {}}
local current = root
local tests = {}

-- The file and line of the test file's call to it/pending: host.where counts from its own
-- C frame, so 3 is: where → it/pending → the test file.
local function where() return host.where(3) end

local function fullName(block, name)
  local parts = {}
  local b = block
  while b and b.name do table.insert(parts, 1, b.name); b = b.parent end
  if name then parts[#parts + 1] = name end
  return concat(parts, " ")
end

local function describe(name, fn)
  if type(name) ~= "string" then error("bad argument #1 to 'describe' (string expected, got " .. type(name) .. ")", 2) end
  if type(fn) ~= "function" then error("bad argument #2 to 'describe' (function expected, got " .. type(fn) .. ")", 2) end
  local block = {name = name, parent = current, before = {}, after = {}, setup = {}, teardown = {}}
  local saved = current
  current = block
  local ok, err = pcall(fn)
  current = saved
  if not ok then error(err, 0) end
end

local function it(name, fn)
  if type(name) ~= "string" then error("bad argument #1 to 'it' (string expected, got " .. type(name) .. ")", 2) end
  local file, line = where()
  tests[#tests + 1] = {name = fullName(current, name), block = current, fn = fn, file = file, line = line,
                       pending = (fn == nil)}
end

local function pending(name, fn)
  local file, line = where()
  tests[#tests + 1] = {name = fullName(current, name), block = current, file = file, line = line, pending = true}
end

local function hook(kind)
  return function(fn)
    if type(fn) ~= "function" then error("bad argument #1 to '" .. kind .. "' (function expected, got " .. type(fn) .. ")", 2) end
    local list = current[kind]
    list[#list + 1] = fn
  end
end


_G.describe, _G.context = describe, describe
_G.it, _G.test, _G.spec = it, it, it
_G.pending = pending
_G.before_each, _G.after_each = hook("before"), hook("after")
_G.setup, _G.teardown = hook("setup"), hook("teardown")
_G.lazy_setup, _G.lazy_teardown, _G.strict_setup, _G.strict_teardown =
  _G.setup, _G.teardown, _G.setup, _G.teardown

-- Pretty values for messages -------------------------------------------------
local function show(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then return format("%q", v) end
  if t ~= "table" or depth > 2 or getmetatable(v) and getmetatable(v).__tostring then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  local parts = {}
  for i, k in ipairs(keys) do
    if i > 12 then parts[#parts + 1] = "…"; break end
    local key = type(k) == "string" and k or "[" .. tostring(k) .. "]"
    parts[#parts + 1] = key .. " = " .. show(v[k], depth + 1)
  end
  return "{" .. concat(parts, ", ") .. "}"
end
local function typed(v) return "(" .. type(v) .. ") " .. show(v) end

local function fail(message, level)
  error(setmetatable({message = message}, AssertionFailure), (level or 1) + 1)
end

-- Deep comparison: returns nil when equal, else the path of the first difference.
local function deepDiff(a, b, path, seen)
  if rawequal(a, b) then return nil end
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b then return nil end
    return path
  end
  seen = seen or {}
  if seen[a] == b then return nil end
  seen[a] = b
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = k end
  for k in pairs(b) do if a[k] == nil then keys[#keys + 1] = k end end
  sort(keys, function(x, y)
    if type(x) == type(y) and (type(x) == "number" or type(x) == "string") then return x < y end
    return type(x) < type(y)
  end)
  for _, k in ipairs(keys) do
    local sub = path .. (type(k) == "string" and ("." .. k) or ("[" .. tostring(k) .. "]"))
    local d = deepDiff(a[k], b[k], sub, seen)
    if d then return d end
  end
  return nil
end

local function valueAt(t, path)
  local v = t
  for part in path:gmatch("[^%.%[%]]+") do
    if type(v) ~= "table" then return nil end
    local n = tonumber(part)
    v = v[n ~= nil and n or part]
  end
  return v
end

-- Assertions -----------------------------------------------------------------
local assertions = {}

assertions.equal = function(negated, expected, actual, message)
  local ok = expected == actual
  if ok == negated then
    fail((message and message .. "\n" or "") .. (negated and "Expected objects to not be equal.\nPassed in:\n" or "Expected objects to be equal.\nPassed in:\n")
      .. typed(actual) .. "\nExpected:\n" .. typed(expected), 3)
  end
end
assertions.equals = assertions.equal

assertions.same = function(negated, expected, actual, message)
  local diff = deepDiff(expected, actual, "")
  if (diff == nil) == negated then
    local text
    if negated then text = "Expected objects to not be the same.\nPassed in:\n" .. typed(actual)
    else
      local p = diff == "" and "(value)" or diff:gsub("^%.", "")
      text = "Expected objects to be the same.\nFirst difference at " .. p .. ":\nPassed in:\n"
        .. typed(diff == "" and actual or valueAt(actual, diff)) .. "\nExpected:\n"
        .. typed(diff == "" and expected or valueAt(expected, diff))
    end
    fail((message and message .. "\n" or "") .. text, 3)
  end
end

assertions.near = function(negated, expected, actual, tolerance, message)
  if type(expected) ~= "number" or type(actual) ~= "number" or type(tolerance) ~= "number" then
    fail("assert.near(expected, actual, tolerance) needs three numbers, got " .. type(expected) .. ", "
      .. type(actual) .. ", " .. type(tolerance), 3)
  end
  local ok = math.abs(expected - actual) <= tolerance
  if ok == negated then
    fail((message and message .. "\n" or "") .. format("Expected %s to %sbe within %s of %s (difference %s)",
      tostring(actual), negated and "not " or "", tostring(tolerance), tostring(expected),
      tostring(math.abs(expected - actual))), 3)
  end
end

local function truthiness(name, test, describeIt)
  assertions[name] = function(negated, value, message)
    if test(value) == negated then
      fail((message and message .. "\n" or "") .. "Expected " .. typed(value) .. " to " ..
        (negated and "not " or "") .. describeIt, 3)
    end
  end
end
truthiness("truthy", function(v) return v ~= nil and v ~= false end, "be truthy")
truthiness("falsy", function(v) return v == nil or v == false end, "be falsy")
truthiness("is_true", function(v) return v == true end, "be true")
truthiness("is_false", function(v) return v == false end, "be false")
assertions["true"], assertions["false"] = assertions.is_true, assertions.is_false
for _, t in ipairs({"nil", "number", "string", "table", "function", "boolean", "userdata"}) do
  truthiness("is_" .. t, function(v) return type(v) == t end, "be a " .. t)
  assertions[t] = assertions["is_" .. t]
end

local function stripLocation(msg)
  if type(msg) ~= "string" then return msg end
  return (msg:gsub("^[^:\n]+:%d+: ", ""))
end

assertions.has_error = function(negated, fn, expectedMessage, message)
  if type(fn) ~= "function" then fail("assert.has_error needs a function, got " .. type(fn), 3) end
  local ok, err = pcall(fn)
  if negated then
    if not ok then fail((message and message .. "\n" or "") .. "Expected no error, got:\n" .. tostring(err), 3) end
    return
  end
  if ok then fail((message and message .. "\n" or "") .. "Expected an error, but the function returned normally", 3) end
  if expectedMessage ~= nil then
    local got = stripLocation(type(err) == "table" and getmetatable(err) == AssertionFailure and err.message or err)
    if got ~= expectedMessage then
      fail((message and message .. "\n" or "") .. "Expected error:\n" .. typed(expectedMessage) .. "\nGot:\n" .. typed(got), 3)
    end
  end
end
assertions.error, assertions.errors, assertions.has_errors = assertions.has_error, assertions.has_error, assertions.has_error

assertions.error_matches = function(negated, fn, pattern, message)
  local ok, err = pcall(fn)
  local text = tostring(err)
  local matched = (not ok) and text:find(pattern) ~= nil
  if matched == negated then
    fail((message and message .. "\n" or "") .. (ok and "Expected an error matching " .. typed(pattern) .. ", but the function returned normally"
      or "Expected error " .. (negated and "not " or "") .. "to match " .. typed(pattern) .. "\nGot:\n" .. typed(text)), 3)
  end
end

assertions.matches = function(negated, pattern, actual, message)
  local ok = type(actual) == "string" and actual:find(pattern) ~= nil
  if ok == negated then
    fail((message and message .. "\n" or "") .. "Expected " .. typed(actual) .. " to " .. (negated and "not " or "") .. "match " .. typed(pattern), 3)
  end
end

assertions.snapshot = function(negated, name, trace, tolerance)
  local ok, report = host.snapshot(name, trace, tolerance or 0)
  if not ok then fail(report, 3) end
end

-- Spies ------------------------------------------------------------------------
local spyMeta = {}
spyMeta.__call = function(s, ...)
  local args = table.pack(...)
  s.calls[#s.calls + 1] = args
  if s.fn then return s.fn(...) end
end
spyMeta.__index = {
  clear = function(s) s.calls = {} end,
  revert = function(s) if s.target then s.target[s.key] = s.original end end,
}
local function isSpy(v) return getmetatable(v) == spyMeta end
spy = {
  new = function(fn) return setmetatable({calls = {}, fn = fn}, spyMeta) end,
  on = function(target, key)
    local original = target[key]
    local s = setmetatable({calls = {}, fn = original, target = target, key = key, original = original}, spyMeta)
    target[key] = s
    return s
  end,
  is_spy = isSpy,
}
stub = function(target, key)
  local s = setmetatable({calls = {}, target = target, key = key, original = target[key]}, spyMeta)
  target[key] = s
  return s
end

local function spyAssert(s, negated)
  if not isSpy(s) then fail("assert.spy needs a spy, got " .. typed(s), 3) end
  local checks = {}
  checks.called = function(n)
    local count = #s.calls
    local ok = n == nil and count > 0 or count == n
    if ok == negated then
      fail("Expected the spy to " .. (negated and "not " or "") .. "be called " ..
        (n and (n .. " time(s)") or "at least once") .. ", it was called " .. count .. " time(s)", 2)
    end
  end
  checks.called_with = function(...)
    local want = table.pack(...)
    local found = false
    for _, call in ipairs(s.calls) do
      if deepDiff(want, call, "") == nil then found = true; break end
    end
    if found == negated then
      fail("Expected the spy to " .. (negated and "not " or "") .. "be called with " .. show(want), 2)
    end
  end
  checks.returned_with = checks.called_with
  return checks
end

-- The `assert` table with chains: assert.are.equal, assert.is_not.truthy, assert.spy(s).was.called(2)
local function chain(negated)
  return setmetatable({}, {
    __index = function(_, key)
      if key == "is" or key == "are" or key == "was" or key == "has" or key == "does" or key == "is_a" then return chain(negated) end
      if key == "is_not" or key == "are_not" or key == "was_not" or key == "has_no" or key == "does_not" or key == "no" or key == "not_" then
        return chain(not negated)
      end
      if key == "spy" then return function(s) return setmetatable({}, {__index = function(_, k)
        if k == "was" or k == "has" then return spyAssert(s, negated) end
        if k == "was_not" or k == "has_not" then return spyAssert(s, not negated) end
        return spyAssert(s, negated)[k] end}) end end
      local name = key
      local negatedHere = negated
      if name:sub(1, 4) == "not_" then name = name:sub(5); negatedHere = not negatedHere end
      if name:sub(1, 7) == "has_no_" then name = "has_" .. name:sub(8); negatedHere = not negatedHere end
      local a = assertions[name]
      if not a then
        local names = {}
        for k in pairs(assertions) do names[#names + 1] = k end
        sort(names)
        error("unknown assertion '" .. key .. "'; known: " .. concat(names, ", "), 2)
      end
      return function(...) return a(negatedHere, ...) end
    end,
    __call = function(_, value, message, ...)
      if not value then fail(message and tostring(message) or "assertion failed!", 2) end
      return value, message, ...
    end,
  })
end
assert = chain(false)

-- Running (called by the host, one test per protected call) -------------------
local runner = {}

local function pathOf(block)
  local path = {}
  local b = block
  while b do table.insert(path, 1, b); b = b.parent end
  return path
end

function runner.count() return #tests end
function runner.info(i) local t = tests[i]; return t.name, t.file, t.line, t.pending end

local selected, lastIndexOf, setupDone = {}, {}, {}

-- Marks which tests will run, so setup/teardown bracket exactly those.
function runner.select(list)
  selected, lastIndexOf, setupDone = {}, {}, {}
  for _, i in ipairs(list) do
    selected[#selected + 1] = i
    for _, b in ipairs(pathOf(tests[i].block)) do lastIndexOf[b] = i end
  end
end

local function runList(list, reverse)
  if reverse then for k = #list, 1, -1 do list[k]() end else for k = 1, #list do list[k]() end end
end

local function classify(err)
  if type(err) == "table" and getmetatable(err) == AssertionFailure then return "failed", err.message end
  return "error", tostring(err)
end

-- Returns status ("passed", "failed", "error", "pending"), message, traceback.
function runner.run(i)
  local t = tests[i]
  local path = pathOf(t.block)
  for _, b in ipairs(path) do
    if not setupDone[b] then
      setupDone[b] = true
      local ok, err = xpcall(runList, debug.traceback, b.setup)
      if not ok then local s, m = classify(err); return "error", "setup failed: " .. m, "" end
    end
  end
  local status, message, trace = "passed", nil, nil
  if t.pending then
    status = "pending"
  else
    local ok, err = xpcall(function()
      for _, b in ipairs(path) do runList(b.before) end
      t.fn()
    end, function(e) trace = debug.traceback("", 2); return e end)
    local okAfter, errAfter = xpcall(function()
      for k = #path, 1, -1 do runList(path[k].after) end
    end, function(e) return e end)
    if not ok then status, message = classify(err)
    elseif not okAfter then status, message = classify(errAfter); message = "after_each failed: " .. message end
  end
  for k = #path, 1, -1 do
    local b = path[k]
    if lastIndexOf[b] == i and #b.teardown > 0 then
      local ok, err = pcall(runList, b.teardown, true)
      if not ok and status == "passed" then status, message = classify(err); message = "teardown failed: " .. message end
    end
  end
  return status, message, trace
end

return runner
"""#
}
