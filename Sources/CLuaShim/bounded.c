// The standard library with its unbounded C work charged to the instruction budget
// (docs/security.md: budgets bound every route). Allocation is charged by the allocator
// (shim.c), pattern matching by its own matcher (patterns.c), string formats and arguments
// by strings.c; here are the functions whose loops neither allocate nor run Lua code: table
// shifts and moves, sorting, utf8 scans and full collections. And xpcall, whose message handler must not become a way around the
// budget: Lua runs the handler of an error raised by a hook with hooks off.
#include "CLuaShim.h"
#include "bounded.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <string.h>

void cl_wrap_library_function(lua_State *L, int table, const char *name, lua_CFunction f) {
    lua_getfield(L, table, name);
    // cl_call_original runs the original in the wrapper's own call: it must be a C
    // function that reads no upvalues of its own (true of every standard library function).
    assert(lua_tocfunction(L, -1) != NULL && lua_getupvalue(L, -1, 1) == NULL);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, table, name);
}

int cl_call_original(lua_State *L) {
    // Called as a C function, not through lua_call: the running call stays the wrapper's,
    // which Lua called by the library's name, so the original's own errors read as Lua's do
    // ("file:12: bad argument #2 to 'format' (number expected, got function)"); through
    // lua_call the original would be nameless ('?') and located at a C caller (nowhere).
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    return original(L);
}

// MARK: - pcall, xpcall, coroutine.resume

/// The script's message handler (upvalue 1), except for errors that end the script: the
/// budget, the memory cap, and errors raised from a hook (Ctrl-C). Those pass through
/// unchanged, since Lua would run the handler with hooks off, where nothing could stop it.
static int guarded_handler(lua_State *L) {
    cl_limits *lim = cl_limits_of(L);
    lua_Debug ar;
    int from_hook = lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.namewhat != NULL &&
                    strcmp(ar.namewhat, "hook") == 0;
    if (lim->tripped || lim->memory_hit || from_hook || cl_interrupt_requested(L)) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/// pcall's and xpcall's ending: results, or false and the error, except that a memory error
/// is not the script's to catch (docs/security.md: once the cap is hit the scene ends).
static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
    if (cl_memory_failure(L, status)) cl_end_for_memory(L);
    if (status != LUA_OK && status != LUA_YIELD) {
        // The budget, the cap and Ctrl-C end the script now, not a thousand
        // instructions later when the hook of this thread comes round.
        cl_reraise_if_ended(L);
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/// xpcall(f, handler, ...) with the handler wrapped; yields across it work as in the stock one.
static int bounded_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);      // stack: f handler args...
    lua_pushboolean(L, 1);  // the first result
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);    // stack: f handler true f args...
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
    return finish_xpcall(L, status, 2);
}

static int bounded_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);  // the first result
    lua_insert(L, 1);       // stack: true f args...
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_xpcall);
    return finish_xpcall(L, status, 0);
}

/// coroutine.resume: a coroutine that died of the memory cap, the budget or Ctrl-C ends the
/// resumer too (its own hook would let it run up to a thousand instructions more). The
/// error of a coroutine.wrap function is an error in the resumer, so whatever catches it
/// (pcall, xpcall, resume, load) raises it again.
static int bounded_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    cl_charge(L, lua_gettop(L), "coroutine.resume counts the values it moves");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    // (The stock resume raises only for a first argument that is not a coroutine.)
    lua_State *outer = co != NULL ? cl_backstop_resuming(co) : NULL;
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    if (co != NULL) cl_backstop_resuming(outer);
    if (co != NULL && lua_gettop(L) >= 2 && lua_type(L, 1) == LUA_TBOOLEAN && !lua_toboolean(L, 1)) {
        int status = lua_status(co);
        lua_pushvalue(L, 2);
        if (cl_memory_failure(L, status == LUA_OK ? LUA_ERRRUN : status)) cl_end_for_memory(L);
        lua_pop(L, 1);
        cl_reraise_if_ended(L);
    }
    return lua_gettop(L);
}

// MARK: - Charged wrappers: charge, then call the original (upvalue 1)

/// Integer argument `i`, or `fallback` when absent; `ok` is cleared when it is not an
/// integer (the original then raises its own error, so nothing is charged).
static lua_Integer int_arg(lua_State *L, int i, lua_Integer fallback, int *ok) {
    if (lua_isnoneornil(L, i)) return fallback;
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, i, &isnum);
    if (!isnum) *ok = 0;
    return v;
}

