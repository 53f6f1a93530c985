// The vec value scripts get from the host (`it.velocity`, `animhost.vec(3, 4)`): a 32-byte
// userdata rather than a table, because making a table with two keyed fields and collecting
// it later is most of what reading an item's vector costs. Everything a vec does lives in its
// metatable, made once per state and kept in the registry under its __name.
//
// Each C function of the metatable has the metatable as upvalue 1 and checks its operands
// (cl_vec_at): the metatable is hidden (`getmetatable(v)` is false), but the methods and the
// `pairs` iterator are reachable from scripts, so a foreign userdata must never be taken
// for a vec.
#include "CLuaShim.h"
#include "vec.h"

#include <lauxlib.h>
#include <math.h>
#include <string.h>

static const char *const VEC_NAME = "animhost.Vec";
const char cl_vec_tag = 0;
#define META lua_upvalueindex(1)

// MARK: - Axes

static inline void push_axis(lua_State *L, const cl_vecvalue *v, int k) {
    if (v->integers >> k & 1) lua_pushinteger(L, v->axis[k].i);
    else lua_pushnumber(L, v->axis[k].n);
}

/// Stores the number at `idx` (a number: callers check) in axis k, keeping its subtype.
static inline void set_axis(lua_State *L, cl_vecvalue *v, int k, int idx) {
    if (lua_isinteger(L, idx)) {
        v->axis[k].i = lua_tointegerx(L, idx, NULL);
        v->integers |= 1 << k;
    } else {
        v->axis[k].n = lua_tonumberx(L, idx, NULL);
        v->integers &= ~(1 << k);
    }
}

/// Pushes a new vec with the metatable (upvalue 1) and returns it, its axes unset.
static cl_vecvalue *new_vec(lua_State *L) {
    cl_vecvalue *v = (cl_vecvalue *)lua_newuserdatauv(L, sizeof(cl_vecvalue), 0);
    v->tag = &cl_vec_tag;
    v->integers = 0;
    lua_pushvalue(L, META);
    lua_setmetatable(L, -2);
    return v;
}

/// Pushes a new vec with the axes of `r`.
static int push_vec(lua_State *L, const cl_vecvalue *r) {
    cl_vecvalue *v = new_vec(L);
    v->axis[0] = r->axis[0];
    v->axis[1] = r->axis[1];
    v->integers = r->integers;
    return 1;
}

/// Reads the operand at `idx` as a vector into `out`: a vec, an {x, y} array or an {x=, y=}
/// table (raw reads; the array form wins when [1] is set; {x, y, z} and {x=, y=, z=} are not
/// vectors, as nowhere in the API). 0 when it is none of those.
static int operand(lua_State *L, int idx, cl_vecvalue *out) {
    const cl_vecvalue *v = cl_vec_at(L, idx);
    if (v != NULL) { *out = *v; return 1; }
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    int top = lua_gettop(L);
    int array = lua_rawgeti(L, idx, 1) != LUA_TNIL;
    if (!array) {
        lua_settop(L, top);
        lua_pushliteral(L, "x"); lua_rawget(L, idx);
        lua_pushliteral(L, "y"); lua_rawget(L, idx);
    } else {
        lua_rawgeti(L, idx, 2);
    }
    int ok = lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER;
    if (ok && array) {
        ok = lua_rawgeti(L, idx, 3) == LUA_TNIL;
        lua_settop(L, -2);                             // the axes are at -2 and -1 again
    } else if (ok) {
        ok = cl_table_has_two_keys(L, idx);
    }
    if (ok) {
        out->integers = 0;
        set_axis(L, out, 0, -2);
        set_axis(L, out, 1, -1);
    }
    lua_settop(L, top);
    return ok;
}

/// A number operand as a vector with that number on both axes (for v * n, n * v, v / n).
static void splat(lua_State *L, int idx, cl_vecvalue *out) {
    out->integers = 0;
    set_axis(L, out, 0, idx);
    set_axis(L, out, 1, idx);
}

/// What a value is for a message: its metatable's __name (`animhost.Item`) or its type.
static const char *type_name(lua_State *L, int idx) {
    int t = luaL_getmetafield(L, idx, "__name");
    if (t == LUA_TNIL) return luaL_typename(L, idx);
    // The metatable keeps the string alive once it is popped.
    const char *name = t == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, idx);
    lua_settop(L, -2);
    return name;
}

