// The C half of LuaKit: allocator, budget hook, protected calls, the
// trampoline that raises errors for Swift, and sandbox wrappers.
//
// Everything that may raise a Lua error (lua_error, luaL_error, lua_call,
// luaL_tolstring, luaL_check*) lives here, never in Swift: a raise is a
// longjmp, and it must only cross C frames.
#include "CLuaShim.h"
#include "bounded.h"
#include "vec.h"

#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// Set once by LuaKit before the first state exists (Swift's lazy global
// initialisation orders that write before every later read).
static cl_dispatcher g_dispatcher = NULL;
static cl_releaser g_releaser = NULL;

/// Metatable of the userdata that owns a Swift function box.
static const char *const KEEPER = "luakit.keeper";

void cl_set_dispatcher(cl_dispatcher dispatcher, cl_releaser releaser) {
    g_dispatcher = dispatcher;
    g_releaser = releaser;
}

// MARK: - Allocator

/// Bytes of allocation that cost one unit of the instruction budget: building strings
/// and tables is work (string.rep, concatenation, table.concat), charged as it happens.
#define CL_ALLOC_BYTES_PER_UNIT 2
/// Blocks at least this big are refused once the budget is spent.
#define CL_BIG_BLOCK (64 * 1024)

/// Records in `lim->where` the `file:line` of the innermost script function of the main
/// thread (the line that was running when the cap or the budget was hit). Reads the call
/// stack only: it allocates nothing, so the allocator may call it.
static void record_where(cl_limits *lim) {
    // (Without a Lua frame, e.g. an allocation while unwinding, the last place stays.)
    if (lim->main == NULL) return;
    lua_Debug ar;
    for (int level = 0; level < 64 && lua_getstack(lim->main, level, &ar); level++) {
        if (!lua_getinfo(lim->main, "Sl", &ar)) break;
        if (ar.currentline > 0 && strncmp(ar.source, "=animhost", 9) != 0) {
            snprintf(lim->where, sizeof lim->where, "%s:%d", ar.short_src, ar.currentline);
            return;
        }
    }
}

/// The pool's size class of a block of `size` bytes, or -1 when it is not small.
static inline int pool_class(size_t size) {
    return size > 0 && size <= 8 * CL_POOL_CLASSES ? (int)((size - 1) / 8) : -1;
}

/// A block of `size` bytes: a small one from its class's free list (or malloc'd at the
/// class's full size, so any block of the class fits any size of it), a big one from malloc.
static inline void *pool_alloc(cl_limits *lim, size_t size) {
    int c = pool_class(size);
    if (c < 0) return malloc(size);
    void *block = lim->pool[c];
    if (block != NULL) {
        lim->pool[c] = *(void **)block;
        return block;
    }
    return malloc(8 * (size_t)(c + 1));
}

static inline void pool_free(cl_limits *lim, void *block, size_t size) {
    int c = pool_class(size);
    if (c < 0 || block == NULL) { free(block); return; }
    *(void **)block = lim->pool[c];
    lim->pool[c] = block;
}

void cl_pool_release(cl_limits *lim) {
    for (int c = 0; c < CL_POOL_CLASSES; c++) {
        while (lim->pool[c] != NULL) {
            void *block = lim->pool[c];
            lim->pool[c] = *(void **)block;
            free(block);
        }
    }
}

/// realloc through the pool: a block that is small before or after moves (copy, free).
static void *pool_realloc(cl_limits *lim, void *ptr, size_t old, size_t nsize) {
    if (ptr == NULL) return pool_alloc(lim, nsize);
    if (pool_class(old) < 0 && pool_class(nsize) < 0) return realloc(ptr, nsize);
    if (pool_class(old) >= 0 && pool_class(old) == pool_class(nsize)) return ptr;  // it fits
    void *block = pool_alloc(lim, nsize);
    if (block == NULL) return NULL;
    memcpy(block, ptr, old < nsize ? old : nsize);
    pool_free(lim, ptr, old);
    return block;
}

