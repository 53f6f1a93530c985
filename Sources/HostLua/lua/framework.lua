-- busted's blocks and execution order for `animhost test`, in Lua.
--
-- As in busted, a test file's body and each `describe` body run *as execution reaches
-- them*: a block's body registers its children and hooks, then its strict setup runs, then
-- its children in order (tests, and nested blocks whose bodies run only now), then its
-- teardowns. So a `describe` body sees what earlier tests and their `before_each` did.
-- Globals follow busted's environments: a global assigned in a block or a test belongs to
-- it (hooks assign into their block; `expose` into the block around it), and `insulate`
-- also restores `_G` and `package.loaded` afterwards.
--
-- The host drives it one unit at a time: `runner.next()` runs at most one piece of user
-- code (a file or block body, a hook, or a test with its `before_each`/`after_each`/
-- `finally`) in its own protected call, so each gets a fresh instruction budget and a
-- runaway one is charged to the right test. The walk itself is a coroutine that yields the
-- unit to run and is resumed with its outcome; when the host had to stop a unit (budget,
-- memory), it passes the error through `runner.killed`.
--
-- Embedded in the binary and loaded as chunk `=animhost/framework.lua` (LuaChunk.swift), so a
-- message's `animhost/framework.lua:N:` is line N of this file.
local host, assert, say, lib, spy, stub, mock, match = ...
local type, tonumber, pairs, ipairs, select, error, xpcall, setmetatable, getmetatable, rawset, next =
      type, tonumber, pairs, ipairs, select, error, xpcall, setmetatable, getmetatable, rawset, next
local tostring = lib.tostring   -- describes a value whose __tostring fails instead of raising here
local concat, traceback = table.concat, debug.traceback
local G = _G

local Pending = {}
Pending.__tostring = function(p) return tostring(p.message) end

local runner = {}
local options = {filter = nil, list = false, seed = 0, tags = {}, excludeTags = {}, filterOut = {}, shuffle = false}
local root                     -- the file block
local running                  -- the element whose code runs now (its globals go to its env)

-- Elements ---------------------------------------------------------------------------------
local function newBlock(kind, name, fn, parent, file, line)
  return {kind = kind, name = name, fn = fn, parent = parent, file = file, line = line, children = {},
          hooks = {before_each = {}, after_each = {}, lazy_setup = {}, lazy_teardown = {}, strict_setup = {}, strict_teardown = {}}}
end

local function fullName(element)
  local parts = {}
  local e = element
  while e and e.kind ~= "file" do table.insert(parts, 1, e.name); e = e.parent end
  return concat(parts, " ")
end

