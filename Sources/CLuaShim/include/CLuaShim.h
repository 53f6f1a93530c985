// CLuaShim: what Swift cannot import from Lua's headers, and the only place
// that raises Lua errors on behalf of Swift.
//
// Swift imports no function-like macro, no variadic function and not
// LUA_REGISTRYINDEX, so each macro LuaKit needs has a one-line `static inline`
// wrapper here. The functions in shim.c exist because a Lua error is a
// longjmp: it must never unwind through a Swift frame (retains, defers and
// exclusivity records would be skipped). Swift reports failure by return
// value and the C code below raises.
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

// MARK: - Constants that are macros with a structure Swift cannot import

static inline int cl_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int cl_upvalueindex(int i) { return lua_upvalueindex(i); }

// MARK: - Stack

static inline void cl_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void cl_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void cl_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void cl_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline void cl_newtable(lua_State *L) { lua_newtable(L); }
static inline void cl_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline void cl_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
static inline void *cl_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
static inline void *cl_getextraspace(lua_State *L) { return lua_getextraspace(L); }

// MARK: - Conversions and tests (none of these raise)

static inline const char *cl_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline lua_Number cl_tonumber(lua_State *L, int i) { return lua_tonumberx(L, i, NULL); }
static inline lua_Integer cl_tointeger(lua_State *L, int i) { return lua_tointegerx(L, i, NULL); }
static inline int cl_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
static inline int cl_isnone(lua_State *L, int i) { return lua_isnone(L, i); }
static inline int cl_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int cl_istable(lua_State *L, int i) { return lua_istable(L, i); }
static inline int cl_isfunction(lua_State *L, int i) { return lua_isfunction(L, i); }
static inline const char *cl_typename(lua_State *L, int i) { return luaL_typename(L, i); }

// MARK: - Calls and loading

/// Plain lua_pcall; LuaKit itself uses cl_protectedcall (handler + budget).
static inline int cl_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
/// Pushes the registry's metatable `name` (nil when absent). The registry has
/// no metatable, so this lookup cannot run a metamethod.
static inline int cl_getmetatable(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
/// Compiles text only (mode "t"): malformed bytecode can crash the VM.
static inline int cl_loadtext(lua_State *L, const char *buf, size_t size, const char *chunkname) {
    return luaL_loadbufferx(L, buf, size, chunkname, "t");
}

// MARK: - Garbage collector (lua_gc is variadic, so Swift cannot call it)

static inline int cl_gc_collect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT); }
static inline int cl_gc_stop(lua_State *L) { return lua_gc(L, LUA_GCSTOP); }
static inline int cl_gc_restart(lua_State *L) { return lua_gc(L, LUA_GCRESTART); }
static inline int cl_gc_isrunning(lua_State *L) { return lua_gc(L, LUA_GCISRUNNING); }
/// Bytes in use according to the collector.
static inline size_t cl_gc_bytes(lua_State *L) {
    return (size_t)lua_gc(L, LUA_GCCOUNT) * 1024u + (size_t)lua_gc(L, LUA_GCCOUNTB);
}
/// One step of `kilobytes` of work; returns 1 when a cycle finished.
static inline int cl_gc_step(lua_State *L, int kilobytes) { return lua_gc(L, LUA_GCSTEP, kilobytes); }
static inline int cl_gc_generational(lua_State *L, int minormul, int majormul) {
    return lua_gc(L, LUA_GCGEN, minormul, majormul);
}
static inline int cl_gc_incremental(lua_State *L, int pause, int stepmul, int stepsize) {
    return lua_gc(L, LUA_GCINC, pause, stepmul, stepsize);
}

// MARK: - Limits: counting allocator and instruction budget (shim.c)

/// Size classes of the allocator's pool of small blocks: 8, 16, … 128 bytes. Lua's small
/// objects (a table is 56 bytes, a vec 56) come and go in bursts of
/// thousands per collection, far more than malloc's per-thread cache holds; the pool keeps
/// them on free lists instead, for the state's life.
#define CL_POOL_CLASSES 16