static void *cl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    cl_limits *lim = (cl_limits *)ud;
    // When ptr is NULL, osize encodes the kind of object, not a size.
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        pool_free(lim, ptr, old);
        lim->used -= old;
        return NULL;
    }
    if (nsize > old && lim->enforce) {
        size_t grow = nsize - old;
        if (lim->limit != 0 && (lim->used > lim->limit || grow > lim->limit - lim->used)) {
            // Lua runs an emergency collection and asks again; if that fails too it
            // raises LUA_ERRMEM, which ends the script (see cl_memory_failure).
            lim->refused = 1;
            record_where(lim);
            lim->where_is_budget = 0;
            return NULL;
        }
        if (lim->remaining != LLONG_MAX && !lim->memory_hit) {
            lim->remaining -= (long long)(grow / CL_ALLOC_BYTES_PER_UNIT);
            if (lim->remaining <= 0) {
                if (!lim->tripped) {
                    record_where(lim);
                    lim->where_is_budget = 1;
                }
                lim->tripped = 1;
                // Out of budget: refuse big blocks now rather than let a loop of huge
                // string.rep calls run on until the next hook call. Small ones (a stack
                // or call frame growing to raise the error) still succeed.
                if (grow >= CL_BIG_BLOCK) return NULL;
            }
        }
    }
    void *block = pool_realloc(lim, ptr, old, nsize);
    if (block == NULL) {
        if (nsize <= old) return ptr;  // a failed shrink may keep the larger block
        lim->refused = 1;
        return NULL;
    }
    lim->used = lim->used - old + nsize;
    if (lim->used > lim->peak) lim->peak = lim->used;
    return block;
}

lua_State *cl_newstate(cl_limits *limits) {
    limits->enforce = 0;  // host code is never refused (see the header)
    if (limits->granularity <= 0) limits->granularity = 1000;
    limits->budget = limits->remaining = LLONG_MAX;  // outside a protected call: no budget
    lua_State *L = lua_newstate(cl_alloc, limits);
    limits->main = L;
    return L;
}

cl_limits *cl_limits_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (cl_limits *)ud;
}

// MARK: - Instruction budget

/// Notes `file:line: ` of the innermost script frame: host Lua code (chunks named
/// `=animhost…`, e.g. a test framework's global lookup) is skipped, so the message
/// points at the user's loop.
static void cl_note_trip_where(lua_State *L, cl_limits *lim) {
    lua_Debug ar;
    lim->trip_where[0] = 0;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        if (strncmp(ar.source, "=animhost", 9) == 0) continue;
        snprintf(lim->trip_where, sizeof lim->trip_where, "%s:%d: ", ar.short_src, ar.currentline);
        return;
    }
}

/// Pushes the message of a limit that stopped the script: the memory cap (located where
/// the allocation was refused) or the instruction budget (located where it ran out, else at
/// `level`). Host
/// allocation: the message itself must not be refused.
static void push_limit_message(lua_State *L, cl_limits *lim, int level, const char *what) {
    int saved_enforce = lim->enforce;
    lim->enforce = 0;
    if (lim->time_hit && lim->trip_where[0] != '\0')
        lua_pushstring(L, lim->trip_where);
    else if (lim->where[0] != '\0' && lim->where_is_budget == !lim->memory_hit)
        lua_pushfstring(L, "%s: ", lim->where);
    else if (!lim->memory_hit && lim->trip_where[0] != '\0')
        lua_pushstring(L, lim->trip_where);
    else
        luaL_where(L, level);
    if (lim->memory_hit) {
        lua_pushfstring(L, "not enough memory (memory limit %d MiB reached; raise it with --memory)",
                        (int)(lim->limit >> 20));
    } else if (lim->time_hit) {
        char seconds[32];
        snprintf(seconds, sizeof seconds, "%g", lim->time_limit);
        lua_pushfstring(L, "time limit exceeded (one call used %s s of CPU; a backstop to the instruction "
                        "budget for single steps it cannot count, such as comparing long strings)", seconds);
    } else {
        lua_pushfstring(L, "instruction budget exceeded (%I instructions%s%s)", (LUAI_UACINT)lim->budget,
                        what != NULL ? "; " : "", what != NULL ? what : "");
    }
    lua_concat(L, 2);
    lim->enforce = saved_enforce;
}

