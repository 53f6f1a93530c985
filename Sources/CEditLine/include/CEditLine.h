// CEditLine: the few functions of libedit's readline interface the REPL uses, reached
// through dlopen when an interactive REPL starts. Every other command starts without
// loading libedit and the libraries it needs (libtinfo, libbsd, libmd), which cost each
// start-up about a millisecond; and building animhost needs no libedit headers.
//
// The declarations follow <editline/readline.h> of libedit 3.1 (libedit.so.2), whose
// readline interface has kept these signatures since 2003.
#ifndef CEDITLINE_H
#define CEDITLINE_H

#include <stdio.h>

typedef char **ce_completion_func_t(const char *text, int start, int end);
typedef char *ce_compentry_func_t(const char *text, int state);
typedef int ce_getc_func_t(FILE *stream);

/// Loads libedit.so.2 and finds its functions, once. Returns NULL when they are ready,
/// else why not (dlopen's or dlsym's message); later calls return the same answer.
const char *ce_load(void);

/// Sets libedit up for the REPL and calls rl_initialize: the program's name (for
/// ~/.editrc), no signal handling of its own, characters read through `getc`, the word
/// breaks and the completion function, no character appended after a completion.
/// Only after ce_load returned NULL.
void ce_configure(const char *name, ce_getc_func_t *getc, const char *wordBreaks,
                  ce_completion_func_t *complete);

/// Set from the completion function: 1 stops libedit completing file names itself.
void ce_set_attempted_completion_over(int over);

// libedit's own functions, under their readline names with a ce_ prefix.
char *ce_readline(const char *prompt);
int ce_add_history(const char *line);
void ce_stifle_history(int max);
int ce_read_history(const char *path);
int ce_write_history(const char *path);
char **ce_completion_matches(const char *text, ce_compentry_func_t *entry);
void ce_forced_update_display(void);

#endif
