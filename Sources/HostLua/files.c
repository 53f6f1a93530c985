// The host's Lua files (lua/), compiled into the binary with C23's #embed: the compiler reads
// each file as bytes, so nothing is read from disk at run time, and the files stay ordinary
// Lua that editors and luacheck read. (SwiftPM's `.embedInCode` made each a Swift array
// literal instead, which cost the Swift compile ~5.7 s of a first build for 110 KB of Lua;
// this file compiles in a tenth of a second. clang's dependency file lists each embedded
// file, so editing one rebuilds this.)
#pragma clang diagnostic ignored "-Wc23-extensions"

#include <string.h>
#include "host_lua.h"

struct lua_file { const char *name; const char *text; size_t length; };

static const char prelude[] = {
#embed "lua/prelude.lua"
};
static const char assertions[] = {
#embed "lua/assertions.lua"
};
static const char spies[] = {
#embed "lua/spies.lua"
};
static const char framework[] = {
#embed "lua/framework.lua"
};
static const char kit[] = {
#embed "lua/patterns/kit.lua"
};
static const char sheet[] = {
#embed "lua/patterns/sheet.lua"
};
static const char card[] = {
#embed "lua/patterns/card.lua"
};
static const char scroll[] = {
#embed "lua/patterns/scroll.lua"
};
static const char pip[] = {
#embed "lua/patterns/pip.lua"
};
static const char refresh[] = {
#embed "lua/patterns/refresh.lua"
};
static const char carousel[] = {
#embed "lua/patterns/carousel.lua"
};

#define ENTRY(name, array) { name, array, sizeof array }
static const struct lua_file files[] = {
    ENTRY("prelude.lua", prelude),
    ENTRY("assertions.lua", assertions),
    ENTRY("spies.lua", spies),
    ENTRY("framework.lua", framework),
    ENTRY("patterns/kit.lua", kit),
    ENTRY("patterns/sheet.lua", sheet),
    ENTRY("patterns/card.lua", card),
    ENTRY("patterns/scroll.lua", scroll),
    ENTRY("patterns/pip.lua", pip),
    ENTRY("patterns/refresh.lua", refresh),
    ENTRY("patterns/carousel.lua", carousel),
};

const char *animhost_lua_file(const char *name, size_t *length) {
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        if (strcmp(files[i].name, name) == 0) {
            *length = files[i].length;
            return files[i].text;
        }
    }
    *length = 0;
    return NULL;
}
