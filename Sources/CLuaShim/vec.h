// Private to CLuaShim: the vec value's layout, shared by vec.c (the type) and shim.c (the
// fast item fields, which make and read vecs without a function call).
#ifndef CLUASHIM_VEC_H
#define CLUASHIM_VEC_H

#include <lua.h>

/// A vec value: a full userdata of this size whose `tag` is cl_vec_tag. Each axis keeps Lua's
/// number subtype (integer or float), so `vec(3, 4).x` is the integer 3 a table field would
/// have held.
typedef struct cl_vecvalue {
    union { lua_Number n; lua_Integer i; } axis[2];
    const void *tag;    ///< cl_vec_tag: what tells a vec from another userdata of its size
    int integers;       ///< bit k set: axis k holds an integer
} cl_vecvalue;

/// The address every vec's tag holds. Only vec.c and cl_vec_pushfloats make vecs; scripts
/// cannot write a userdata's bytes, so a userdata of this size with this tag is a vec.
extern const char cl_vec_tag;

/// The vec at `idx`, or NULL for anything else (a table, another userdata). Cheaper than
/// comparing metatables (two API calls instead of four), and as exact.
static inline cl_vecvalue *cl_vec_at(lua_State *L, int idx) {
    cl_vecvalue *v = (cl_vecvalue *)lua_touserdata(L, idx);
    if (v == NULL || lua_rawlen(L, idx) != sizeof(cl_vecvalue) || v->tag != &cl_vec_tag) return NULL;
    return v;
}

/// Whether the table at `idx` (an absolute index) has exactly two keys: once x and y are found,
/// that no other key is there ({x=, y=, z=} is a mistake, not a vector).
static inline int cl_table_has_two_keys(lua_State *L, int idx) {
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {                    // stack: key value
        lua_settop(L, -2);
        if (++n > 2) { lua_settop(L, -2); return 0; }
    }
    return n == 2;
}

static inline lua_Number cl_vec_number(const cl_vecvalue *v, int k) {
    return (v->integers >> k & 1) ? (lua_Number)v->axis[k].i : v->axis[k].n;
}

/// Pushes a new vec of two floats with the metatable at `meta` (an absolute or pseudo index).
static inline void cl_vec_pushfloats(lua_State *L, lua_Number x, lua_Number y, int meta) {
    cl_vecvalue *v = (cl_vecvalue *)lua_newuserdatauv(L, sizeof(cl_vecvalue), 0);
    v->axis[0].n = x;
    v->axis[1].n = y;
    v->tag = &cl_vec_tag;
    v->integers = 0;
    lua_pushvalue(L, meta);
    lua_setmetatable(L, -2);
}

#endif
