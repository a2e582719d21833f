#!/usr/bin/env python3
"""Markdown tables and plots from benchmark JSON files (schema "mini-bench/1",
docs/BENCH-JSON.md), as `mini-run --bench --json FILE` and bench/torch_peers.py
write them.

    scripts/report.py FILE.json [FILE.json ...] --out DIR [--no-plots]

DIR/report.md (also printed): the devices and commits of the inputs, then one
table per op and one per "ladder:*" group, each peer as the ratio
peer_ms / ours_ms (>1: ours faster). Unless --no-plots (matplotlib, Agg):
  DIR/roofline.png      TFLOP/s against FLOP/byte under the copy and mma roofs;
                        ops without flops as GB/s under the copy ceiling
  DIR/ladder-NAME.png   TFLOP/s per rung of group "ladder:NAME", with the
                        peers of its last rung as lines
  DIR/rows-sweep.png    GB/s against row length C of the row ops, with their
                        copy and torch peers

Records of one case (op, dtype, sizes, attrs) merge across files: a
peers-only record (kernel and ours_ms null) adds its peers to each of our
records of that case. A bad file exits 2 with a message naming the file and
the field.
"""
import argparse
import json
import os
import re
import sys

SCHEMA = "mini-bench/1"
ROW_OPS = ("softmax", "rmsnorm", "layernorm")
NULL = type(None)
NUMBER = (int, float)
# The JSON types of the fields this script reads; checked before the report
# so that a bad file ends in one message instead of a traceback half-way.
FILE_FIELDS = {"records": (list,), "device": (dict, NULL)}
RECORD_FIELDS = {
    "op": (str,), "dtype": (str,), "sizes": (dict,), "attrs": (dict, NULL),
    "kernel": (str, NULL), "group": (str, NULL), "label": (str, NULL),
    "ours_ms": NUMBER + (NULL,), "peers": (dict, NULL), "flops": NUMBER + (NULL,),
    "bytes": NUMBER + (NULL,), "tflops": NUMBER + (NULL,), "gbps": NUMBER + (NULL,),
    "roofline": (dict, NULL), "check": (str, NULL), "rel_err": NUMBER + (NULL,),
}
ROOFLINE_FIELDS = {"ceiling": (str,), "ceiling_value": NUMBER, "fraction": NUMBER}
# Record fields that map names to numbers.
NUMBER_MAPS = ("sizes", "attrs", "peers")
TYPE_NAMES = {str: "a string", dict: "an object", list: "a list", int: "a number",
              float: "a number", NULL: "null"}


def fail(message):
    """Ends the run with status 2, as argparse does for bad arguments."""
    print(f"report.py: {message}", file=sys.stderr)
    sys.exit(2)


def shown(value):
    """A JSON value as a message quotes it: short."""
    return json.dumps(value)[:40]


def field_problem(obj, types, required, where):
    """The first way obj (a JSON object at `where`) breaks types, or None."""
    for name in required:
        if name not in obj:
            return f"field {where}{name}: missing"
    for name, allowed in types.items():
        if name in obj and not isinstance(obj[name], allowed):
            expected = " or ".join(dict.fromkeys(TYPE_NAMES[t] for t in allowed))
            return f"field {where}{name}: expected {expected}, got {shown(obj[name])}"
    return None


def record_problem(rec, where):
    """The first problem of one record, or None."""
    if not isinstance(rec, dict):
        return f"field {where}: expected an object"
    problem = field_problem(rec, RECORD_FIELDS, ("op", "dtype", "sizes"), where + ".")
    if problem:
        return problem
    for name in NUMBER_MAPS:
        for key, value in (rec.get(name) or {}).items():
            if not isinstance(value, NUMBER):
                return f"field {where}.{name}.{key}: expected a number, got {shown(value)}"
    # Times divide the counts and each other.
    times = [("ours_ms", rec.get("ours_ms"))]
    times += [(f"peers.{name}", ms) for name, ms in (rec.get("peers") or {}).items()]
    for name, ms in times:
        if ms is not None and ms <= 0:
            return f"field {where}.{name}: expected a time > 0, got {ms}"
    if rec.get("roofline") is not None:
        return field_problem(rec["roofline"], ROOFLINE_FIELDS, tuple(ROOFLINE_FIELDS),
                             where + ".roofline.")
    return None


