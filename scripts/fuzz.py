#!/usr/bin/env python3
"""Mutation fuzzer for mini-opt: parse + verify, then the pipeline.

Takes the functions of the repo's .mlir files (test/, examples/, bench/; the
cases of -split-input-file files one by one), mutates each (numbers to their
limits, dims to 0 / dynamic / huge, element types, config strings, chips,
deleted or repeated lines) and runs

    mini-opt MUTANT                                      (parse + verify)
    mini-opt MUTANT --mini-pipeline="format=isa chip=C"  (when that passed)

A crash is a signal, an exit code other than 0 and 1, "LLVM ERROR" or a
stack dump in the output, or no answer within --timeout seconds. Crashing
inputs are written to --out (one file each, with the command in a comment);
the last line is "fuzz: N runs (P through the pipeline), M crashes". Exit 1 when anything crashed.

    scripts/fuzz.py --mini-opt build/bin/mini-opt --seconds 300 --out /tmp/fuzz
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUMBERS = ["0", "1", "-1", "2", "3", "7", "8", "15", "16", "17", "31", "32", "33", "64", "255",
           "256", "1023", "1024", "1025", "65536", "2147483647", "2147483648",
           "4294967297", "4611686018427387904", "9223372036854775807", "-9223372036854775808",
           "1152921504606846978"]
TYPES = ["f16", "bf16", "f32", "f64", "i8", "i32", "index"]
WORDS = {
    '"mma_sync"': ['"wmma"', '"simt"', '"tma"', '"cp_async"', '""'],
    '"simt"': ['"mma_sync"', '"wmma"'],
    '"wmma"': ['"mma_sync"', '"simt"'],
    '"tma"': ['"cp_async"', '"bulk"'],
    '"cp_async"': ['"tma"'],
    "causal": ["", "causal, causal"],
}
CHIPS = ["sm_90a", "sm_80", "sm_86", "sm_89"]
CRASH_MARKS = ("LLVM ERROR", "Stack dump", "PLEASE submit a bug report", "Assertion",
               "terminate called", "Segmentation fault")


def seeds():
    """Functions (split-input-file cases) of the repo's .mlir files."""
    out = []
    for top in ("test", "examples", "bench"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if not f.endswith(".mlir"):
                    continue
                with open(os.path.join(dirpath, f)) as fh:
                    text = fh.read()
                for case in re.split(r"^// -----\s*$", text, flags=re.M):
                    body = "\n".join(l for l in case.splitlines()
                                     if not l.lstrip().startswith("//"))
                    if "func.func" in body and "mini." in body:
                        out.append(body)
    return out


def mutate(text, rng, well_formed=False):
    """One mutation; with `well_formed`, one that keeps the syntax (a number,
    a dim, an element type or a config word), where the text has one."""
    kind = rng.randrange(4 if well_formed else 7)
    if kind == 0:  # a number to a limit
        spots = [m for m in re.finditer(r"(?<![\w.])-?\d+(?![\w.])", text)]
        if spots:
            m = rng.choice(spots)
            return text[:m.start()] + rng.choice(NUMBERS) + text[m.end():]
    if kind == 1:  # a tensor dim
        spots = [m for m in re.finditer(r"(?<=[<x])(\?|\d+)(?=x)", text)]
        if spots:
            m = rng.choice(spots)
            dim = rng.choice(["0", "?", "1", "3", "100003", "2147483648"])
            # The same dim everywhere it appears with this value keeps the
            # function well-typed more often.
            return re.sub(r"(?<=[<x])" + re.escape(m.group(0)) + r"(?=x)", dim, text,
                          count=rng.randrange(1, 4))
    if kind == 2:  # an element type
        spots = [m for m in re.finditer(r"x(f16|bf16|f32)>", text)]
        if spots:
            old = rng.choice(spots).group(1)
            return text.replace("x" + old + ">", "x" + rng.choice(TYPES) + ">")
    if kind == 3:  # a config word
        keys = [k for k in WORDS if k in text]
        if keys:
            k = rng.choice(keys)
            return text.replace(k, rng.choice(WORDS[k]), 1)
    lines = text.splitlines()
    if kind == 4 and len(lines) > 2:  # delete a line
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 5 and lines:  # repeat a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    # cut a token out
    spots = [m for m in re.finditer(r"[{}(),:<>=]", text)]
    if spots:
        m = rng.choice(spots)
        return text[:m.start()] + text[m.end():]
    return text


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out after %ss" % timeout
    return p.returncode, p.stdout[-4000:] + p.stderr[-4000:]


def crashed(rc, out):
    return rc is None or rc not in (0, 1) or any(mark in out for mark in CRASH_MARKS)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mini-opt", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--pipeline-every", type=int, default=4,
                    help="run the pipeline on every Nth input that verifies")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    corpus = seeds()
    if not corpus:
        sys.exit("fuzz: no seed inputs found under test/, examples/, bench/")
    deadline = time.time() + args.seconds
    runs = crashes = verified = pipelines = 0
    path = os.path.join(args.out, "input.mlir")
    while time.time() < deadline:
        text = rng.choice(corpus)
        # A quarter of the inputs take one well-formed mutation, so that
        # enough of them verify to exercise the pipeline (most of the
        # others fail to parse).
        if rng.randrange(4) == 0:
            text = mutate(text, rng, well_formed=True)
        else:
            for _ in range(rng.randrange(1, 4)):
                text = mutate(text, rng)
        with open(path, "w") as fh:
            fh.write(text)
        cmds = [[args.mini_opt, path, "-o", os.devnull]]
        rc, out = run(cmds[0], args.timeout)
        runs += 1
        if rc == 0:
            verified += 1
            if verified % args.pipeline_every == 0:
                chip = rng.choice(CHIPS)
                cmds.append([args.mini_opt, path, "-o", os.devnull,
                             "--mini-pipeline=format=isa chip=" + chip])
                rc, out = run(cmds[1], args.timeout)
                runs += 1
                pipelines += 1
        if crashed(rc, out):
            crashes += 1
            name = os.path.join(args.out, "crash-%d.mlir" % crashes)
            with open(name, "w") as fh:
                fh.write("// " + " ".join(cmds[-1]) + "\n// " +
                         "\n// ".join(out.strip().splitlines()[:5]) + "\n" + text + "\n")
            print("fuzz: crash, input saved to %s" % name, flush=True)
    print("fuzz: %d runs (%d through the pipeline), %d crashes" % (runs, pipelines, crashes))
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
