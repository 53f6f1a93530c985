// libedit through dlopen (see CEditLine.h for why). Names are looked up once; the
// wrappers are called only after ce_load succeeded.
#include "CEditLine.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static struct {
    int tried;
    const char *error;
    // Functions.
    char *(*readline)(const char *);
    int (*add_history)(const char *);
    void (*stifle_history)(int);
    int (*read_history)(const char *);
    int (*write_history)(const char *);
    char **(*completion_matches)(const char *, ce_compentry_func_t *);
    void (*forced_update_display)(void);
    int (*initialize)(void);
    // Variables: their addresses in libedit.
    const char **readline_name;
    int *catch_signals;
    ce_getc_func_t **getc_function;
    char **word_break_characters;
    int *completion_append_character;
    ce_completion_func_t **attempted_completion_function;
    int *attempted_completion_over;
} lib;

static char message[512];

/// The address of `name` in `handle`, or NULL with `message` set.
static void *find(void *handle, const char *name) {
    void *p = dlsym(handle, name);
    if (!p) snprintf(message, sizeof message, "libedit.so.2 has no %s", name);
    return p;
}

const char *ce_load(void) {
    if (lib.tried) return lib.error;
    lib.tried = 1;
    void *h = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(message, sizeof message, "%s", e ? e : "libedit.so.2 could not be loaded");
        lib.error = message;
        return lib.error;
    }
    int ok = 1;
#define FIND(field, name) ok = ok && (*(void **)&lib.field = find(h, name)) != NULL
    FIND(readline, "readline");
    FIND(add_history, "add_history");
    FIND(stifle_history, "stifle_history");
    FIND(read_history, "read_history");
    FIND(write_history, "write_history");
    FIND(completion_matches, "rl_completion_matches");
    FIND(forced_update_display, "rl_forced_update_display");
    FIND(initialize, "rl_initialize");
    FIND(readline_name, "rl_readline_name");
    FIND(catch_signals, "rl_catch_signals");
    FIND(getc_function, "rl_getc_function");
    FIND(word_break_characters, "rl_completer_word_break_characters");
    FIND(completion_append_character, "rl_completion_append_character");
    FIND(attempted_completion_function, "rl_attempted_completion_function");
    FIND(attempted_completion_over, "rl_attempted_completion_over");
#undef FIND
    if (!ok) lib.error = message;
    return lib.error;
}

void ce_configure(const char *name, ce_getc_func_t *getc, const char *wordBreaks,
                  ce_completion_func_t *complete) {
    // libedit keeps these pointers: they are copied once and live as long as the process.
    *lib.readline_name = strdup(name);
    *lib.catch_signals = 0;
    *lib.getc_function = getc;
    *lib.word_break_characters = strdup(wordBreaks);
    *lib.completion_append_character = 0;
    *lib.attempted_completion_function = complete;
    lib.initialize();
}

void ce_set_attempted_completion_over(int over) { *lib.attempted_completion_over = over; }
char *ce_readline(const char *prompt) { return lib.readline(prompt); }
int ce_add_history(const char *line) { return lib.add_history(line); }
void ce_stifle_history(int max) { lib.stifle_history(max); }
int ce_read_history(const char *path) { return lib.read_history(path); }
int ce_write_history(const char *path) { return lib.write_history(path); }
char **ce_completion_matches(const char *text, ce_compentry_func_t *entry) {
    return lib.completion_matches(text, entry);
}
void ce_forced_update_display(void) { lib.forced_update_display(); }
