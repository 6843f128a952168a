#!/usr/bin/env python3
"""Prints the instructions and the calls to malloc recorded in a callgrind output file."""
import re, sys

names, current_callee, instructions, mallocs = {}, None, 0, 0
for line in open(sys.argv[1], errors="replace"):
    if line.startswith(("summary:", "totals:")):
        instructions = int(line.split()[1])
    match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
    if match:
        if match.group(2):
            names[match.group(1)] = match.group(2).strip()
        current_callee = names.get(match.group(1)) if line.startswith("cfn=") else None
        continue
    if line.startswith("calls=") and current_callee in ("malloc", "posix_memalign", "aligned_alloc", "calloc"):
        mallocs += int(line.split("=")[1].split()[0])
print(instructions, mallocs)
