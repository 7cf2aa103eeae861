-- wrk script for benchmarks/load.sh: GET /api/v1/search with a different query on every request.
-- The queries are two or three words drawn from the real query set (benchmarks/data/search_queries_dev.tsv),
-- seeded per thread, so no two requests in a run are likely to be the same.
local words = {}
local seen = {}

local function load_words(path)
  for line in io.lines(path) do
    if line:sub(1, 1) ~= "#" then
      local _, query = line:match("^([^\t]*)\t([^\t]*)")
      if query then
        for w in query:gmatch("%S+") do
          if not seen[w] then
            seen[w] = true
            words[#words + 1] = w
          end
        end
      end
    end
  end
end

local function urlencode(s)
  return (s:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local counter = 1
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

function init(args)
  load_words(args[1] or "benchmarks/data/search_queries_dev.tsv")
  math.randomseed((id or 1) * 7919 + os.time())
end

function request()
  local n = math.random(2, 3)
  local q = {}
  for i = 1, n do
    q[i] = words[math.random(#words)]
  end
  return wrk.format("GET", "/api/v1/search?q=" .. urlencode(table.concat(q, " ")))
end
