// string.find, string.match, string.gmatch and string.gsub with Lua 5.4's pattern
// semantics, written for animhost so that matching is work the instruction budget sees:
// the stock matcher backtracks inside one C call ("a"*3000 against ".-.-.-.-b" takes
// hours) where no count hook can stop it. Every step of this matcher (each attempt at a
// pattern item, each character a repetition or a %b scan looks at, each byte a plain
// search compares) is counted and charged through cl_charge in batches; when the budget
// runs out the call raises the budget error at the caller's line.
//
// The behaviour is the reference manual's §6.4.1 (and the stock library's error
// messages); Tests/lua/patterns_test.lua compares it with the stock functions on many
// subjects and patterns.
#include "CLuaShim.h"
#include "bounded.h"

#include <ctype.h>
#include <string.h>

#define ESC '%'
#define SPECIALS "^$*+?.([%-"
#define MAX_CAPTURES 32
#define MAX_DEPTH 200
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
/// Steps between two charges (the budget is checked at least this often).
#define STEP_BATCH 4096
/// Budget units per matcher step: a step (a call, a recursion) costs about four VM
/// instructions' time, so a pattern is stopped after about as long as a Lua loop.
#define UNITS_PER_STEP 4

typedef struct Matcher {
    const char *src, *src_end;  // subject
    const char *pat_end;
    lua_State *L;
    const char *what;           // the function's name, for the budget message
    int depth;                  // recursion left before "pattern too complex"
    int level;                  // captures open or closed so far
    long long steps;            // not yet charged
    struct { const char *start; ptrdiff_t len; } cap[MAX_CAPTURES];
} Matcher;

static void count(Matcher *m, long long n) {
    m->steps += n;
    if (m->steps >= STEP_BATCH) {
        long long s = m->steps;
        m->steps = 0;
        cl_charge(m->L, s * UNITS_PER_STEP, m->what);
    }
}

static void flush(Matcher *m) {
    if (m->steps > 0) {
        long long s = m->steps;
        m->steps = 0;
        cl_charge(m->L, s * UNITS_PER_STEP, m->what);
    }
}

static const char *match(Matcher *m, const char *s, const char *p);