/// Per-state bookkeeping shared by the allocator and the count hook. It is the
/// allocator's `ud`, so C finds it from any thread of the state with
/// lua_getallocf. Swift allocates it and frees it after lua_close.
typedef struct cl_limits {
    size_t used;            ///< bytes currently allocated by this state
    size_t peak;            ///< largest `used` seen
    size_t limit;           ///< cap in bytes while Lua code runs; 0 = none
    int enforce;            ///< 1 while Lua code runs under cl_protectedcall or a load
    int refused;            ///< an allocation was refused during the current protected call
    int closing;            ///< lua_close is running: Swift functions must not run
    int granularity;        ///< instructions between two count-hook calls
    int tripped;            ///< the current call ran out of budget; every instruction raises
    long long budget;       ///< budget of the current protected call (for the message)
    long long remaining;    ///< instructions left for the current protected call; work in C
                            ///< functions (allocation, pattern matching, table shifts) is
                            ///< charged here too (see cl_charge)
    int memory_hit;         ///< the heap cap refused an allocation: the script must end; every
                            ///< later hook call raises until the outermost protected call returns
    int depth;              ///< nesting of cl_protectedcall
    lua_State *main;        ///< the state's main thread (never collected while the state lives)
    char where[200];        ///< `file:line` of the Lua code whose allocation hit the cap or the budget
    int where_is_budget;    ///< `where` was recorded by the budget (1) or the cap (0)
    char trip_where[192];   ///< `file:line: ` of the script line running when the budget ran out
    double time_limit;      ///< seconds of CPU one protected call may use (0: none); a backstop
                            ///< for single instructions the budget cannot see (comparing two
                            ///< long strings is one instruction)
    double wall_start;      ///< monotonic clock at the start of the current protected call
    double cpu_start;       ///< the thread's CPU clock at the start of the current protected call
    int time_hit;           ///< the current call ran out of time (tripped is set too)
    long long charged_since_check;  ///< units cl_charge took since it last looked at the clock
    int guarded;            ///< the host refuses some calls now (LuaState.callGuard): fast
                            ///< fields take the trampoline, which asks the guard
    void *pool[CL_POOL_CLASSES];  ///< freed small blocks by size class (see cl_alloc)
} cl_limits;

/// Creates a state whose allocator counts into `limits` and refuses
/// allocations past `limits->limit` while `limits->enforce` is set (Lua turns a
/// refusal into LUA_ERRMEM). Host code (Swift pushing values outside a
/// protected call) is never refused, because a memory error there would be an
/// unprotected longjmp. Returns NULL if even the state cannot be allocated.
lua_State *cl_newstate(cl_limits *limits);

/// Frees the blocks the allocator's pool keeps; call after lua_close, before freeing `limits`.
void cl_pool_release(cl_limits *limits);

/// The limits of the state `L` belongs to (any thread).
cl_limits *cl_limits_of(lua_State *L);

/// Installs the count hook on `L`; threads created later inherit it.
void cl_install_hook(lua_State *L);

/// Charges `units` of work done inside a C function against the running call's budget
/// (one unit is about one VM instruction). When the budget runs out it raises the budget
/// error at the calling Lua line (from C, inside a C function called by Lua: safe).
void cl_charge(lua_State *L, long long units, const char *what);

/// Charges `units` of work a host (Swift) function is about to do, like cl_charge, but never
/// raises (a longjmp must not cross Swift frames): returns 0 when the work may go on, 1 when
/// the budget or the CPU backstop is spent (the script then raises at its next instruction,
/// so pcall cannot swallow it) and 2 when an interrupt (SIGINT/SIGTERM) is pending.
int cl_charge_quietly(lua_State *L, long long units);

/// Charges `bytes` of host memory that Lua code caused (items, behaviors, frames the host
/// keeps for it) to the state's total, so they count against the same cap as the heap;
/// a negative `bytes` credits them back. Returns 0, or 1 when the charge would pass the
/// cap (nothing is charged then). While a script runs (inside cl_protectedcall) a refusal
/// also ends the script as a refused allocation does: the host function returns the
/// memory error and every later instruction raises it, so pcall cannot catch it. Never raises.
int cl_host_charge(lua_State *L, long long bytes);

