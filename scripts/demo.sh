#!/usr/bin/env bash
# The main job: compile an example to a kernel bundle and, where a GPU is
# present, run it and check it against the reference kernels.
#   scripts/demo.sh [examples/NAME.mlir] [--size NAME=N,...]
set -euo pipefail
cd "$(dirname "$0")/.."
example="${1:-examples/matmul.mlir}"
shift || true
scripts/setup.sh
scripts/build.sh >/dev/null

name="$(basename "$example" .mlir)"
bundle="build/bundles/$name"
# Sizes for the examples' dynamic dims, unless given.
declare -A default_sizes=([matmul]="M=1000,N=1030,K=777" [rmsnorm]="R=4096" [llama_mlp]="tokens=512"
                            [llama_block]="tokens=512")
size_args=("$@")
if [ ${#size_args[@]} -eq 0 ] && [ -n "${default_sizes[$name]:-}" ]; then
  size_args=(--size "${default_sizes[$name]}")
fi

echo "== mini-opt $example --mini-pipeline=\"bundle=$bundle\""
rm -rf "$bundle"
build/bin/mini-opt "$example" --mini-pipeline="bundle=$bundle" -o "$bundle.mlir"
echo "-- host side after the pipeline (the cubin blob elided):"
sed -E 's/(bin = ")[^"]{0,40}[^"]*"/\1...cubin..."/' "$bundle.mlir" | cut -c1-220
echo "-- bundle: $(ls "$bundle" | tr '\n' ' ')"
python3 - "$bundle/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
for k in m["kernels"]:
    dyn = [n for n, v in k["static_sizes"].items() if v < 0]
    print(f'   {k["entry"]}: {k["op"]}, block {k["block"][0]}, tensors ' +
          ", ".join(f'{t["name"]}:{t["dtype"]}[{"x".join(t["dims"])}]' for t in k["tensors"]) +
          (f', dynamic sizes {",".join(dyn)}' if dyn else ""))
    if k.get("size_variants"):
        by_m = [f'{v["entry"]} (M <= {int(v["attrs"]["max_m"])})' for v in m["kernels"]
                if v["entry"] in k["size_variants"] and v["attrs"].get("max_m")]
        print(f'     size variants {", ".join(k["size_variants"])}: a launch runs ' +
              (f'the first of {", ".join(by_m)} that holds M, else ' if by_m else '') +
              f'the one of least ceil(blocks / {k["sm_count"]} SMs) x tile / rate (rates '
              f'{", ".join(map(str, k["tile_rates"]))} percent)')
    st = k.get("split_tail")
    if st and st.get("kernel"):
        print(f'     stream-K tail: the last, partial wave goes to {st["kernel"]}, the '
              f'{st["depth"]} steps of its tiles shared evenly by one block per SM, each taking at least '
              f'1/{st["max_splits"]} of a tile')
for f in m.get("functions", []):
    print(f'   function {f["name"]}: ' + " -> ".join(l["kernel"] for l in f["launches"]))
PY
# A bundle with functions runs them (each a sequence of launches); else its kernels.
functions=$(python3 -c "import json,sys; print(' '.join(f['name'] for f in json.load(open(sys.argv[1])).get('functions', [])))" "$bundle/manifest.json")
set +e
rc=0
if [ -n "$functions" ]; then
  for f in $functions; do
    echo "== build/bin/mini-run $bundle --function $f ${size_args[*]}"
    build/bin/mini-run "$bundle" --function "$f" "${size_args[@]}"
    r=$?; [ $r -ne 0 ] && rc=$r
  done
else
  echo "== build/bin/mini-run $bundle ${size_args[*]}"
  build/bin/mini-run "$bundle" "${size_args[@]}"
  rc=$?
fi
set -e
if [ $rc -eq 77 ]; then
  echo "(no GPU on this machine: compiled only; run the same command where there is one)"
  exit 0
fi
exit $rc