def load(path):
    """The checked contents of one benchmark file."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except ValueError as e:  # JSON syntax, or bytes that are not UTF-8
        fail(f"{path}: not JSON: {e}")
    if not isinstance(data, dict):
        fail(f"{path}: expected a JSON object")
    if data.get("schema") != SCHEMA:
        fail(f"{path}: field schema: expected \"{SCHEMA}\", got {shown(data.get('schema'))}")
    problem = field_problem(data, FILE_FIELDS, ("records",), "")
    for i, rec in enumerate(data["records"] if not problem else []):
        problem = record_problem(rec, f"records[{i}]")
        if problem:
            break
    if problem:
        fail(f"{path}: {problem}")
    return data


def case_key(rec):
    """Records with equal keys measure the same case (docs/BENCH-JSON.md)."""
    return (rec["op"], rec["dtype"], tuple(sorted(rec["sizes"].items())),
            tuple(sorted((rec.get("attrs") or {}).items())))


def merge(records):
    """The report's rows: each of our records, with the peers of the
    peers-only records of its case; a case with only peers-only records
    gives one row. Cases keep first-seen order, and so do the records of
    one case (ladder rungs share a case but are rows of their own)."""
    cases = {}
    for rec in records:
        case = cases.setdefault(case_key(rec), {"ours": [], "peers": {}, "first": rec})
        if rec.get("kernel") is None and rec.get("ours_ms") is None:
            for name, ms in (rec.get("peers") or {}).items():
                case["peers"].setdefault(name, ms)
        else:
            case["ours"].append(rec)
    return [with_peers(rec, case["peers"])
            for case in cases.values() for rec in case["ours"] or [case["first"]]]


def with_peers(rec, case_peers):
    """A copy of rec with case_peers added and the ratios recomputed. A peer
    the record measured itself wins: it ran in the same process as ours."""
    row = dict(rec)
    row["peers"] = dict(rec.get("peers") or {})
    for name, ms in case_peers.items():
        row["peers"].setdefault(name, ms)
    row.pop("ratio", None)
    if row.get("ours_ms"):
        row["ratio"] = {name: ms / row["ours_ms"] for name, ms in row["peers"].items()}
    return row


def fmt_number(value):
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def fmt_sizes(sizes):
    # batch 1 is the unbatched default: it would only widen the column.
    return " ".join(f"{k}={fmt_number(v)}" for k, v in sizes.items()
                    if not (k == "batch" and v == 1))


def fmt_attrs(attrs):
    # Attrs are flags mostly (causal: 1): the name alone says it is on.
    return " ".join(k if v == 1 else f"{k}={fmt_number(v)}" for k, v in (attrs or {}).items())


def fmt_device(device):
    if not device:
        return "unknown"
    # torch-peers writes null for the clocks where NVML is missing.
    d = {k: "?" if device.get(k) is None else device[k] for k in
         ("name", "chip", "sm_count", "sm_clock_mhz", "mem_clock_mhz", "mem_bus_bits")}
    return (f"{d['name']} ({d['chip']}, {d['sm_count']} SMs, SM clock {d['sm_clock_mhz']} MHz, "
            f"memory clock {d['mem_clock_mhz']} MHz, {d['mem_bus_bits']}-bit bus)")


def header(files):
    """The report's title, devices and inputs."""
    lines = ["# Benchmark report", ""]
    for device in dict.fromkeys(fmt_device(data.get("device")) for _, data in files):
        lines += [f"Device: {device}", ""]
    lines.append("Inputs:")
    for path, data in files:
        lines.append(f"- {path}: {data.get('source', '?')}, {data.get('created', '?')}, "
                     f"commit {data.get('git_commit') or 'unknown'}")
    return "\n".join(lines)


def table_groups(rows):
    """{title: rows}: one per op, and one per "ladder:*" group, whose rungs
    stay out of their op's table; first-seen order."""
    groups = {}
    for row in rows:
        group = row.get("group") or ""
        groups.setdefault(group if group.startswith("ladder:") else row["op"], []).append(row)
    return groups


def fmt_peer(row, peer):
    if peer in row.get("ratio", {}):
        return f"{row['ratio'][peer]:.2f}"
    # Without a time of ours there is no ratio: the peer's own time is still news.
    if peer in row["peers"]:
        return f"{row['peers'][peer]:.4g} ms"
    return "-"


def fmt_rate(row, unit):
    value = row.get("tflops" if unit == "TFLOP/s" else "gbps")
    if value is None:
        return "-"
    return f"{value:.1f}" if unit == "TFLOP/s" else f"{value:.0f}"


def fmt_roofline(roofline):
    return f"{roofline['fraction']:.2f} of {roofline['ceiling']}" if roofline else "-"


def fmt_check(row):
    check = row.get("check") or "-"
    return f"{check} ({row['rel_err']:.1e})" if row.get("rel_err") is not None else check


def md_row(cells):
    return "| " + " | ".join(cells) + " |"