static double clock_seconds(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/// Whether the current protected call has used more than `time_limit` seconds of the
/// thread's CPU. The monotonic clock (cheap) is read first: CPU time never exceeds the
/// elapsed time, so the thread's CPU clock (a system call) is read only once the call has
/// been running longer than the limit. A busy machine slows a script without stopping it.
static int out_of_time(cl_limits *lim) {
    if (lim->time_limit <= 0) return 0;
    if (clock_seconds(CLOCK_MONOTONIC) - lim->wall_start <= lim->time_limit) return 0;
    return clock_seconds(CLOCK_THREAD_CPUTIME_ID) - lim->cpu_start > lim->time_limit;
}

static void cl_count_hook(lua_State *L, lua_Debug *ar);

/// Every thread that runs on after a limit ended the script raises at its next instruction:
/// the running one, and the main thread (a coroutine's error returns to its resumer).
static void raise_everywhere(lua_State *L, cl_limits *lim) {
    lua_sethook(L, cl_count_hook, LUA_MASKCOUNT, 1);
    if (lim->main != NULL && lim->main != L) lua_sethook(lim->main, cl_count_hook, LUA_MASKCOUNT, 1);
}

static void cl_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    cl_limits *lim = cl_limits_of(L);
    if (cl_interrupt_requested(L)) {
        // Ctrl-C (or SIGTERM) is unanswered: raise at every instruction, in every thread
        // of the state, until the host has control back (as for the budget).
        lua_sethook(L, cl_count_hook, LUA_MASKCOUNT, 1);
        cl_raise_interrupted(L);
    }
    if (!lim->tripped && !lim->memory_hit) {
        int count = lua_gethookcount(L);
        // A thread left raising on every instruction by an earlier call goes back to the
        // normal rate.
        if (count != lim->granularity) lua_sethook(L, cl_count_hook, LUA_MASKCOUNT, lim->granularity);
        if (lim->remaining == LLONG_MAX) return;  // unlimited
        lim->remaining -= count;
        if (lim->remaining > 0) {
            if (!out_of_time(lim)) return;
            lim->time_hit = 1;
        }
        lim->tripped = 1;
        cl_note_trip_where(L, lim);
    }
    // Keep raising on every instruction until control returns to the host, so a script's
    // pcall cannot swallow the error and carry on (xpcall's handler is skipped: see
    // guarded_handler). Every raise names the line that was running when the budget ran
    // out, not the line of whichever frame (a test runner, a pcall's caller) it reached.
    raise_everywhere(L, lim);
    push_limit_message(L, lim, 0, NULL);
    lua_error(L);
}

lua_Hook cl_count_hook_function(void) { return cl_count_hook; }

void cl_raise_interrupted(lua_State *L) { luaL_error(L, "interrupted!"); }

int cl_memory_failure(lua_State *L, int status) {
    cl_limits *lim = cl_limits_of(L);
    if (status == LUA_OK || status == LUA_YIELD || lim->tripped) return 0;
    // The cap was hit already (in a nested call, e.g. a module `require` ran): whatever
    // came of it, the script ends.
    if (lim->memory_hit) return 1;
    // A refusal inside a message handler comes back as an error in error handling.
    if ((status == LUA_ERRMEM || status == LUA_ERRERR) && lim->refused) return 1;
    // coroutine.wrap re-raises a coroutine's memory error as a plain error with the
    // same message.
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    return lim->refused && msg != NULL && strcmp(msg, "not enough memory") == 0;
}

void cl_end_for_memory(lua_State *L) {
    cl_limits *lim = cl_limits_of(L);
    lim->memory_hit = 1;
    raise_everywhere(L, lim);
    push_limit_message(L, lim, 1, NULL);
    lua_error(L);
}

int cl_host_charge(lua_State *L, long long bytes) {
    cl_limits *lim = cl_limits_of(L);
    if (bytes <= 0) {
        size_t credit = (size_t)(-bytes);
        lim->used -= credit < lim->used ? credit : lim->used;
        return 0;
    }
    if (lim->limit != 0 && (lim->used > lim->limit || (size_t)bytes > lim->limit - lim->used)) {
        if (lim->depth > 0) {
            // A script caused it: it ends as when the heap refuses an allocation. Every later
            // instruction raises the memory error, on this thread and the main one, until the
            // outermost protected call returns (so a pcall around the call cannot go on).
            record_where(lim);
            lim->where_is_budget = 0;
            lim->refused = 1;
            lim->memory_hit = 1;
            raise_everywhere(L, lim);
        }
        return 1;
    }
    lim->used += (size_t)bytes;
    if (lim->used > lim->peak) lim->peak = lim->used;
    return 0;
}

void cl_reraise_if_ended(lua_State *L) {
    cl_limits *lim = cl_limits_of(L);
    if (!lim->enforce) return;  // host code catches what it likes
    if (cl_interrupt_requested(L)) {
        raise_everywhere(L, lim);
        cl_raise_interrupted(L);
    }
    if (!lim->tripped && !lim->memory_hit) return;
    raise_everywhere(L, lim);
    push_limit_message(L, lim, 1, NULL);
    lua_error(L);
}

/// Work charged since the time limit was last looked at; looked at again after this much.
#define CL_CHARGE_TIME_CHECK 4096

void cl_charge(lua_State *L, long long units, const char *what) {
    cl_limits *lim = cl_limits_of(L);
    if (!lim->enforce) return;  // host code
    if (cl_interrupt_requested(L)) {
        raise_everywhere(L, lim);
        cl_raise_interrupted(L);
    }
    if (lim->remaining == LLONG_MAX) return;  // no budget
    lim->remaining -= units;
    // The CPU backstop sees charged C work as it happens, not only every 1000
    // instructions: a loop of slow library calls is a few instructions per call.
    lim->charged_since_check += units;
    if (lim->charged_since_check >= CL_CHARGE_TIME_CHECK && lim->remaining > 0 && !lim->tripped) {
        lim->charged_since_check = 0;
        if (out_of_time(lim)) {
            lim->time_hit = 1;
            lim->remaining = 0;
        }
    }
    if (lim->remaining > 0 && !lim->tripped && !lim->memory_hit) return;
    if (lim->remaining <= 0 && !lim->tripped) {
        lim->tripped = 1;
        cl_note_trip_where(L, lim);
    }
    raise_everywhere(L, lim);
    push_limit_message(L, lim, 1, lim->time_hit ? NULL : what);
    lua_error(L);
}