/// Replaces the standard library's functions that do unbounded work in C with versions
/// that charge or bound it (string.find/match/gmatch/gsub with a counting matcher;
/// string.rep, pack, packsize, unpack, format, byte, char; table.move, insert, remove,
/// concat, unpack, sort; utf8.len, offset, codepoint, char; select; coroutine.resume;
/// collectgarbage), `pcall` and `coroutine.resume` that cannot catch the limits, and
/// `xpcall` with one whose message handler cannot escape the budget. Run under a protected
/// call, after cl_openlibs.
int cl_bound_libraries(lua_State *L);

/// Outcome bits reported by cl_protectedcall.
enum {
    CL_BUDGET_TRIPPED = 1,  ///< the call ran out of instructions
    CL_MEMORY_REFUSED = 2,  ///< the allocator refused at least once
};

/// lua_pcall of the function below the `nargs` arguments, with cl_msghandler
/// as the message handler and a fresh budget of `budget` instructions
/// (<= 0: unlimited). A call nested in another (Lua -> Swift -> Lua) gets its
/// own budget; the outer one continues where it was afterwards. Results (or
/// the error object) are left where lua_pcall leaves them; `*outcome` gets
/// CL_* bits.
int cl_protectedcall(lua_State *L, int nargs, int nresults, long long budget, int *outcome);

/// Loads text (mode "t") with the memory cap enforced; lua_load is protected
/// internally, so a refusal becomes LUA_ERRMEM instead of a longjmp.
int cl_loadtext_limited(lua_State *L, const char *buf, size_t size, const char *chunkname);

// MARK: - Errors

/// Message handler: stringifies the error (via __tostring, else
/// "(error object is a X value)") and appends luaL_traceback.
int cl_msghandler(lua_State *L);

/// Formats a number the way Lua's tostring does ("%.14g", "nan", "inf").
void cl_formatnumber(double value, char *buffer, size_t size);

// MARK: - The trampoline: Swift functions called from Lua

/// Swift's side of every Swift function exposed to Lua. Returns n >= 0
/// results (on top of the stack) or -1: the error message is on top.
typedef int (*cl_dispatcher)(lua_State *L, void *box);
/// Releases one retained Swift object (a function box or a userdata's object).
typedef void (*cl_releaser)(void *object);

/// Installs the dispatcher and the releaser; called once by LuaKit.
void cl_set_dispatcher(cl_dispatcher dispatcher, cl_releaser releaser);

/// The C closure behind every Swift function: upvalue 1 is a light userdata
/// pointing at the Swift box. On -1 it prefixes the message with
/// luaL_where(L, 1) (when it is a string without a location) and raises from C.
int cl_trampoline(lua_State *L);

/// Pushes a cl_trampoline closure for `box` (already retained by the caller).
/// Upvalue 2 is a small userdata that owns the box: its __gc releases it, so
/// the Swift closure lives exactly as long as the Lua function.
void cl_pushtrampoline(lua_State *L, void *box);

/// __gc for any userdata whose first word is a retained Swift object:
/// releases it once and clears the word.
int cl_retained_gc(lua_State *L);

/// Pushes a new full userdata owning `object` (retained by the caller) with
/// the metatable `tname` (created by the caller).
void cl_pushretained(lua_State *L, void *object, const char *tname);

/// The object owned by the userdata at `idx` if its metatable is `tname`;
/// NULL otherwise or after its __gc ran.
void *cl_toretained(lua_State *L, int idx, const char *tname);

/// Pushes a new full userdata of two words, { object, tag }: `object` retained
/// by the caller (cl_retained_gc releases it), `tag` identifying its class, and
/// the metatable `tname`. Host userdata of this shape are told apart by the tag
/// alone, without a registry lookup of the metatable's name.
void cl_pushtagged(lua_State *L, void *object, const void *tag, const char *tname);

