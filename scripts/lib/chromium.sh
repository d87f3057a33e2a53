# Sourced by the scripts that load an HTML report in headless Chromium (screenshot-report.sh,
# check-report-layout.sh): finding the browser and the flags it needs here.
#
#   chromium_find NAME   sets BROWSER ($CHROMIUM, else chromium, chromium-browser or
#                        google-chrome on PATH) and CHROMIUM_FLAGS (headless, a throw-away
#                        profile removed on exit, no sandbox as root); exits 3 when none is
#                        found, so callers can skip. NAME prefixes the message.
chromium_find() {
  BROWSER=${CHROMIUM:-}
  if [ -z "$BROWSER" ]; then
    local candidate
    for candidate in chromium chromium-browser google-chrome; do
      if command -v "$candidate" >/dev/null; then BROWSER=$(command -v "$candidate"); break; fi
    done
  fi
  if [ -z "$BROWSER" ]; then
    echo "$1: no Chromium found (apt-get install chromium, or set CHROMIUM)" >&2
    exit 3
  fi
  CHROMIUM_PROFILE=$(mktemp -d)
  trap 'rm -rf "$CHROMIUM_PROFILE"' EXIT
  CHROMIUM_FLAGS=(--headless --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$CHROMIUM_PROFILE")
  # Chromium refuses to run its sandbox as root (containers, CI).
  if [ "$(id -u)" -eq 0 ]; then CHROMIUM_FLAGS+=(--no-sandbox); fi
}
