#!/usr/bin/env python3
"""The tensor-core loops of a kernel in SASS, with each instruction's fixed
stall from its control bits (docs/PERF.md v20).

    nvdisasm -hex -c BUNDLE/mini_kernels.cubin > k.sass     # on a machine with the CUDA tools
    scripts/sass-loop.py k.sass mm_f16_to_f16_matmul [--list]

For each loop (a backward branch) with at least 16 HMMA it prints the number
of instructions, the sum of their stall counts (the fewest cycles one warp
needs per iteration, before any pipe or memory wait) and the HMMA count;
--list prints the body: stall, the scoreboards written / read, the
scoreboards waited on (a mask, scoreboard 5 leftmost), the instruction.

Control bits (Volta and later): bits 41.. of the second 64-bit word hold
stall (4), yield (1), write scoreboard (3), read scoreboard (3), wait mask
(6), reuse (4); scoreboard 7 means none.
"""
import re
import sys


def instructions(lines, kernel):
    header = f".text.{kernel} -"
    try:
        start = next(i for i, l in enumerate(lines) if l.startswith("//") and header in l)
    except StopIteration:
        sys.exit(f"sass-loop: no kernel {kernel} in the listing")
    out, labels, pending = [], {}, []
    i = start + 1
    while i < len(lines) and not lines[i].startswith("//----"):
        label = re.match(r"^(\.L_x_\d+):", lines[i])
        if label:
            pending.append(label.group(1))
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;\s*/\* 0x[0-9a-f]+ \*/", lines[i])
        if m and i + 1 < len(lines):
            addr = int(m.group(1), 16)
            for p in pending:
                labels[p] = addr
            pending = []
            hi = int(re.search(r"/\* (0x[0-9a-f]+) \*/", lines[i + 1]).group(1), 16)
            out.append({"addr": addr, "text": m.group(2), "stall": (hi >> 41) & 0xF,
                        "wr": (hi >> 46) & 7, "rd": (hi >> 49) & 7, "wait": (hi >> 52) & 0x3F})
            i += 2
        else:
            i += 1
    return out, labels


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    try:
        lines = open(sys.argv[1]).read().split("\n")
    except OSError as e:
        sys.exit(f"sass-loop: cannot read {sys.argv[1]}: {e.strerror}")
    ins, labels = instructions(lines, sys.argv[2])
    for x in ins:
        branch = re.search(r"\bBRA\b.*?(\.L_x_\d+)", x["text"])
        target = labels.get(branch.group(1)) if branch else None
        if target is None or target >= x["addr"]:
            continue
        body = [y for y in ins if target <= y["addr"] <= x["addr"]]
        hmma = sum("HMMA" in y["text"] for y in body)
        if hmma < 16:
            continue
        print(f"loop {target:#x}..{x['addr']:#x}: {len(body)} instructions, "
              f"stall sum {sum(y['stall'] for y in body)} cycles, {hmma} HMMA")
        if "--list" in sys.argv:
            sb = lambda v: "-" if v == 7 else str(v)
            for y in body:
                print(f"  {y['addr']:05x} stall {y['stall']:2d} "
                      f"wr {sb(y['wr'])} rd {sb(y['rd'])} wait {y['wait']:06b}  {y['text']}")


if __name__ == "__main__":
    main()
