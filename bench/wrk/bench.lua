-- wrk script of the bench (bench/run.ts sets the environment). One request shape per run:
--   BENCH_METHOD, BENCH_PATH ({id} is replaced by the ids of BENCH_IDS_FILE, round robin),
--   BENCH_BODY_FILE (__EXT__ in it is replaced by BENCH_PREFIX-<n>, unique per request).
-- Headers come from wrk -H. done() prints one line "BENCH_JSON {...}" for the runner.

local method = os.getenv("BENCH_METHOD") or "GET"
local path = os.getenv("BENCH_PATH") or "/"
local prefix = os.getenv("BENCH_PREFIX") or "bench"
local ids = {}
local body = nil
local counter = 0

local idsFile = os.getenv("BENCH_IDS_FILE")
if idsFile and idsFile ~= "" then
  for line in io.lines(idsFile) do
    if line ~= "" then ids[#ids + 1] = line end
  end
end
local bodyFile = os.getenv("BENCH_BODY_FILE")
if bodyFile and bodyFile ~= "" then
  local f = assert(io.open(bodyFile, "r"))
  body = f:read("*a")
  f:close()
end
local varies = #ids > 0 or (body ~= nil and string.find(body, "__EXT__", 1, true) ~= nil)
local fixed = nil

function request()
  if not varies then
    fixed = fixed or wrk.format(method, path, nil, body)
    return fixed
  end
  counter = counter + 1
  local p = path
  -- A function as replacement: a query string's "%" is taken literally.
  if #ids > 0 then p = string.gsub(path, "{id}", function() return ids[(counter % #ids) + 1] end) end
  local b = body
  if b then b = string.gsub(b, "__EXT__", prefix .. "-" .. counter) end
  return wrk.format(method, p, nil, b)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"p50":%d,"p90":%d,"p95":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))
end
