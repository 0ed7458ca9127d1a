-- wrk script for bench/scale.mjs: visitors' GETs spread over the pages in WRK_PAGES, and a
-- count of the answers the page cache served (X-Cache: HIT or STALE) among them. The
-- residents' writes that run beside it come from bench/scale.mjs at a fixed rate.
local function split(text, sep)
  local out = {}
  for part in string.gmatch(text or "", "([^" .. sep .. "]+)") do out[#out + 1] = part end
  return out
end

local pages = split(os.getenv("WRK_PAGES"), " ")
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  threads[#threads + 1] = thread
end

function init(args)
  hits, misses = 0, 0
  math.randomseed(os.time() + id * 7919)
end

function request()
  return wrk.format("GET", pages[math.random(#pages)], { ["Accept-Encoding"] = "br, gzip" })
end

function response(status, headers, body)
  local cache = headers["x-cache"] or headers["X-Cache"]
  if cache == "HIT" or cache == "STALE" then hits = hits + 1 elseif cache == "MISS" then misses = misses + 1 end
end

function done(summary, latency, requests)
  local h, m = 0, 0
  for _, thread in ipairs(threads) do
    h = h + thread:get("hits")
    m = m + thread:get("misses")
  end
  io.write(string.format("HITS hits=%d misses=%d\n", h, m))
end
