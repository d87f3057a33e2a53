#!/usr/bin/env bash
# Runs a facebench command on a real terminal (tmux, 100 columns) and writes the screen as
# the user saw it, wrapped lines included: docs/terminal/ holds `run` captured this way.
#
# Usage: scripts/capture-terminal.sh [--ansi] BINARY OUTFILE ARGUMENT…
#   --ansi   keep the escape sequences (bold, colour) in OUTFILE (view with `cat` or `less -R`)
# The prompt line shows the command as `facebench ARGUMENT…`, whichever BINARY ran it; the
# arguments are typed as they are, so quote nothing that needs the shell.
set -euo pipefail
flags=""
if [ "${1:-}" = "--ansi" ]; then flags="-e"; shift; fi
if [ $# -lt 3 ]; then
  echo "usage: $0 [--ansi] BINARY OUTFILE ARGUMENT…" >&2
  exit 64
fi
binary=$(realpath "$1") out=$2
shift 2
command -v tmux >/dev/null || { echo "$0: needs tmux (apt-get install tmux)" >&2; exit 1; }
session=facebench-capture-$$
tmux new-session -d -s "$session" -x 100 -y 200 -c "$PWD" "bash --norc --noprofile"
trap 'tmux kill-session -t "$session" 2>/dev/null || true' EXIT
tmux send-keys -t "$session" "PS1='\$ '; facebench() { '$binary' \"\$@\"; }; clear" Enter
sleep 0.5
tmux send-keys -t "$session" "facebench $*; echo \"[exit \$?]\"" Enter
for _ in $(seq 1 600); do
  sleep 1
  if tmux capture-pane -p -t "$session" -S - | grep -q '^\[exit [0-9]*\]$'; then break; fi
done
# Trailing blank lines of the pane are not part of the session.
tmux capture-pane -p $flags -t "$session" -S - | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$out"