def table(title, rows):
    """One Markdown table; a ladder's has each rung's label first."""
    ladder = title.startswith("ladder:")
    unit = "TFLOP/s" if any(r.get("tflops") is not None for r in rows) else "GB/s"
    peers = list(dict.fromkeys(name for r in rows for name in r["peers"]))
    head = (["label"] * ladder + ["kernel", "dtype", "sizes", "attrs", "ours ms", unit]
            + [f"x {p}" for p in peers] + ["roofline", "check"])
    lines = [f"## {title}", "", md_row(head), md_row(["---"] * len(head))]
    for r in rows:
        ours = f"{r['ours_ms']:.4g}" if r.get("ours_ms") is not None else "-"
        cells = ([r.get("label") or ""] * ladder
                 + [r.get("kernel") or "-", r["dtype"], fmt_sizes(r["sizes"]),
                    fmt_attrs(r.get("attrs")), ours, fmt_rate(r, unit)]
                 + [fmt_peer(r, p) for p in peers]
                 + [fmt_roofline(r.get("roofline")), fmt_check(r)])
        lines.append(md_row(cells))
    return "\n".join(lines)


def report(files, rows):
    parts = [header(files)] + [table(t, rs) for t, rs in table_groups(rows).items()]
    return "\n\n".join(parts) + "\n"


def load_pyplot():
    """matplotlib's pyplot on the Agg backend (files only: no display needed)."""
    try:
        import matplotlib
    except ImportError:
        fail("matplotlib is missing (apt-get install python3-matplotlib), or pass --no-plots")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def rate(row, ms):
    """(value, unit) for a run of row's case taking ms: TFLOP/s where the op
    counts flops, else GB/s; None where the record gives neither count."""
    if row.get("flops"):
        return row["flops"] / ms / 1e9, "TFLOP/s"
    if row.get("bytes"):
        return row["bytes"] / ms / 1e6, "GB/s"
    return None


def roofs(rows):
    """((GB/s, label) of the memory roof, (TFLOP/s, label) of the compute
    roof), each None where no record gives one."""
    copy = [r["bytes"] / r["peers"]["copy"] / 1e6
            for r in rows if "copy" in r["peers"] and r.get("bytes")]
    mma = [r["roofline"]["ceiling_value"]
           for r in rows if (r.get("roofline") or {}).get("ceiling") == "mma"]
    cublas = [r["flops"] / r["peers"]["cuBLAS"] / 1e9
              for r in rows if "cuBLAS" in r["peers"] and r.get("flops")]
    memory = (max(copy), f"copy {max(copy):.0f} GB/s") if copy else None
    if mma:
        compute = (max(mma), f"mma {max(mma):.0f} TFLOP/s")
    elif cublas:
        compute = (max(cublas), f"best cuBLAS {max(cublas):.0f} TFLOP/s (no mma ceiling)")
    else:
        compute = None
    return memory, compute


def draw_roofs(ax, memory, compute, xs):
    """The roofs over the x range of the points and the ridge point."""
    ridge = compute[0] * 1e3 / memory[0] if memory and compute else None
    span = xs + ([ridge] if ridge else []) or [1.0]
    lo, hi = min(span) / 4, max(span) * 4
    if memory:
        end = ridge or hi
        ax.plot([lo, end], [memory[0] * lo / 1e3, memory[0] * end / 1e3], "k--", label=memory[1])
    if compute:
        ax.plot([ridge or lo, hi], [compute[0]] * 2, "k-", label=compute[1])


def plot_roofline(plt, rows, path):
    """Left: records with flops against the roofs; right: the others' GB/s
    against the copy ceiling (FLOP/byte means nothing without flops)."""
    memory, compute = roofs(rows)
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(14, 6))
    timed = [r for r in rows if r.get("ours_ms") and r.get("bytes")]
    points = [(r["flops"] / r["bytes"], rate(r, r["ours_ms"])[0], r.get("kernel") or "?")
              for r in timed if r.get("flops")]
    for k, (x, y, kernel) in enumerate(points):
        ax.plot(x, y, "o", color="C0")
        # Stack the names of points on one spot (kernels of one case), not overprint them.
        near = sum(abs(px / x - 1) < 0.05 and abs(py / y - 1) < 0.05 for px, py, _ in points[:k])
        ax.annotate(kernel, (x, y), xytext=(3, 3 + 8 * near), textcoords="offset points",
                    fontsize=6)
    draw_roofs(ax, memory, compute, [x for x, _, _ in points])
    ax.set(xscale="log", yscale="log", xlabel="arithmetic intensity (FLOP/byte)", ylabel="TFLOP/s",
           title="compute")
    legend(ax)
    bandwidth = [r for r in timed if not r.get("flops")]
    bx.bar(range(len(bandwidth)), [rate(r, r["ours_ms"])[0] for r in bandwidth], color="C1")
    bx.set_xticks(range(len(bandwidth)))
    bx.set_xticklabels([f"{r.get('kernel') or '?'}\n{fmt_sizes(r['sizes'])}" for r in bandwidth],
                       rotation=30, ha="right", fontsize=6)
    if memory:
        bx.axhline(memory[0], color="k", linestyle="--", label=memory[1])
    legend(bx)
    bx.set(ylabel="GB/s", title="bandwidth")
    save(fig, path)