int cl_charge_quietly(lua_State *L, long long units) {
    cl_limits *lim = cl_limits_of(L);
    // Swift functions run with `enforce` off (their pushes are never refused), so "a script is
    // running" is the protected call's depth here.
    if (lim->depth == 0) return 0;  // no script: host code
    if (cl_interrupt_requested(L)) {
        raise_everywhere(L, lim);
        return 2;
    }
    if (lim->tripped || lim->memory_hit) {
        raise_everywhere(L, lim);
        return 1;
    }
    if (lim->remaining == LLONG_MAX) return 0;  // no budget
    lim->remaining -= units;
    if (lim->remaining > 0 && !out_of_time(lim)) return 0;
    if (lim->remaining > 0) lim->time_hit = 1;
    lim->remaining = 0;
    lim->tripped = 1;
    cl_note_trip_where(L, lim);
    raise_everywhere(L, lim);
    return 1;
}

void cl_install_hook(lua_State *L) {
    lua_sethook(L, cl_count_hook, LUA_MASKCOUNT, cl_limits_of(L)->granularity);
}

int cl_protectedcall(lua_State *L, int nargs, int nresults, long long budget, int *outcome) {
    cl_limits *lim = cl_limits_of(L);
    int func = lua_gettop(L) - nargs;
    *outcome = 0;
    if (!lua_checkstack(L, 2)) {
        lua_settop(L, func - 1);
        lua_pushliteral(L, "stack overflow");  // the slots just freed hold it
        return LUA_ERRRUN;
    }
    lua_pushcfunction(L, cl_msghandler);  // stack: ... f args handler
    lua_insert(L, func);                  // stack: ... handler f args
    long long saved_budget = lim->budget, saved_remaining = lim->remaining;
    int saved_tripped = lim->tripped, saved_enforce = lim->enforce, saved_refused = lim->refused;
    int saved_time_hit = lim->time_hit;
    double saved_wall_start = lim->wall_start, saved_cpu_start = lim->cpu_start;
    // A nested call gets its own time, like its own budget; the outer one's clock keeps
    // running (it includes the nested call) once it resumes.
    if (lim->time_limit > 0) {
        lim->wall_start = clock_seconds(CLOCK_MONOTONIC);
        lim->cpu_start = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    }
    lim->time_hit = 0;
    char saved_where[sizeof lim->trip_where];
    memcpy(saved_where, lim->trip_where, sizeof saved_where);
    lim->trip_where[0] = 0;
    lim->budget = budget > 0 ? budget : LLONG_MAX;
    lim->remaining = lim->budget;
    lim->tripped = 0;
    lim->refused = 0;
    lim->enforce = 1;
    lim->depth++;
    int armed = cl_autoarm_enter(L);
    lua_State *clock = cl_backstop_enter(L);
    int status = lua_pcall(L, nargs, nresults, func);  // stack: ... handler results|error
    cl_backstop_leave(clock);
    cl_autoarm_leave(L, armed);
    lim->depth--;
    int out = (lim->tripped ? CL_BUDGET_TRIPPED : 0) | (lim->refused || lim->memory_hit ? CL_MEMORY_REFUSED : 0);
    long long spent = lim->budget;
    lim->enforce = saved_enforce;
    // (A refusal inside the message handler itself comes back as LUA_ERRERR.)
    if (status == LUA_ERRERR && lim->refused) status = LUA_ERRMEM;
    if (status == LUA_ERRMEM && !lim->tripped && lim->refused) lim->memory_hit = 1;
    if (status == LUA_ERRMEM && (lim->tripped || lim->memory_hit)) {
        // A refused allocation leaves only "not enough memory" (no handler runs for
        // LUA_ERRMEM): say which limit it was, and where.
        int tripped = lim->tripped && !lim->memory_hit;
        lua_pop(L, 1);
        lim->budget = spent;
        push_limit_message(L, lim, 0, NULL);
        if (tripped) status = LUA_ERRRUN;
    }
    lim->budget = saved_budget;
    lim->remaining = saved_remaining;
    int time_hit = lim->time_hit;
    int memory_hit = lim->memory_hit;
    lim->tripped = saved_tripped;
    lim->time_hit = saved_time_hit;
    lim->wall_start = saved_wall_start;
    lim->cpu_start = saved_cpu_start;
    lim->refused = saved_refused;
    memcpy(lim->trip_where, saved_where, sizeof saved_where);
    char saved_memory_where[sizeof lim->where];
    saved_memory_where[0] = '\0';
    if (lim->depth == 0) {
        // Back in the host: the next call (a REPL line, the next test) starts afresh.
        if (memory_hit && !lim->where_is_budget) memcpy(saved_memory_where, lim->where, sizeof saved_memory_where);
        lim->memory_hit = 0;
        lim->where[0] = '\0';
    }
    lua_remove(L, func);  // stack: ... results|error
    if (status == LUA_OK && (out & CL_BUDGET_TRIPPED)) {
        // Only a C function (e.g. the host called pcall directly) can return
        // normally after tripping; the budget still wins.
        lua_settop(L, func - 1);
        if (time_hit)
            lua_pushliteral(L, "time limit exceeded (a backstop to the instruction budget)");
        else
            lua_pushfstring(L, "instruction budget exceeded (%I instructions)", (LUAI_UACINT)spent);
        status = LUA_ERRRUN;
    } else if (status == LUA_OK && memory_hit && lim->depth == 0) {
        // The cap was hit and the script ended before an instruction could raise again
        // (e.g. it caught the error and returned): the cap still wins.
        lua_settop(L, func - 1);
        lua_pushfstring(L, "%s%snot enough memory (memory limit %d MiB reached; raise it with --memory)",
                        saved_memory_where, saved_memory_where[0] ? ": " : "", (int)(lim->limit >> 20));
        status = LUA_ERRMEM;
    }
    *outcome = out;
    return status;
}

