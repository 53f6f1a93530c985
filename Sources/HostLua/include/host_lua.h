#ifndef ANIMHOST_HOST_LUA_H
#define ANIMHOST_HOST_LUA_H

#include <stddef.h>

/// The text of one of the host's Lua files compiled into the binary, by its path under
/// Sources/HostLua/lua/ ("prelude.lua", "patterns/sheet.lua"); its length in *length.
/// NULL (and *length 0) for a name that is not one of them.
const char *animhost_lua_file(const char *name, size_t *length);

#endif
