-- animhost.vec: the vector value every vector field returns. A userdata since issue 11 (a
-- table cost most of an item read); these pin what scripts see of it.
local vec = animhost.vec

local function message(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return (tostring(e):gsub("^[^:]+:%d+: ", ""))
end

describe("a vec", function()
  it("is a userdata with fields x and y, also [1] and [2], and length 2", function()
    local v = vec(3, 4)
    assert.equal("userdata", type(v))
    assert.equal(3, v.x); assert.equal(4, v.y)
    assert.equal(3, v[1]); assert.equal(4, v[2])
    assert.equal(2, #v)
    assert.is_nil(v.z); assert.is_nil(v[3]); assert.is_nil(v[0])
  end)

  it("keeps Lua's number subtypes, as table fields would", function()
    assert.equal("integer", math.type(vec(3, 4).x))
    assert.equal("float", math.type(vec(3.0, 4).x))
    assert.equal("integer", math.type((vec(1, 2) * 2).y))
    assert.equal("float", math.type((vec(1, 2) / 1).y))
    assert.equal("float", math.type((vec(1, 2) * 0.5).x))
    assert.equal(math.mininteger, (vec(math.maxinteger, 0) + vec(1, 0)).x)  -- integers wrap, as in Lua
  end)

  it("can be assigned x, y, [1] and [2], numbers only", function()
    local v = vec(1, 2)
    v.x = 10; v[2] = 20
    assert.equal(vec(10, 20), v)
    v[1] = 0.5
    assert.equal(0.5, v.x)
    assert.equal("a vec has fields x and y (or [1] and [2]), not 'z'", message(function() v.z = 1 end))
    assert.equal("field 'y' of vec: expected number, got string", message(function() v.y = "3" end))
  end)

  it("adds, subtracts, scales, divides and negates, with {x, y} and {x=, y=} tables too", function()
    assert.equal(vec(4, 6), vec(1, 2) + vec(3, 4))
    assert.equal(vec(4, 6), vec(1, 2) + {3, 4})
    assert.equal(vec(4, 6), {x = 3, y = 4} + vec(1, 2))
    assert.equal(vec(-2, -2), vec(1, 2) - {3, 4})
    assert.equal(vec(2, 4), vec(1, 2) * 2)
    assert.equal(vec(2, 4), 2 * vec(1, 2))
    assert.equal(vec(3, 8), vec(1, 2) * {3, 4})
    assert.equal(vec(0.5, 1), vec(1, 2) / 2)
    assert.equal(vec(0.5, 0.5), vec(1, 2) / {2, 4})
    assert.equal(vec(-1, -2), -vec(1, 2))
  end)

  it("refuses what is not a vector, at the caller's line", function()
    local ok, e = pcall(function() return vec(1, 2) + 3 end)
    assert.is_false(ok)
    assert.matches("vec_test%.lua:%d+: bad operand to vec %+ %(expected vector, got number%)$", e)
    assert.equal("bad operand to vec / (expected vector, got number)", message(function() return 3 / vec(1, 2) end))
    assert.equal("bad operand to vec * (expected vector or number, got a table without two numbers)",
      message(function() return {1} * vec(1, 2) end))
    assert.equal("bad operand to vec * (expected vector or number, got string)", message(function() return vec(1, 2) * "2" end))
    assert.equal("bad operand to vec - (expected vector, got string)", message(function() return vec(1, 2) - "1" end))
    assert.equal("bad operand to vec + (expected vector, got number)", message(function() return vec(1, 2) + 1 end))
    assert.equal("a vec has no // (it has + - * / and unary -; for a vector v and a number n: v * n, v / n)",
      message(function() return vec(1, 2) // 2 end))
    assert.equal("vecs have no order (<); compare their lengths: a:length() < b:length()",
      message(function() return vec(1, 2) < vec(2, 3) end))
    assert.equal("vecs have no order (<=); compare their lengths: a:length() <= b:length()",
      message(function() return vec(1, 2) >= vec(2, 3) end))
    -- {x, y, z} is a mistake here as everywhere else in the API.
    assert.equal("bad operand to vec + (expected vector, got a table of 3 numbers)", message(function() return vec(1, 2) + {1, 2, 3} end))
    assert.equal("bad operand to vec + (expected vector, got a table with keys other than x and y)",
      message(function() return vec(1, 2) + {x = 1, y = 2, z = 3} end))
  end)

  it("equals another vec with the same numbers (1 == 1.0), never a table", function()
    assert.is_true(vec(1, 2) == vec(1.0, 2.0))
    assert.is_false(vec(1, 2) == vec(1, 3))
    assert.is_false(vec(1, 2) == {1, 2})
    assert.are_not.equal(vec(1, 2), {x = 1, y = 2})
  end)

  it("has length, normalized, dot, cross, angle and unpack, also as animhost.vec.name(v)", function()
    local v = vec(3, 4)
    assert.equal(5, v:length())
    assert.equal(vec(0.6, 0.8), v:normalized())
    assert.equal(vec(0, 0), vec(0, 0):normalized())
    assert.equal(11, v:dot({1, 2}))
    assert.equal("integer", math.type(v:dot(vec(1, 2))))
    assert.equal(2, v:cross(vec(1, 2)))        -- 3·2 − 4·1
    assert.near(math.atan(4, 3), v:angle(), 1e-15)
    local x, y = v:unpack()
    assert.equal(3, x); assert.equal(4, y)
    assert.equal(5, vec.length(v))
    assert.equal("bad argument #1 to 'dot' (expected vector, got number)", message(function() return v:dot(3) end))
    assert.equal("bad argument #2 to 'dot' (expected vector, got number)", message(function() return v.dot(v, 3) end))
    assert.equal("bad argument #1 to 'length' (expected vector, got number)", message(function() return v.length(5) end))
    assert.equal(10, vec.length({6, 8}))                     -- any vector is a self
  end)

  it("iterates like {x = …, y = …} with pairs and like {x, y} with ipairs and table.unpack", function()
    local seen = {}
    for k, value in pairs(vec(3, 4)) do seen[#seen + 1] = k .. "=" .. value end
    assert.same({"x=3", "y=4"}, seen)
    local list = {}
    for i, value in ipairs(vec(3, 4)) do list[i] = value end
    assert.same({3, 4}, list)
    assert.same({3, 4}, {table.unpack(vec(3, 4))})
  end)

  it("is made from two numbers or any vector (a copy)", function()
    local v = vec(1, 2)
    local copy = vec(v)
    copy.x = 5
    assert.equal(1, v.x)
    assert.equal(vec(1, 2), vec({1, 2}))
    assert.equal(vec(1, 2), vec{x = 1, y = 2})
    assert.equal("bad argument #1 to 'vec' (expected two numbers or a vector {x, y}, got string)", message(vec, "a"))
    assert.equal("bad argument #2 to 'vec' (expected number, got nil)", message(vec, 1, nil))
    assert.equal("bad argument #2 to 'vec' (expected number, got no value)", message(vec, 1))
    assert.equal("bad argument #3 to 'vec' (a vec has two axes: expected two numbers, got 3 values)", message(vec, 1, 2, 3))
    assert.equal("bad argument #1 to 'vec' (expected two numbers or a vector {x, y}, got a table without two numbers)",
      message(vec, {1}))
    assert.equal("bad argument #1 to 'vec' (expected two numbers or a vector {x, y}, got a table of 3 numbers)",
      message(vec, {1, 2, 3}))
  end)

  it("prints with the frames' number format, and joins strings with ..", function()
    assert.equal("vec(1.5, -2)", tostring(vec(1.5, -2)))
    assert.equal("vec(0.333333, 100)", tostring(vec(1 / 3, 100.0)))
    assert.equal("at vec(1, 2.5)!", "at " .. vec(1, 2.5) .. "!")
    assert.equal("3vec(0, 0)", 3 .. vec(0, 0))
    assert.equal("attempt to concatenate a nil value", message(function() return vec(1, 2) .. nil end))
  end)

  it("is a shared, mutable value: assignment shares it, animhost.vec(v) copies it", function()
    local a = vec(1, 2)
    local b = a
    b.x = 9
    assert.equal(9, a.x)
    local c = vec(a)
    c.x = 0
    assert.equal(9, a.x)
  end)

  it("takes methods a script adds to animhost.vec, and keeps its own", function()
    function animhost.vec.lerp(a, b, t) return a + (b - a) * t end
    assert.equal(vec(5, 10), vec(0, 0):lerp(vec(10, 20), 0.5))
    assert.equal("animhost.vec.length is built in; give your method another name",
      message(function() animhost.vec.length = function() return -1 end end))
    assert.equal(5, vec(3, 4):length())
    assert.equal("'y' is a field of every vec, not a method", message(function() animhost.vec.y = function() end end))
    assert.equal("animhost.vec.half: expected a function (the method), got number", message(function() animhost.vec.half = 0.5 end))
    assert.equal("animhost.vec.__add: a vec's metamethods cannot be changed",
      message(function() animhost.vec.__add = function() return 1 end end))
    assert.is_false(getmetatable(animhost.vec))
  end)

  it("is near another vector within a distance (assert.near), and failures show every digit", function()
    assert.near(vec(3, 4), vec(3, 4.001), 0.01)
    assert.near({3, 4}, vec(3.006, 4.008), 0.0100001)       -- distance 0.01
    assert.are_not.near(vec(3, 4), {x = 3, y = 4.1}, 0.01)
    local ok, e = pcall(assert.same, vec(1, 0), vec(1.0000001, 0))
    assert.is_false(ok)
    assert.matches("(vec) vec(1.0000001, 0)", tostring(e), 1, true)
    assert.matches("(vec) vec(1, 0)", tostring(e), 1, true)
    ok, e = pcall(assert.near, vec(0, 0), vec(3, 4), 1)
    assert.matches("Distance 5, tolerance 1", tostring(e), 1, true)
    ok, e = pcall(assert.near, vec(0, 0), 5, 1)
    assert.matches("bad argument #1 to 'near' (number (or two vectors) expected, got animhost.Vec)", tostring(e), 1, true)
    ok, e = pcall(assert.near, vec(1, 2), vec(1, 2), vec(1, 1))
    assert.matches("bad argument #3 to 'near' (number (the distance) expected, got animhost.Vec)", tostring(e), 1, true)
  end)

  it("compares with assert.same against a vec or any vector table", function()
    assert.same(vec(1, 2), vec(1, 2))
    assert.same({1, 2}, vec(1, 2))
    assert.same(vec(1, 2), {x = 1, y = 2})
    assert.same({a = vec(1, 2)}, {a = {1, 2}})
    assert.are_not.same(vec(1, 2), {1, 3})
    assert.are_not.same(vec(1, 2), {1, 2, 3})
  end)

  it("hides its metatable, and its functions refuse any other userdata", function()
    assert.is_false(getmetatable(vec(0, 0)))
    local scene = animhost.load("scenes/free_fall.lua")     -- a userdata of another kind
    assert.equal("bad argument #1 to 'unpack' (expected vector, got animhost.Scene)", message(vec(0, 0).unpack, scene))
    assert.equal("bad argument #1 to 'length' (expected vector, got animhost.Scene)", message(vec.length, scene))
    local iterate = pairs(vec(1, 2))
    assert.equal("bad argument #1 to 'next' (expected animhost.Vec, got animhost.Scene)", message(iterate, scene, nil))
  end)
end)
