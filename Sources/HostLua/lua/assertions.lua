-- luassert for `animhost test`, in Lua: `say` (message templates), value formatting, the
-- assertion grammar and the standard assertions, plus the motion assertions built on a
-- trace's metrics. The grammar is luassert's: a key such as `is_not_nil` or a chain such as
-- `assert.are_not.same` is split at `_` and `.` into tokens; the last tokens that name an
-- assertion choose it (longest name first, so `error_matches` is one assertion) and every
-- modifier token applies in order (`not`/`no` flip the expectation; `is`, `are`, `was`,
-- `has`, `does` read well and do nothing). So every modifier composes with every
-- assertion, including ones a suite registers with `assert:register`.
--
-- The chunk gets the host table and returns `assert, say, lib` (`lib` holds the helpers the
-- spies and the runner share: failures, formatting, deep comparison).
--
-- Embedded in the binary and loaded as chunk `=animhost/assertions.lua` (LuaChunk.swift), so a
-- message's `animhost/assertions.lua:N:` is line N of this file.
local host = ...
local type, tostring, tonumber, pairs, ipairs, select, error, pcall, setmetatable, getmetatable, rawget, rawset, rawequal =
      type, tostring, tonumber, pairs, ipairs, select, error, pcall, setmetatable, getmetatable, rawget, rawset, rawequal
local sort, concat, format, unpack = table.sort, table.concat, string.format, table.unpack

local lib = {}

-- A value whose __tostring fails or returns no string is described instead of raising here,
-- at the framework's line, where it would hide the test's own failure.
do
  local rawtostring = tostring
  tostring = function(v)
    local ok, s = pcall(rawtostring, v)
    if ok then return s end
    return "(" .. type(v) .. " value whose __tostring failed: " .. (type(s) == "string" and s or type(s)) .. ")"
  end
  lib.tostring = tostring
end

-- Failures: a table error, so the runner tells a failed assertion from an error. The
-- message starts with the file:line of the user's call (the first frame outside the
-- framework's own chunks), as luassert's errors do.
local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(e) return e.message end
lib.Failure = Failure

local function fail(message)
  local where = host.userWhere()
  error(setmetatable({message = where .. tostring(message)}, Failure), 0)
end
lib.fail = fail
-- A misuse of an assertion (bad argument): an error, not a failure, at the user's line.
local function raise(message) error(host.userWhere() .. message, 0) end
lib.raise = raise
function lib.isFailure(e) return getmetatable(e) == Failure end

