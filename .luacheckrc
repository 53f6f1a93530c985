-- luacheck's settings for the Lua compiled into the binary (Sources/**/*.lua), which
-- scripts/test lints. The files run in Lua 5.4; lines are as long as the Swift beside them.
std = "lua54"
max_line_length = false
-- Methods, metamethods and luassert's assertion callbacks have fixed signatures.
ignore = {"212/self", "212/state"}
-- The built-in modules (`require("patterns.sheet")`) run in a scene, where `animhost` is a
-- global; their default callbacks name the arguments a user's callback is given.
files["Sources/HostLua/lua/patterns"] = {read_globals = {"animhost"}, ignore = {"212"}}
