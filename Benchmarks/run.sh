#!/usr/bin/env bash
# Runs every benchmark in one go and writes RESULTS.md: per scenario, instructions and mallocs per
# operation (callgrind: exact on a shared machine) and wall time, each Plugboard figure as a ratio to the
# floor and to Swinject measured in the same run (HARNESS=1 adds the ordo-one/benchmark harness's report).
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "run.sh needs valgrind (apt-get install valgrind)" >&2; exit 2; }

swift build -c release --product CallgrindProbe
work=$(mktemp -d)
# A copy without its DWARF: valgrind 3.19 gives up on the debug information Swift 6.3 writes ("possibly corrupted
# debuginfo file"); the symbol table, which `--toggle-collect` matches, stays.
probe=$work/CallgrindProbe
cp "$(swift build -c release --show-bin-path)/CallgrindProbe" "$probe"
strip --strip-debug "$probe"

# Instructions and malloc calls per operation: (cost of 2N) - (cost of N), divided by N.
measure() {
    local scenario=$1 n=$2
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.1" "$probe" "$scenario" "$n" >/dev/null 2>&1
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.2" "$probe" "$scenario" "$((2 * n))" >/dev/null 2>&1
    python3 - "$scenario" "$n" $(./callgrind-costs.py "$work/cg.1") $(./callgrind-costs.py "$work/cg.2") <<'PY'
import sys
name, n, i1, m1, i2, m2 = sys.argv[1], *map(int, sys.argv[2:])
print(name, (i2 - i1) // n, round((m2 - m1) / n, 2))
PY
}

scenarios=$({ "$probe" 2>/dev/null || true; } | sed -n "s/^scenarios: //p")
: > "$work/instructions"
for scenario in $scenarios; do
    # The rows of about a hundred instructions vary by a few at 2,000 operations (hash seeds, allocator state).
    case $scenario in hit/* | unique/*) n=20000 ;; *) n=2000 ;; esac
    measure "$scenario" "$n" >> "$work/instructions"
done
measure profile/apply-1000 2 >> "$work/instructions"
measure profile/wiring-1000 3 >> "$work/instructions"
# The reload rows: 1,000 entries rewired per reload (5 reloads against 10), the launch of that shape (counted
# inside the launch alone), and the best of ten reloads' wall time, each in a process of its own.
: > "$work/reload"
for format in yaml json; do
    suffix=$([ $format = json ] && echo -json || true)
    measure "profile/reload-1000$suffix" 5 | awk -v f=$format '{print "reload-" f, $2, $3}' >> "$work/reload"
    # The reload that reads everything a launch reads: all six files rewritten, every entry changed.
    measure "profile/reload-1000-all$suffix" 3 | awk -v f=$format '{print "reload-all-" f, $2, $3}' >> "$work/reload"
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.launch" --toggle-collect='*Reload*launch*' \
        "$probe" "--launch-shape$suffix" >/dev/null 2>&1
    echo "launch-$format $(./callgrind-costs.py "$work/cg.launch")" >> "$work/reload"
    # Of that, the program's own declarations (`autoRegister()` building its `choices`), which it pays at its
    # first resolution whether or not a profile is found.
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.declare" --toggle-collect='*autoRegisterIfNeeded*' \
        "$probe" "--launch-shape$suffix" >/dev/null 2>&1
    echo "declare-$format $(./callgrind-costs.py "$work/cg.declare")" >> "$work/reload"
    echo "time-$format $("$probe" --reload-time $format | awk '{print $2}') 0" >> "$work/reload"
done
"$probe" --time > "$work/time"
"$probe" --threads 9 2 > "$work/threads"
"$probe" --profiles > "$work/profiles"

python3 - "$work" > RESULTS.md <<'PY'
import sys, subprocess, datetime, platform, os
work = sys.argv[1]
def table(name):
    rows = {}
    for line in open(f"{work}/{name}"):
        parts = line.split()
        rows[parts[0] if name != "profiles" else " ".join(parts[:-1])] = [float(x) for x in parts[1:]] if name != "profiles" else float(parts[-1])
    return rows
ins, time, profiles = table("instructions"), table("time"), table("profiles")
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
def ratio(a, b): return f"{a / b:.2f}x" if b else "-"
print("# Plugboard benchmark results\n")
print(f"Measured {datetime.date.today()} on {cpu} ({os.cpu_count()} cores), commit `{commit}`, release build, by `Benchmarks/run.sh`.")
print("Instructions and mallocs per operation come from callgrind (the difference between N and 2N operations, so")
print("set-up cancels out); they repeat exactly. Wall times are from the same run on a shared machine: read the ratios.\n")
groups = [
    ("Unique resolve of a small final class", "unique/direct-closure", "unique/swinject", ["unique/plugboard-instance", "unique/plugboard-shared", "unique/plugboard-kept"]),
    ("Cached and singleton hit", "hit/array-slot", "hit/swinject-container-scope", ["hit/static-let", "hit/mutex-dictionary", "hit/plugboard-cached", "hit/plugboard-singleton", "hit/plugboard-kept-cached", "hit/plugboard-kept-singleton"]),
    ("Async cached hit (`AsyncFactory`, resolved with `try await`)", "async-hit/async-function", None, ["async-hit/plugboard-cached"]),
    ("Graph of 10 (a root, 3 dependencies, 2 each; unique)", "graph10/hand-written", "graph10/swinject", ["graph10/plugboard"]),
    ("Resolve after a register override", "unique/direct-closure", "overridden/swinject", ["overridden/plugboard"]),
    ("New container and first resolve", "unique/direct-closure", "new-container/swinject", ["new-container/plugboard"]),
    ("ParameterFactory; a factory with a context override active", "unique/direct-closure", None, ["parameter/plugboard", "context-override/plugboard"]),
    ("A list of three members a profile chose (`use: [a, b, c]`), built at each resolution", "list3/hand-written", None, ["list3/plugboard"]),
    ("Modifiers applied by the getter on every access (`.onTest { }`, `.decorator { }`)", "unique/direct-closure", None, ["getter-ontest/plugboard", "getter-decorator/plugboard"]),
]
for title, floor, peer, rows in groups:
    print(f"## {title}\n")
    print("| scenario | instructions/op | mallocs/op | ns/op | vs floor (instructions) | vs floor (time) | vs Swinject (time) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in [floor] + ([peer] if peer else []) + rows:
        i, m = ins.get(name, [0, 0]); t = time.get(name, [0])[0]
        fi, ft = ins.get(floor, [1])[0], time.get(floor, [1])[0]
        pt = time.get(peer, [0])[0] if peer else 0
        print(f"| {name} | {int(i)} | {m:g} | {t:.1f} | {ratio(i, fi)} | {ratio(t, ft)} | {ratio(t, pt) if peer else '-'} |")
    print()
print("## Two threads against one (operations per second)\n")
print("Nine rounds, every scenario once per round (one thread, then two), each run about 0.15 s; the medians, the")
print("range of the nine scalings, and the most cores other work took during any of the row's runs (from")
print("`/proc/stat`: other processes and the hypervisor's steal). A row is `noisy` when that reached a tenth of a")
print("core. The floors are in the same run: `hit/static-let` as compiled (the optimizer borrows the global, so")
print("no reference count is written), `hit/static-let-owned` the same object handed out owned, as every")
print("resolver hands out a kept instance (each thread writes its count: the floor of every hit).\n")
print("| scenario | 1 thread | 2 threads | scaling (median) | range | other load | |")
print("|---|---:|---:|---:|---:|---:|---|")
for line in open(f"{work}/threads"):
    name, count, one, many, scaling, low, high, load = line.split()
    one, many, scaling, low, high, load = map(float, (one, many, scaling, low, high, load))
    shown = "-" if load < 0 else f"{load:.2f} cores"
    print(f"| {name} | {one:,.0f} | {many:,.0f} | {scaling:.2f}x | {low:.2f}-{high:.2f}x | {shown} | {'noisy' if load >= 0.1 else ''} |")
print("\n## Profiles\n")
print("| scenario | result |")
print("|---|---:|")
for name, value in profiles.items():
    unit = " ms" if name.startswith(("apply", "validate", "reload")) else " MB/s"
    print(f"| {name} | {value:.1f}{unit} |")
reload = table("reload")
if reload:
    print("\n## Reloads (two containers of 500 factories, `with` on every entry, a chain of six files)\n")
    print("| format | reload, every entry changed: instructions | per entry | mallocs | best of 10 | reload of all six files rewritten: per entry | launch of that shape: instructions | per entry | of which the program's declarations: per entry |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for f in ("yaml", "json"):
        r, a, l, t = reload[f"reload-{f}"], reload[f"reload-all-{f}"], reload[f"launch-{f}"], reload[f"time-{f}"]
        d = reload[f"declare-{f}"]
        print(f"| {f.upper()} | {int(r[0]):,} | {int(r[0]) // 1000:,} | {int(r[1]):,} | {t[0]:.1f} ms | {int(a[0]) // 1000:,} | {int(l[0]):,} | {int(l[0]) // 1000:,} | {int(d[0]) // 1000:,} |")
if "profile/apply-1000" in ins:
    print(f"\nApplying the 1,000-entry profile (declare 1,000 factories, read, merge, check, register): {int(ins['profile/apply-1000'][0]):,} instructions, {ins['profile/apply-1000'][1]:g} mallocs.")
    print(f"\nA wiring snapshot of the reload rows' launch (`ProfileSystem.wiring`, 1,000 factories, JSON), as an admin route takes at each request: {int(ins['profile/wiring-1000'][0]):,} instructions, {ins['profile/wiring-1000'][1]:g} mallocs.")
PY
# The harness's own report, on request (it takes several minutes more).
if [ "${HARNESS:-}" = 1 ]; then
    printf '\n## ordo-one/benchmark harness\n\n```\n' >> RESULTS.md
    swift package --disable-sandbox benchmark --no-progress 2>&1 | sed 's/\x1b\[[0-9;]*m//g' \
        | grep -vE '^(\[[0-9]+/[0-9]+\]|Building for|Build of product|Build complete|warning: .swinject.|    /)' >> RESULTS.md || true
    printf '```\n' >> RESULTS.md
fi
echo "wrote $(pwd)/RESULTS.md"
# The figures the README and "How it is built" quote are this run's.
python3 quote-figures.py
