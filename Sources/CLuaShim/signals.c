// Ctrl-C, SIGTERM and SIGHUP for the commands that catch them (`run`, `run --watch`, the
// REPL): lua.c's trick for stopping a running chunk, and lua.c's rule for a host that does
// not answer.
//
// The first signal is recorded; while a state is armed it also stops that state's Lua code
// with "interrupted!" — at once through a hook, and from C work that is charged to the
// budget (cl_charge), so a long library call stops too. The host takes the record when it
// has answered it (the REPL's prompt, the end of a run). A second signal while the first is
// still unanswered means the host is stuck where nothing can see the record (a C loop): it
// removes the registered temporary files and ends the process by that signal, as its default
// action would, so the shell sees the usual status (130 for Ctrl-C).
#include "CLuaShim.h"
#include "bounded.h"

#include <limits.h>
#include <signal.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t g_sigint = 0;
/// The state whose running code a signal stops; NULL when nothing is armed.
static lua_State *volatile g_sigint_state = NULL;
/// Set while the signals are caught: every protected call at the host's level arms its
/// state for its duration when nothing else is armed (a scene's main chunk, a callback).
static volatile sig_atomic_t g_autoarm = 0;

// MARK: - Files to remove when a signal ends the process

#define CLEANUP_SLOTS 16
/// 0 free, 1 being written, 2 holds a path the handler removes.
static volatile int g_cleanup_state[CLEANUP_SLOTS];
static char g_cleanup_path[CLEANUP_SLOTS][PATH_MAX];

int cl_exit_cleanup_add(const char *path) {
    size_t len = strlen(path);
    if (len >= PATH_MAX) return -1;
    for (int i = 0; i < CLEANUP_SLOTS; i++) {
        int expected = 0;
        if (!__atomic_compare_exchange_n(&g_cleanup_state[i], &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            continue;
        memcpy(g_cleanup_path[i], path, len + 1);
        __atomic_store_n(&g_cleanup_state[i], 2, __ATOMIC_RELEASE);
        return i;
    }
    return -1;
}

void cl_exit_cleanup_remove(int slot) {
    if (slot < 0 || slot >= CLEANUP_SLOTS) return;
    __atomic_store_n(&g_cleanup_state[slot], 0, __ATOMIC_RELEASE);
}

/// Async-signal-safe: unlink only.
static void cleanup_run(void) {
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (__atomic_load_n(&g_cleanup_state[i], __ATOMIC_ACQUIRE) == 2) unlink(g_cleanup_path[i]);
}

// MARK: - The handler

/// Count/call/return hook set by the handler: the budget hook at every instruction, which
/// raises "interrupted!" for as long as the signal is unanswered (see cl_count_hook).
static void cl_interrupt_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lua_sethook(L, cl_count_hook_function(), LUA_MASKCOUNT, 1);
    cl_raise_interrupted(L);
}

static void cl_sigint_handler(int sig) {
    if (g_sigint) {
        // The first signal is still unanswered: the host is stuck. End the way the
        // default action would (this signal is blocked until the handler returns, then
        // delivered with SIG_DFL), leaving no temporary file behind.
        cleanup_run();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    g_sigint = 1;
    lua_State *L = g_sigint_state;
    if (L != NULL) lua_sethook(L, cl_interrupt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/// The signals the handler takes, all blocked while it runs: a second signal arriving in the
/// middle of the first one's handler would otherwise read the flag before the first set it,
/// and two signals would count as one.
static void caught_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGQUIT);
    sigaddset(set, SIGUSR1);
    sigaddset(set, SIGUSR2);
    sigaddset(set, SIGPIPE);
    sigaddset(set, SIGALRM);
    sigaddset(set, SIGXCPU);
}

void cl_signals_hold(int hold) {
    sigset_t set;
    caught_signals(&set);
    pthread_sigmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

void cl_sigint_catch(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cl_sigint_handler;
    caught_signals(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: poll and read return EINTR
    sigaction(SIGINT, &sa, NULL);
    g_autoarm = 1;
}

void cl_sigterm_catch(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cl_sigint_handler;
    caught_signals(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    // Signals whose default also ends the process: each stops the run the same way, so the
    // frames so far are committed and no temporary `--output` file is left behind.
    sigaction(SIGQUIT, &sa, NULL);
    sigaction(SIGUSR1, &sa, NULL);
    sigaction(SIGUSR2, &sa, NULL);
    sigaction(SIGPIPE, &sa, NULL);
    // An alarm (`timeout -s ALRM`) and a CPU limit's warning (`ulimit -t`: SIGXCPU comes
    // before the hard limit's SIGKILL) end the process by default too.
    sigaction(SIGALRM, &sa, NULL);
    sigaction(SIGXCPU, &sa, NULL);
    g_autoarm = 1;
}

void cl_sigint_default(void) {
    g_autoarm = 0;
    g_sigint_state = NULL;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    signal(SIGUSR1, SIG_DFL);
    signal(SIGUSR2, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGALRM, SIG_DFL);
    signal(SIGXCPU, SIG_DFL);
}

int cl_sigint_pending(void) { return g_sigint; }

int cl_sigint_take(void) {
    int taken = g_sigint;
    g_sigint = 0;
    return taken;
}

// MARK: - Arming

int cl_interrupt_requested(lua_State *L) {
    lua_State *armed = g_sigint_state;
    return g_sigint && armed != NULL && cl_limits_of(armed) == cl_limits_of(L);
}

void cl_sigint_arm(lua_State *L) {
    g_sigint_state = L;
    cl_sigint_catch();
    // A Ctrl-C that came after the line was read but before this point is meant for
    // the chunk about to run.
    if (g_sigint) lua_sethook(L, cl_interrupt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

void cl_sigint_disarm(lua_State *L) {
    g_sigint_state = NULL;
    cl_sigint_catch();
    cl_install_hook(L);
}

int cl_autoarm_enter(lua_State *L) {
    if (!g_autoarm || g_sigint_state != NULL) return 0;
    lua_State *main = cl_limits_of(L)->main;
    g_sigint_state = main;
    if (g_sigint) lua_sethook(main, cl_interrupt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
    return 1;
}

void cl_autoarm_leave(lua_State *L, int armed) {
    if (!armed) return;
    lua_State *main = cl_limits_of(L)->main;
    g_sigint_state = NULL;
    // An interruption set but never reached must not stop the next call.
    if (lua_gethook(main) == cl_interrupt_hook) cl_install_hook(main);
}
