#!/usr/bin/env python3
"""Writes the figures the README and "How it is built" quote from RESULTS.md, so that they are the last run's.

Each document holds its figures between `<!-- figures: begin -->` and `<!-- figures: end -->`; this replaces
what is between with text made from RESULTS.md's tables. `run.sh` calls it after each run; with `--check`
(CI) it changes nothing and fails when a document's figures are not RESULTS.md's.
"""
import pathlib
import re
import sys
import textwrap

here = pathlib.Path(__file__).resolve().parent
results = (here / "RESULTS.md").read_text()
documents = {
    "README.md": here.parent / "README.md",
    "HowItIsBuilt.md": here.parent / "Sources/Plugboard/Plugboard.docc/HowItIsBuilt.md",
}


def rows(threads):
    """The table rows of RESULTS.md, by their first cell: the remaining cells, as text. The two-thread table
    names scenarios the one-thread tables name too, so it is read apart (`threads`)."""
    table, section = {}, ""
    for line in results.splitlines():
        if line.startswith("## "):
            section = line
        elif line.startswith("| ") and not line.startswith(("| scenario", "| format")):
            if section.startswith("## Two threads") == threads:
                cells = [cell.strip() for cell in line.strip("|").split("|")]
                table.setdefault(cells[0], cells[1:])
    return table


table, two_threads = rows(threads=False), rows(threads=True)


def number(text):
    return float(text.replace(",", "").split()[0].rstrip("x"))


def instructions(scenario):
    return int(number(table[scenario][0]))


def mallocs(scenario):
    return int(number(table[scenario][1]))


def nanoseconds(scenario):
    return number(table[scenario][2])


def ratio(scenario):
    return table[scenario][3]


def scaling(scenario):
    return two_threads[scenario][2]


def fewer(swinject, plugboard):
    return f"{instructions(swinject) / instructions(plugboard):.0f}x fewer instructions"


def faster(swinject, plugboard):
    return f"{nanoseconds(swinject) / nanoseconds(plugboard):.0f}x faster"


def result(scenario):
    return table[scenario][0]


stamp = re.search(r"Measured (\S+) on .*?, commit `(\w+)`", results)
run = f"the run of {stamp.group(1)} at commit `{stamp.group(2)}`"
apply_instructions = re.search(r"Applying the 1,000-entry profile .*?: ([\d,]+) instructions", results).group(1)


