-- patterns.kit: what the pattern modules share. Options checked the way the animhost API
-- checks its own (an unknown name gets "did you mean", a wrong type says what was
-- expected), and a position held between two limits with UIScrollView's rubber band past
-- them. A module of your own can use it too: local kit = require("patterns.kit").

local kit = {}

-- Levenshtein distance, for "did you mean".
local function distance(a, b)
  local previous = {}
  for j = 0, #b do previous[j] = j end
  for i = 1, #a do
    local current = {[0] = i}
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      current[j] = math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    end
    previous = current
  end
  return previous[#b]
end

local function sortedKeys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)   -- messages must not depend on pairs' order
  return keys
end

-- The options of `who` (e.g. "sheet.new"): `given` over `defaults`, each given value of its
-- default's type. Raises at the caller of the module's function (level 3) for an unknown
-- name or a wrong type.
function kit.options(who, defaults, given)
  if given ~= nil and type(given) ~= "table" then
    error(("%s: options must be a table, got %s"):format(who, type(given)), 3)
  end
  local merged = {}
  for k, v in pairs(defaults) do merged[k] = v end
  for _, name in ipairs(sortedKeys(given or {})) do
    local value, default = given[name], defaults[name]
    if default == nil then
      local names, best, bestDistance = sortedKeys(defaults), nil, 3
      for _, candidate in ipairs(names) do
        local d = distance(name, candidate)
        if d < bestDistance then best, bestDistance = candidate, d end
      end
      local hint = best and ("; did you mean '" .. best .. "'?") or ("; options: " .. table.concat(names, ", "))
      error(("%s: unknown option '%s'%s"):format(who, name, hint), 3)
    end
    if type(value) ~= type(default) then
      error(("%s: option '%s' must be a %s, got %s"):format(who, name, type(default), type(value)), 3)
    end
    merged[name] = value
  end
  return merged
end

-- Raises at the caller of the module's function unless `ok`.
function kit.check(ok, who, message)
  if not ok then error(who .. ": " .. message, 3) end
end

-- Argument checks for a module's function `who`, each raising at the line that called it
-- (level 3), so a wrong argument is reported where it was written, not inside the module.

local function describe(value)
  local t = type(value)
  if t == "string" then return ("the string %q"):format(value) end
  if t == "number" or t == "boolean" then return ("%s %s"):format(t, tostring(value)) end
  return t
end

-- A vector in any of the API's forms ({x, y}, {x=, y=} or animhost.vec) as a vec; nil
-- stays nil when `optional`.
function kit.vector(value, who, name, optional)
  if value == nil and optional then return nil end
  if type(value) == "table" or type(value) == "userdata" then
    local ok, v = pcall(animhost.vec, value)
    if ok then return v end
  end
  error(("%s: %s must be a vector ({x, y}, {x=, y=} or animhost.vec), got %s"):format(who, name, describe(value)), 3)
end

-- A number; nil stays nil when `optional`.
function kit.number(value, who, name, optional)
  if type(value) == "number" or (value == nil and optional) then return value end
  error(("%s: %s must be a number, got %s"):format(who, name, describe(value)), 3)
end

-- A list of numbers.
function kit.numbers(value, who, name)
  if type(value) ~= "table" then
    error(("%s: %s must be a list of numbers, got %s"):format(who, name, describe(value)), 3)
  end
  for k, v in ipairs(value) do
    if type(v) ~= "number" then error(("%s: %s[%d] must be a number, got %s"):format(who, name, k, describe(v)), 3) end
  end
  return value
end

-- A rectangle {x, y, width, height} (pt), as the API takes rects.
function kit.rect(value, who, name)
  local ok = type(value) == "table" and #value == 4
  for k = 1, 4 do ok = ok and type(value[k]) == "number" end
  if not ok then
    error(("%s: %s must be a rect {x, y, width, height} (pt), got %s"):format(who, name, describe(value)), 3)
  end
  return value
end

-- A deceleration rate as animhost.project takes it: per ms, or "normal" or "fast"; nil
-- stays nil.
function kit.rate(value, who)
  if value == nil or type(value) == "number" or value == "normal" or value == "fast" then return value end
  error(("%s: rate must be a number (per ms), \"normal\" or \"fast\", got %s"):format(who, describe(value)), 3)
end