const char *cl_describe_nonvector(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE) return lua_pushstring(L, type_name(L, idx));
    int top = lua_gettop(L);
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx), numbers = 0;
    for (lua_Integer k = 1; k <= n; k++) {
        if (lua_rawgeti(L, idx, k) == LUA_TNUMBER) numbers++;
        lua_settop(L, top);
    }
    if (n > 2 && numbers == n) return lua_pushfstring(L, "a table of %d numbers", (int)n);
    lua_pushliteral(L, "x"); lua_rawget(L, idx);
    lua_pushliteral(L, "y"); lua_rawget(L, idx);
    int xy = n == 0 && lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER;
    lua_settop(L, top);
    return lua_pushstring(L, xy ? "a table with keys other than x and y" : "a table without two numbers");
}

/// `what` names the operator; `number` says whether a number would do in that place.
static int bad_operand(lua_State *L, int idx, const char *what, int number) {
    const char *got = cl_describe_nonvector(L, idx);
    return luaL_error(L, "bad operand to vec %s (expected vector%s, got %s)", what, number ? " or number" : "", got);
}

// MARK: - Arithmetic

/// Pushes a op b axis by axis with Lua's own arithmetic: float operands in C directly (the
/// same IEEE operation Lua does), integer ones through lua_arith (wrap-around, / gives a float).
static int combine(lua_State *L, const cl_vecvalue *a, const cl_vecvalue *b, int op) {
    cl_vecvalue r = {.integers = 0};
    if ((a->integers | b->integers) == 0) {
        for (int k = 0; k < 2; k++) {
            lua_Number x = a->axis[k].n, y = b->axis[k].n;
            switch (op) {
            case LUA_OPADD: r.axis[k].n = x + y; break;
            case LUA_OPSUB: r.axis[k].n = x - y; break;
            case LUA_OPMUL: r.axis[k].n = x * y; break;
            default: r.axis[k].n = x / y; break;
            }
        }
    } else {
        for (int k = 0; k < 2; k++) {
            push_axis(L, a, k);
            push_axis(L, b, k);
            lua_arith(L, op);
            set_axis(L, &r, k, -1);
            lua_settop(L, -2);
        }
    }
    return push_vec(L, &r);
}

static int arith(lua_State *L, int op, const char *what) {
    cl_vecvalue a, b;
    int scales = op == LUA_OPMUL || op == LUA_OPDIV;
    if (lua_type(L, 1) == LUA_TNUMBER && op == LUA_OPMUL) splat(L, 1, &a);
    else if (!operand(L, 1, &a)) return bad_operand(L, 1, what, op == LUA_OPMUL);
    if (lua_type(L, 2) == LUA_TNUMBER && scales) splat(L, 2, &b);
    else if (!operand(L, 2, &b)) return bad_operand(L, 2, what, scales);
    return combine(L, &a, &b, op);
}

static int vec_add(lua_State *L) { return arith(L, LUA_OPADD, "+"); }
static int vec_sub(lua_State *L) { return arith(L, LUA_OPSUB, "-"); }
static int vec_mul(lua_State *L) { return arith(L, LUA_OPMUL, "*"); }
static int vec_div(lua_State *L) { return arith(L, LUA_OPDIV, "/"); }

static int vec_unm(lua_State *L) {
    cl_vecvalue a;
    if (!operand(L, 1, &a)) return bad_operand(L, 1, "-", 0);
    cl_vecvalue r = {.integers = 0};
    for (int k = 0; k < 2; k++) {
        push_axis(L, &a, k);
        lua_arith(L, LUA_OPUNM);
        set_axis(L, &r, k, -1);
        lua_settop(L, -2);
    }
    return push_vec(L, &r);
}

/// a == b for two vecs (Lua asks only when both are userdata): axis by axis, as numbers.
static int vec_eq(lua_State *L) {
    const cl_vecvalue *a = cl_vec_at(L, 1), *b = cl_vec_at(L, 2);
    int equal = a != NULL && b != NULL;
    for (int k = 0; equal && k < 2; k++) {
        push_axis(L, a, k);
        push_axis(L, b, k);
        equal = lua_rawequal(L, -1, -2);
        lua_settop(L, -3);
    }
    lua_pushboolean(L, equal);
    return 1;
}

/// //, %, ^, the bitwise operators, < and <=: not defined on vecs. Upvalue 2 names the operator.
static int vec_undefined(lua_State *L) {
    const char *op = lua_tostring(L, lua_upvalueindex(2));
    if (op[0] == '<' && op[1] != '<') {
        return luaL_error(L, "vecs have no order (%s); compare their lengths: a:length() %s b:length()", op, op);
    }
    return luaL_error(L, "a vec has no %s (it has + - * / and unary -; for a vector v and a number n: v * n, v / n)", op);
}

