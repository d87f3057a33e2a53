#!/usr/bin/env bash
# Each CNN detector's median latency per call in FaceBench (release build, one thread) beside
# the same library called directly from C++ on the same images (.build/examples/dnn-direct:
# cv::FaceDetectorYN for yunet, the shim's MTCNN pipeline for mtcnn, OpenCV DNN with an OpenCV
# letterbox for blazeface, the dlib shim's MMOD for mmod), with the ratio; the goal is
# FaceBench within 5%. KINDS picks the detectors (default "yunet mtcnn blazeface"; mmod takes
# about a second per image). Run it on an otherwise idle machine: `make dnn-latency`.
# Options via the environment: DATASETS (default "dlib-faces mit-cmu"), REPETITIONS (5), WARMUP (1).
set -euo pipefail
cd "$(dirname "$0")/.."
datasets=${DATASETS:-dlib-faces mit-cmu}
repetitions=${REPETITIONS:-5}
warmup=${WARMUP:-1}
kinds=${KINDS:-yunet mtcnn blazeface}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
facebench=.build/release/facebench
direct=.build/examples/dnn-direct
model_for() { # KIND → the comma-separated model paths `facebench list` reports for it
  if [ "$1" = blazeface-short ] || [ "$1" = blazeface-full ]; then model_for blazeface | tr ',' '\n' | grep "${1#blazeface-}_range"; return; fi
  "$facebench" list | awk -v kind="  $1 — " 'index($0, kind) == 1 {found = 1; next} found && /available: / {sub(/.*available: /, ""); gsub(/, /, ","); print; exit}'
}
printf '| detector | dataset | calls | FaceBench p50 ms | C++ direct p50 ms | ratio |\n|---|---|---:|---:|---:|---:|\n'
for dataset in $datasets; do
  specs=()
  for kind in $kinds; do
    if [ "$kind" = blazeface ]; then specs+=(--detector blazeface-short=blazeface --detector blazeface-full=blazeface:range=full)
    else specs+=(--detector "$kind"); fi
  done
  "$facebench" run --dataset "$dataset" "${specs[@]}" --repetitions "$repetitions" --warmup "$warmup" --out "$out/$dataset" >/dev/null
  results="$out/$dataset/$dataset/results.json"
  mapfile -t images < <(python3 -c 'import json,sys; [print(i["path"]) for i in json.load(open(sys.argv[1]))["images"]]' "$results")
  for kind in ${kinds//blazeface/blazeface-short blazeface-full}; do
    read -r direct_ms calls < <("$direct" "$kind" "$(model_for "$kind")" "$warmup" "$repetitions" "${images[@]}")
    python3 - "$results" "$kind" "$dataset" "$direct_ms" "$calls" <<'PY'
import json, sys
results, kind, dataset, direct, calls = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
detector = next(d for d in json.load(open(results))["detectors"] if d["id"] == kind)
ours = detector["latency_ms"]["p50"]
print(f"| {kind} | {dataset} | {calls} | {ours:.2f} | {direct:.2f} | {ours / direct:.3f} |")
PY
  done
done
