#!/usr/bin/env python3
"""Prints the PTX of every gpu.binary in `mini-opt --mini-pipeline=format=isa`
output (stdin or a file), unescaping MLIR's string escapes, so that ptxas or a
reader can take it:  mini-opt x.mlir --mini-pipeline=format=isa | scripts/extract-ptx.py"""
import re
import sys

text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
found = re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', text)
if not found:
    sys.exit("extract-ptx: no gpu.binary assembly in the input (run with format=isa)")
for s in found:
    sys.stdout.write(re.sub(r'\\([0-9A-Fa-f]{2})', lambda m: chr(int(m.group(1), 16)), s))