int cl_loadtext_limited(lua_State *L, const char *buf, size_t size, const char *chunkname) {
    cl_limits *lim = cl_limits_of(L);
    int saved_enforce = lim->enforce, saved_refused = lim->refused;
    long long saved_remaining = lim->remaining;
    lim->enforce = 1;
    lim->remaining = LLONG_MAX;  // the host compiling a file is not the script's work
    int status = luaL_loadbufferx(L, buf, size, chunkname, "t");
    lim->enforce = saved_enforce;
    lim->refused = saved_refused;
    lim->remaining = saved_remaining;
    return status;
}

// MARK: - Errors

static int has_location(const char *s, size_t len);

int cl_msghandler(lua_State *L) {
    cl_limits *lim = cl_limits_of(L);
    const char *msg = lua_tostring(L, 1);
    // The script's __tostring runs under the script's limits...
    if (msg == NULL && luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) msg = lua_tostring(L, -1);
    // ...but the host's message and traceback must not be refused by the cap or the budget.
    int saved_enforce = lim->enforce;
    lim->enforce = 0;
    if (msg == NULL) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    // Every error names file:line: a message without one (a C stack overflow, an error
    // object that is not a string, error(msg, 0)) gets the innermost Lua line's.
    if (!has_location(msg, strlen(msg))) {
        lua_Debug ar;
        for (int level = 1; lua_getstack(L, level, &ar); level++) {
            if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
                msg = lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
                break;
            }
        }
    }
    luaL_traceback(L, L, msg, 1);
    lim->enforce = saved_enforce;
    return 1;
}

void cl_formatnumber(double value, char *buffer, size_t size) {
    if (isnan(value))
        snprintf(buffer, size, "nan");  // glibc would print "-nan" for 0/0
    else if (isinf(value))
        snprintf(buffer, size, value > 0 ? "inf" : "-inf");
    else
        snprintf(buffer, size, LUA_NUMBER_FMT, value);
}

/// True when the first line starts with a Lua location: `chunk:LINE:`,
/// `[string "..."]:LINE:` or `(built-in) patterns/pip.lua:LINE:` (a tag in parentheses and
/// a space before the name: the host's built-in modules). Other chunk names with spaces are
/// not recognised (the message then gets a second prefix).
static int has_location(const char *s, size_t len) {
    size_t i = 0;
    if (len > 9 && memcmp(s, "[string \"", 9) == 0) {
        for (i = 9; i + 1 < len && !(s[i] == '"' && s[i + 1] == ']'); i++)
            if (s[i] == '\n') return 0;
        if (i + 1 >= len) return 0;
        i += 2;
    } else {
        size_t start = 0;
        if (len > 0 && s[0] == '(') {
            const char *tagEnd = memchr(s, ')', len);
            if (tagEnd == NULL || memchr(s, '\n', (size_t)(tagEnd - s)) != NULL) return 0;
            start = (size_t)(tagEnd - s) + 1;
            if (start < len && s[start] == ' ') start++;
        }
        i = start;
        while (i < len && s[i] != ':' && s[i] != ' ' && s[i] != '\n' && s[i] != '\t') i++;
        if (i == start) return 0;
    }
    if (i >= len || s[i] != ':') return 0;
    size_t j = i + 1;
    while (j < len && s[j] >= '0' && s[j] <= '9') j++;
    return j > i + 1 && j < len && s[j] == ':';
}

