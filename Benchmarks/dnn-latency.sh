#!/usr/bin/env bash
# Each CNN detector's median latency per call in FaceBench (release build, one thread) beside
# the same library called directly from C++ on the same images (.build/examples/dnn-direct:
# cv::FaceDetectorYN for yunet-2022mar, the release build's own YuNet 2023mar, MTCNN,
# CenterFace and SCRFD shim objects for yunet-2023mar (readNetFromONNX + FaceDetectorYN 4.8
# decoding), mtcnn, centerface and scrfd (at vga and, as scrfd-original, at each image's own size),
# MediaPipe's face detection graph written with OpenCV for blazeface-short and blazeface-full,
# the dlib shim's MMOD for mmod, about a second per image, so not by default; yuface's
# libfacedetection.so through dlopen and facedetect_cnn for libfacedetection), with the ratio;
# the goal is FaceBench within 5%. The faces each side found are printed too, to show both did
# the same work (BlazeFace's letterbox filters differ, so a marginal face may come and go).
# In each of ROUNDS rounds the two run at the same time, one thread each, so load from
# elsewhere on a shared machine slows both alike; each side keeps its fastest median. On an
# idle machine with two cores each has a core: `make dnn-latency`.
# Environment: DATASETS ("dlib-faces mit-cmu"), KINDS ("yunet-2022mar yunet-2023mar mtcnn
# scrfd scrfd-original blazeface-short blazeface-full centerface libfacedetection"; also mmod), ROUNDS (3), REPETITIONS (3 timed calls per image), WARMUP (1).
set -euo pipefail
cd "$(dirname "$0")/.."
datasets=${DATASETS:-dlib-faces mit-cmu}
kinds=${KINDS:-yunet-2022mar yunet-2023mar mtcnn scrfd scrfd-original blazeface-short blazeface-full centerface libfacedetection}
rounds=${ROUNDS:-3}
repetitions=${REPETITIONS:-3}
warmup=${WARMUP:-1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
facebench=.build/release/facebench
direct=.build/examples/dnn-direct
spec_for() { # KIND → the FaceBench spec, labelled KIND
  case "$1" in
    blazeface-short) echo "blazeface-short=blazeface" ;;
    blazeface-full) echo "blazeface-full=blazeface:range=full" ;;
    yunet-2022mar | yunet-2023mar) echo "$1=yunet:model=${1#yunet-}" ;;
    scrfd-original) echo "scrfd-original=scrfd:size=original" ;;
    *) echo "$1" ;;
  esac
}
model_for() { # KIND → the comma-separated model paths `facebench list` reports for it
  if [ "$1" = blazeface-short ] || [ "$1" = blazeface-full ]; then model_for blazeface | tr ',' '\n' | grep "${1#blazeface-}_range"; return; fi
  if [ "$1" = yunet-2022mar ] || [ "$1" = yunet-2023mar ]; then model_for yunet | tr ',' '\n' | grep "yunet_${1#yunet-}"; return; fi
  if [ "$1" = scrfd-original ]; then model_for scrfd; return; fi
  "$facebench" list | awk -v kind="  $1 — " 'index($0, kind) == 1 {found = 1; next} found && /available: / {sub(/.*available: /, ""); gsub(/, /, ","); print; exit}'
}
facebench_value() { # RESULTS KIND → "p50 detections" of that detector
  python3 -c 'import json,sys; d = next(d for d in json.load(open(sys.argv[1]))["detectors"] if d["id"] == sys.argv[2]); print(d["latency_ms"]["p50"], d["metrics"]["detections"])' "$1" "$2"
}
printf '| detector | dataset | calls per round | faces FaceBench / direct | FaceBench p50 ms | C++ direct p50 ms | ratio |\n|---|---|---:|---:|---:|---:|---:|\n'
for dataset in $datasets; do
  for kind in $kinds; do
    models=$(model_for "$kind")
    # The dataset's images in FaceBench's order, from a quick run of the fastest detector.
    "$facebench" run --dataset "$dataset" --detector lbp --repetitions 1 --warmup 0 --out "$out/$dataset-$kind-order" >/dev/null 2>&1
    mapfile -t images < <(python3 -c 'import json,sys; [print(i["path"]) for i in json.load(open(sys.argv[1]))["images"]]' \
      "$out/$dataset-$kind-order/$dataset/results.json")
    best_ours="" best_direct="" calls=0
    for round in $(seq "$rounds"); do
      run="$out/$dataset-$kind-$round"
      "$facebench" run --dataset "$dataset" --detector "$(spec_for "$kind")" --repetitions "$repetitions" --warmup "$warmup" --out "$run" >/dev/null 2>&1 &
      "$direct" "$kind" "$models" "$warmup" "$repetitions" "${images[@]}" >"$run.direct" 2>/dev/null
      wait
      read -r ours our_faces < <(facebench_value "$run/$dataset/results.json" "$kind")
      read -r theirs calls their_faces <"$run.direct"
      best_ours=$(python3 -c "import sys; print(min(float(v) for v in sys.argv[1:] if v))" "$ours" "$best_ours")
      best_direct=$(python3 -c "import sys; print(min(float(v) for v in sys.argv[1:] if v))" "$theirs" "$best_direct")
    done
    python3 -c "import sys; o, d = float(sys.argv[1]), float(sys.argv[2]); print(f'| $kind | $dataset | $calls | $our_faces / $their_faces | {o:.2f} | {d:.2f} | {o / d:.3f} |')" "$best_ours" "$best_direct"
  done
done
