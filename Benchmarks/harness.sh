#!/usr/bin/env bash
# The harness's own cost, measured on MIT+CMU with OpenCV Haar in a release build:
#  (a) overhead per image — the worker's wall time on an image minus decoding and the timed
#      detector call (claiming the image, bookkeeping, appending the log line) — as a fraction
#      of the Haar call; goal < 1%;
#  (b) throughput with 2 workers ÷ 1 worker (each with its own detector); goal >= 1.8.
# Both come from one `facebench run --threads 1,2`; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
.build/release/facebench run --dataset mit-cmu --detector haar --threads 1,2 --out "$out" >/dev/null
python3 - "$out/mit-cmu/results.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))
images = results["images"]
overhead = sum(image["overhead_ms"] for image in images)
haar = sum(sum(image["results"]["haar"]["latency_ms"]) for image in images)
print(f"(a) harness overhead: {overhead / len(images):.3f} ms per image = {100 * overhead / haar:.3f}% of the Haar call "
      f"({haar / len(images):.1f} ms per image); goal < 1%")
by_threads = {t["threads"]: t for t in results["detectors"][0]["throughput"]}
one, two = by_threads[1]["images_per_second"], by_threads[2]["images_per_second"]
print(f"(b) throughput: {one:.2f} img/s at 1 thread, {two:.2f} img/s at 2 threads, ratio {two / one:.2f}; goal >= 1.8")
PY
