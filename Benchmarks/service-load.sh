#!/usr/bin/env bash
# A load run of Examples/Service (release build, `uitest` profile: the memory store) with wrk on loopback:
# GET /health resolves the store and the limiter through the shared containers on every request. At 1 and 2
# connections, 10 seconds each, after a warm-up; writes SERVICE-LOAD.md. Needs wrk (apt-get install wrk).
set -euo pipefail
cd "$(dirname "$0")"
command -v wrk >/dev/null || { echo "service-load.sh needs wrk (apt-get install wrk)" >&2; exit 2; }
service=../Examples/Service
swift build -c release --package-path "$service" --product todo-service
binary=$(swift build -c release --package-path "$service" --show-bin-path)/todo-service
port=18090
(cd "$service" && exec "$binary" --plugboard-profile uitest --port $port) >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
wrk -t1 -c1 -d3s "http://127.0.0.1:$port/health" >/dev/null
work=$(mktemp -d)
for connections in 1 2; do
    wrk -t"$connections" -c"$connections" -d10s --latency "http://127.0.0.1:$port/health" > "$work/c$connections"
done
python3 - "$work" "$(git rev-parse --short HEAD)" > SERVICE-LOAD.md <<'PY'
import re, sys, datetime, os
work, commit = sys.argv[1], sys.argv[2]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print("# Service load: GET /health of Examples/Service\n")
print(f"Measured {datetime.date.today()} on {cpu} ({os.cpu_count()} cores), commit `{commit}`, release build, by")
print("`Benchmarks/service-load.sh`: wrk on loopback, 10 s per row, the `uitest` profile (memory store). Each request")
print("resolves the store and the limiter through `StoreContainer.shared` and `TrafficContainer.shared`.\n")
print("| connections (wrk threads) | requests/s | p50 | p90 | p99 |")
print("|---:|---:|---:|---:|---:|")
rates = {}
for c in (1, 2):
    text = open(f"{work}/c{c}").read()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    rates[c] = rate
    pct = {p: re.search(rf"\s{p}%\s+([\d.]+\w+)", text).group(1) for p in ("50", "90", "99")}
    print(f"| {c} | {rate:,.0f} | {pct['50']} | {pct['90']} | {pct['99']} |")
print(f"\nTwo connections serve {rates[2] / rates[1]:.2f}x the requests of one. wrk itself runs on the same two cores, so")
print("the server has less than two of them to itself; the question the run answers is whether the shared containers")
print("serialize requests (the ratio would stay at 1.0x), not how fast the machine is.")
PY
echo "wrote $(pwd)/SERVICE-LOAD.md"
