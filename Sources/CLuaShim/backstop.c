// The CPU-time backstop's clock. The count hook looks at the time limit every 1000
// instructions, but one instruction can take long in C (comparing two 50 MB strings is ~50
// ms), so a thousand of them ran for a minute past a 10 s limit. Each thread that runs Lua
// code gets a timer on its own CPU clock that fires every 100 ms of CPU; its signal sets the
// count hook of the state the thread is running (and of the coroutine it resumed) to the
// next instruction, where the hook looks at the time (lua.c's Ctrl-C trick, with a clock).
// The timer runs only on CPU time, so a thread waiting in poll or read is never woken.
#define _GNU_SOURCE
#include "CLuaShim.h"
#include "bounded.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// Thread CPU time between two looks at the time limit.
#define TICK_NS 100000000L

/// The main thread of the state whose protected call this thread is running (NULL: none).
static _Thread_local lua_State *volatile tl_main = NULL;
/// The coroutine a coroutine.resume of this thread is running (NULL: none).
static _Thread_local lua_State *volatile tl_resumed = NULL;
/// 0: no timer yet; 1: ticking; -1: none could be made.
static _Thread_local int tl_timer_state = 0;
static _Thread_local timer_t tl_timer;

static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static pthread_key_t g_exit_key;
static int g_signal = 0;

static void tick(int sig) {
    (void)sig;
    int saved = errno;
    lua_State *main = tl_main, *co = tl_resumed;
    if (main != NULL) {
        lua_sethook(main, cl_count_hook_function(), LUA_MASKCOUNT, 1);
        if (co != NULL) lua_sethook(co, cl_count_hook_function(), LUA_MASKCOUNT, 1);
    }
    errno = saved;
}

/// At the thread's exit: its timer goes with it.
static void delete_timer(void *unused) {
    (void)unused;
    if (tl_timer_state == 1) timer_delete(tl_timer);
    tl_timer_state = 0;
}

static void install(void) {
    pthread_key_create(&g_exit_key, delete_timer);
    g_signal = SIGRTMIN + 5;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tick;
    sa.sa_flags = SA_RESTART;  // reads and writes carry on; only CPU time makes it fire
    sigemptyset(&sa.sa_mask);
    sigaction(g_signal, &sa, NULL);
}

/// Starts this thread's ticking timer (once per thread).
static void start_ticking(void) {
    pthread_once(&g_once, install);
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_THREAD_ID;
    sev.sigev_signo = g_signal;
    sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &tl_timer) != 0) {
        tl_timer_state = -1;
        return;
    }
    struct itimerspec period = {{0, TICK_NS}, {0, TICK_NS}};
    timer_settime(tl_timer, 0, &period, NULL);
    tl_timer_state = 1;
    pthread_setspecific(g_exit_key, (void *)1);  // so delete_timer runs at the thread's exit
}

lua_State *cl_backstop_enter(lua_State *L) {
    cl_limits *lim = cl_limits_of(L);
    lua_State *saved = tl_main;
    if (lim->time_limit <= 0) return saved;
    if (tl_timer_state == 0) start_ticking();
    tl_main = lim->main;
    return saved;
}

void cl_backstop_leave(lua_State *saved) { tl_main = saved; }

lua_State *cl_backstop_resuming(lua_State *co) {
    lua_State *saved = tl_resumed;
    tl_resumed = co;
    return saved;
}