// MARK: - Trampoline

int cl_trampoline(lua_State *L) {
    void *box = lua_touserdata(L, lua_upvalueindex(1));
    cl_limits *lim = cl_limits_of(L);
    if (lim->closing || g_dispatcher == NULL || box == NULL)
        return luaL_error(L, "host function called while the Lua state is closing");
    // Swift code is host code: its pushes must not be refused (see cl_newstate).
    int saved_enforce = lim->enforce;
    lim->enforce = 0;
    int n = g_dispatcher(L, box);
    lim->enforce = saved_enforce;
    if (n >= 0) {
        // A host function that ran Lua code (a module for `require`) may have seen that
        // code hit the memory cap and carried on: the script still ends.
        if (lim->memory_hit) cl_reraise_if_ended(L);
        return n;
    }
    // Swift has returned; raising is safe now. The message is on top.
    if (lua_type(L, -1) == LUA_TSTRING) {
        size_t len;
        const char *msg = lua_tolstring(L, -1, &len);
        if (!has_location(msg, len)) {
            luaL_where(L, 1);    // stack: msg where
            lua_insert(L, -2);   // stack: where msg
            lua_concat(L, 2);    // stack: where..msg
        }
    }
    return lua_error(L);
}

int cl_retained_gc(lua_State *L) {
    void **slot = (void **)lua_touserdata(L, 1);
    if (slot != NULL && *slot != NULL) {
        void *object = *slot;
        *slot = NULL;  // released exactly once, even if resurrected
        if (g_releaser != NULL) g_releaser(object);
    }
    return 0;
}

void cl_pushtrampoline(lua_State *L, void *box) {
    lua_pushlightuserdata(L, box);                                   // stack: box
    void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);  // stack: box keeper
    *slot = box;
    if (luaL_newmetatable(L, KEEPER)) {                              // stack: box keeper mt
        lua_pushcfunction(L, cl_retained_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);                                         // stack: box keeper
    lua_pushcclosure(L, cl_trampoline, 2);                           // stack: closure
}

void cl_pushretained(lua_State *L, void *object, const char *tname) {
    void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);  // stack: ud
    *slot = object;
    luaL_setmetatable(L, tname);
}

void *cl_toretained(lua_State *L, int idx, const char *tname) {
    void **slot = (void **)luaL_testudata(L, idx, tname);
    return slot != NULL ? *slot : NULL;
}

void cl_pushtagged(lua_State *L, void *object, const void *tag, const char *tname) {
    void **slot = (void **)lua_newuserdatauv(L, 2 * sizeof(void *), 0);  // stack: ud
    slot[0] = object;
    slot[1] = (void *)tag;
    luaL_setmetatable(L, tname);
}

// MARK: - Fast fields

cl_fastfields *cl_newfastfields(lua_State *L) {
    cl_fastfields *f = (cl_fastfields *)lua_newuserdatauv(L, sizeof(cl_fastfields), 0);
    memset(f, 0, sizeof *f);
    f->limits = cl_limits_of(L);
    return f;
}

/// The slot of the key at 2 in the slot table (upvalue 4); 0 when it has none.
static inline lua_Integer fast_slot(lua_State *L, cl_fastfields *f) {
    // The key object's address (NULL for numbers, booleans); only short strings are ever
    // cached, and a live object's address is no other live object's.
    const void *key = lua_topointer(L, 2);
    unsigned h = (unsigned)(((uintptr_t)key >> 4) % CL_FAST_CACHE);
    if (key != NULL && f->cachedkey[h] == key) return f->cachedslot[h];
    lua_pushvalue(L, 2);
    int t = lua_rawget(L, lua_upvalueindex(4));
    lua_Integer slot = t == LUA_TNUMBER ? lua_tointegerx(L, -1, NULL) : 0;
    lua_pop(L, 1);
    // Only short strings are interned (one object per content), so only their address is a name.
    if (slot != 0 && lua_type(L, 2) == LUA_TSTRING && lua_rawlen(L, 2) <= 40) {
        f->cachedkey[h] = key;
        f->cachedslot[h] = (int)slot;
    }
    return slot;
}

/// The fast fields of a tagged userdata at 1 and the slot of the key at 2 (0: none),
/// or NULL when the slow path must serve the access. Leaves the stack as it was.
static inline cl_fastfields *fast_target(lua_State *L, void **object, lua_Integer *slot) {
    cl_fastfields *f = (cl_fastfields *)lua_touserdata(L, lua_upvalueindex(3));
    // A light userdata has length 0, so the length tells a host object's full userdata.
    void **ud = (void **)lua_touserdata(L, 1);
    if (ud == NULL || lua_rawlen(L, 1) != 2 * sizeof(void *) || ud[1] != f->tag || ud[0] == NULL) return NULL;
    if (f->limits->closing || f->limits->guarded) return NULL;
    *object = ud[0];
    *slot = fast_slot(L, f);
    return f;
}

