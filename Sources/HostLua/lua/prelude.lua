-- Lua code run in every scene state before the script: the parts of the `animhost` API
-- that are plain Lua (printing vecs, custom behavior classes). The Swift bindings provide the
-- primitives it calls (`animhost._composite`, …); the chunk gets the `animhost` table and
-- the vec metatable.
--
-- Embedded in the binary and loaded as chunk `=animhost/prelude.lua` (LuaChunk.swift), so a
-- message's `animhost/prelude.lua:N:` is line N of this file.
local animhost, vecmeta = ...
local setmetatable, type, error = setmetatable, type, error

-- Vectors: userdata made by the host, whose metatable (hidden from scripts) does everything
-- but print.
local num = animhost._num
vecmeta.__tostring = function(v) return "vec(" .. num(v.x) .. ", " .. num(v.y) .. ")" end
-- "pos: " .. v, as print(v) shows it; what Lua refuses to join, it still refuses.
local tostring = tostring
local function text(v)
  local t = type(v)
  if t == "string" or t == "number" or t == "userdata" then return tostring(v) end
  error("attempt to concatenate a " .. t .. " value", 3)
end
vecmeta.__concat = function(a, b) return text(a) .. text(b) end

-- Custom behaviors: classes whose instances are plain tables backed by a host composite.
local classes = {}
function animhost.behavior(name)
  if type(name) ~= "string" then error("bad argument #1 to 'behavior' (expected string, got " .. type(name) .. ")", 2) end
  local class = {__name = name}
  local instance = {}
  instance.__name = name
  instance.__index = function(self, k)
    local m = class[k]
    if m ~= nil then return m end
    if k == "animator" then return animhost._compositeAnimator(self) end
    if k == "childBehaviors" then return animhost._compositeChildren(self) end
    return nil
  end
  instance.__tostring = function(self) return name end
  function class.new(...)
    local self = setmetatable({}, instance)
    animhost._composite(self, class)
    if class.init then class.init(self, ...) end
    return self
  end
  -- The host functions themselves, so their errors point at the caller's line.
  class.addChild = animhost._compositeAddChild
  class.removeChild = animhost._compositeRemoveChild
  classes[#classes + 1] = class
  return class
end
