#!/usr/bin/env bash
# A load run of Examples/Service (release build, `uitest` profile: the memory store) with wrk on loopback:
# GET /health resolves the store and the limiter through the shared containers on every request. At 1 and 2
# connections, 10 seconds each, after a warm-up; then 2 connections again while the limiter's profile entry is
# edited and reloaded (SIGHUP) every 100 ms, beside a run of the same length without reloads. Writes
# SERVICE-LOAD.md. Needs wrk (apt-get install wrk).
set -euo pipefail
cd "$(dirname "$0")"
command -v wrk >/dev/null || { echo "service-load.sh needs wrk (apt-get install wrk)" >&2; exit 2; }
service=../Examples/Service
swift build -c release --package-path "$service" --product todo-service
binary=$(swift build -c release --package-path "$service" --show-bin-path)/todo-service
work=$(mktemp -d)
# A deployment's folder: its own copy of the profiles, which the reload rows edit.
mkdir "$work/deploy" && cp -R "$service/Profiles" "$work/deploy/Profiles"
profile=$work/deploy/Profiles/uitest.yaml
port=18090
(cd "$work/deploy" && exec "$binary" --plugboard-profile uitest --port $port --poll-interval 3600) >"$work/service.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
wrk -t1 -c1 -d3s "http://127.0.0.1:$port/health" >/dev/null
for connections in 1 2; do
    wrk -t"$connections" -c"$connections" -d10s --latency "http://127.0.0.1:$port/health" > "$work/c$connections"
done

# Resident memory now and at its peak, in kB.
memory() { awk '/^VmRSS|^VmHWM/ {printf "%s ", $2}' "/proc/$pid/status"; }
# The same load without and with a reload every 100 ms (each one changes the limiter: an applied generation).
memory > "$work/memory-steady"
wrk -t2 -c2 -d10s --latency "http://127.0.0.1:$port/health" > "$work/steady"
memory >> "$work/memory-steady"
reloads=0
(
    limit=1000
    while :; do
        limit=$((limit + 1))
        printf 'plugboard: 1\ncontainers:\n  StoreContainer:\n    store: { use: memory }\n  TrafficContainer:\n    limiter: { use: fixed-window, with: { writesPerMinute: %d } }\n' \
            "$limit" > "$profile.new"
        mv "$profile.new" "$profile"
        kill -HUP "$pid"
        sleep 0.1
    done
) &
editor=$!
wrk -t2 -c2 -d10s --latency "http://127.0.0.1:$port/health" > "$work/reloading"
kill "$editor"
wait "$editor" 2>/dev/null || true
memory >> "$work/memory-reloading"
generation=$(curl -sf "http://127.0.0.1:$port/health" | sed -n 's/.*"generation":\([0-9]*\).*/\1/p')
echo "${generation:-0}" > "$work/generation"
# Each applied line that says its change was made again over requests' writes (a settle, a cache keep).
{ grep -o "made again [0-9]* time" "$work/service.log" || true; } | awk '{n += $3} END {print n + 0}' > "$work/reruns"

python3 - "$work" "$(git rev-parse --short HEAD)" > SERVICE-LOAD.md <<'PY'
import re, sys, datetime, os
work, commit = sys.argv[1], sys.argv[2]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
def run(name):
    text = open(f"{work}/{name}").read()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    total = int(re.search(r"(\d+) requests in", text).group(1))
    bad = int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", text)) else 0
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", text))
    pct = {p: re.search(rf"\s{p}%\s+([\d.]+\w+)", text).group(1) for p in ("50", "90", "99")}
    return rate, total, bad + errors, pct
print("# Service load: GET /health of Examples/Service\n")
print(f"Measured {datetime.date.today()} on {cpu} ({os.cpu_count()} cores), commit `{commit}`, release build, by")
print("`Benchmarks/service-load.sh`: wrk on loopback, 10 s per row, the `uitest` profile (memory store). Each request")
print("resolves the store and the limiter through `StoreContainer.shared` and `TrafficContainer.shared`.\n")
print("| connections (wrk threads) | requests/s | p50 | p90 | p99 |")
print("|---:|---:|---:|---:|---:|")
rates = {}
for c in (1, 2):
    rate, _, _, pct = run(f"c{c}")
    rates[c] = rate
    print(f"| {c} | {rate:,.0f} | {pct['50']} | {pct['90']} | {pct['99']} |")
print(f"\nTwo connections serve {rates[2] / rates[1]:.2f}x the requests of one. wrk itself runs on the same two cores, so")
print("the server has less than two of them to itself; the question the run answers is whether the shared containers")
print("serialize requests (the ratio would stay at 1.0x), not how fast the machine is.\n")
print("## Reloading under load\n")
print("Two connections, one row without reloads and one while the limiter's entry is edited and `SIGHUP` sent every")
print("100 ms (each reload applies a generation that changes the limiter), one after the other in the same process.")
print("Errors are non-2xx answers and socket errors; memory is the server's resident set after the row, and its peak.\n")
print("| row | requests/s | errors | p50 | p99 | resident after | peak |")
print("|---|---:|---:|---:|---:|---:|---:|")
mem = {}
for name in ("steady", "reloading"):
    values = open(f"{work}/memory-{name}").read().split()
    mem[name] = (int(values[-2]), int(values[-1]))
generation = int(open(f"{work}/generation").read().strip() or 0)
for name, label in (("steady", "no reloads"), ("reloading", f"a reload every 100 ms ({generation - 1} applied)")):
    rate, total, errors, pct = run(name)
    rss, peak = mem[name]
    print(f"| {label} | {rate:,.0f} | {errors} of {total:,} | {pct['50']} | {pct['99']} | {rss / 1024:.1f} MiB | {peak / 1024:.1f} MiB |")
reruns = int(open(f"{work}/reruns").read().strip() or 0)
print(f"\nOver the reloading row, a reload made a container's change again {reruns} times because requests wrote to a")
print("factory it had staged (the service's log says so on each applied line).")
PY
echo "wrote $(pwd)/SERVICE-LOAD.md"