/// The object of the tagged userdata at `idx` if its tag is `tag`; NULL for any
/// other value, another tag, or after its __gc ran.
static inline void *cl_totagged(lua_State *L, int idx, const void *tag) {
    if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != 2 * sizeof(void *)) return NULL;
    void **slot = (void **)lua_touserdata(L, idx);
    return slot[1] == tag ? slot[0] : NULL;
}

// MARK: - Vec values (vec.c): a userdata of two numbers with the state's vec metatable

/// Pushes the state's vec metatable (x, y, [1], [2], arithmetic, ==, #, pairs and the
/// methods), making it on first use; registered under its __name "animhost.vec".
void cl_pushvecmeta(lua_State *L);

/// Pushes `animhost.vec`: a table that makes vecs when called and holds the methods.
void cl_pushvecconstructor(lua_State *L);

/// Pushes a vec (x, y) with the metatable in registry slot `metaref` (LUA_NOREF: looked
/// up by name). One C call, no Swift strings.
void cl_pushvec(lua_State *L, double x, double y, int metaref);

/// 1 when the value at `idx` is a vec.
int cl_isvec(lua_State *L, int idx);

/// Reads a vector at `idx`: a vec, an {x, y} array or a table with numeric x and y and no
/// other keys (raw reads). Returns 1 and fills x, y, or 0 when it is not one.
int cl_tovec(lua_State *L, int idx, double *x, double *y);

/// Pushes and returns what a value that is not a vector is, for "expected vector, got …":
/// its type (or __name), or for a table "a table of 3 numbers", "a table with keys other
/// than x and y", "a table without two numbers".
const char *cl_describe_nonvector(lua_State *L, int idx);

// MARK: - Fast fields: a class's hot fields read and written without the trampoline

/// Kinds of a fast field, per slot.
enum { CL_FAST_NONE = 0, CL_FAST_NUMBER = 1, CL_FAST_VECTOR = 2 };
/// Slots a class may mark fast (1-based; slot 0 is unused).
#define CL_FAST_SLOTS 64
/// Entries of a class's key → slot cache.
#define CL_FAST_CACHE 64

/// Reads field `slot` of `object` into out[0] (a number) or out[0], out[1] (a
/// vector); returns the kind written, or CL_FAST_NONE to take the slow path.
/// Negative slots are dynamic fields (numbers). Must not raise.
typedef int (*cl_fast_get)(void *context, void *object, int slot, double *out);
/// Assigns value[0] (a number) or value[0], value[1] (a vector) to field `slot`
/// of `object`; returns 1 when done, 0 to take the slow path (which then does
/// the whole assignment: refusals, messages, animation bookkeeping). Must not raise.
typedef int (*cl_fast_set)(void *context, void *object, int slot, const double *value);

/// What the fast `__index`/`__newindex` of one class need; lives in a userdata
/// upvalue of both closures (Swift fills it through the pointer it gets back).
typedef struct cl_fastfields {
    const void *tag;        ///< the class's userdata tag
    void *context;          ///< passed to get/set unretained (the host keeps it alive)
    cl_fast_get get;
    cl_fast_set set;
    cl_limits *limits;      ///< the state's limits (closing, guarded)
    unsigned char kind[CL_FAST_SLOTS];  ///< per positive slot: CL_FAST_*
    /// Slots of recently used keys by the address of their (interned, short) string: a key
    /// of the slot table is never collected, so its address names it for the state's life.
    const void *cachedkey[CL_FAST_CACHE];
    int cachedslot[CL_FAST_CACHE];
} cl_fastfields;

/// Pushes a zeroed cl_fastfields userdata (stack: +1) and returns it.
cl_fastfields *cl_newfastfields(lua_State *L);

