// The string, utf8 and base functions whose C loops the instruction budget would not see:
// each is bounded or charges its work before doing it (docs/security.md: no
// library function loops in C beyond the budget). Most string functions build their result,
// and allocation is charged already (two bytes a unit, shim.c); these are the ones whose
// loops run longer than what they allocate:
//
// - string.rep of an empty string with an empty separator allocates nothing and looped n
//   times (string.rep("", math.maxinteger) ran for centuries): it returns "" at once.
// - string.pack, packsize and unpack walk their format (a 120 MB format is a third of a
//   second per call), and an unpack "z" scans the data for its zero: charged by length.
// - string.format walks its format; string.byte, utf8.codepoint, string.char, utf8.char
//   and select push or read one value per argument or byte (up to the stack's million):
//   charged per value.
#include "CLuaShim.h"
#include "bounded.h"

#include <string.h>


static size_t string_length(lua_State *L, int i) {
    size_t len = 0;
    if (lua_type(L, i) == LUA_TSTRING) lua_tolstring(L, i, &len);
    return len;
}

/// Values from `i` to `j` (Lua's negative positions from the end of a `len`-byte string).
static long long positions(lua_State *L, int i_arg, int j_arg, lua_Integer i_default, size_t len) {
    lua_Integer i = lua_isnoneornil(L, i_arg) ? i_default : lua_tointegerx(L, i_arg, NULL);
    lua_Integer j = lua_isnoneornil(L, j_arg) ? i : lua_tointegerx(L, j_arg, NULL);
    lua_Integer n = (lua_Integer)len;
    if (i < 0) i = i < -n ? 1 : n + i + 1;
    if (j < 0) j = n + j + 1;
    if (i < 1) i = 1;
    if (j > n) j = n;
    return j >= i ? (long long)(j - i + 1) : 0;
}

/// string.rep(s, n [, sep]): "" at once when nothing would be copied.
static int bounded_rep(lua_State *L) {
    size_t l = string_length(L, 1), lsep = string_length(L, 3);
    int isnum = 0;
    lua_Integer n = lua_tointegerx(L, 2, &isnum);
    if (lua_type(L, 1) == LUA_TSTRING && isnum && (lua_isnoneornil(L, 3) || lua_type(L, 3) == LUA_TSTRING) &&
        (n <= 0 || (l == 0 && (lsep == 0 || n == 1)))) {
        lua_pushliteral(L, "");
        return 1;
    }
    // Anything else copies (l + lsep)·n bytes into a buffer it allocates first: charged
    // (and capped) by the allocator before the loop starts.
    return cl_call_original(L);
}

/// Units a byte of a pack format costs: walking one takes about 4 ns a byte (0.53 s for
/// 120 MB), two instructions' time.
#define UNITS_PER_FORMAT_BYTE 2

/// string.pack, string.packsize: by the length of the format.
static int charged_format_walk(lua_State *L) {
    cl_charge(L, (long long)string_length(L, 1) * UNITS_PER_FORMAT_BYTE, "string.pack and packsize count their format");
    return cl_call_original(L);
}

/// string.unpack(fmt, s [, pos]): the format, and for "z" the data it may scan.
static int charged_unpack(lua_State *L) {
    size_t lfmt = 0;
    const char *fmt = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &lfmt) : NULL;
    long long units = (long long)lfmt * UNITS_PER_FORMAT_BYTE;
    if (fmt != NULL && memchr(fmt, 'z', lfmt) != NULL) units += (long long)(string_length(L, 2) / 16);
    cl_charge(L, units, "string.unpack counts its format and the data a 'z' scans");
    return cl_call_original(L);
}

/// string.format: one unit a byte of the format.
static int charged_format(lua_State *L) {
    cl_charge(L, (long long)string_length(L, 1), "string.format counts its format");
    return cl_call_original(L);
}

/// string.byte(s [, i [, j]]) and utf8.codepoint(s [, i [, j]]): one unit a byte read.
static int charged_byte(lua_State *L) {
    cl_charge(L, positions(L, 2, 3, 1, string_length(L, 1)), "string.byte counts the bytes it reads");
    return cl_call_original(L);
}

/// string.char(...), utf8.char(...): two units an argument (each is read, checked and
/// encoded).
static int charged_char(lua_State *L) {
    cl_charge(L, 2 * (long long)lua_gettop(L), "string.char and utf8.char count their arguments");
    return cl_call_original(L);
}

/// select(n, ...): luaB_select, charged one unit an argument (the VM copied them all for
/// this call, in one instruction).
static int charged_select(lua_State *L) {
    int n = lua_gettop(L);
    cl_charge(L, n, "select counts its arguments");
    if (lua_type(L, 1) == LUA_TSTRING && *lua_tostring(L, 1) == '#') {
        lua_pushinteger(L, n - 1);
        return 1;
    }
    lua_Integer i = luaL_checkinteger(L, 1);
    if (i < 0) i = n + i;
    else if (i > n) i = n;
    luaL_argcheck(L, 1 <= i, 1, "index out of range");
    return n - (int)i;
}

void cl_bound_strings(lua_State *L) {
    lua_pushcfunction(L, charged_select);
    lua_setglobal(L, "select");
    lua_getglobal(L, "string");
    int s = lua_gettop(L);
    cl_wrap_library_function(L, s, "rep", bounded_rep);
    cl_wrap_library_function(L, s, "pack", charged_format_walk);
    cl_wrap_library_function(L, s, "packsize", charged_format_walk);
    cl_wrap_library_function(L, s, "unpack", charged_unpack);
    cl_wrap_library_function(L, s, "format", charged_format);
    cl_wrap_library_function(L, s, "byte", charged_byte);
    cl_wrap_library_function(L, s, "char", charged_char);
    lua_getglobal(L, "utf8");
    int u = lua_gettop(L);
    cl_wrap_library_function(L, u, "codepoint", charged_byte);
    cl_wrap_library_function(L, u, "char", charged_char);
    lua_settop(L, s - 1);
}