static lua_Integer raw_length(lua_State *L, int i) {
    return lua_type(L, i) == LUA_TTABLE ? (lua_Integer)lua_rawlen(L, i) : 0;
}

/// Elements from `from` to `to`, as a charge (0 when empty, capped to stay in range).
static long long span(lua_Integer from, lua_Integer to) {
    if (to < from) return 0;
    if (from < 0 && to > LLONG_MAX + from) return LLONG_MAX / 2;
    return (long long)(to - from) + 1;
}

static int charged_move(lua_State *L) {  // table.move(a1, f, e, t [, a2])
    int ok = 1;
    lua_Integer f = int_arg(L, 2, 0, &ok), e = int_arg(L, 3, 0, &ok);
    if (ok) cl_charge(L, span(f, e), "table.move counts each element");
    return cl_call_original(L);
}

static int charged_insert(lua_State *L) {  // table.insert(t, [pos,] v): shifts #t - pos + 1
    int ok = 1;
    if (lua_gettop(L) == 3) {
        lua_Integer pos = int_arg(L, 2, 0, &ok);
        if (ok) cl_charge(L, span(pos, raw_length(L, 1)), "table.insert counts the elements it shifts");
    }
    return cl_call_original(L);
}

static int charged_remove(lua_State *L) {  // table.remove(t [, pos])
    int ok = 1;
    lua_Integer n = raw_length(L, 1);
    lua_Integer pos = int_arg(L, 2, n, &ok);
    if (ok) cl_charge(L, span(pos, n), "table.remove counts the elements it shifts");
    return cl_call_original(L);
}

static int charged_concat(lua_State *L) {  // table.concat(t [, sep [, i [, j]]])
    int ok = 1;
    lua_Integer i = int_arg(L, 3, 1, &ok), j = int_arg(L, 4, raw_length(L, 1), &ok);
    if (ok) cl_charge(L, span(i, j), "table.concat counts each element");
    return cl_call_original(L);
}

static int charged_unpack(lua_State *L) {  // table.unpack(t [, i [, j]])
    int ok = 1;
    lua_Integer i = int_arg(L, 2, 1, &ok), j = int_arg(L, 3, raw_length(L, 1), &ok);
    long long n = span(i, j);
    // More than the stack holds fails in the original ("too many results"), uncharged.
    if (ok && n < (1 << 22)) cl_charge(L, n, "table.unpack counts each element");
    return cl_call_original(L);
}

static int charged_sort(lua_State *L) {  // n log n comparisons; a Lua comparator counts itself
    double n = (double)raw_length(L, 1);
    if (n > 1) cl_charge(L, (long long)(n * log2(n)), "table.sort counts its comparisons");
    return cl_call_original(L);
}

static int charged_utf8_scan(lua_State *L) {  // utf8.len, utf8.offset: a pass over the bytes
    size_t len = 0;
    if (lua_type(L, 1) == LUA_TSTRING) lua_tolstring(L, 1, &len);
    cl_charge(L, (long long)(len / 4), "utf8 functions count the bytes they scan");
    return cl_call_original(L);
}

int cl_bound_libraries(lua_State *L) {
    lua_pushcfunction(L, bounded_xpcall);
    lua_setglobal(L, "xpcall");
    lua_pushcfunction(L, bounded_pcall);
    lua_setglobal(L, "pcall");
    lua_getglobal(L, "coroutine");
    cl_wrap_library_function(L, lua_gettop(L), "resume", bounded_resume);
    lua_pop(L, 1);
    lua_getglobal(L, "table");
    int t = lua_gettop(L);
    cl_wrap_library_function(L, t, "move", charged_move);
    cl_wrap_library_function(L, t, "insert", charged_insert);
    cl_wrap_library_function(L, t, "remove", charged_remove);
    cl_wrap_library_function(L, t, "concat", charged_concat);
    cl_wrap_library_function(L, t, "unpack", charged_unpack);
    cl_wrap_library_function(L, t, "sort", charged_sort);
    lua_getglobal(L, "utf8");
    int u = lua_gettop(L);
    cl_wrap_library_function(L, u, "len", charged_utf8_scan);
    cl_wrap_library_function(L, u, "offset", charged_utf8_scan);
    lua_getglobal(L, "string");
    cl_bound_patterns(L, -1);
    cl_bound_strings(L);
    lua_settop(L, 0);
    return 0;
}
