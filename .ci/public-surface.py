"""Reads the symbol graphs `.ci/public-surface` extracted: counts the profile modules' public declarations and
checks that every public function says its parameters, result and errors. Arguments: the graphs' folder, the
number `docs/architecture.md` states, and the package's `Sources/` path."""
import glob
import json
import os
import sys

graphs, stated, sources = sys.argv[1], int(sys.argv[2]), sys.argv[3]
counted_modules = {"PlugboardProfiles", "PlugboardProfileFormat"}
# The requirements of the standard library's and Swift Testing's protocols, as a conformance must spell them.
witnesses = {
    "description", "debugDescription", "customMirror", "hash(into:)", "hashValue", "==(_:_:)", "<(_:_:)",
    "encode(to:)", "init(from:)", "localizedDescription", "provideScope(for:testCase:performing:)",
}


def own_throws(fragments):
    """Whether the declaration itself throws: `throws` outside its parameters' parentheses."""
    depth = 0
    for fragment in fragments:
        if fragment["kind"] == "text":
            depth += fragment["spelling"].count("(") - fragment["spelling"].count(")")
        elif fragment["kind"] == "keyword" and fragment["spelling"] in ("throws", "rethrows") and depth == 0:
            return True
    return False


def missing_documentation(symbol):
    """What a function's doc comment lacks of `- Parameter(s):`, `- Returns:` and `- Throws:`."""
    signature = symbol.get("functionSignature")
    if signature is None:
        return ""
    doc = "\n".join(line["text"] for line in symbol.get("docComment", {}).get("lines", []))
    returns = [part.get("spelling") for part in signature.get("returns", [])]
    lacks = []
    if signature.get("parameters") and "- Parameter" not in doc:
        lacks.append("parameters")
    if returns and returns not in (["Void"], ["()"]) and "- Returns:" not in doc:
        lacks.append("returns")
    if own_throws(symbol.get("declarationFragments", [])) and "- Throws:" not in doc:
        lacks.append("throws")
    return ", ".join(lacks)


counted, undocumented, seen = [], [], set()
for path in sorted(glob.glob(os.path.join(graphs, "*.symbols.json"))):
    graph = json.load(open(path))
    module = graph["module"]["name"]
    defaults = {r["source"] for r in graph["relationships"] if r["kind"] == "defaultImplementationOf"}
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if (location is None or sources not in location["uri"] or symbol.get("spi")
                or symbol["kind"]["identifier"] == "swift.enum.case"
                or symbol["identifier"]["precise"] in defaults or symbol["pathComponents"][-1] in witnesses):
            continue
        name = ".".join(symbol["pathComponents"])
        if module in counted_modules:
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            counted.append(f"{module:24} {kind:14} {name}")
        # A member of an extension of another module's type is in that module's graph too: report it once.
        place = f"Sources/{location['uri'].split(sources)[-1]}:{location['position']['line'] + 1}"
        lacks = missing_documentation(symbol)
        if lacks and place not in seen:
            seen.add(place)
            undocumented.append(f"{place}: {name}'s documentation lacks its {lacks}")

for line in sorted(counted):
    print(line)
print(f"{len(counted)} public declarations (docs/architecture.md states {stated})")
failed = False
if len(counted) > stated:
    print(f"error: the profile modules declare {len(counted)} public declarations, more than the {stated} "
          "docs/architecture.md states: make the new ones package, or update the docs and say why", file=sys.stderr)
    failed = True
for line in undocumented:
    print(f"error: {line}", file=sys.stderr)
sys.exit(1 if failed or undocumented else 0)
