/// Lua code run in every scene state before the script: the parts of the `animhost` API
/// that are plain Lua (vectors, custom behavior classes). The Swift bindings provide the
/// primitives it calls (`animhost._composite`, …).
enum Prelude {
    static let source = #"""
local animhost = ...
local setmetatable, getmetatable, type, rawget, rawset, tostring, error =
      setmetatable, getmetatable, type, rawget, rawset, tostring, error
local sqrt, atan = math.sqrt, math.atan

-- Vectors: {x=, y=} tables sharing one metatable; [1] and [2] read x and y.
local vec = {}
vec.__name = "animhost.vec"
local function isvec(v) return getmetatable(v) == vec end
local function new(x, y) return setmetatable({x = x, y = y}, vec) end
local function coerce(v, what)
  if isvec(v) then return v.x, v.y end
  if type(v) == "table" then
    local x, y = rawget(v, 1), rawget(v, 2)
    if x == nil then x, y = rawget(v, "x"), rawget(v, "y") end
    if type(x) == "number" and type(y) == "number" then return x, y end
  end
  error("bad operand to vec " .. what .. " (expected vector, got " .. type(v) .. ")", 3)
end
vec.__index = function(v, k)
  if k == 1 then return rawget(v, "x") elseif k == 2 then return rawget(v, "y") end
  return vec[k]
end
vec.__newindex = function(v, k, value)
  if k == 1 then rawset(v, "x", value) elseif k == 2 then rawset(v, "y", value)
  else error("a vec has fields x and y (or [1] and [2]), not '" .. tostring(k) .. "'", 2) end
end
vec.__add = function(a, b) local ax, ay = coerce(a, "+"); local bx, by = coerce(b, "+"); return new(ax + bx, ay + by) end
vec.__sub = function(a, b) local ax, ay = coerce(a, "-"); local bx, by = coerce(b, "-"); return new(ax - bx, ay - by) end
vec.__mul = function(a, b)
  if type(a) == "number" then local bx, by = coerce(b, "*"); return new(a * bx, a * by) end
  if type(b) == "number" then local ax, ay = coerce(a, "*"); return new(ax * b, ay * b) end
  local ax, ay = coerce(a, "*"); local bx, by = coerce(b, "*"); return new(ax * bx, ay * by)
end
vec.__div = function(a, b)
  if type(b) == "number" then local ax, ay = coerce(a, "/"); return new(ax / b, ay / b) end
  local ax, ay = coerce(a, "/"); local bx, by = coerce(b, "/"); return new(ax / bx, ay / by)
end
vec.__unm = function(a) return new(-a.x, -a.y) end
vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
vec.__len = function() return 2 end
vec.__tostring = function(v) return "vec(" .. animhost._num(v.x) .. ", " .. animhost._num(v.y) .. ")" end
function vec.length(v) return sqrt(v.x * v.x + v.y * v.y) end
function vec.normalized(v) local l = sqrt(v.x * v.x + v.y * v.y); if l == 0 then return new(0, 0) end; return new(v.x / l, v.y / l) end
function vec.dot(a, b) local bx, by = coerce(b, "dot"); return a.x * bx + a.y * by end
function vec.cross(a, b) local bx, by = coerce(b, "cross"); return a.x * by - a.y * bx end
function vec.angle(v) return atan(v.y, v.x) end
function vec.unpack(v) return v.x, v.y end
animhost.vec = setmetatable({}, {
  __call = function(_, x, y)
    if type(x) == "table" then x, y = coerce(x, "constructor") end
    if type(x) ~= "number" or type(y) ~= "number" then
      error("bad argument #1 to 'vec' (expected two numbers, got " .. type(x) .. ", " .. type(y) .. ")", 2)
    end
    return new(x, y)
  end,
  __index = vec,
})
animhost._vecmeta = vec

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
"""#
}
