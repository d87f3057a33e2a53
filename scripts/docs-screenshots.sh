#!/usr/bin/env bash
# Remakes docs/screenshots/: the single-run and the two-run HTML report as headless Chromium
# shows them, made with the given facebench build (e.g. main's, for "before", and this
# checkout's, for "after"). Two runs on dlib-faces: haar, lbp, hog and swift-haar with their
# defaults, then haar with neighbors=5, lbp with the improved cascade and hog under the same
# ids, so the two-run report pairs them.
#
# Usage: scripts/docs-screenshots.sh FACEBENCH SUFFIX
#   writes docs/screenshots/{single-run,two-runs,gallery}-SUFFIX.png, and gallery-open-SUFFIX.png
#   when the report's gallery images open full size.
# Needs Chromium (scripts/screenshot-report.sh), /usr/bin/python3 with cv2 (python3-opencv) to
# crop and scale the captures, and pngquant (apt-get install pngquant) to bring the photos of
# the gallery to a few hundred KB.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
  echo "usage: $0 FACEBENCH SUFFIX" >&2
  exit 64
fi
command -v pngquant >/dev/null || { echo "docs-screenshots: needs pngquant (apt-get install pngquant)" >&2; exit 1; }
facebench=$(realpath "$1")
suffix=$2
out=$(pwd)/docs/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

"$facebench" run --dataset dlib-faces --detector haar --detector lbp --detector hog --detector swift-haar \
  --out "$work/run1" >/dev/null
"$facebench" run --dataset dlib-faces --detector haar=haar:neighbors=5 --detector lbp=lbp:cascade=improved \
  --detector hog --out "$work/run4" >/dev/null
"$facebench" report "$work/run1" "$work/run4" --label run1 --label run4 --format html --out "$work/two-runs" 2>/dev/null

scripts/screenshot-report.sh "$work/run1/report.html" "$work/single.png" 1280 7000
scripts/screenshot-report.sh "$work/two-runs.html" "$work/two.png" 1280 7000

# The gallery's first image opened full size, when the report links its images.
figure=$(grep -o '<figure class="thumb" id="[^"]*"' "$work/run1/report.html" | head -1 | sed 's/.*id="//; s/"$//' || true)
if [ -n "$figure" ]; then
  profile=$(mktemp -d)
  flags=(--headless --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile")
  if [ "$(id -u)" -eq 0 ]; then flags+=(--no-sandbox); fi
  browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}
  timeout 180 "$browser" "${flags[@]}" --window-size=1280,900 --screenshot="$work/open.png" \
    "file://$work/run1/report.html#$figure" >/dev/null 2>&1
  rm -rf "$profile"
fi

# Top of each page (header, table, charts) and the gallery at the page's end, at 3/4 size.
/usr/bin/python3 - "$work" "$out" "$suffix" <<'PY'
import os, subprocess, sys
import cv2
import numpy as np

work, out, suffix = sys.argv[1:]

def save(image, name):
    h, w = image.shape[:2]
    small = cv2.resize(image, (w * 3 // 4, h * 3 // 4), interpolation=cv2.INTER_AREA)
    path = os.path.join(out, f"{name}-{suffix}.png")
    cv2.imwrite(path, small, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    subprocess.run(["pngquant", "--quality", "60-90", "--speed", "1", "--force", "--output", path, path], check=True)
    print(f"docs-screenshots: {path} ({os.path.getsize(path)} bytes)", file=sys.stderr)

def page_end(image):
    # The last row that is not the page's plain background (the window is taller than the page).
    background = image[-1, image.shape[1] // 2]
    varied = np.where(np.any(np.abs(image.astype(int) - background).sum(axis=2) > 12, axis=1))[0]
    return int(varied[-1]) + 1 if len(varied) else image.shape[0]

single = cv2.imread(os.path.join(work, "single.png"))
two = cv2.imread(os.path.join(work, "two.png"))
save(single[:2300], "single-run")
save(two[:2300], "two-runs")
end = page_end(single)
save(single[max(0, end - 1500):end], "gallery")
opened = os.path.join(work, "open.png")
if os.path.exists(opened):
    save(cv2.imread(opened), "gallery-open")
PY