/// One past the end of the single-character class at `p` (`x`, `%x`, `[set]`).
static const char *class_end(Matcher *m, const char *p) {
    char c = *p++;
    if (c == ESC) {
        if (p == m->pat_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        do {  // the first character after '[' (or '[^') is never the closing ']'
            if (p == m->pat_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == ESC && p < m->pat_end) p++;  // an escaped character, '%]' included
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

static int in_class(int c, int cl) {
    int r;
    switch (tolower(cl)) {
        case 'a': r = isalpha(c); break;
        case 'c': r = iscntrl(c); break;
        case 'd': r = isdigit(c); break;
        case 'g': r = isgraph(c); break;
        case 'l': r = islower(c); break;
        case 'p': r = ispunct(c); break;
        case 's': r = isspace(c); break;
        case 'u': r = isupper(c); break;
        case 'w': r = isalnum(c); break;
        case 'x': r = isxdigit(c); break;
        default: return cl == c;
    }
    if (isupper(cl)) r = !r;
    return r;
}

/// Whether `c` is in the set from `p` ('[') to `close` (its ']').
static int in_set(int c, const char *p, const char *close) {
    int yes = 1;
    if (p[1] == '^') {
        yes = 0;
        p++;
    }
    while (++p < close) {
        if (*p == ESC) {
            p++;
            if (in_class(c, (unsigned char)*p)) return yes;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return yes;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return yes;
        }
    }
    return !yes;
}

static int single(Matcher *m, const char *s, const char *p, const char *ep) {
    if (s >= m->src_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
        case '.': return 1;
        case ESC: return in_class(c, (unsigned char)p[1]);
        case '[': return in_set(c, p, ep - 1);
        default: return (unsigned char)*p == c;
    }
}

static const char *balance(Matcher *m, const char *s, const char *p) {
    if (p >= m->pat_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->src_end || *s != *p) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    const char *start = s;
    while (++s < m->src_end) {
        if (*s == close) {
            if (--depth == 0) {
                count(m, s - start);
                return s + 1;
            }
        } else if (*s == open) {
            depth++;
        }
    }
    count(m, s - start);
    return NULL;
}

static const char *longest(Matcher *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (single(m, s + i, p, ep)) i++;
    count(m, i);
    for (; i >= 0; i--) {  // the longest run first, then shorter ones
        const char *r = match(m, s + i, ep + 1);
        if (r != NULL) return r;
    }
    return NULL;
}

static const char *shortest(Matcher *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *r = match(m, s, ep + 1);
        if (r != NULL) return r;
        if (!single(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->cap[m->level].start = s;
    m->cap[m->level].len = what;
    m->level++;
    const char *r = match(m, s, p);
    if (r == NULL) m->level--;
    return r;
}

static const char *close_capture(Matcher *m, const char *s, const char *p) {
    int l = m->level - 1;
    while (l >= 0 && m->cap[l].len != CAP_UNFINISHED) l--;
    if (l < 0) luaL_error(m->L, "invalid pattern capture");
    m->cap[l].len = s - m->cap[l].start;
    const char *r = match(m, s, p);
    if (r == NULL) m->cap[l].len = CAP_UNFINISHED;
    return r;
}

static int capture_index(Matcher *m, int digit) {
    int l = digit - '1';
    if (l < 0 || l >= m->level || m->cap[l].len == CAP_UNFINISHED)
        return luaL_error(m->L, "invalid capture index %%%d", l + 1);
    return l;
}

static const char *same_as_capture(Matcher *m, const char *s, int digit) {
    int l = capture_index(m, digit);
    size_t len = (size_t)m->cap[l].len;  // a position capture (-2) never fits
    if ((size_t)(m->src_end - s) >= len && memcmp(m->cap[l].start, s, len) == 0) {
        count(m, (long long)len);
        return s + len;
    }
    return NULL;
}

static const char *match(Matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        count(m, 1);
        if (p == m->pat_end) break;
        if (*p == '(') {
            s = p[1] == ')' ? open_capture(m, s, p + 2, CAP_POSITION) : open_capture(m, s, p + 1, CAP_UNFINISHED);
            break;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pat_end) {
            if (s != m->src_end) s = NULL;
            break;
        }
        if (*p == ESC && p[1] == 'b') {
            s = balance(m, s, p + 2);
            if (s == NULL) break;
            p += 4;
            continue;
        }
        if (*p == ESC && p[1] == 'f') {
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const char *ep = class_end(m, p);
            int before = s == m->src ? '\0' : (unsigned char)s[-1];
            int here = s < m->src_end ? (unsigned char)*s : '\0';
            if (!in_set(before, p, ep - 1) && in_set(here, p, ep - 1)) {
                p = ep;
                continue;
            }
            s = NULL;
            break;
        }
        if (*p == ESC && isdigit((unsigned char)p[1])) {
            s = same_as_capture(m, s, (unsigned char)p[1]);
            if (s == NULL) break;
            p += 2;
            continue;
        }
        // A single-character class, maybe followed by a repetition.
        const char *ep = class_end(m, p);
        if (!single(m, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') {  // zero repetitions are fine
                p = ep + 1;
                continue;
            }
            s = NULL;
            break;
        }
        if (*ep == '?') {
            const char *r = match(m, s + 1, ep + 1);
            if (r != NULL) {
                s = r;
                break;
            }
            p = ep + 1;
            continue;
        }
        if (*ep == '+') {
            s = longest(m, s + 1, p, ep);
            break;
        }
        if (*ep == '*') {
            s = longest(m, s, p, ep);
            break;
        }
        if (*ep == '-') {
            s = shortest(m, s, p, ep);
            break;
        }
        s++;
        p = ep;
    }
    m->depth++;
    return s;
}

// MARK: - Captures

/// Pushes capture `i` (or the whole match when there are none) and returns its length,
/// or CAP_POSITION after pushing a position.
static ptrdiff_t capture_value(Matcher *m, int i, const char *s, const char *e, const char **start) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *start = s;
        return e - s;
    }
    ptrdiff_t len = m->cap[i].len;
    *start = m->cap[i].start;
    if (len == CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == CAP_POSITION) lua_pushinteger(m->L, (m->cap[i].start - m->src) + 1);
    return len;
}

static void push_capture(Matcher *m, int i, const char *s, const char *e) {
    const char *start;
    ptrdiff_t len = capture_value(m, i, s, e, &start);
    if (len != CAP_POSITION) lua_pushlstring(m->L, start, (size_t)len);
}

static int push_captures(Matcher *m, const char *s, const char *e) {
    int n = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(m, i, s, e);
    return n;
}

// MARK: - The library functions

static void start(Matcher *m, lua_State *L, const char *what, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->what = what;
    m->src = s;
    m->src_end = s + ls;
    m->pat_end = p + lp;
    m->depth = MAX_DEPTH;
    m->level = 0;
    m->steps = 0;
}

static void restart(Matcher *m) {
    m->level = 0;
    m->depth = MAX_DEPTH;
}

/// Lua's "relative position" for an initial index: negative counts from the end.
static size_t initial_index(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static int has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (p[i] != '\0' && strchr(SPECIALS, p[i]) != NULL) return 1;
    return 0;
}

/// memmem with the work counted: each candidate position costs the bytes compared.
static const char *plain_find(Matcher *m, const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    const char *end = s + (ls - lp) + 1;  // candidates start before this
    while (s < end) {
        const char *hit = memchr(s, *p, (size_t)(end - s));
        if (hit == NULL) {
            count(m, (end - s) / 16 + 1);
            return NULL;
        }
        count(m, (hit - s) / 16 + (long long)lp);
        if (memcmp(hit + 1, p + 1, lp - 1) == 0) return hit;
        s = hit + 1;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = initial_index(luaL_optinteger(L, 3, 1), ls) - 1;
    Matcher m;
    start(&m, L, find ? "string.find counts its work" : "string.match counts its work", s, ls, p, lp);
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char *hit = plain_find(&m, s + init, ls - init, p, lp);
        flush(&m);
        if (hit != NULL) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (hit - s) + (lua_Integer)lp);
            return 2;
        }
    } else {
        const char *s1 = s + init;
        int anchor = *p == '^';
        if (anchor) {
            p++;
            m.pat_end = p + (lp - 1);
        }
        do {
            restart(&m);
            const char *e = match(&m, s1, p);
            if (e != NULL) {
                flush(&m);
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, e - s);
                    return push_captures(&m, NULL, NULL) + 2;
                }
                return push_captures(&m, s1, e);
            }
        } while (s1++ < m.src_end && !anchor);
        flush(&m);
    }
    luaL_pushfail(L);
    return 1;
}