def plot_ladder(plt, title, rows, path):
    """Bars per rung, and the peers of the last rung (the full-size case)
    as lines. copy is left out: its rate in the op's unit means nothing."""
    rated = [(r.get("label") or r.get("kernel") or "?", rate(r, r["ours_ms"]))
             for r in rows if r.get("ours_ms")]
    rated = [(label, value) for label, value in rated if value]
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(rated)), 5))
    ax.bar(range(len(rated)), [value for _, (value, _) in rated])
    ax.set_xticks(range(len(rated)))
    ax.set_xticklabels([label for label, _ in rated], rotation=30, ha="right", fontsize=8)
    last = rows[-1]
    for i, (peer, ms) in enumerate(p for p in last["peers"].items() if p[0] != "copy"):
        value, unit = rate(last, ms) or (None, None)
        if value:
            ax.axhline(value, color=f"C{i + 1}", linestyle="--", label=f"{peer} {value:.0f} {unit}")
    legend(ax)
    ax.set(ylabel=rated[0][1][1] if rated else "", title=title)
    save(fig, path)


def sweep_rows(rows):
    """The rows of the row-length sweep: its group, else every row op."""
    swept = ([r for r in rows if r.get("group") == "sweep:rows"]
             or [r for r in rows if r["op"] in ROW_OPS])
    return [r for r in swept if "C" in r["sizes"] and r.get("bytes")]


def plot_sweep(plt, rows, path):
    """GB/s against C, one line per (op, dtype) and per peer of it: ours
    solid, copy dashed, the others dotted with a marker each."""
    lines = {}
    for r in rows:
        runs = ([("ours", r["ours_ms"])] if r.get("ours_ms") else []) + list(r["peers"].items())
        for who, ms in runs:
            lines.setdefault((r["op"], r["dtype"]), {}).setdefault(who, []).append(
                (r["sizes"]["C"], r["bytes"] / ms / 1e6))
    peers = list(dict.fromkeys(who for series in lines.values() for who in series
                               if who not in ("ours", "copy")))
    fig, ax = plt.subplots(figsize=(9, 6))
    for i, ((op, dtype), series) in enumerate(lines.items()):
        for who, points in series.items():
            style = {"ours": "o-", "copy": "--"}.get(who) or "xs^vd*"[peers.index(who) % 6] + ":"
            cs, gbps = zip(*sorted(points))
            ax.plot(cs, gbps, style, color=f"C{i}",
                    label=f"{op} {dtype}" + ("" if who == "ours" else f" {who}"))
    ax.set(xscale="log", xlabel="row length C", ylabel="GB/s", title="row ops")
    legend(ax)
    save(fig, path)


def legend(ax):
    # Only where something is labelled: an empty legend is a warning.
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=7)


def save(fig, path):
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def plots(plt, rows, out):
    """Writes the plots; returns their paths."""
    written = [os.path.join(out, "roofline.png")]
    plot_roofline(plt, rows, written[0])
    for title, group in table_groups(rows).items():
        if title.startswith("ladder:"):
            name = re.sub(r"[^A-Za-z0-9_.-]", "_", title[len("ladder:"):])
            written.append(os.path.join(out, f"ladder-{name}.png"))
            plot_ladder(plt, title, group, written[-1])
    swept = sweep_rows(rows)
    if swept:
        written.append(os.path.join(out, "rows-sweep.png"))
        plot_sweep(plt, swept, written[-1])
    plt.close("all")
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", metavar="FILE.json")
    parser.add_argument("--out", required=True, metavar="DIR")
    parser.add_argument("--no-plots", action="store_true")
    args = parser.parse_args()
    plt = None if args.no_plots else load_pyplot()
    files = [(path, load(path)) for path in args.files]
    rows = merge([rec for _, data in files for rec in data["records"]])
    markdown = report(files, rows)
    try:
        os.makedirs(args.out, exist_ok=True)
        written = [os.path.join(args.out, "report.md")]
        with open(written[0], "w") as f:
            f.write(markdown)
        if plt:
            written += plots(plt, rows, args.out)
    except OSError as e:
        fail(f"cannot write {e.filename or args.out}: {e.strerror}")
    print(markdown)
    for path in written:
        print(f"report.py: wrote {path}")


if __name__ == "__main__":
    main()
