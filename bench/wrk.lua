-- wrk script: POSTs the body in BODY_FILE and prints one JSON line of figures when done.
-- With MARKER set it also checks every answer for that marker in `response`. Defining that
-- function at all makes wrk hand every answer to Lua, which bounds the rate it can drive, so
-- the timed rounds leave MARKER unset and are checked another way (see bench/compare.ts).

local file = assert(io.open(os.getenv("BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
-- HEADERS: more headers, one "Name: value" a line.
for name, value in string.gmatch(os.getenv("HEADERS") or "", "([^:\n]+): ([^\n]*)\n") do
  wrk.headers[name] = value
end

local marker = os.getenv("MARKER")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

-- Per thread: answers that were not HTTP 200 or lacked the marker.
bad = 0

if marker then
  function response(status, headers, body)
    if status ~= 200 or not string.find(body, marker, 1, true) then
      bad = bad + 1
    end
  end
end

function done(summary, latency, requests)
  local wrong = 0
  for _, thread in ipairs(threads) do
    wrong = wrong + thread:get("bad")
  end
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bad":%d,"errors":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, wrong,
    errors.connect + errors.read + errors.write + errors.status + errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
