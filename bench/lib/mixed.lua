-- wrk script for bench/scale.mjs: 95% visitors' GETs over a few pages, 5% writes by the
-- residents whose cookies are in WRK_COOKIES (favorites and poll votes, alternating), and a
-- count of the answers the page cache served (X-Cache: HIT or STALE) among the GETs.
-- With WRK_WRITE_SHARE=0 it is the read-only load the ratio is compared with.
local function split(text, sep)
  local out = {}
  for part in string.gmatch(text or "", "([^" .. sep .. "]+)") do out[#out + 1] = part end
  return out
end

local pages = split(os.getenv("WRK_PAGES"), " ")
local cookies = split(os.getenv("WRK_COOKIES"), "|")
local items = split(os.getenv("WRK_ITEMS"), " ")
local votes = split(os.getenv("WRK_VOTES"), " ")
local origin = os.getenv("WRK_ORIGIN")
local share = tonumber(os.getenv("WRK_WRITE_SHARE") or "0.05")
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  threads[#threads + 1] = thread
end

function init(args)
  hits, misses, writes, written = 0, 0, 0, 0
  math.randomseed(os.time() + id * 7919)
end

function request()
  if share > 0 and math.random() < share and #cookies > 0 then
    writes = writes + 1
    local cookie = cookies[math.random(#cookies)]
    local headers = { ["Content-Type"] = "application/x-www-form-urlencoded", ["Cookie"] = cookie, ["Origin"] = origin, ["Sec-Fetch-Site"] = "same-origin" }
    if writes % 2 == 0 and #votes > 0 then
      local vote = votes[math.random(#votes)]
      local post, option = vote:match("([^:]+):([^:]+)")
      return wrk.format("POST", "/posts/" .. post, headers, "intent=vote&postId=" .. post .. "&optionId=" .. option .. "&redirectTo=%2Fposts")
    end
    local item = items[math.random(#items)]
    local intent = (math.random() < 0.5) and "add" or "remove"
    return wrk.format("POST", "/favorites", headers, "intent=" .. intent .. "&itemType=business&itemId=" .. item .. "&redirectTo=%2Ffavorites")
  end
  return wrk.format("GET", pages[math.random(#pages)], { ["Accept-Encoding"] = "br, gzip" })
end

function response(status, headers, body)
  local cache = headers["x-cache"] or headers["X-Cache"]
  if cache == "HIT" or cache == "STALE" then hits = hits + 1 elseif cache == "MISS" then misses = misses + 1 end
  if status == 303 then written = written + 1 end
end

function done(summary, latency, requests)
  local h, m, w = 0, 0, 0
  for _, thread in ipairs(threads) do
    h = h + thread:get("hits")
    m = m + thread:get("misses")
    w = w + thread:get("written")
  end
  io.write(string.format("MIXED hits=%d misses=%d written=%d\n", h, m, w))
end
