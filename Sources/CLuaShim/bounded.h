// Private to CLuaShim: the pieces of the bounded standard library that live in their own
// files.
#ifndef CLUASHIM_BOUNDED_H
#define CLUASHIM_BOUNDED_H

#include <lua.h>

/// Replaces find, match, gmatch and gsub in the string table at `string_table` with the
/// counting matcher (patterns.c).
void cl_bound_patterns(lua_State *L, int string_table);

/// Whether a failed call (its status, the error object on top) failed because the memory
/// cap refused an allocation.
int cl_memory_failure(lua_State *L, int status);

/// Marks the state as out of memory for good (until the host has control back) and raises
/// the memory error, located where the allocation was refused.
void cl_end_for_memory(lua_State *L);

#endif