static int vec_len(lua_State *L) {
    lua_pushinteger(L, 2);
    return 1;
}

// MARK: - Fields

/// The vec at 1 for a metamethod named `name`, or raises.
static cl_vecvalue *self(lua_State *L, const char *name) {
    cl_vecvalue *v = cl_vec_at(L, 1);
    if (v == NULL) luaL_error(L, "bad argument #1 to '%s' (expected animhost.Vec, got %s)", name, type_name(L, 1));
    return v;
}

/// Argument `i` of method `name` as a vector (any vector: `animhost.vec.length({6, 8})` works
/// as `v:length()` does), or raises. Numbered as Lua numbers them: after self for `v:dot(w)`.
static cl_vecvalue argument(lua_State *L, int i, const char *name) {
    cl_vecvalue v;
    if (!operand(L, i, &v)) {
        const char *got = cl_describe_nonvector(L, i);
        luaL_error(L, "bad argument #%d to '%s' (expected vector, got %s)", cl_is_method_call(L) ? i - 1 : i, name, got);
    }
    return v;
}

/// The axis a key names: 0 for "x" or 1, 1 for "y" or 2, -1 for any other key.
/// Upvalues 2 and 3 are the strings "x" and "y".
static inline int axis_of(lua_State *L, int key) {
    if (lua_rawequal(L, key, lua_upvalueindex(2))) return 0;
    if (lua_rawequal(L, key, lua_upvalueindex(3))) return 1;
    if (lua_type(L, key) == LUA_TNUMBER) {
        lua_Number n = lua_tonumberx(L, key, NULL);
        if (n == 1) return 0;
        if (n == 2) return 1;
    }
    return -1;
}

/// v.x, v.y, v[1], v[2]; any other key reads the methods (upvalue 4), nil when none.
static int vec_index(lua_State *L) {
    const cl_vecvalue *v = self(L, "__index");
    int k = axis_of(L, 2);
    if (k >= 0) {
        push_axis(L, v, k);
        return 1;
    }
    lua_settop(L, 2);
    lua_rawget(L, lua_upvalueindex(4));
    return 1;
}

/// v.x = n (also y, [1], [2]); anything else is refused.
static int vec_newindex(lua_State *L) {
    cl_vecvalue *v = self(L, "__newindex");
    int k = axis_of(L, 2);
    if (k < 0) {
        lua_settop(L, 2);
        return luaL_error(L, "a vec has fields x and y (or [1] and [2]), not '%s'", luaL_tolstring(L, 2, NULL));
    }
    if (lua_type(L, 3) != LUA_TNUMBER) {
        return luaL_error(L, "field '%s' of vec: expected number, got %s", k == 0 ? "x" : "y", luaL_typename(L, 3));
    }
    set_axis(L, v, k, 3);
    return 0;
}

/// The iterator __pairs returns: x, then y.
static int vec_next(lua_State *L) {
    const cl_vecvalue *v = self(L, "next");
    int k = lua_isnil(L, 2) ? 0 : (axis_of(L, 2) == 0 ? 1 : 2);
    if (k > 1) return 0;
    lua_pushstring(L, k == 0 ? "x" : "y");
    push_axis(L, v, k);
    return 2;
}

