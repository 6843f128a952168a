"""Reads the symbol graphs `.ci/public-surface` extracted: lists every library module's public declarations and
compares the listing with the checked-in one, and checks that every public function says its parameters, result
and errors. Arguments: the graphs' folder, the checked-in listing's path, the package's `Sources/` path, and
`--update` to write the listing instead of comparing."""
import glob
import json
import os
import sys

graphs, listing_path, sources = sys.argv[1], sys.argv[2], sys.argv[3]
update = "--update" in sys.argv[4:]
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


def declaration(symbol):
    """The declaration as the compiler prints it, on one line, marked when it is deprecated."""
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    text = " ".join(text.split())
    deprecated = any(entry.get("isUnconditionallyDeprecated") or "deprecated" in entry
                     for entry in symbol.get("availability", []))
    return text + ("  [deprecated]" if deprecated else "")


listed, undocumented, seen = set(), [], set()
for path in sorted(glob.glob(os.path.join(graphs, "*.symbols.json"))):
    graph = json.load(open(path))
    module = graph["module"]["name"]
    defaults = {r["source"] for r in graph["relationships"] if r["kind"] == "defaultImplementationOf"}
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if location is None or sources not in location["uri"] or symbol.get("spi"):
            continue
        name = ".".join(symbol["pathComponents"])
        # A member of an extension of another module's type is in both graphs: listed under the module that
        # declares it, which is the one whose sources hold it.
        declaring = location["uri"].split(sources)[-1].split("/")[0]
        listed.add(f"{declaring} {name}: {declaration(symbol)}")
        if (symbol["kind"]["identifier"] == "swift.enum.case" or symbol["identifier"]["precise"] in defaults
                or symbol["pathComponents"][-1] in witnesses):
            continue
        place = f"Sources/{location['uri'].split(sources)[-1]}:{location['position']['line'] + 1}"
        lacks = missing_documentation(symbol)
        if lacks and place not in seen:
            seen.add(place)
            undocumented.append(f"{place}: {name}'s documentation lacks its {lacks}")

header = ("# Every public declaration of the package's library modules, one a line: the module that declares it,\n"
          "# its path, and its declaration. `.ci/public-surface` fails when the code and this listing differ; after\n"
          "# a deliberate change of the API, `.ci/public-surface --update` writes it again, and the review sees it.\n")
text = header + "".join(line + "\n" for line in sorted(listed))
failed = False
if update:
    open(listing_path, "w").write(text)
    print(f"{len(listed)} public declarations written to {os.path.basename(listing_path)}")
else:
    old = open(listing_path).read() if os.path.exists(listing_path) else ""
    if old != text:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                   "listed", "declared by the code"))
        print(f"error: the public API differs from {os.path.basename(listing_path)} (above): if the change is "
              "meant, run .ci/public-surface --update, say it in CHANGELOG.md, and deprecate before removing",
              file=sys.stderr)
        failed = True
    else:
        print(f"{len(listed)} public declarations, as listed")
for line in undocumented:
    print(f"error: {line}", file=sys.stderr)
sys.exit(1 if failed or undocumented else 0)