-- An item (what animhost.item returns).
function kit.item(value, who, name)
  if type(value) == "userdata" then
    local ok, center = pcall(function() return value.center end)
    if ok and center ~= nil then return value end
  end
  error(("%s: %s must be an item (animhost.item{…}), got %s"):format(who, name, describe(value)), 3)
end

-- A position `raw` (where the finger would put it) held between `low` and `high`: inside,
-- itself; past a limit, the limit plus animhost.rubberBand of the distance past it
-- (`dimension`: the view's size along the axis). Also returns the slope d(shown)/d(raw),
-- 1 inside and c·d²/(d + c·|x|)² past a limit: a release velocity times the slope is how
-- fast the shown position moves.
function kit.banded(raw, low, high, dimension, constant)
  kit.number(raw, "kit.banded", "raw"); kit.number(low, "kit.banded", "low")
  kit.number(high, "kit.banded", "high"); kit.number(dimension, "kit.banded", "dimension")
  local c = kit.number(constant, "kit.banded", "constant", true) or 0.55
  local limit
  if raw < low then limit = low elseif raw > high then limit = high else return raw, 1 end
  local past = raw - limit
  local slope = c * dimension ^ 2 / (dimension + c * math.abs(past)) ^ 2
  return limit + animhost.rubberBand(past, dimension, c), slope
end

-- The raw position whose banded position is `shown`: kit.banded's inverse. A finger that
-- catches content in the band (a spring on its way back from past an edge) starts from
-- here, so the content stays where it was caught. Past an edge the band shows s = |shown −
-- limit| < d, and raw − limit = d/c · s/(d − s) undoes `animhost.rubberBand`.
function kit.unbanded(shown, low, high, dimension, constant)
  local c = constant or 0.55
  local limit
  if shown < low then limit = low elseif shown > high then limit = high else return shown end
  local s = math.min(math.abs(shown - limit), dimension * (1 - 1e-9))
  local past = dimension / c * s / (dimension - s)
  return limit + (shown < limit and -past or past)
end

-- What `animhost handoff` reads after running a scene: each pattern the scene made (its
-- name, its item, its tuned values) and each release it decided (what went in and what it
-- chose), so the native test it emits replays the same gestures and expects the same.
kit.handoff = {}

-- A deceleration rate per ms, as animhost.project reads "normal" and "fast".
function kit.rateValue(rate)
  if rate == "fast" then return 0.99 elseif rate == nil or rate == "normal" then return 0.998 end
  return rate
end

-- Records that `pattern` (e.g. "sheet") drives `item` with `values` (numbers or lists of
-- numbers); returns the entry its releases go into.
function kit.register(pattern, item, values)
  local entry = {pattern = pattern, item = item.name, values = values, releases = {}, estimators = {}}
  kit.handoff[#kit.handoff + 1] = entry
  return entry
end

-- Records a release of `entry`'s pattern by gesture `g`: `facts` (numbers) at the time now,
-- and the estimator that measured the release velocity.
function kit.released(entry, g, facts)
  facts.t = animhost.time()
  entry.releases[#entry.releases + 1] = facts
  entry.estimators[g.estimator] = true
end

-- kit.handoff as lines `pattern NAME ITEM`, `estimator NAME`, `value NAME N…` and
-- `release KEY N KEY N…` (keys sorted), for the host to read.
function kit.handoffLines()
  local lines = {}
  local function numbers(v)
    if type(v) ~= "table" then return ("%.17g"):format(v) end
    local parts = {}
    for k = 1, #v do parts[k] = ("%.17g"):format(v[k]) end
    return table.concat(parts, " ")
  end
  for _, entry in ipairs(kit.handoff) do
    lines[#lines + 1] = ("pattern %s %s"):format(entry.pattern, entry.item)
    for _, name in ipairs(sortedKeys(entry.estimators)) do lines[#lines + 1] = "estimator " .. name end
    for _, name in ipairs(sortedKeys(entry.values)) do
      lines[#lines + 1] = ("value %s %s"):format(name, numbers(entry.values[name]))
    end
    for _, facts in ipairs(entry.releases) do
      local parts = {"release"}
      for _, name in ipairs(sortedKeys(facts)) do parts[#parts + 1] = name .. " " .. numbers(facts[name]) end
      lines[#lines + 1] = table.concat(parts, " ")
    end
  end
  return table.concat(lines, "\n")
end

return kit
