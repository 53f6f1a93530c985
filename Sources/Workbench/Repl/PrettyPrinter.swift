import AnimHost
import CLuaShim
import LuaKit

/// How the REPL shows values: tables with sorted keys (array part first) up to a depth,
/// values whose metatable has `__tostring` (vectors, items, behaviors) through it, strings
/// raw at the top level and quoted inside tables, like the stock `lua` otherwise.
/// Written in Lua and run in the scene's state; keys are sorted, never left in `pairs`
/// order (string hashes are seeded per state).
enum PrettyPrinter {
    static let source = #"""
local type, tostring, getmetatable, rawget, rawlen, next, select, sort, concat, format =
      type, tostring, getmetatable, rawget, rawlen, next, select, table.sort, table.concat, string.format
local ipairs, mathtype = ipairs, math.type
local MAXDEPTH, MAXENTRIES, WIDTH = 4, 60, 72
local keywords = {}
for w in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  keywords[w] = true
end
local rank = {number = 1, string = 2, boolean = 3}
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (rank[ta] or 4) < (rank[tb] or 4) end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end
local function shown(v)
  local mt = getmetatable(v)
  return mt ~= nil and (type(mt) ~= "table" or rawget(mt, "__tostring") ~= nil)
end
local pretty
local function key(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") and not keywords[k] then return k end
  return "[" .. pretty(k, 1, {}, "") .. "]"
end
pretty = function(v, depth, seen, indent)
  local t = type(v)
  if t == "string" then return depth == 0 and v or format("%q", v) end
  if t ~= "table" or shown(v) then return tostring(v) end
  if seen[v] then return "<cycle>" end
  if next(v) == nil then return "{}" end
  if depth >= MAXDEPTH then return "{…}" end
  seen[v] = true
  local parts, n = {}, rawlen(v)
  for i = 1, n do
    if #parts >= MAXENTRIES then break end
    parts[#parts + 1] = pretty(rawget(v, i), depth + 1, seen, indent .. "  ")
  end
  local keys = {}
  for k in next, v do
    if not (mathtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, before)
  local more = n + #keys - MAXENTRIES
  for _, k in ipairs(keys) do
    if #parts >= MAXENTRIES then break end
    parts[#parts + 1] = key(k) .. " = " .. pretty(rawget(v, k), depth + 1, seen, indent .. "  ")
  end
  if more > 0 then parts[#parts + 1] = "… (" .. more .. " more)" end
  seen[v] = nil
  local line = "{" .. concat(parts, ", ") .. "}"
  if #line + #indent <= WIDTH and not line:find("\n", 1, true) then return line end
  return "{\n" .. indent .. "  " .. concat(parts, ",\n" .. indent .. "  ") .. "\n" .. indent .. "}"
end
return function(...)
  local out = {}
  for i = 1, select("#", ...) do out[i] = pretty((select(i, ...)), 0, {}, "") end
  return concat(out, "\t")
end
"""#

    /// Loads the printer into `lua` and keeps it in the registry.
    static func install(in lua: LuaState) throws(LuaError) -> LuaRef {
        try lua.loadString(source, chunkName: "=(repl)")
        try lua.call(nargs: 0, nresults: 1)
        return LuaRef(state: lua)
    }

    /// Formats the `count` values on top of the stack (popping them) as one line.
    static func format(_ count: Int32, in lua: LuaState, with printer: LuaRef) throws(LuaError) -> String {
        let first = lua.top - count + 1
        printer.push()
        lua_rotate(lua.L, first, 1)   // stack: printer values...
        try lua.call(nargs: count, nresults: 1)
        defer { lua.pop() }
        return lua.string(at: -1) ?? ""
    }
}
