-- wrk script of scripts/soak.mjs (capacity phase): the soak's mixed workload, closed loop.
-- Of every 20 requests: 12 GET /v1/offers/{id} (ids of SOAK_IDS_FILE, round robin), 5 GET
-- /v1/offers (three list shapes), 3 POST /v1/offers (SOAK_BODY_FILE; __EXT__ becomes a unique
-- external id, also the Idempotency-Key). The Authorization header comes from wrk -H.
-- done() prints one line "SOAK_JSON {...}" for the runner.

local ids = {}
for line in io.lines(os.getenv("SOAK_IDS_FILE")) do
  if line ~= "" then ids[#ids + 1] = line end
end
local f = assert(io.open(os.getenv("SOAK_BODY_FILE"), "r"))
local body = f:read("*a")
f:close()
local prefix = os.getenv("SOAK_PREFIX") or "CAP"
local lists = {
  "/v1/offers?perPage=20",
  "/v1/offers?search=cube&perPage=20",
  "/v1/offers?status=!canceled,!done&sortBy=productName&order=asc&perPage=20",
}
local counter = 0
-- threadId: a global per thread, set by setup()
local nextThread = 0
local threads = {}

function setup(thread)
  nextThread = nextThread + 1
  thread:set("threadId", nextThread)
  threads[#threads + 1] = thread
end

-- Per thread: answers that were not 2xx, and the first of them (status and body).
bad = 0
firstBad = ""

function response(status, headers, body)
  if status >= 300 then
    bad = bad + 1
    if firstBad == "" then firstBad = status .. " " .. string.sub(body or "", 1, 300) end
  end
end

function request()
  counter = counter + 1
  local slot = counter % 20
  if slot < 12 then
    return wrk.format("GET", "/v1/offers/" .. ids[(counter % #ids) + 1])
  elseif slot < 17 then
    return wrk.format("GET", lists[(counter % #lists) + 1])
  end
  local ext = prefix .. "-" .. (threadId or 0) .. "-" .. counter
  -- wrk.format's own headers replace wrk.headers (Host, the -H Authorization): copy them in.
  local headers = { ["Content-Type"] = "application/json", ["Idempotency-Key"] = ext }
  for k, v in pairs(wrk.headers) do headers[k] = v end
  local b = string.gsub(body, "__EXT__", ext)
  return wrk.format("POST", "/v1/offers", headers, b)
end

local function jsonString(s)
  local escaped = string.gsub(s, '[\\"]', '\\%0')
  escaped = string.gsub(escaped, '%c', ' ')
  return '"' .. escaped .. '"'
end

function done(summary, latency, requests)
  local e = summary.errors
  local firstBadAll = ""
  for _, t in ipairs(threads) do
    local fb = t:get("firstBad")
    if firstBadAll == "" and fb ~= nil and fb ~= "" then firstBadAll = fb end
  end
  io.write(string.format(
    'SOAK_JSON {"requests":%d,"durationUs":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"p50":%d,"p99":%d,"max":%d},"firstBad":%s}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max, jsonString(firstBadAll)))
end