static int vec_pairs(lua_State *L) {
    self(L, "pairs");
    lua_pushvalue(L, lua_upvalueindex(2));   // the iterator
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// MARK: - Methods

static int vec_length(lua_State *L) {
    cl_vecvalue v = argument(L, 1, "length");
    lua_Number x = cl_vec_number(&v, 0), y = cl_vec_number(&v, 1);
    lua_pushnumber(L, sqrt(x * x + y * y));
    return 1;
}

static int vec_normalized(lua_State *L) {
    cl_vecvalue v = argument(L, 1, "normalized");
    lua_Number x = cl_vec_number(&v, 0), y = cl_vec_number(&v, 1), l = sqrt(x * x + y * y);
    cl_vecvalue *r = new_vec(L);
    if (l == 0) {
        r->axis[0].i = 0; r->axis[1].i = 0; r->integers = 3;
    } else {
        r->axis[0].n = x / l; r->axis[1].n = y / l;
    }
    return 1;
}

/// a · b (dot) or a × b (cross, the z of the 3-D product) with Lua's arithmetic: integers
/// stay integers when every axis is one (wrap-around), floats otherwise.
static int product(lua_State *L, const char *name, int cross) {
    cl_vecvalue a = argument(L, 1, name), b = argument(L, 2, name);
    int i = cross ? 1 : 0, j = 1 - i;
    if ((a.integers & b.integers) == 3) {
        lua_Unsigned p = (lua_Unsigned)a.axis[0].i * (lua_Unsigned)b.axis[i].i,
                     q = (lua_Unsigned)a.axis[1].i * (lua_Unsigned)b.axis[j].i;
        lua_pushinteger(L, (lua_Integer)(cross ? p - q : p + q));
    } else {
        lua_Number p = cl_vec_number(&a, 0) * cl_vec_number(&b, i), q = cl_vec_number(&a, 1) * cl_vec_number(&b, j);
        lua_pushnumber(L, cross ? p - q : p + q);
    }
    return 1;
}

static int vec_dot(lua_State *L) { return product(L, "dot", 0); }
static int vec_cross(lua_State *L) { return product(L, "cross", 1); }

static int vec_angle(lua_State *L) {
    cl_vecvalue v = argument(L, 1, "angle");
    lua_pushnumber(L, atan2(cl_vec_number(&v, 1), cl_vec_number(&v, 0)));
    return 1;
}

static int vec_unpack(lua_State *L) {
    cl_vecvalue v = argument(L, 1, "unpack");
    push_axis(L, &v, 0);
    push_axis(L, &v, 1);
    return 2;
}

// MARK: - The metatable and the constructor

/// Pushes a C closure over the metatable at `mt`, then "x" and "y" when `keys`, then the
/// table at `methods` when it is not 0.
static void push_closure(lua_State *L, lua_CFunction f, int mt, int keys, int methods) {
    int n = 1;
    lua_pushvalue(L, mt);
    if (keys) { lua_pushliteral(L, "x"); lua_pushliteral(L, "y"); n += 2; }
    if (methods) { lua_pushvalue(L, methods); n += 1; }
    lua_pushcclosure(L, f, n);
}

void cl_pushvecmeta(lua_State *L) {
    if (!luaL_newmetatable(L, VEC_NAME)) return;       // stack: mt (with __name)
    int mt = lua_gettop(L);
    lua_createtable(L, 0, 6);                          // stack: mt methods
    int methods = mt + 1;
    static const struct { const char *name; lua_CFunction f; } functions[] = {
        {"__add", vec_add}, {"__sub", vec_sub}, {"__mul", vec_mul}, {"__div", vec_div},
        {"__unm", vec_unm}, {"__eq", vec_eq}, {"__len", vec_len},
        {"length", vec_length}, {"normalized", vec_normalized}, {"dot", vec_dot},
        {"cross", vec_cross}, {"angle", vec_angle}, {"unpack", vec_unpack},
    };
    for (size_t k = 0; k < sizeof functions / sizeof functions[0]; k++) {
        push_closure(L, functions[k].f, mt, 0, 0);
        lua_setfield(L, functions[k].name[0] == '_' ? mt : methods, functions[k].name);
    }
    static const char *const undefined[][2] = {
        {"__idiv", "//"}, {"__mod", "%"}, {"__pow", "^"}, {"__band", "&"}, {"__bor", "|"},
        {"__bxor", "~"}, {"__shl", "<<"}, {"__shr", ">>"}, {"__bnot", "~"}, {"__lt", "<"}, {"__le", "<="},
    };
    for (size_t k = 0; k < sizeof undefined / sizeof undefined[0]; k++) {
        lua_pushvalue(L, mt);
        lua_pushstring(L, undefined[k][1]);
        lua_pushcclosure(L, vec_undefined, 2);
        lua_setfield(L, mt, undefined[k][0]);
    }
    push_closure(L, vec_index, mt, 1, methods);
    lua_setfield(L, mt, "__index");
    push_closure(L, vec_newindex, mt, 1, 0);
    lua_setfield(L, mt, "__newindex");
    lua_pushvalue(L, mt);
    push_closure(L, vec_next, mt, 1, 0);               // stack: mt methods mt next
    lua_pushcclosure(L, vec_pairs, 2);
    lua_setfield(L, mt, "__pairs");
    // Hidden from scripts, as the host classes' metatables are: a script that could reach it
    // could give every later vec a __gc (the sandbox refuses those) or break vecs.
    lua_pushboolean(L, 0);
    lua_setfield(L, mt, "__metatable");
    lua_settop(L, mt);
}

/// animhost.vec(x, y) or animhost.vec(v) (a copy of any vector); upvalue 1 is the metatable.
static int vec_call(lua_State *L) {
    cl_vecvalue a = {.integers = 0};
    int t = lua_type(L, 2), n = lua_gettop(L) - 1;
    if (t == LUA_TTABLE || t == LUA_TUSERDATA) {
        if (!operand(L, 2, &a)) {
            return luaL_error(L, "bad argument #1 to 'vec' (expected two numbers or a vector {x, y}, got %s)",
                              cl_describe_nonvector(L, 2));
        }
    } else if (t == LUA_TNUMBER) {
        if (lua_type(L, 3) != LUA_TNUMBER) {
            return luaL_error(L, "bad argument #2 to 'vec' (expected number, got %s)", luaL_typename(L, 3));
        }
        if (n > 2) return luaL_error(L, "bad argument #3 to 'vec' (a vec has two axes: expected two numbers, got %d values)", n);
        set_axis(L, &a, 0, 2);
        set_axis(L, &a, 1, 3);
    } else {
        return luaL_error(L, "bad argument #1 to 'vec' (expected two numbers or a vector {x, y}, got %s)", type_name(L, 2));
    }
    return push_vec(L, &a);
}

static const char *const BUILT_IN[] = {"length", "normalized", "dot", "cross", "angle", "unpack", NULL};

/// `function animhost.vec.lerp(a, b, t) … end`: a method every vec then has (`v:lerp(w, 0.5)`).
/// The built-in methods and the fields stay as they are. Upvalue 4 is the methods table.
static int vec_extend(lua_State *L) {
    if (lua_type(L, 2) != LUA_TSTRING) {
        return luaL_error(L, "animhost.vec takes methods by name (animhost.vec.lerp = function …), got a %s key", luaL_typename(L, 2));
    }
    const char *name = lua_tostring(L, 2);
    if (axis_of(L, 2) >= 0) return luaL_error(L, "'%s' is a field of every vec, not a method", name);
    if (name[0] == '_' && name[1] == '_') return luaL_error(L, "animhost.vec.%s: a vec's metamethods cannot be changed", name);
    for (const char *const *b = BUILT_IN; *b != NULL; b++) {
        if (strcmp(*b, name) == 0) return luaL_error(L, "animhost.vec.%s is built in; give your method another name", name);
    }
    if (lua_type(L, 3) != LUA_TFUNCTION) {
        return luaL_error(L, "animhost.vec.%s: expected a function (the method), got %s", name, type_name(L, 3));
    }
    lua_settop(L, 3);
    lua_rawset(L, lua_upvalueindex(4));
    return 0;
}

void cl_pushvecconstructor(lua_State *L) {
    lua_createtable(L, 0, 0);                          // stack: vec
    lua_createtable(L, 0, 4);                          // stack: vec callmeta
    int callmeta = lua_gettop(L);
    cl_pushvecmeta(L);                                 // stack: vec callmeta mt
    int mt = callmeta + 1;
    push_closure(L, vec_call, mt, 0, 0);
    lua_setfield(L, callmeta, "__call");
    lua_getfield(L, mt, "__index");
    lua_getupvalue(L, -1, 4);                          // stack: vec callmeta mt index methods
    int methods = lua_gettop(L);
    lua_pushvalue(L, methods);
    lua_setfield(L, callmeta, "__index");              // animhost.vec.length(v)
    push_closure(L, vec_extend, mt, 1, methods);
    lua_setfield(L, callmeta, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, callmeta, "__metatable");
    lua_settop(L, callmeta);
    lua_setmetatable(L, -2);                           // stack: vec
}

void cl_pushvec(lua_State *L, double x, double y, int metaref) {
    if (metaref != LUA_NOREF) lua_rawgeti(L, LUA_REGISTRYINDEX, metaref);
    else cl_pushvecmeta(L);
    int mt = lua_gettop(L);
    cl_vec_pushfloats(L, x, y, mt);
    lua_remove(L, mt);
}

int cl_isvec(lua_State *L, int idx) {
    return cl_vec_at(L, idx) != NULL;
}

int cl_tovec(lua_State *L, int idx, double *x, double *y) {
    cl_vecvalue v;
    if (!operand(L, lua_absindex(L, idx), &v)) return 0;
    *x = cl_vec_number(&v, 0);
    *y = cl_vec_number(&v, 1);
    return 1;
}