/// Pushes the `__index` (newindex = 0) or `__newindex` (newindex = 1) of a
/// class with fast fields: a C closure over the Swift function box (like
/// cl_pushtrampoline), the cl_fastfields userdata at `fast`, the slot table
/// at `slots` (name -> slot number, or a method), the keys "x" and "y" of vector tables and the
/// vec metatable. A fast slot is served by
/// `get`/`set` directly; anything else (and a refusal) runs the Swift function.
void cl_pushfastaccess(lua_State *L, void *box, int fast, int slots, int newindex);

/// 1 when the running C function was called with method syntax (`obj:f()`),
/// in which case Lua numbers arguments from the one after self.
int cl_is_method_call(lua_State *L);

// MARK: - Sandbox helpers (C closures that call other Lua functions)

/// Opens base, package, coroutine, table, string, math, utf8, os, debug and,
/// when its first argument is true, io. Run it under a protected call.
int cl_openlibs(lua_State *L);

/// Pops a function `original` (the real `load`) and pushes a `load` that
/// forces mode "t".
void cl_push_textload(lua_State *L);

/// Pops the real collectgarbage and pushes one allowing only "collect",
/// "count" and "step" (a script must not be able to "stop" the collector).
void cl_push_limitedgc(lua_State *L);

/// Pops the real math.randomseed and pushes one that reseeds with `seed`
/// when called without arguments (the original would read the clock).
void cl_push_seededrandomseed(lua_State *L, lua_Integer seed);

/// Pops the real setmetatable and pushes one that refuses metatables with a
/// __gc field: finalizers run with hooks disabled, so a looping __gc could
/// never be stopped by the instruction budget.
void cl_push_safesetmetatable(lua_State *L);

/// Pops a sink function and pushes a `print` that joins luaL_tolstring of its
/// arguments with tabs, adds "\n" and calls the sink with that one string.
/// tostring runs in C because __tostring may raise.
void cl_push_print(lua_State *L);

// MARK: - Ctrl-C, SIGTERM, SIGHUP (signals.c): lua.c's trick for stopping a running chunk

/// Catches SIGINT with a handler that records it (no SA_RESTART, so a blocking poll or read
/// returns EINTR). The REPL and `run --watch` poll it. While signals are caught, every
/// protected call the host makes arms its state when nothing else is armed (see
/// cl_sigint_arm), and a second signal that arrives while the first is still unanswered
/// (not taken) ends the process at once by that signal, removing the files registered with
/// cl_exit_cleanup_add: the host is stuck where nothing sees the record.
void cl_sigint_catch(void);

/// Records SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 and SIGPIPE the same way as SIGINT
/// (a plain `run` ends cleanly: frames so far committed, no temporary file left).
void cl_sigterm_catch(void);
/// Holds (1) or releases (0) the caught signals on the calling thread: a signal arriving
/// meanwhile waits, so a temporary file can be made and registered for removal as one step.
void cl_signals_hold(int hold);

/// Gives SIGINT, SIGTERM and SIGHUP back their default action (the process ends).
void cl_sigint_default(void);

/// 1 if a SIGINT (or a caught SIGTERM/SIGHUP) arrived and was not taken yet.
int cl_sigint_pending(void);

/// 1 if SIGINT arrived since the last call; clears the record (the signal is answered).
int cl_sigint_take(void);

/// While Lua code of `L` runs: a recorded signal also stops it with "interrupted!" — at the
/// next call, return or instruction (a hook; `lua_sethook` is safe in a signal handler), and
/// inside library calls whose C work is charged — and keeps raising, like the budget, until
/// the host disarms. A signal recorded and not yet taken stops the code at once.
void cl_sigint_arm(lua_State *L);

/// Ends cl_sigint_arm: signals only record again, and `L` gets its instruction-budget hook
/// back (a hook armed but never reached is removed).
void cl_sigint_disarm(lua_State *L);

/// Registers a file (a temporary output) to remove if a signal ends the process; returns a
/// slot for cl_exit_cleanup_remove, or -1 when none is free (16 at once).
int cl_exit_cleanup_add(const char *path);

/// Forgets a registered file (renamed into place or removed); -1 is ignored.
void cl_exit_cleanup_remove(int slot);

#endif
