// Private to CLuaShim: the pieces of the bounded standard library that live in their own
// files.
#ifndef CLUASHIM_BOUNDED_H
#define CLUASHIM_BOUNDED_H

#include <lua.h>

/// Replaces `table[name]` with the C closure `f`, the original function its upvalue 1 (the
/// wrappers of bounded.c and strings.c call it after charging or checking).
void cl_wrap_library_function(lua_State *L, int table, const char *name, lua_CFunction f);

/// Runs a wrapper's original (upvalue 1) on the wrapper's arguments, in the wrapper's own
/// call, so its errors carry the library function's name and the script's line.
int cl_call_original(lua_State *L);

/// Replaces find, match, gmatch and gsub in the string table at `string_table` with the
/// counting matcher (patterns.c).
void cl_bound_patterns(lua_State *L, int string_table);

/// Replaces the string, utf8 and base functions whose loops outrun what they allocate
/// (rep, pack, packsize, unpack, format, byte, char, utf8.codepoint and char, select) with
/// bounded or charged versions (strings.c).
void cl_bound_strings(lua_State *L);

/// Whether a failed call (its status, the error object on top) failed because the memory
/// cap refused an allocation.
int cl_memory_failure(lua_State *L, int status);

/// Marks the state as out of memory for good (until the host has control back) and raises
/// the memory error, located where the allocation was refused.
void cl_end_for_memory(lua_State *L);

/// Raises again if the script must end whatever caught the error: the budget ran out, the
/// memory cap was hit, or a signal is unanswered. For the places that catch errors (pcall,
/// xpcall, coroutine.resume and wrap, load) and the trampoline.
void cl_reraise_if_ended(lua_State *L);

/// The count hook, for the signal handler to install (signals.c).
lua_Hook cl_count_hook_function(void);

/// Raises "interrupted!".
void cl_raise_interrupted(lua_State *L);

/// Whether a recorded signal must stop the Lua code of `L`'s state (it is armed).
int cl_interrupt_requested(lua_State *L);

/// Arms the state of `L` for one protected call of the host while signals are caught and
/// nothing is armed; returns whether it did, for cl_autoarm_leave.
int cl_autoarm_enter(lua_State *L);
void cl_autoarm_leave(lua_State *L, int armed);

/// The backstop's clock (backstop.c): while this thread runs a protected call of `L`'s
/// state, a timer on the thread's CPU clock makes the count hook look at the time limit at
/// least every 100 ms of CPU. Returns what cl_backstop_leave restores.
lua_State *cl_backstop_enter(lua_State *L);
void cl_backstop_leave(lua_State *saved);

/// Notes the coroutine a coroutine.resume is running, so the backstop's clock stops it
/// too; returns the previous one, to note again when the resume returns.
lua_State *cl_backstop_resuming(lua_State *co);

#endif
