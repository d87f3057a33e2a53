#!/usr/bin/env bash
# Renders a FaceBench HTML report in headless Chromium and saves a PNG screenshot: the check
# that the report looks right in a real browser (charts drawn, thumbnails decoded, layout).
#
# Usage: scripts/screenshot-report.sh REPORT.html OUT.png [WIDTH [HEIGHT]]
#   WIDTH, HEIGHT: the browser window in CSS pixels (default 1280 × 6000; the screenshot is
#   the window, so make HEIGHT cover the part of the page you want to see).
# The browser is $CHROMIUM, else chromium, chromium-browser or google-chrome on PATH
# (Debian: apt-get install chromium). Exit status 3 when none is found, so callers can skip.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 REPORT.html OUT.png [WIDTH [HEIGHT]]" >&2
  exit 64
fi
report=$(realpath "$1")
out=$(realpath -m "$2")
width=${3:-1280}
height=${4:-6000}
[ -f "$report" ] || { echo "screenshot-report: $report: no such file" >&2; exit 1; }

source "$(dirname "$0")/lib/chromium.sh"
chromium_find screenshot-report
profile=$CHROMIUM_PROFILE
rm -f "$out"
timeout 180 "$BROWSER" "${CHROMIUM_FLAGS[@]}" --window-size="$width,$height" --screenshot="$out" "file://$report" \
  >"$profile/log" 2>&1 || { cat "$profile/log" >&2; exit 1; }
if [ ! -s "$out" ]; then
  cat "$profile/log" >&2
  echo "screenshot-report: Chromium wrote no screenshot" >&2
  exit 1
fi
echo "screenshot-report: $out ($(stat -c %s "$out") bytes, ${width}x${height})" >&2
