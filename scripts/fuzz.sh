#!/usr/bin/env bash
# Fuzzes FaceBench's readers with libFuzzer (docs/fuzzing.md).
#
#   scripts/fuzz.sh --seconds N [--keep-going] [TARGET…]   each target for N seconds, growing
#                                                          .build/fuzz/corpus/<target> (make fuzz)
#   scripts/fuzz.sh --until N [--seconds S] [TARGET…]      each target until the campaign's
#                                                          executions reach N (at most S seconds)
#   scripts/fuzz.sh --runs N [--seed S] [TARGET…]          each target for exactly N inputs from
#                                                          the seeds alone: deterministic (CI)
#   scripts/fuzz.sh --totals                               the campaign's executions per target
#   scripts/fuzz.sh --list                                 the targets
#
# --keep-going runs libFuzzer in fork mode, so a crash, leak of memory past the cap or timeout
# is saved and fuzzing goes on (for long sessions). Without it the first crash stops the target.
# Sessions (--seconds, --until) append each target's figures to .build/fuzz/campaign.tsv, so a
# campaign can span sessions on the kept corpus; they build pure-Swift targets without
# AddressSanitizer (Swift checks its own memory), --runs builds every target with it.
# Crash reproducers go to .build/fuzz/crashes/<target>/; the exit status is 1 if any target
# crashed. Seeds: scripts/fuzz/make-corpus.py (real files from $DATASETS, default
# ../shared/datasets) and the committed reproducers in Tests/Fixtures/fuzz/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="" runs="" until="" seed=1 keep_going=0 list=0 totals=0 targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --until) until=$2; shift 2 ;;
    --totals) totals=1; shift ;;
    --seed) seed=$2; shift 2 ;;
    --keep-going) keep_going=1; shift ;;
    --list) list=1; shift ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 64 ;;
    *) targets+=("$1"); shift ;;
  esac
done
WORK=.build/fuzz
CAMPAIGN=$WORK/campaign.tsv
if [ "$totals" = 1 ]; then
  [ -f "$CAMPAIGN" ] || { echo "fuzz.sh: no campaign yet ($CAMPAIGN)" >&2; exit 1; }
  printf '%-20s %12s %9s %8s %8s %8s\n' target executions seconds sessions crashes peak_MB
  awk -F'\t' 'NR > 1 { e[$3] += $5; s[$3] += $6; c[$3] += $7; if ($8 > p[$3]) p[$3] = $8; n[$3]++ }
    END { for (t in e) printf "%-20s %12d %9d %8d %8d %8d\n", t, e[t], s[t], n[t], c[t], p[t] }' "$CAMPAIGN" | sort
  exit 0
fi
if [ -n "$until" ] && [ "$keep_going" = 1 ]; then
  echo "fuzz.sh: --until counts executions without fork mode; leave out --keep-going" >&2
  exit 64
fi
if [ "$list" = 0 ] && [ -z "$seconds$runs$until" ]; then
  echo "usage: fuzz.sh --seconds N [--keep-going] [TARGET…] | --until N [--seconds S] [TARGET…] | --runs N [--seed S] [TARGET…] | --totals | --list" >&2
  exit 64
fi

# Caps every target runs under: the memory a process may reach (libFuzzer's RSS and single
# allocation limits, so a decompression bomb is a finding) and the time one input may take.
RSS_LIMIT_MB=${FUZZ_RSS_LIMIT_MB:-1024}
INPUT_TIMEOUT=${FUZZ_INPUT_TIMEOUT:-10}
DATASETS=${DATASETS:-../shared/datasets}
# Swift's own crash handler would report a trap instead of libFuzzer, and trips AddressSanitizer.
export SWIFT_BACKTRACE=enable=no

# Each sanitizer in its own build path: libFuzzer, with AddressSanitizer or without (the C
# shim of the image decoder is instrumented alike); -enable-testing lets the targets reach
# internal readers.
build_path() { if [ "$1" = address ]; then echo "$WORK"; else echo "$WORK-plain"; fi; }
build() {
  local sanitize=fuzzer cc=fuzzer-no-link
  if [ "$1" = address ]; then sanitize=fuzzer,address cc=fuzzer-no-link,address; fi
  FACEBENCH_FUZZ=1 swift build --build-path "$(build_path "$1")" -c release --product facebench-fuzz \
    -Xswiftc -sanitize=$sanitize -Xswiftc -enable-testing -Xcc -fsanitize=$cc 2>&1 \
    | grep -v "warning: Cannot export local symbol" >&2
}
binary() { echo "$(build_path "$1")/release/facebench-fuzz"; }

first=none
if [ -n "$runs" ]; then first=address; fi
build $first
known=$(FACEBENCH_FUZZ_TARGET=list "$(binary $first)")
# The commit the binaries were built from (the ledger's second column), "-dirty" with local changes.
commit=$(git describe --always --dirty 2>/dev/null || echo -)
if [ "$list" = 1 ]; then
  echo "$known"
  exit 0