static int bounded_find(lua_State *L) { return find_or_match(L, 1); }
static int bounded_match(lua_State *L) { return find_or_match(L, 0); }

typedef struct GMatch {
    const char *next;       // where the next search starts
    const char *p;
    const char *last;       // end of the last match (an empty match there is skipped)
    Matcher m;
} GMatch;

static int gmatch_step(lua_State *L) {
    GMatch *g = (GMatch *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    for (const char *s = g->next; s <= g->m.src_end; s++) {
        restart(&g->m);
        const char *e = match(&g->m, s, g->p);
        if (e != NULL && e != g->last) {
            flush(&g->m);
            g->next = g->last = e;
            return push_captures(&g->m, s, e);
        }
    }
    flush(&g->m);
    return 0;
}

static int bounded_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = initial_index(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);  // the closure keeps both strings alive
    GMatch *g = (GMatch *)lua_newuserdatauv(L, sizeof(GMatch), 0);
    if (init > ls) init = ls + 1;
    start(&g->m, L, "string.gmatch counts its work", s, ls, p, lp);
    g->next = s + init;
    g->p = p;
    g->last = NULL;
    lua_pushcclosure(L, gmatch_step, 3);
    return 1;
}

/// Appends the replacement string (argument 3) for a match, expanding %0-%9 and %%.
static void add_string(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t l;
    const char *r = lua_tolstring(L, 3, &l);
    const char *esc;
    while ((esc = memchr(r, ESC, l)) != NULL) {
        luaL_addlstring(b, r, (size_t)(esc - r));
        esc++;
        if (*esc == ESC) {
            luaL_addchar(b, *esc);
        } else if (*esc == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*esc)) {
            const char *start;
            ptrdiff_t len = capture_value(m, *esc - '1', s, e, &start);
            if (len == CAP_POSITION)
                luaL_addvalue(b);
            else
                luaL_addlstring(b, start, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESC);
        }
        l -= (size_t)(esc + 1 - r);
        r = esc + 1;
    }
    luaL_addlstring(b, r, l);
}

/// Appends the replacement for one match; returns whether it changed the text.
static int add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_string(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {  // nil or false: keep the original text
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int bounded_gsub(lua_State *L) {
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last = NULL;
    int kind = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    int anchor = *p == '^';
    lua_Integer n = 0;
    int changed = 0;
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    Matcher m;
    start(&m, L, "string.gsub counts its work", src, ls, p, lp);
    while (n < max) {
        restart(&m);
        const char *e = match(&m, src, p);
        if (e != NULL && e != last) {
            n++;
            flush(&m);  // the replacement may call Lua code, which is counted on its own
            changed = add_replacement(&m, &b, src, e, kind) | changed;
            src = last = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    flush(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

void cl_bound_patterns(lua_State *L, int string_table) {
    static const luaL_Reg fns[] = {
        {"find", bounded_find}, {"match", bounded_match}, {"gmatch", bounded_gmatch}, {"gsub", bounded_gsub}, {NULL, NULL},
    };
    string_table = lua_absindex(L, string_table);
    for (const luaL_Reg *f = fns; f->name != NULL; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, string_table, f->name);
    }
}