-- say: message templates by key ----------------------------------------------------
local say = {}
local templates = {}
function say.set_namespace() end   -- luassert's namespaces: one here
function say.set(self, key, value) templates[key] = value end
setmetatable(say, {__call = function(self, key, vars)
  local t = templates[key]
  if t == nil then return nil end
  vars = vars or {}
  local ok, text = pcall(format, t, unpack(vars, 1, vars.n or #vars))
  return ok and text or t
end})

say:set("assertion.same.positive", "Expected objects to be the same.\nPassed in:\n%s\nExpected:\n%s")
say:set("assertion.same.negative", "Expected objects to not be the same.\nPassed in:\n%s\nDid not expect:\n%s")
say:set("assertion.equals.positive", "Expected objects to be equal.\nPassed in:\n%s\nExpected:\n%s")
say:set("assertion.equals.negative", "Expected objects to not be equal.\nPassed in:\n%s\nDid not expect:\n%s")
say:set("assertion.near.positive", "Expected values to be near.\nPassed in:\n%s\nExpected:\n%s +/- %s")
say:set("assertion.near.negative", "Expected values to not be near.\nPassed in:\n%s\nDid not expect:\n%s +/- %s")
say:set("assertion.matches.positive", "Expected strings to match.\nPassed in:\n%s\nExpected:\n%s")
say:set("assertion.matches.negative", "Expected strings not to match.\nPassed in:\n%s\nDid not expect:\n%s")
say:set("assertion.unique.positive", "Expected object to be unique:\n%s")
say:set("assertion.unique.negative", "Expected object to not be unique:\n%s")
say:set("assertion.error.positive", "Expected a different error.\nCaught:\n%s\nExpected:\n%s")
say:set("assertion.error.negative", "Expected no error, but caught:\n%s")
say:set("assertion.truthy.positive", "Expected to be truthy, but value was:\n%s")
say:set("assertion.truthy.negative", "Expected to not be truthy, but value was:\n%s")
say:set("assertion.falsy.positive", "Expected to be falsy, but value was:\n%s")
say:set("assertion.falsy.negative", "Expected to not be falsy, but value was:\n%s")
say:set("assertion.returned_arguments.positive", "Expected to be called with %s argument(s), but was called with %s")
say:set("assertion.returned_arguments.negative", "Expected not to be called with %s argument(s), but was called with %s")
say:set("assertion.internal.argtolittle", "the '%s' function requires a minimum of %s arguments, got: %s")
say:set("assertion.internal.badargtype", "bad argument #%s to '%s' (%s expected, got %s)")

-- Formatting: deterministic (sorted keys, no addresses) -----------------------------
local function keyOrder(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb and (ta == "number" or ta == "string") then return a < b end
  if ta ~= tb then return ta < tb end
  return tostring(a) < tostring(b)
end
local function sortedKeys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  sort(keys, keyOrder)
  return keys
end
lib.sortedKeys = sortedKeys

local function hasToString(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__tostring") ~= nil
end

-- Vecs in failure messages: every digit that tells two numbers apart (tostring(v) rounds
-- to the frames' 6 decimals, so two different vecs could print alike).
local isvec = host.isvec
local function exact(n)
  if math.type(n) == "integer" then return tostring(n) end
  for digits = 1, 17 do
    local s = format("%." .. digits .. "g", n)
    if tonumber(s) == n then return s end
  end
  return tostring(n)
end
local function showVec(v) return "vec(" .. exact(v.x) .. ", " .. exact(v.y) .. ")" end
lib.showVec = showVec

local tableDepth = 3
local function showTable(t, depth, crumbs, indent, seen)
  if seen[t] then return "{ ... recursive }" end
  if depth > tableDepth then return "{ ... more }" end
  local keys = sortedKeys(t)
  if #keys == 0 then return "{ }" end
  seen[t] = true
  local crumb = crumbs and crumbs[#crumbs - depth + 1]
  local lines = {}
  for _, k in ipairs(keys) do
    local mark = (crumb ~= nil and rawequal(k, crumb)) and "*" or " "
    local key = type(k) == "string" and "[" .. k .. "]" or "[" .. tostring(k) .. "]"
    local v = t[k]
    local text
    if type(v) == "table" and not hasToString(v) then
      text = showTable(v, depth + 1, mark == "*" and crumbs or nil, indent .. "  ", seen)
    elseif isvec(v) then text = showVec(v)
    elseif type(v) == "string" then text = format("'%s'", v)
    else text = tostring(v) end
    lines[#lines + 1] = indent .. mark .. key .. " = " .. text
  end
  seen[t] = nil
  return "{\n" .. concat(lines, "\n") .. " }"
end

-- "(number) 2", "(string) 'a'", "(table) { ... }" as luassert shows values.
local formatters = {}
local function formatValue(v, extra)
  for i = #formatters, 1, -1 do
    local s = formatters[i](v, extra)
    if s ~= nil then return s end
  end
  local t = type(v)
  if t == "string" then return "(string) '" .. v .. "'" end
  if t == "nil" then return "(nil)" end
  if t == "table" then
    if hasToString(v) then return "(" .. t .. ") " .. tostring(v) end
    return "(table) " .. showTable(v, 1, extra and extra.crumbs, "  ", {})
  end
  if t == "number" and math.type(v) == "integer" then return "(number) " .. tostring(v) end
  if t == "function" or t == "thread" then return "(" .. t .. ")" end
  if isvec(v) then return "(vec) " .. showVec(v) end
  if t == "userdata" then return "(userdata) " .. tostring(v) end
  return "(" .. t .. ") " .. tostring(v)
end
lib.format = formatValue

-- x, y of a vec or a table the API takes as a vector ({x, y}, {x=, y=}: the host's own
-- rule); nil for anything else. A vec compared with a table compares as that vector.
local vectorXY = host.vectorXY
local function vecSameAsTable(v, t)
  local x, y = vectorXY(t)
  return x ~= nil and x == v.x and y == v.y
end

-- Deep comparison (luassert's deepcompare): equal, plus the key path to the first difference.
local function deepcompare(t1, t2, ignoreMeta, seen)
  if rawequal(t1, t2) then return true end
  if isvec(t1) and type(t2) == "table" then return vecSameAsTable(t1, t2), {} end
  if isvec(t2) and type(t1) == "table" then return vecSameAsTable(t2, t1), {} end
  local ty1, ty2 = type(t1), type(t2)
  if ty1 ~= ty2 then return false, {} end
  if ty1 ~= "table" then return t1 == t2, {} end
  local mt = getmetatable(t1)
  if not ignoreMeta and mt and mt.__eq then return t1 == t2, {} end
  seen = seen or {}
  if seen[t1] and seen[t1][t2] then return true end
  seen[t1] = seen[t1] or {}
  seen[t1][t2] = true
  for _, k in ipairs(sortedKeys(t1)) do
    local same, crumbs = deepcompare(t1[k], t2[k], ignoreMeta, seen)
    if not same then crumbs = crumbs or {}; crumbs[#crumbs + 1] = k; return false, crumbs end
  end
  for _, k in ipairs(sortedKeys(t2)) do
    if t1[k] == nil then return false, {k} end
  end
  return true
end
lib.deepcompare = deepcompare

local function crumbPath(crumbs)
  local parts = {}
  for i = #crumbs, 1, -1 do
    local k = crumbs[i]
    parts[#parts + 1] = type(k) == "string" and (#parts == 0 and k or "." .. k) or "[" .. tostring(k) .. "]"
  end
  return concat(parts)
end

-- The grammar ------------------------------------------------------------------------
local namespaces = {assertion = {}, modifier = {}, matcher = {}}
lib.namespaces = namespaces

local function argList(...) return {n = select("#", ...), ...} end
lib.argList = argList

-- Splits tokens into known keys, longest assertion name first, from the end (luassert).
local function extractKeys(space, tokens)
  local keys, key, i = {}, nil, #tokens
  while i > 0 do
    local token = tokens[i]
    key = key and (token .. "_" .. key) or token
    local long = i > 1 and (tokens[i - 1] .. "_" .. key) or nil
    while i > 1 and long and namespaces[space][long] do
      key = long
      i = i - 1
      long = i > 1 and (tokens[i - 1] .. "_" .. key) or nil
    end
    if namespaces.modifier[key] or namespaces[space][key] then
      table.insert(keys, 1, key)
      key = nil
    end
    i = i - 1
  end
  if key then
    local names = sortedKeys(namespaces[space])
    local hint = host.suggest(key, names)
    raise("luassert: unknown modifier/" .. space .. ": '" .. key .. "'" .. (hint and ("; did you mean '" .. hint .. "'?") or ""))
  end
  return keys
end

local function failureText(template, failureMessage, args)
  local formatted = {n = args.n}
  local nofmt, fmtargs = args.nofmt or {}, args.fmtargs or {}
  for i = 1, args.n or #args do
    if nofmt[i] then formatted[i] = tostring(args[i]) else formatted[i] = formatValue(args[i], fmtargs[i]) end
  end
  local message = template and say(template, formatted)
  if failureMessage ~= nil then
    local fm = hasToString(failureMessage) and tostring(failureMessage)
      or (type(failureMessage) == "string" and failureMessage or formatValue(failureMessage))
    message = message and (fm .. "\n" .. message) or fm
  end
  return message or "assertion failed!"
end

local stateMeta = {}
local function newState()
  return setmetatable({mod = true, tokens = {}}, stateMeta)
end
stateMeta.__index = function(self, key)
  for token in tostring(key):lower():gmatch("[^_]+") do
    local tokens = rawget(self, "tokens")
    tokens[#tokens + 1] = token
  end
  return self
end
stateMeta.__call = function(self, ...)
  local tokens = rawget(self, "tokens")
  local keys = extractKeys("assertion", tokens)
  local assertion
  for _, key in ipairs(keys) do assertion = namespaces.assertion[key] or assertion end
  if assertion then
    for _, key in ipairs(keys) do
      if namespaces.modifier[key] then namespaces.modifier[key].callback(self) end
    end
    local arguments = argList(...)
    local ok, retargs = assertion.callback(self, arguments, 1)
    if (not ok) == rawget(self, "mod") then
      local template = rawget(self, "mod") and assertion.positive or assertion.negative
      local extra = rawget(self, "explain")
      local text = failureText(template, rawget(self, "failure_message"), arguments)
      if extra then text = text .. "\n" .. extra end
      fail(text)
    end
    if retargs then return unpack(retargs, 1, retargs.n or #retargs) end
    return ...
  end
  -- Only modifiers so far: they take arguments (assert.spy(s), assert.message("...")).
  local arguments = argList(...)
  rawset(self, "tokens", {})
  for _, key in ipairs(keys) do
    if namespaces.modifier[key] then namespaces.modifier[key].callback(self, arguments, 1) end
  end
  return self
end

local assert = {}
function assert.register(self, space, name, callback, positive, negative)
  local lower = name:lower()
  namespaces[space] = namespaces[space] or {}
  namespaces[space][lower] = {callback = callback, name = lower, positive = positive, negative = negative}
end
function assert.unregister(self, space, name)
  namespaces[space] = namespaces[space] or {}
  namespaces[space][name:lower()] = nil
end
function assert.add_formatter(self, fn) formatters[#formatters + 1] = fn end
function assert.remove_formatter(self, fn)
  for i = #formatters, 1, -1 do if formatters[i] == fn then table.remove(formatters, i) end end
end
function assert.format(self, args)
  for i = 1, args.n or #args do if not (args.nofmt or {})[i] then args[i] = formatValue(args[i]) end end
  return args
end
local parameters = {TableFormatLevel = 3}
function assert.set_parameter(self, name, value)
  parameters[name] = value
  if name == "TableFormatLevel" and type(value) == "number" then tableDepth = value end
end
function assert.get_parameter(self, name) return parameters[name] end
function assert.state() return newState() end
local levelMeta = {}
function assert.level(self, level) return setmetatable({level = level}, levelMeta) end
function assert.get_level(self, level) if getmetatable(level) == levelMeta then return level.level end end
setmetatable(assert, {
  __call = function(self, value, message, level, ...)
    if not value then fail(message == nil and "assertion failed!" or message) end
    return value, message, level, ...
  end,
  __index = function(self, key) return newState()[key] end,
})

local function is(state) return state end
local function isNot(state) rawset(state, "mod", not rawget(state, "mod")); return state end
for _, m in ipairs({"is", "are", "was", "has", "does"}) do assert:register("modifier", m, is) end
assert:register("modifier", "not", isNot)
assert:register("modifier", "no", isNot)
assert:register("modifier", "message", function(state, arguments)
  rawset(state, "failure_message", arguments and arguments[1])
end)

-- Standard assertions ------------------------------------------------------------------
local function setMessage(state, m) if m ~= nil then rawset(state, "failure_message", m) end end
local function need(n, name, arguments)
  if arguments.n < n then raise(say("assertion.internal.argtolittle", {name, n, tostring(arguments.n)})) end
end
local function callable(f)
  if type(f) == "function" then return true end
  local mt = getmetatable(f)
  return type(mt) == "table" and rawget(mt, "__call") ~= nil
end
lib.callable = callable
-- Insert and remove in an argument list that may hold nils (its length is `n`).
local function tinsert(args, pos, value)
  if pos > args.n then args[pos] = value; args.n = pos; return end
  for i = args.n, pos, -1 do args[i + 1] = args[i] end
  args[pos] = value
  args.n = args.n + 1
end
local function tremove(args, pos)
  local v = args[pos]
  for i = pos, args.n - 1 do args[i] = args[i + 1] end
  args[args.n] = nil
  args.n = math.max(0, args.n - 1)
  return v
end
local function swap(arguments) tinsert(arguments, 1, tremove(arguments, 2)) end

local function equals(state, arguments)
  need(2, "equals", arguments)
  local ok = arguments[1] == arguments[2]
  swap(arguments)
  setMessage(state, arguments[3])
  return ok
end

local function same(state, arguments)
  need(2, "same", arguments)
  local a, b = arguments[1], arguments[2]
  if (type(a) == "table" or isvec(a)) and (type(b) == "table" or isvec(b)) then
    local ok, crumbs = deepcompare(a, b, true)
    swap(arguments)
    arguments.fmtargs = {{crumbs = crumbs}, {crumbs = crumbs}}
    setMessage(state, arguments[3])
    if not ok and crumbs and #crumbs > 0 then rawset(state, "explain", "First difference at " .. crumbPath(crumbs)) end
    return ok
  end
  return equals(state, arguments)
end

local function near(state, arguments)
  need(3, "near", arguments)
  -- Numbers (or two vectors) only: luassert would coerce "1" with tonumber, which hides a
  -- value read as text (a CSV cell, a formatted label) behind a passing test.
  local ex, ey = vectorXY(arguments[1])
  local ax, ay = vectorXY(arguments[2])
  if ex ~= nil and ax ~= nil then
    if type(arguments[3]) ~= "number" then
      raise(say("assertion.internal.badargtype", {3, "near", "number (the distance)", isvec(arguments[3]) and "animhost.Vec" or type(arguments[3])}))
    end
    -- Two vectors: the distance between them within the tolerance.
    local tolerance = arguments[3]
    local distance = math.sqrt((ax - ex) ^ 2 + (ay - ey) ^ 2)
    swap(arguments)
    arguments.nofmt = {[3] = true}
    setMessage(state, arguments[4])
    rawset(state, "explain", "Distance " .. exact(distance) .. ", tolerance " .. exact(tolerance))
    return distance <= tolerance
  end
  for i = 1, 3 do
    if type(arguments[i]) ~= "number" then
      local what = i == 3 and "number" or "number (or two vectors)"
      raise(say("assertion.internal.badargtype", {i, "near", what, isvec(arguments[i]) and "animhost.Vec" or type(arguments[i])}))
    end
  end
  local expected, actual, tolerance = arguments[1], arguments[2], arguments[3]
  swap(arguments)
  arguments[3] = tolerance
  arguments.nofmt = {[3] = true}
  setMessage(state, arguments[4])
  return actual >= expected - tolerance and actual <= expected + tolerance
end

-- The extra arguments after a pattern: init (number), plain (boolean), then a message.
local function patternOptions(arguments, first)
  local message
  for i = first, arguments.n do
    local a = arguments[i]
    if a ~= nil and type(a) ~= "boolean" and not tonumber(a) then
      message = tremove(arguments, i)
      break
    end
  end
  return arguments[first], arguments[first + 1], message
end

local function matches(state, arguments)
  need(2, "matches", arguments)
  local pattern, value = arguments[1], arguments[2]
  local actual = (hasToString(value) or type(value) == "number" or type(value) == "string") and tostring(value) or nil
  local init, plain, message = patternOptions(arguments, 3)
  if type(pattern) ~= "string" then raise(say("assertion.internal.badargtype", {1, "matches", "string", type(pattern)})) end
  if not actual then raise(say("assertion.internal.badargtype", {2, "matches", "string or object convertible to a string", formatValue(value)})) end
  swap(arguments)
  setMessage(state, message)
  if plain then
    local ok = actual:find(pattern, init, true) ~= nil
    return ok, ok and {pattern, n = 1} or {n = 0}
  end
  local captures = table.pack(actual:match(pattern, init))
  return captures[1] ~= nil, captures
end

local function truthy(state, arguments)
  need(1, "truthy", arguments)
  setMessage(state, arguments[2])
  return arguments[1] ~= false and arguments[1] ~= nil
end
local function falsy(state, arguments)
  need(1, "falsy", arguments)
  setMessage(state, arguments[2])
  return arguments[1] == false or arguments[1] == nil
end

-- luassert strips "file:line: " from string errors only; a failed assertion inside is a
-- failure object whose text keeps its place (as under busted).
local function stripWhere(err)
  if type(err) == "string" then return (err:gsub("^.-:%d+: ", "", 1)) end
  return err
end

local function hasError(state, arguments)
  local fn, expected, message = arguments[1], arguments[2], arguments[3]
  if not callable(fn) then
    raise(say("assertion.internal.badargtype", {1, "error", "function or callable object", type(fn)}))
  end
  local ok, actual = pcall(fn)
  actual = stripWhere(actual)
  local retargs = {actual, n = 1}
  arguments.n = 2
  arguments[1] = ok and "(no error)" or actual
  arguments[2] = expected == nil and "(error)" or expected
  arguments.nofmt = {[1] = ok, [2] = expected == nil}
  setMessage(state, message)
  if ok or expected == nil then return not ok, retargs end
  if type(expected) == "string" then
    if hasToString(actual) then actual = tostring(actual); retargs[1] = actual end
    if type(actual) == "string" then return expected == actual, retargs end
  elseif type(expected) == "number" and type(actual) == "string" then
    return tostring(expected) == tostring(tonumber(actual)), retargs
  end
  return (deepcompare(expected, actual, true)), retargs
end

local function errorMatches(state, arguments)
  need(2, "error_matches", arguments)
  local fn, pattern = arguments[1], arguments[2]
  if not callable(fn) then
    raise(say("assertion.internal.badargtype", {1, "error_matches", "function or callable object", type(fn)}))
  end
  if pattern ~= nil and type(pattern) ~= "string" then
    raise(say("assertion.internal.badargtype", {2, "error", "string", type(pattern)}))
  end
  local init, plain, message = patternOptions(arguments, 3)
  local ok, actual = pcall(fn)
  actual = stripWhere(actual)
  arguments.n = 2
  arguments[1] = ok and "(no error)" or actual
  arguments[2] = pattern
  arguments.nofmt = {[1] = ok}
  setMessage(state, message)
  if ok then return false, {actual, n = 1} end
  if actual == nil and pattern == nil then return true, {n = 0} end
  if hasToString(actual) or type(actual) == "number" or type(actual) == "boolean" then actual = tostring(actual) end
  if type(actual) ~= "string" then return false, {actual, n = 1} end
  if plain then
    local found = actual:find(pattern, init, true) ~= nil
    return found, found and {pattern, n = 1} or {actual, n = 1}
  end
  local captures = table.pack(actual:match(pattern, init))
  if captures[1] ~= nil then return true, captures end
  return false, {actual, n = 1}
end

local function unique(state, arguments)
  local list, deep = arguments[1], nil
  if type(arguments[2]) == "boolean" or (arguments[2] == nil and arguments.n > 2) then
    deep = arguments[2]; setMessage(state, arguments[3])
  else
    if type(arguments[3]) == "boolean" then deep = arguments[3] end
    setMessage(state, arguments[2])
  end
  if type(list) ~= "table" then raise(say("assertion.internal.badargtype", {1, "unique", "table", type(list)})) end
  local keys = sortedKeys(list)
  for i = 1, #keys do
    for j = i + 1, #keys do
      local a, b = list[keys[i]], list[keys[j]]
      if (deep and deepcompare(a, b, true)) or a == b then
        rawset(state, "explain", "The values at keys " .. tostring(keys[i]) .. " and " .. tostring(keys[j]) .. " are the same")
        return false
      end
    end
  end
  return true
end

local function constant(value)
  return function(state, arguments)
    tinsert(arguments, 2, value)
    setMessage(state, arguments[3])
    return arguments[1] == value
  end
end
local function ofType(name)
  return function(state, arguments)
    tinsert(arguments, 2, "type " .. name)
    arguments.nofmt = {[2] = true}
    setMessage(state, arguments[3])
    return arguments.n > 1 and type(arguments[1]) == name
  end
end

local function returnedArguments(state, arguments)
  local expected, got = tostring(arguments[1]), tostring(arguments.n - 1)
  arguments[1], arguments[2] = expected, got
  arguments.nofmt = {true, true}
  if arguments.n < 2 then arguments.n = 2 end
  return expected == got
end

local reg = function(name, fn, key) assert:register("assertion", name, fn, "assertion." .. key .. ".positive", "assertion." .. key .. ".negative") end
reg("true", constant(true), "same"); reg("false", constant(false), "same")
for _, t in ipairs({"boolean", "number", "string", "table", "nil", "userdata", "function", "thread"}) do reg(t, ofType(t), "same") end
reg("returned_arguments", returnedArguments, "returned_arguments")
reg("same", same, "same")
reg("matches", matches, "matches"); reg("match", matches, "matches")
reg("near", near, "near")
reg("equals", equals, "equals"); reg("equal", equals, "equals")
reg("unique", unique, "unique")
reg("error", hasError, "error"); reg("errors", hasError, "error")
for _, n in ipairs({"error_matches", "error_match", "matches_error", "match_error"}) do reg(n, errorMatches, "error") end
reg("truthy", truthy, "truthy"); reg("falsy", falsy, "falsy")

-- animhost's own assertions --------------------------------------------------------------
-- They state what was measured, so a failure explains itself.
say:set("assertion.snapshot.positive", "%s")
say:set("assertion.snapshot.negative", "Expected snapshot %s to differ, but it matches")
-- Spies made since a luassert state snapshot; assert:snapshot():revert() reverts them.
lib.spies = {}
local function luassertSnapshot()
  local mark, depth, saved = #lib.spies, tableDepth, {}
  for k, v in pairs(parameters) do saved[k] = v end
  return {revert = function()
    for i = #lib.spies, mark + 1, -1 do lib.spies[i]:revert(); lib.spies[i] = nil end
    for k in pairs(parameters) do parameters[k] = saved[k] end
    for k, v in pairs(saved) do parameters[k] = v end
    tableDepth = depth
  end}
end

assert:register("assertion", "snapshot", function(state, arguments)
  -- assert:snapshot() is luassert's state snapshot; assert.snapshot(name, trace) is ours.
  if arguments[1] == assert then return true, {luassertSnapshot(), n = 1} end
  local ok, report = host.snapshot(arguments[1], arguments[2], arguments[3] or 0)
  arguments.n = 1
  arguments[1] = ok and arguments[1] or report
  arguments.nofmt = {true}
  return ok
end, "assertion.snapshot.positive", "assertion.snapshot.negative")

-- `animhost` is the test state's global, set before this chunk runs.
local function num(x) return animhost._num(x) end  -- luacheck: read globals animhost
local function itemName(item) return type(item) == "string" and item or tostring(item and item.name) end
local function options(arguments, i, allowed, fn)
  local o = arguments[i]
  if o == nil then return {} end
  if type(o) ~= "table" then raise("bad argument #" .. i .. " to '" .. fn .. "' (table of options expected, got " .. type(o) .. ")") end
  for _, k in ipairs(sortedKeys(o)) do
    local known = false
    for _, a in ipairs(allowed) do if a == k then known = true end end
    if not known then
      local suggestion = type(k) == "string" and host.suggest(k, allowed) or nil
      raise("bad argument #" .. i .. " to '" .. fn .. "' (unknown option '" .. tostring(k) .. "'" ..
        (suggestion and ("; did you mean '" .. suggestion .. "'?") or "") .. "; options: " .. concat(allowed, ", ") .. ")")
    end
  end
  return o
end
-- The item argument must name an item of the trace: say which name was typed, the
-- nearest item and all of them, at the test's own file:line (raise levels it there).
local function traceItem(trace, item, fn)
  local names = trace:items()
  if type(item) ~= "string" and not (type(item) == "userdata" and item.name) then
    raise("bad argument #2 to '" .. fn .. "' (an item name expected, got " .. type(item) .. "; items in the trace: " .. concat(names, ", ") .. ")")
  end
  local name = itemName(item)
  for _, n in ipairs(names) do if n == name then return name end end
  local suggestion = host.suggest(name, names)
  raise("bad argument #2 to '" .. fn .. "' (no item named '" .. name .. "' in the trace" ..
    (suggestion and ("; did you mean '" .. suggestion .. "'?") or "") .. " items: " .. concat(names, ", ") .. ")")
end
-- `maxArgs`: the assertion's own arguments; more is a mistake (a 5th argument to
-- overshootBelow used to be ignored, so a window given there measured nothing).
local function motion(name, fn, shown, maxArgs, shape)
  say:set("assertion." .. name .. ".positive", "%s")
  say:set("assertion." .. name .. ".negative", "%s")
  assert:register("assertion", name, function(state, arguments)
    local trace, item = arguments[1], arguments[2]
    if type(trace) ~= "userdata" then raise("bad argument #1 to '" .. shown .. "' (trace expected, got " .. type(trace) .. ")") end
    if arguments.n > maxArgs then
      raise("bad argument #" .. (maxArgs + 1) .. " to '" .. shown .. "' (at most " .. maxArgs .. " arguments: " .. shape .. "; got " .. arguments.n .. ")")
    end
    local ok, because, butnot = fn(trace, traceItem(trace, item, shown), arguments)
    arguments.n = 1
    arguments[1] = ok and butnot or because
    arguments.nofmt = {true}
    return ok
  end, "assertion." .. name .. ".positive", "assertion." .. name .. ".negative")
end
-- The window `{from = T}` or `{from = "release"}` of option table #i: its start time (s)
-- and how messages name it ("" for the whole trace).
local function window(trace, o, i, fn)
  if o.from == nil then return 0, "" end
  local start, why = trace:window(o.from)
  if start == nil then
    raise("bad argument #" .. i .. " to '" .. fn .. "' (field 'from': " .. why:gsub("^bad argument #%d+ to '[^']*' %(", ""):gsub("%)$", "") .. ")")
  end
  if o.from == "release" then return start, " after the release at t = " .. num(start) .. " s" end
  return start, " from t = " .. num(start) .. " s"
end

-- assert.settles(trace, item, {within = seconds, tolerance = pt, from = T|"release"}):
-- `within` counts from the window's start.
motion("settles", function(trace, item, arguments)
  local o = options(arguments, 3, {"from", "tolerance", "within"}, "settles")
  local tolerance, within = o.tolerance or 0.5, o.within
  local start, span = window(trace, o, 3, "settles")
  local t = trace:settleTime(item, tolerance, start)
  local final = trace:last(item, "x") and
    ("(" .. num(trace:last(item, "x")) .. ", " .. num(trace:last(item, "y")) .. ")") or "?"
  local settled = t ~= nil and (within == nil or t - start <= within + 1e-9)
  local limit = within and (" within " .. num(within) .. " s") or ""
  local after = (t ~= nil and start > 0) and (", " .. num(t - start) .. " s after the window's start") or ""
  local measured = t == nil and "the trace has no frames of it" .. (start > 0 and (" from t = " .. num(start) .. " s") or "")
    or ("it stays within " .. num(tolerance) .. " pt of its final position " .. final .. " only from t = " .. num(t) .. " s" .. after)
  return settled,
    "Expected '" .. item .. "' to settle" .. limit .. span .. " (tolerance " .. num(tolerance) .. " pt), but " .. measured,
    "Expected '" .. item .. "' not to settle" .. limit .. span .. " (tolerance " .. num(tolerance) .. " pt), but " .. measured
end, "settles", 3, "trace, item, {within=, tolerance=, from=}")

-- assert.overshootBelow(trace, item, target, limit[, {from = T|"release"}]): at most `limit`
-- pt past `target`, along the direction from where the item was at the window's start.
motion("overshootbelow", function(trace, item, arguments)
  local target, limit = arguments[3], arguments[4]
  local tx, ty
  if type(target) == "table" or isvec(target) then tx, ty = target[1] or target.x, target[2] or target.y end
  if type(tx) ~= "number" or type(ty) ~= "number" then
    raise("bad argument #3 to 'overshootBelow' (target point {x, y} expected, got " ..
      (type(target) == "table" and "a table without numbers x and y" or (type(target) .. " " .. tostring(target))) ..
      "; e.g. assert.overshootBelow(trace, '" .. item .. "', {384, 300}, 40))")
  end
  if type(limit) ~= "number" then raise("bad argument #4 to 'overshootBelow' (limit in points expected, got " .. type(limit) .. ")") end
  local opts = options(arguments, 5, {"from"}, "overshootBelow")
  local start, span = window(trace, opts, 5, "overshootBelow")
  local o = trace:overshoot(item, {tx, ty}, start)
  local at = "{" .. num(tx) .. ", " .. num(ty) .. "}"
  return o ~= nil and o < limit,
    "Expected '" .. item .. "' to overshoot " .. at .. " by less than " .. num(limit) .. " pt" .. span .. ", but it went " .. num(o or 0) .. " pt past it",
    "Expected '" .. item .. "' to overshoot " .. at .. " by at least " .. num(limit) .. " pt" .. span .. ", but it went only " .. num(o or 0) .. " pt past it"
end, "overshootBelow", 5, "trace, item, target, limit, {from=}")

-- assert.velocityContinuous(trace, item, {maxJump = pt/s, from = T|"release"}): no
-- frame-to-frame change of the velocity vector larger than maxJump. It has no default:
-- ordinary acceleration changes the velocity between frames too (gravity 1000 pt/s² at
-- 60 fps: 16.7 pt/s per frame). A failure says when the largest jump was and how big.
motion("velocitycontinuous", function(trace, item, arguments)
  local o = options(arguments, 3, {"from", "maxJump"}, "velocityContinuous")
  if type(o.maxJump) ~= "number" then raise("bad argument #3 to 'velocityContinuous' ({maxJump = pt/s} expected)") end
  local start, span = window(trace, o, 3, "velocityContinuous")
  local jump, before, after, v0, v1 = trace:maxVelocityJump(item, start)
  jump = jump or 0
  local limit = o.maxJump
  local when = before and (" between t = " .. num(before) .. " s and t = " .. num(after) .. " s (from " .. tostring(v0) .. " to " .. tostring(v1) .. " pt/s)") or ""
  return jump <= limit,
    "Expected the velocity of '" .. item .. "' to be continuous" .. span .. " (no jump over " .. num(limit) .. " pt/s between frames), but it jumped by " .. num(jump) .. " pt/s" .. when,
    "Expected the velocity of '" .. item .. "' to jump by more than " .. num(limit) .. " pt/s between frames" .. span .. ", but the largest jump was " .. num(jump) .. " pt/s" .. when
end, "velocityContinuous", 3, "trace, item, {maxJump=, from=}")

return assert, say, lib