static inline int fast_kind(const cl_fastfields *f, lua_Integer slot) {
    if (slot < 0) return CL_FAST_NUMBER;
    return slot < CL_FAST_SLOTS ? f->kind[slot] : CL_FAST_NONE;
}

static int fast_index(lua_State *L) {
    void *object;
    lua_Integer slot;
    cl_fastfields *f = fast_target(L, &object, &slot);
    if (f != NULL && slot != 0 && fast_kind(f, slot) != CL_FAST_NONE) {
        double v[2];
        switch (f->get(f->context, object, (int)slot, v)) {
        case CL_FAST_NUMBER:
            lua_pushnumber(L, v[0]);
            return 1;
        case CL_FAST_VECTOR:
            cl_vec_pushfloats(L, v[0], v[1], lua_upvalueindex(7));
            return 1;
        default:
            break;
        }
    }
    lua_settop(L, 2);
    return cl_trampoline(L);
}

/// Reads a vector like cl_tovec, with the keys "x" and "y" from upvalues 5 and 6 and the vec
/// metatable from upvalue 7.
static inline int fast_tovec(lua_State *L, int idx, double *v) {
    int type = lua_type(L, idx);
    if (type == LUA_TUSERDATA) {
        const cl_vecvalue *vec = cl_vec_at(L, idx);
        if (vec == NULL) return 0;
        v[0] = cl_vec_number(vec, 0);
        v[1] = cl_vec_number(vec, 1);
        return 1;
    }
    if (type != LUA_TTABLE) return 0;
    int ok;
    if (lua_rawgeti(L, idx, 1) == LUA_TNUMBER && lua_rawgeti(L, idx, 2) == LUA_TNUMBER) {
        ok = lua_rawgeti(L, idx, 3) == LUA_TNIL;     // {1, 2, 3}: declined, the setter says why
        lua_settop(L, -2);
    } else {
        lua_settop(L, idx);
        lua_pushvalue(L, lua_upvalueindex(5));
        ok = lua_rawget(L, idx) == LUA_TNUMBER;
        lua_pushvalue(L, lua_upvalueindex(6));
        ok = lua_rawget(L, idx) == LUA_TNUMBER && ok;
        if (ok) ok = cl_table_has_two_keys(L, idx);   // {x=, y=, z=}: declined, the setter says why
    }
    if (ok) { v[0] = lua_tonumberx(L, -2, NULL); v[1] = lua_tonumberx(L, -1, NULL); }
    lua_settop(L, idx);
    return ok;
}

static int fast_newindex(lua_State *L) {
    lua_settop(L, 3);
    void *object;
    lua_Integer slot;
    cl_fastfields *f = fast_target(L, &object, &slot);
    if (f != NULL && slot != 0) {
        double v[2] = {0, 0};
        int kind = fast_kind(f, slot), ok = 0;
        if (kind == CL_FAST_NUMBER && lua_type(L, 3) == LUA_TNUMBER) {
            v[0] = lua_tonumberx(L, 3, NULL);
            ok = 1;
        } else if (kind == CL_FAST_VECTOR) {
            ok = fast_tovec(L, 3, v);
        }
        if (ok && f->set(f->context, object, (int)slot, v)) return 0;
    }
    return cl_trampoline(L);
}

void cl_pushfastaccess(lua_State *L, void *box, int fast, int slots, int newindex) {
    fast = lua_absindex(L, fast);
    slots = lua_absindex(L, slots);
    cl_pushtrampoline(L, box);                  // stack: trampoline
    lua_getupvalue(L, -1, 1);                   // stack: trampoline box
    lua_getupvalue(L, -2, 2);                   // stack: trampoline box keeper
    lua_remove(L, -3);                          // stack: box keeper
    lua_pushvalue(L, fast);
    lua_pushvalue(L, slots);                    // stack: box keeper fast slots
    lua_pushliteral(L, "x");
    lua_pushliteral(L, "y");                    // stack: box keeper fast slots "x" "y"
    cl_pushvecmeta(L);                          // stack: box keeper fast slots "x" "y" vecmeta
    lua_pushcclosure(L, newindex ? fast_newindex : fast_index, 7);
}

int cl_is_method_call(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar)) return 0;
    lua_getinfo(L, "n", &ar);
    return ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0;
}

// MARK: - Sandbox helpers