-- Environments (busted's): reads look through the running element and its parents, then _G;
-- writes go to the running element, or where its envmode sends them.
local function envOf(element) local e = element.env; if not e then e = {}; element.env = e end; return e end
local env = setmetatable({}, {
  __index = function(_, key)
    local e = running or root
    while e do
      local t = e.env
      if t then local v = t[key]; if v ~= nil then return v end end
      e = e.parent
    end
    return G[key]
  end,
  __newindex = function(_, key, value)
    local e = running or root
    local up = e.envmode == "unwrap" and 1 or (e.envmode == "expose" and 2 or 0)
    for _ = 1, up do e = e.parent; if e == nil then break end end
    if e == nil then G[key] = value else envOf(e)[key] = value end
  end,
})
runner.env = env

local function saveGlobals()
  local g = {}
  for k, v in next, G do g[k] = v end
  local loaded = {}
  for k, v in pairs(package.loaded) do loaded[k] = v end
  return {g = g, loaded = loaded, meta = getmetatable(G)}
end
local function restoreGlobals(s)
  for k in next, G do if s.g[k] == nil then rawset(G, k, nil) end end
  for k, v in next, s.g do rawset(G, k, v) end
  for k in pairs(package.loaded) do package.loaded[k] = s.loaded[k] end
  for k, v in pairs(s.loaded) do package.loaded[k] = v end
end

-- Registration (only while a block's body runs) ---------------------------------------------
local function caller() return host.userPlace() end

local function currentBlock(what)
  local e = running
  if e == nil or e.kind == "it" or e.envmode == "unwrap" then
    error("'" .. what .. "' not supported inside current context block", 3)
  end
  return e
end

local function blockKind(kind)
  return function(name, fn)
    if type(name) ~= "string" then error("bad argument #1 to '" .. kind .. "' (string expected, got " .. type(name) .. ")", 2) end
    if fn ~= nil and not lib.callable(fn) then error("bad argument #2 to '" .. kind .. "' (function expected, got " .. type(fn) .. ")", 2) end
    local parent = currentBlock(kind)
    local file, line = caller()
    local b = newBlock(kind, name, fn or function() end, parent, file, line)
    if kind == "expose" then b.envmode = "expose" end
    parent.children[#parent.children + 1] = b
  end
end

local function test(kind)
  return function(name, fn)
    -- pending("why") inside a running test marks that test pending.
    if kind == "pending" and running and running.kind == "it" then
      error(setmetatable({message = name}, Pending), 2)
    end
    if type(name) ~= "string" then error("bad argument #1 to '" .. kind .. "' (string expected, got " .. type(name) .. ")", 2) end
    local parent = currentBlock(kind)
    if fn == nil and kind ~= "pending" then return end   -- busted 2.1.1 drops `it("name")` without a function
    local file, line = caller()
    parent.children[#parent.children + 1] = {kind = "it", name = name, fn = fn, parent = parent, file = file, line = line,
                                              pending = kind == "pending"}
  end
end

-- A hook of `kind`, registered under the name the suite used (setup is strict_setup).
local function hook(kind, spelled)
  spelled = spelled or kind
  return function(fn)
    if not lib.callable(fn) then error("bad argument #1 to '" .. spelled .. "' (function expected, got " .. type(fn) .. ")", 2) end
    local parent = currentBlock(spelled)
    local file, line = caller()
    local list = parent.hooks[kind]
    list[#list + 1] = {kind = kind, name = spelled, fn = fn, parent = parent, envmode = "unwrap", file = file, line = line}
  end
end

local function finally(fn)
  local t = running
  if not (t and t.kind == "it") then error("'finally' not supported inside current context block", 2) end
  if not lib.callable(fn) then error("bad argument #1 to 'finally' (function expected, got " .. type(fn) .. ")", 2) end
  t.finally = fn
end

local function randomize(...)
  local b = currentBlock("randomize")
  local n = select("#", ...)
  local on = n == 0 or (...)
  b.randomize = on and true or false
  if on then b.seed = tonumber((select(1, ...))) or tonumber((select(2, ...))) or options.seed end
end

local busted = {}
busted.describe, busted.context, busted.insulate, busted.expose = blockKind("describe"), blockKind("describe"), blockKind("insulate"), blockKind("expose")
busted.it, busted.spec, busted.test, busted.pending = test("it"), test("it"), test("it"), test("pending")
for _, k in ipairs({"before_each", "after_each", "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown"}) do busted[k] = hook(k) end
busted.setup, busted.teardown = hook("strict_setup", "setup"), hook("strict_teardown", "teardown")
busted.finally, busted.randomize = finally, randomize
busted.assert, busted.spy, busted.stub, busted.mock, busted.match = assert, spy, stub, mock, match
busted.fail = function(msg) lib.fail(msg) end
busted.version = "2.1.1 (animhost)"
for k, v in pairs(busted) do G[k] = v end
package.loaded.busted = busted
package.loaded.luassert = assert
package.loaded["luassert.spy"], package.loaded["luassert.stub"], package.loaded["luassert.mock"], package.loaded["luassert.match"] = spy, stub, mock, match
package.loaded["luassert.assert"] = assert
package.loaded.say = say

-- Running -----------------------------------------------------------------------------------
-- Runs user code; returns ok, message, traceback (a failed assertion, an error or pending).
local function call(element, fn, ...)
  local saved = running
  running = element
  local trace
  local ok, err = xpcall(fn, function(e)
    if not lib.isFailure(e) and getmetatable(e) ~= Pending then
      -- The user's frames only: cut where the framework's xpcall begins.
      trace = traceback("", 2)
      local cut = trace:find("\n%s*%[C%]: in function 'xpcall'")
      if cut then trace = trace:sub(1, cut - 1) end
    end
    return e
  end, ...)
  running = saved
  return ok, err, trace
end

local function describeError(err)
  if lib.isFailure(err) then return "failed", err.message end
  if getmetatable(err) == Pending then return "pending", err.message and tostring(err.message) or "" end
  if type(err) == "string" then return "error", err end
  if type(err) == "table" and getmetatable(err) and getmetatable(err).__tostring then return "error", tostring(err) end
  -- The host's values (vecs, items, behaviors) hide their metatables; each has a __tostring.
  if type(err) == "userdata" and getmetatable(err) == false then return "error", tostring(err) end
  return "error", "(error object is a " .. type(err) .. " value)"
end

-- The walk, in a coroutine: `unit` hands one piece of user code to runner.next and returns
-- its outcome (status, message, traceback); `report` queues a result for the host.
local co, outcome, queue = nil, nil, {}
local pending   -- the unit the walk yielded and the host has not run yet: {element, fn}
local function unit(element, fn) return coroutine.yield(element, fn) end
local function report(element, status, message, trace, name)
  queue[#queue + 1] = {name = name or fullName(element), file = element.file, line = element.line,
                       status = status, message = message or "", traceback = trace or ""}
end
-- --filter-out: Lua patterns (busted's); a test whose full name matches one does not run.
local function filteredOut(name)
  for _, p in ipairs(options.filterOut) do if name:find(p) then return true end end
  return false
end
local function matches(t)
  local name = fullName(t)
  return (options.filter == nil or name:find(options.filter, 1, true) ~= nil) and not filteredOut(name)
end

-- busted's tags: "#name" anywhere in a name. --tags keeps tests whose full name has one of
-- them; --exclude-tags drops tests and whole blocks (bodies unrun) whose own name has one.
local function hasTag(name, tags)
  for _, tag in ipairs(tags) do if name:find("#" .. tag, 1, true) then return true end end
  return false
end
local function tagged(t) return #options.tags == 0 or hasTag(fullName(t), options.tags) end
local function excluded(e) return hasTag(e.name, options.excludeTags) end

-- Runs a hook list; a failure is reported as an error of the block (busted reports hooks too).
local function runHooks(block, kind, reverse)
  local list = block.hooks[kind]
  local first, last, step = 1, #list, 1
  if reverse then first, last, step = #list, 1, -1 end
  local ok = true
  for i = first, last, step do
    local h = list[i]
    local status, message, trace = unit(h, h.fn)
    if status ~= "passed" then
      report(h, "error", message, trace, (fullName(block) ~= "" and fullName(block) .. " " or "") .. h.name)
      ok = false
    end
  end
  return ok
end

local function lazySetup(block)
  if block.parent and not lazySetup(block.parent) then return false end
  if block.lazyDone == nil then block.lazyDone = runHooks(block, "lazy_setup") end
  return block.lazyDone
end

-- A test: before_each from the outside in, the test, finally, after_each from the inside out.
-- As in busted, a failing before_each is reported instead of the test (which does not run),
-- and a failing after_each is reported beside it. Returns {results = {...}}.
local function hookResult(h, err, trace)
  local status, message = describeError(err)
  local block = h.parent
  return {element = h, status = status == "pending" and "pending" or "error", message = message, traceback = trace,
          name = (fullName(block) ~= "" and fullName(block) .. " " or "") .. h.name}
end

local function testBody(t)
  local chain = {}
  local b = t.parent
  while b do table.insert(chain, 1, b); b = b.parent end
  return function()
    local results = {}
    local reached, blocked = 0, false
    for i, block in ipairs(chain) do
      for _, h in ipairs(block.hooks.before_each) do
        local ok, err, tr = call(h, h.fn)
        if not ok then results[#results + 1] = hookResult(h, err, tr); blocked = true; break end
      end
      reached = i
      if blocked then break end
    end
    if not blocked then
      local status, message, trace = "passed", nil, nil
      local ok, err, tr = call(t, t.fn)
      if not ok then status, message = describeError(err); trace = tr end
      if t.finally then
        local fok, ferr, ftr = call(t, t.finally)
        if not fok and status == "passed" then status, message = describeError(ferr); trace = ftr end
      end
      results[#results + 1] = {element = t, status = status, message = message, traceback = trace}
    end
    for i = reached, 1, -1 do
      for _, h in ipairs(chain[i].hooks.after_each) do
        local ok, err, tr = call(h, h.fn)
        if not ok then results[#results + 1] = hookResult(h, err, tr) end
      end
    end
    return {results = results}
  end
end

-- A deterministic shuffle (its own generator, so the suite's math.random is untouched).
local function shuffle(list, seed)
  local state = math.tointeger(seed) or math.floor(tonumber(seed) or 0)
  local function nextInt(n)
    state = (state * 6364136223846793005 + 1442695040888963407)
    return ((state >> 33) % n) + 1
  end
  for n = #list, 2, -1 do
    local k = nextInt(n)
    list[n], list[k] = list[k], list[n]
  end
end

local executeBlock
local function executeChild(child)
  if excluded(child) then return end
  if child.kind == "it" then
    if not matches(child) or not tagged(child) then return end
    if options.list then report(child, "listed"); return end
    if child.pending then report(child, "pending"); return end
    if not lazySetup(child.parent) then return end
    local result, message, trace = unit(child, testBody(child))
    if type(result) == "table" then
      for _, r in ipairs(result.results) do report(r.element, r.status, r.message, r.traceback, r.name) end
    else
      report(child, result, message, trace)   -- the host stopped it (budget, memory)
    end
  else
    executeBlock(child)
  end
end

function executeBlock(block)
  local saved = block.kind == "insulate" and saveGlobals() or nil
  local status, message, trace = unit(block, block.fn)
  if status == "passed" then
    -- --shuffle randomizes every block that did not say randomize(false) (busted's rule).
    if block.randomize or (options.shuffle and block.randomize == nil) then shuffle(block.children, block.seed or options.seed) end
    if options.list or runHooks(block, "strict_setup") then
      for _, child in ipairs(block.children) do executeChild(child) end
    end
    if not options.list then
      if block.lazyDone ~= nil then runHooks(block, "lazy_teardown", true); block.lazyDone = nil end
      runHooks(block, "strict_teardown", true)
    end
  else
    report(block, "error", message, trace, block.kind == "file" and block.file or fullName(block))
  end
  if saved then restoreGlobals(saved) end
end

-- Host interface -----------------------------------------------------------------------------
-- Starts a file: chunk is the loaded file (its _ENV already set to runner.env).
function runner.start(chunk, file, filter, list, seed, tags, excludeTags, filterOut, shuffleAll)
  options.filter, options.list, options.seed = filter, list, seed or 0
  options.filterOut, options.shuffle = filterOut or {}, shuffleAll and true or false
  options.tags, options.excludeTags = tags or {}, excludeTags or {}
  root = newBlock("file", file, chunk, nil, file, 0)
  root.envmode = nil
  co = coroutine.create(function() executeBlock(root) end)
  outcome, pending = nil, nil
end

-- Runs the next unit. Returns true while there is more to do; results wait in the queue.
-- The unit's outcome is handed to the walk at once, so its result is queued before the
-- next unit runs (what that one prints comes after this one's line in the report).
local function advance(...)
  local ok, element, fn = coroutine.resume(co, ...)
  if not ok then
    -- A fault of the walk itself: say so as the file's error rather than lose the rest.
    report(root, "error", "animhost test framework: " .. tostring(element), nil, root.file)
    return false
  end
  if coroutine.status(co) == "dead" then return false end
  pending = {element, fn}
  return true
end

function runner.next()
  if co == nil then return false end
  if not pending then
    if coroutine.status(co) == "dead" then return false end
    local given = outcome   -- set by runner.killed
    outcome = nil
    if not (given and advance(table.unpack(given, 1, 3)) or not given and advance()) then return false end
  end
  local element, fn = pending[1], pending[2]
  pending = nil
  local passed, result, trace = call(element, fn)
  local out
  if element.kind == "it" and passed then out = {result}   -- testBody's {results = …}
  elseif passed then out = {"passed"}
  else
    local status, message = describeError(result)
    out = {status, message, trace}
  end
  advance(table.unpack(out, 1, 3))
  return true
end

-- The host stopped the current unit (instruction budget, memory): that is its outcome.
function runner.killed(message, trace)
  running = nil
  outcome = {"error", message, trace}
end

-- Takes the next queued result: name, file, line, status, message, traceback.
function runner.take()
  local r = table.remove(queue, 1)
  if not r then return nil end
  return r.name, r.file, r.line, r.status, r.message, r.traceback
end

return runner
