-- wrk script of the bench (bench/run.ts sets the environment). One request shape per run:
--   BENCH_METHOD, BENCH_PATH ({id} is replaced by the lines of BENCH_IDS_FILE, in order, each once
--   per pass over the file), BENCH_BODY_FILE (__EXT__ in it is replaced by BENCH_PREFIX-<n>, unique
--   per request). A line of BENCH_IDS_FILE may carry headers of its own after tabs:
--   "<id>\tAuthorization: Bearer …\tIf-None-Match: W/\"…\"". Other headers come from wrk -H.
-- done() prints one line "BENCH_JSON {...}" for the runner, with the answers counted by status.

local method = os.getenv("BENCH_METHOD") or "GET"
local path = os.getenv("BENCH_PATH") or "/"
local prefix = os.getenv("BENCH_PREFIX") or "bench"
local lines = {}
local body = nil
local counter = 0

local idsFile = os.getenv("BENCH_IDS_FILE")
if idsFile and idsFile ~= "" then
  for line in io.lines(idsFile) do
    if line ~= "" then
      local fields = {}
      for field in string.gmatch(line, "[^\t]+") do fields[#fields + 1] = field end
      local headers = nil
      for i = 2, #fields do
        local name, value = string.match(fields[i], "^([^:]+):%s*(.*)$")
        headers = headers or {}
        headers[name] = value
      end
      lines[#lines + 1] = { id = fields[1], headers = headers }
    end
  end
end
local bodyFile = os.getenv("BENCH_BODY_FILE")
if bodyFile and bodyFile ~= "" then
  local f = assert(io.open(bodyFile, "r"))
  body = f:read("*a")
  f:close()
end
local varies = #lines > 0 or (body ~= nil and string.find(body, "__EXT__", 1, true) ~= nil)
local fixed = nil

function request()
  if not varies then
    fixed = fixed or wrk.format(method, path, nil, body)
    return fixed
  end
  counter = counter + 1
  local p = path
  local headers = nil
  if #lines > 0 then
    local line = lines[((counter - 1) % #lines) + 1]
    -- A function as replacement: a query string's "%" is taken literally.
    p = string.gsub(path, "{id}", function() return line.id end)
    headers = line.headers
  end
  local b = body
  if b then b = string.gsub(b, "__EXT__", prefix .. "-" .. counter) end
  return wrk.format(method, p, headers, b)
end

-- Answers by status class, per thread (the runner uses one thread); done() adds them up.
local threads = {}
function setup(thread)
  thread:set("s2xx", 0)
  thread:set("s304", 0)
  thread:set("s4xx", 0)
  thread:set("s5xx", 0)
  threads[#threads + 1] = thread
end
s2xx, s304, s4xx, s5xx = 0, 0, 0, 0
function response(status, headers, body)
  if status == 304 then s304 = s304 + 1
  elseif status < 300 then s2xx = s2xx + 1
  elseif status < 500 then s4xx = s4xx + 1
  else s5xx = s5xx + 1 end
end

function done(summary, latency, requests)
  local c = { s2xx = 0, s304 = 0, s4xx = 0, s5xx = 0 }
  for _, t in ipairs(threads) do
    for k, _ in pairs(c) do c[k] = c[k] + (t:get(k) or 0) end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"statuses":{"2xx":%d,"304":%d,"4xx":%d,"5xx":%d},' ..
    '"latencyUs":{"p50":%d,"p90":%d,"p95":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    c.s2xx, c.s304, c.s4xx, c.s5xx,
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))
end