fi
if [ ${#targets[@]} -eq 0 ]; then mapfile -t targets < <(cut -f1 <<<"$known"); fi
sanitizer_of() { if [ -n "$runs" ]; then echo address; else awk -F'\t' -v t="$1" '$1 == t { print $3 }' <<<"$known"; fi; }
for target in "${targets[@]}"; do
  if [ "$(sanitizer_of "$target")" != "$first" ]; then build address; break; fi
done

# Seeds from a real run (results.json, images.jsonl, COCO files), when a release facebench
# is built; the run takes a second.
seed_run=$WORK/seed-run
if [ ! -d "$seed_run" ] && [ -x .build/release/facebench ]; then
  .build/release/facebench run --dataset dlib-faces --detector swift-lbp --out "$seed_run" >/dev/null
fi
rm -rf "$WORK/seeds"
/usr/bin/python3 scripts/fuzz/make-corpus.py "$WORK/seeds" "$DATASETS" "$seed_run" >/dev/null

# The image readers' scratch files (they take paths), in memory. Removed at exit.
scratch_base=${FUZZ_TMPDIR:-/dev/shm}
[ -d "$scratch_base" ] && [ -w "$scratch_base" ] || scratch_base=/tmp
scratch=$(mktemp -d "$scratch_base/facebench-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

failed=0
printf '%-20s %12s %10s %8s %6s %8s %s\n' target executions exec/s seconds crashes peak_MB status
for target in "${targets[@]}"; do
  max_len=$(awk -F'\t' -v t="$target" '$1 == t { print $2 }' <<<"$known")
  if [ -z "$max_len" ]; then echo "fuzz.sh: unknown target $target" >&2; exit 64; fi
  crashes=$WORK/crashes/$target
  # CI's logs apart, so a CI check beside a session never writes into the session's logs.
  logs=$WORK/logs
  if [ -n "$runs" ]; then logs=$WORK/ci-logs; fi
  log=$logs/$target.log
  mkdir -p "$crashes" "$logs"
  if [ -n "$runs" ]; then
    # A fresh corpus folder each time: what earlier runs found must not change this one.
    corpus=$WORK/ci-corpus/$target
    rm -rf "$corpus"
    limit=(-runs="$runs" -seed="$seed")
  else
    corpus=$WORK/corpus/$target
    limit=()
    if [ -n "$seconds" ]; then limit=(-max_total_time="$seconds"); fi
    if [ -n "$until" ]; then
      done_so_far=0
      if [ -f "$CAMPAIGN" ]; then done_so_far=$(awk -F'\t' -v t="$target" 'NR > 1 && $3 == t { e += $5 } END { print e + 0 }' "$CAMPAIGN"); fi
      if [ "$done_so_far" -ge "$until" ]; then
        printf '%-20s %12s %10s %8s %6s %8s %s\n' "$target" "$done_so_far" - - - - "campaign done"
        continue
      fi
      limit+=(-runs=$(( until - done_so_far )))
    fi
  fi
  sanitizer=$(sanitizer_of "$target")
  mkdir -p "$corpus"
  mode=()
  if [ "$keep_going" = 1 ]; then mode=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1); fi
  inputs=("$corpus")
  for folder in "$WORK/seeds/$target" "Tests/Fixtures/fuzz/$target"; do
    if [ -d "$folder" ]; then inputs+=("$folder"); fi
  done
  before=$(find "$crashes" -type f | wc -l)
  start=$(date +%s)
  status=0
  # GNU time's maximum RSS covers fork mode's jobs too (the largest process it waited for).
  TMPDIR=$scratch FACEBENCH_FUZZ_TARGET=$target /usr/bin/time -f %M -o "$log.rss" "$(binary "$sanitizer")" "${limit[@]}" "${mode[@]}" -max_len="$max_len" \
    -rss_limit_mb="$RSS_LIMIT_MB" -malloc_limit_mb="$RSS_LIMIT_MB" -timeout="$INPUT_TIMEOUT" \
    -artifact_prefix="$crashes/" -print_final_stats=1 "${inputs[@]}" >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  found=$(( $(find "$crashes" -type f | wc -l) - before ))
  if [ "$keep_going" = 1 ]; then
    # Fork mode's last status line: "#N: cov: … oom/timeout/crash: a/b/c …".
    executions=$(grep -ao '^#[0-9]*' "$log" | tail -1 | tr -d '#' || true)
  else
    executions=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{ print $2 }' || true)
  fi
  peak=$(awk 'NF { kb = $1 } END { print int(kb / 1024) }' "$log.rss" 2>/dev/null || echo 0)
  executions=${executions:-0}
  result=ok
  if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then result="FAILED (exit $status; $log)"; failed=1; fi
  if [ -z "$runs" ]; then
    [ -f "$CAMPAIGN" ] || printf 'date\tcommit\ttarget\tsanitizer\texecutions\tseconds\tcrashes\tpeak_MB\n' >"$CAMPAIGN"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$commit" "$target" \
      "$sanitizer" "$executions" "$elapsed" "$found" "$peak" >>"$CAMPAIGN"
  fi
  printf '%-20s %12s %10s %8s %6s %8s %s\n' "$target" "$executions" $(( executions / (elapsed > 0 ? elapsed : 1) )) \
    "$elapsed" "$found" "$peak" "$result"
done
if [ "$failed" = 1 ]; then
  echo "fuzz.sh: crashes, timeouts or memory past ${RSS_LIMIT_MB} MB; reproducers in $WORK/crashes/" >&2
  exit 1
fi