int cl_openlibs(lua_State *L) {
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},        {LUA_LOADLIBNAME, luaopen_package},
        {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_OSLIBNAME, luaopen_os},
        {LUA_DBLIBNAME, luaopen_debug},   {NULL, NULL},
    };
    int io = lua_toboolean(L, 1);
    for (const luaL_Reg *lib = libs; lib->func != NULL; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    if (io) {
        luaL_requiref(L, LUA_IOLIBNAME, luaopen_io, 1);
        lua_pop(L, 1);
    }
    return 0;
}

/// Units of budget a byte of source costs to compile (about what the parser does per byte).
#define CL_LOAD_UNITS_PER_BYTE 4

/// `load` for scripts: text only. A mode without 't' (binary chunks, "b") is refused:
/// nil and a message saying so; "bt" compiles text. Strings are compiled here (their size charged to the
/// budget); reader functions go to the real `load` (upvalue 1) with mode "t".
static int textload(lua_State *L) {
    if (!lua_isnoneornil(L, 3)) {
        const char *mode = luaL_checkstring(L, 3);
        if (strchr(mode, 't') == NULL) {  // like the stock load's refusals: nil and why
            luaL_pushfail(L);
            luaL_where(L, 1);
            lua_pushfstring(L, "load: mode '%s' asks for a binary chunk; scripts may load text only (mode 't')", mode);
            lua_concat(L, 2);
            return 2;
        }
    }
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, 1, &len);
        cl_charge(L, (long long)len * CL_LOAD_UNITS_PER_BYTE, "load counts the text it compiles");
        const char *chunkname = luaL_optstring(L, 2, s);
        int env = lua_isnone(L, 4) ? 0 : 4;
        int status = luaL_loadbufferx(L, s, len, chunkname, "t");
        if (cl_memory_failure(L, status)) cl_end_for_memory(L);  // the cap is not load's to report
        cl_reraise_if_ended(L);
        if (status == LUA_OK) {  // stack: ... f
            if (env) {
                lua_pushvalue(L, env);
                if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);  // _ENV is upvalue 1
            }
            return 1;
        }
        // A C stack overflow while parsing went through the host's message handler,
        // which appended a traceback: load's message is one line, as for syntax errors.
        size_t mlen;
        const char *msg = lua_tolstring(L, -1, &mlen);
        const char *tb = msg != NULL ? strstr(msg, "\nstack traceback:") : NULL;
        if (tb != NULL) {
            lua_pushlstring(L, msg, (size_t)(tb - msg));
            lua_remove(L, -2);
        }
        luaL_pushfail(L);   // stack: ... msg nil
        lua_insert(L, -2);  // stack: ... nil msg
        return 2;
    }
    int n = lua_gettop(L);
    if (n < 3) {
        lua_settop(L, 3);
        n = 3;
    }
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    // The stock load catches what its reader function raised, limits included.
    if (lua_isnil(L, 1)) {
        if (cl_memory_failure(L, LUA_ERRRUN)) cl_end_for_memory(L);
        cl_reraise_if_ended(L);
    }
    return lua_gettop(L);
}

void cl_push_textload(lua_State *L) { lua_pushcclosure(L, textload, 1); }

static int limitedgc(lua_State *L) {
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "collect") != 0 && strcmp(opt, "count") != 0 && strcmp(opt, "step") != 0)
        return luaL_argerror(L, 1, lua_pushfstring(L, "option '%s' is not allowed", opt));
    // A full collection walks the whole heap: charged by its size (4 bytes a unit).
    if (strcmp(opt, "count") != 0)
        cl_charge(L, (long long)(cl_limits_of(L)->used / 4), "collectgarbage counts the heap it walks");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

void cl_push_limitedgc(lua_State *L) { lua_pushcclosure(L, limitedgc, 1); }

static int seededrandomseed(lua_State *L) {
    if (lua_gettop(L) == 0) lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

void cl_push_seededrandomseed(lua_State *L, lua_Integer seed) {
    lua_pushinteger(L, seed);                        // stack: original seed
    lua_pushcclosure(L, seededrandomseed, 2);
}

/// luaB_setmetatable, plus the refusal of __gc.
static int safesetmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_argerror(L, 2, "__gc metamethods are not allowed in scripts");
        lua_pop(L, 1);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

void cl_push_safesetmetatable(lua_State *L) {
    lua_pop(L, 1);  // the original is fully replaced
    lua_pushcfunction(L, safesetmetatable);
}

static int printline(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);  // stack: ... buffer s
        luaL_addvalue(&b);
    }
    luaL_addchar(&b, '\n');
    luaL_pushresult(&b);                    // stack: args line
    lua_pushvalue(L, lua_upvalueindex(1));  // stack: args line sink
    lua_insert(L, -2);                      // stack: args sink line
    lua_call(L, 1, 0);
    return 0;
}

void cl_push_print(lua_State *L) { lua_pushcclosure(L, printline, 1); }
