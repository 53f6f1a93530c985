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

-- A position `raw` (where the finger would put it) held between `low` and `high`: inside,
-- itself; past a limit, the limit plus animhost.rubberBand of the distance past it
-- (`dimension`: the view's size along the axis). Also returns the slope d(shown)/d(raw),
-- 1 inside and c·d²/(d + c·|x|)² past a limit: a release velocity times the slope is how
-- fast the shown position moves.
function kit.banded(raw, low, high, dimension, constant)
  local c = constant or 0.55
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

return kit