def how_it_is_built():
    kept_hit, kept_singleton = "hit/plugboard-kept-cached", "hit/plugboard-kept-singleton"
    lines = [
        f"From {run} (`Benchmarks/RESULTS.md`), as ratios:",
        "",
        "| | Plugboard | against the floor | against Swinject 2.10 |",
        "|---|---|---|---|",
        f"| unique resolve | {instructions('unique/plugboard-instance')} instructions, "
        f"{mallocs('unique/plugboard-instance')} malloc (the object); {instructions('unique/plugboard-kept')} with "
        f"a [kept factory](<doc:GettingStarted#Keep-a-factory>); through `Container.shared`, "
        f"{instructions('unique/plugboard-shared')} (its task-local read) | {ratio('unique/plugboard-instance')} a "
        f"direct closure call ({ratio('unique/plugboard-kept')} kept, {ratio('unique/plugboard-shared')} shared) | "
        f"{fewer('unique/swinject', 'unique/plugboard-instance')}, {faster('unique/swinject', 'unique/plugboard-instance')} |",
        f"| cached / singleton hit | {instructions(kept_hit)} / {instructions(kept_singleton)} instructions with a "
        f"kept factory, {instructions('hit/plugboard-cached')} / {instructions('hit/plugboard-singleton')} through "
        f"the getter; no malloc, no lock | an array slot: {instructions('hit/array-slot')} (it returns the object "
        f"borrowed); a mutex-guarded dictionary: {instructions('hit/mutex-dictionary')} | "
        f"{fewer('hit/swinject-container-scope', 'hit/plugboard-cached')}, "
        f"{faster('hit/swinject-container-scope', 'hit/plugboard-cached')} |",
        f"| graph of 10 | {instructions('graph10/plugboard')} instructions, {mallocs('graph10/plugboard')} mallocs "
        f"(as hand-written) | {ratio('graph10/plugboard')} hand-written closures | "
        f"{fewer('graph10/swinject', 'graph10/plugboard')}, {faster('graph10/swinject', 'graph10/plugboard')} |",
        f"| after `register` | {instructions('overridden/plugboard')} instructions | "
        f"{ratio('overridden/plugboard')} a direct call | {fewer('overridden/swinject', 'overridden/plugboard')} |",
        f"| new container + first resolve | {instructions('new-container/plugboard')} instructions, "
        f"{mallocs('new-container/plugboard')} mallocs (object, container, manager) | "
        f"{ratio('new-container/plugboard')} a direct call | "
        f"{fewer('new-container/swinject', 'new-container/plugboard')} |",
        f"| a context override active | {instructions('context-override/plugboard')} instructions | "
        f"{ratio('context-override/plugboard')} a direct call | |",
        f"| two threads against one | through `Container.shared` (permanent): {scaling('unique/plugboard-shared')} "
        f"unique, {scaling('graph10/plugboard-shared')} a graph of 10, {scaling('hit/plugboard-shared-singleton')} a "
        f"singleton hit; a container per thread: {scaling('unique/plugboard-own-container')}; a `static let` "
        f"container not made permanent: {scaling('unique/plugboard-static-let')} | a direct call: "
        f"{scaling('unique/direct-closure')}; a global handed out owned, as a hit is: "
        f"{scaling('hit/static-let-owned')} | Swinject's synchronized resolver: "
        f"{scaling('unique/swinject-synchronized')} |",
        f"| YAML parse + check, 1 MB / 10 MB | {result('parse-check p1mb.yaml')} / {result('parse-check p10mb.yaml')} "
        f"| libyaml's events alone: {result('libyaml-events p1mb.yaml')} / {result('libyaml-events p10mb.yaml')} | |",
        f"| JSON parse + check, 1 MB / 10 MB | {result('parse-check p1mb.json')} / {result('parse-check p10mb.json')} "
        f"| | |",
        f"| apply a 1,000-entry profile | {apply_instructions} instructions, {result('apply-1000')} | | |",
        f"| validate 1,000 files of 50 entries | {result('validate-1000-files')} | | |",
    ]
    return "\n".join(lines)


def readme():
    return textwrap.fill(
        f"In {run}, a cached hit through a kept factory cost {instructions('hit/plugboard-kept-cached')} "
        f"instructions, a unique resolve {instructions('unique/plugboard-instance')} "
        f"({ratio('unique/plugboard-instance')} a direct closure call), and applying a 1,000-entry profile "
        f"{result('apply-1000')}; the validator is linear in files and findings.",
        width=114, break_on_hyphens=False, break_long_words=False,
    )


made = {"README.md": readme(), "HowItIsBuilt.md": how_it_is_built()}
check = "--check" in sys.argv[1:]
stale = []
for name, path in documents.items():
    text = path.read_text()
    pattern = re.compile(r"(<!-- figures: begin -->\n)(?:.*?\n)?(<!-- figures: end -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"error: {path} has no <!-- figures: begin --> ... <!-- figures: end --> block")
    new = pattern.sub(lambda match: match.group(1) + made[name] + "\n" + match.group(2), text)
    if new != text:
        stale.append(str(path.relative_to(here.parent)))
        if not check:
            path.write_text(new)
if check and stale:
    sys.exit("error: these quote other figures than Benchmarks/RESULTS.md (run Benchmarks/quote-figures.py): "
             + ", ".join(stale))
print("figures: " + ("stale in " + ", ".join(stale) if stale and check else "as in RESULTS.md"))
