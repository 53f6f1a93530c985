-- Reads a library the sandbox removed: the error names it and the way out.
local f = io.open("x.txt")
