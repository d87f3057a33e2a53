#!/usr/bin/env bash
# Every file FaceBench writes from a saved set of runs, written by two builds and compared byte
# for byte: the check a change to coding, options or reports must pass (issue 25).
#
#   scripts/check-output-identity.sh save RUNS [BINARY]       runs to derive from (once, any build)
#   scripts/check-output-identity.sh derive RUNS OUT [BINARY] every output BINARY makes of RUNS
#   scripts/check-output-identity.sh diff OLD NEW             the files that differ (exit 1 if any)
#
# Typical: save with main's build, derive with it into old/, rebuild the branch, derive into
# new/, diff old new. Runs hold timings, so the saved runs are the fixed input; everything
# derived from them (results.json rewritten by merge, images.jsonl, COCO exports, report.md,
# report.html, summary.csv, baselines, compare's Markdown, `eval --format json` of every
# protocol, `detect` and `inspect` JSON) must not depend on the build.
set -euo pipefail
cd "$(dirname "$0")/.."
DATASETS=${DATASETS:-$(cd ../shared/datasets && pwd)}

save() {
  local runs=$1 facebench=${2:-.build/release/facebench}
  rm -rf "$runs" && mkdir -p "$runs"
  for shard in 1 2; do
    "$facebench" run --dataset dlib-faces --detector haar,hog,yunet,scrfd --shard $shard/2 --bootstrap 200 \
      --wider-files --quiet --out "$runs/dlib-faces-$shard"
    "$facebench" run --dataset mit-cmu --detector haar,lbp,yunet --shard $shard/2 --bootstrap 200 \
      --quiet --out "$runs/mit-cmu-$shard"
  done
}

derive() {
  local runs=$1 out=$2 facebench=${3:-.build/release/facebench}
  rm -rf "$out" && mkdir -p "$out"
  for dataset in dlib-faces mit-cmu; do
    "$facebench" merge "$runs/$dataset-1" "$runs/$dataset-2" --out "$out/$dataset" > "$out/$dataset.merge.txt"
  done
  "$facebench" report "$out/dlib-faces" "$out/mit-cmu" --format markdown,csv,json,html --gallery 2 \
    --out "$out/report" > /dev/null
  "$facebench" report "$runs/dlib-faces-1/dlib-faces/results.json" "$runs/dlib-faces-2/dlib-faces/results.json" \
    --label first --label second --format markdown,json --out "$out/shards" > /dev/null
  "$facebench" baseline update "$out/dlib-faces" "$out/mit-cmu" --out "$out/baseline.json" > /dev/null
  for current in dlib-faces-1 mit-cmu-2; do
    "$facebench" compare "$runs/$current" --baseline "$out/baseline.json" --allow-missing --all \
      --markdown "$out/compare-$current.md" > "$out/compare-$current.txt" || echo "exit $?" >> "$out/compare-$current.txt"
  done
  local protocols=coco,voc,fp_table,sizes,per_image,errors,landmarks
  for dataset in dlib-faces mit-cmu; do
    for detector in haar:coco yunet:coco; do
      local predictions=(--predictions "${detector%%:*}=$out/$dataset/$dataset/${detector%%:*}.coco.json" --importer "${detector#*:}")
      "$facebench" eval --dataset "$dataset" "${predictions[@]}" --protocol $protocols --bootstrap 100 --format json \
        > "$out/eval-$dataset-${detector%%:*}.json" 2> "$out/eval-$dataset-${detector%%:*}.err" || true
      "$facebench" eval --dataset "$dataset" "${predictions[@]}" --protocol $protocols --format markdown \
        > "$out/eval-$dataset-${detector%%:*}.md" 2>&1 || true
    done
  done
  "$facebench" detect "$DATASETS/mit-cmu/images/voyager.png" --dataset mit-cmu --detector yunet --format json > "$out/detect.json"
  "$facebench" inspect "$DATASETS/dlib-faces" --format json > "$out/inspect.json"
  # The output folder's own path, the baseline's creation time and the timings of detect and eval are the
  # only text that depends on when and where the derivation ran.
  find "$out" -type l -delete
  grep -rlF "$out" "$out" | xargs -r sed -i "s#$out#OUT#g"
  sed -i 's/"created": "[^"]*"/"created": "TIME"/' "$out/baseline.json"
  sed -i -E 's/"(load_ms|latency_ms)": [0-9.e+-]+/"\1": 0/' "$out/detect.json"
  sed -i -E '/^  "timing": \{/,/^  \}/ s/: [0-9.e+-]+(,?)$/: 0\1/' "$out"/eval-*.json
}

compare_outputs() {
  diff -r "$1" "$2" > /dev/null && { echo "identical: $(find "$1" -type f | wc -l) files"; return 0; }
  diff -rq "$1" "$2" || true
  return 1
}

case "${1:-}" in
  save) shift; save "$@" ;;
  derive) shift; derive "$@" ;;
  diff) shift; compare_outputs "$@" ;;
  *) sed -n '2,9p' "$0" >&2; exit 64 ;;
esac
