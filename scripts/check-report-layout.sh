#!/usr/bin/env bash
# Loads a FaceBench HTML report in headless Chromium at each WIDTH (CSS pixels) and lists
# the elements that stick out: wider than the viewport (the page would be cut or scroll
# sideways) or whose content overflows a box that does not scroll (text cut off). A wide
# table inside a scrolling box (.table-wrap) is fine: its box keeps to the page.
#
# WIDTH `print` lays the page out as it prints: the stylesheet's print rules applied, at the
# width of an A4 page's printable area (718 CSS px: 210 mm less Chromium's default margins of
# 0.4 in), where no box may scroll, since paper cannot.
#
# Usage: scripts/check-report-layout.sh REPORT.html [WIDTH|print…]   (default 1280 800 print)
# Exit status: 0 nothing sticks out, 1 something does (listed), 3 no Chromium found.
# The browser is $CHROMIUM, else chromium, chromium-browser or google-chrome on PATH.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 REPORT.html [WIDTH|print…]" >&2; exit 64; }
report=$(realpath "$1")
shift
widths=("$@")
[ ${#widths[@]} -gt 0 ] || widths=(1280 800 print)
print_width=718
[ -f "$report" ] || { echo "check-report-layout: $report: no such file" >&2; exit 1; }
source "$(dirname "$0")/lib/chromium.sh"
chromium_find check-report-layout

work=$CHROMIUM_PROFILE
# The probe runs after layout and writes what it finds into the page, which --dump-dom prints.
cat >"$work/probe.js" <<'JS'
window.addEventListener("load", () => {
  const width = document.documentElement.clientWidth, found = [];
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "");
  const path = (e) => { const parts = []; for (let n = e; n && n !== document.body && parts.length < 4; n = n.parentElement) parts.unshift(name(n)); return parts.join(" > "); };
  const printed = document.documentElement.dataset.layoutCheck === "print";
  const scrolls = (e) => { if (printed) return false; for (let n = e.parentElement; n; n = n.parentElement) { const o = getComputedStyle(n).overflowX; if (o === "auto" || o === "scroll") return true; } return false; };
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest("figure.thumb .full-only, script, style") || e.offsetParent === null && getComputedStyle(e).position !== "fixed") continue;
    const box = e.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.right > width + 1 && !scrolls(e)) found.push(`${path(e)}: right edge at ${Math.round(box.right)} px, viewport ${width}`);
    const style = getComputedStyle(e);
    if (style.overflowX === "hidden" && e.scrollWidth > e.clientWidth + 1) found.push(`${path(e)}: content ${e.scrollWidth} px cut to ${e.clientWidth}`);
  }
  if (document.documentElement.scrollWidth > width + 1) found.unshift(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
  const out = document.createElement("pre");
  out.id = "facebench-layout-check";
  out.textContent = JSON.stringify(found);
  document.body.appendChild(out);
});
JS
status=0
for width in "${widths[@]}"; do
  page="$work/report-$width.html"
  if [ "$width" = print ]; then
    # Chromium's --dump-dom cannot emulate print media: the print rules are made to apply on
    # screen instead, and the probe told not to excuse scrolling boxes.
    { sed -e 's/@media print {/@media all {/' -e 's/<html/<html data-layout-check="print"/' "$report"
      echo "<script>"; cat "$work/probe.js"; echo "</script>"; } >"$page"
    window=$print_width
  else
    { cat "$report"; echo "<script>"; cat "$work/probe.js"; echo "</script>"; } >"$page"
    window=$width
  fi
  timeout 180 "$BROWSER" "${CHROMIUM_FLAGS[@]}" --window-size="$window,2000" \
    --virtual-time-budget=5000 --dump-dom "file://$page" 2>/dev/null >"$work/dom-$width.html"
  result=$(python3 - "$work/dom-$width.html" <<'PY'
import html, json, re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
match = re.search(r'<pre id="facebench-layout-check">(.*?)</pre>', text, re.S)
if not match:
    sys.exit("the probe did not run (no result in the page)")
for line in json.loads(html.unescape(match.group(1))):
    print(line)
PY
) || { echo "check-report-layout: $width px: $result" >&2; exit 1; }
  if [ -n "$result" ]; then
    echo "$width$([ "$width" = print ] || echo " px"): $(printf '%s\n' "$result" | wc -l) elements stick out:"
    printf '%s\n' "$result" | sed 's/^/  /' | head -40
    status=1
  else
    echo "$width$([ "$width" = print ] || echo " px"): nothing sticks out"
  fi
done
exit $status
