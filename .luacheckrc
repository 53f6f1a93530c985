-- luacheck's settings for the Lua compiled into the binary (Sources/**/*.lua), which
-- scripts/test lints. The files run in Lua 5.4; lines are as long as the Swift beside them.
std = "lua54"
max_line_length = false
-- Methods, metamethods and luassert's assertion callbacks have fixed signatures.
ignore = {"212/self", "212/state"}
