#!/usr/bin/env bash
# Runs the README's shard recipes for real and checks what they promise: the Slurm array job
# on a single-node Slurm cluster started here (slurmctld + slurmd + munged, localhost only),
# with one task killed mid-run and requeued, and the GNU parallel recipe. Each one's merged
# COCO exports must equal a single run's byte for byte, and the requeued task must have
# continued its log (--resume) rather than started over.
#
# The recipes are not copied here: they are read from README.md (the fenced blocks after
# `<!-- recipe:slurm -->` and `<!-- recipe:parallel -->`), so the text users follow is the
# text CI runs.
#
# Usage: scripts/check-shard-recipes.sh [slurm] [parallel]   (default: both)
# Needs root for the Debian packages (slurm-wlm, munge, parallel) and to run the daemons.
# FACEBENCH: the binary (default .build/release/facebench; `make shard-recipes` builds it).
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
recipes=("$@")
[ ${#recipes[@]} -gt 0 ] || recipes=(slurm parallel)

FACEBENCH_WITH_SCHEDULERS=1 ./scripts/install-dependencies.sh
binary=$(realpath "${FACEBENCH:-.build/release/facebench}")
[ -x "$binary" ] || { echo "check-shard-recipes: $binary not built (swift build -c release)" >&2; exit 1; }
# The recipes call `facebench`, as users do.
mkdir -p .build/shard-recipes/bin
ln -sf "$binary" .build/shard-recipes/bin/facebench
export PATH="$checkout/.build/shard-recipes/bin:$PATH"

work="$checkout/.build/shard-recipes"
started=()
cleanup() {
  local pidfile
  for pidfile in "${started[@]}"; do
    [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
}
trap cleanup EXIT

fail() { echo "check-shard-recipes: FAIL: $*" >&2; exit 1; }

# The fenced block after <!-- recipe:NAME --> in README.md.
recipe() {
  awk -v marker="<!-- recipe:$1 -->" '
    $0 == marker { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$checkout/README.md"
}

# The single-machine reference: the same detector, the same dataset, no shards.
reference() {
  if [ ! -f "$work/single/mit-cmu/lbp.coco.json" ]; then
    rm -rf "$work/single"
    facebench run --dataset mit-cmu --detector lbp --out "$work/single" >/dev/null
  fi
}

# merged/ must hold the reference's COCO exports, byte for byte.
same_as_reference() {
  local folder=$1 file
  for file in gt.coco.json lbp.coco.json; do
    cmp -s "$work/single/mit-cmu/$file" "$folder/mit-cmu/$file" \
      || fail "$folder/mit-cmu/$file differs from the single run's $work/single/mit-cmu/$file"
  done
  echo "check-shard-recipes: $folder: gt.coco.json and lbp.coco.json equal the single run's"
}

# A single-node cluster: this machine is the controller and the only compute node.
start_cluster() {
  local cluster=$work/slurm cpus
  rm -rf "$cluster"
  mkdir -p "$cluster/state" "$cluster/spool"
  cpus=$(nproc)
  cat >"$cluster/slurm.conf" <<EOF
ClusterName=facebench-ci
SlurmctldHost=localhost(127.0.0.1)
AuthType=auth/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/slurmctld.log
SlurmdLogFile=$cluster/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
JobRequeue=1
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=ci Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$cluster/slurm.conf
  if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.facebench.pid
    started+=(/run/munge/munged.facebench.pid)
  fi
  slurmctld -f "$SLURM_CONF"
  started+=("$cluster/slurmctld.pid")
  slurmd -f "$SLURM_CONF" -N localhost
  started+=("$cluster/slurmd.pid")
  local tries=0
  until sinfo -h -N -o '%T' 2>/dev/null | grep -qx idle; do
    tries=$((tries + 1))
    [ $tries -lt 60 ] || { cat "$cluster"/*.log >&2; fail "the Slurm node did not come up"; }
    sleep 0.5
  done
  echo "check-shard-recipes: single-node Slurm cluster up ($cpus CPUs)"
}

lines() { [ -f "$1" ] && wc -l <"$1" || echo 0; }

check_slurm() {
  start_cluster
  local job=$work/slurm-job
  rm -rf "$job" && mkdir -p "$job"
  recipe slurm >"$job/shards.sh"
  grep -q -- '--requeue' "$job/shards.sh" && grep -q -- '--resume' "$job/shards.sh" || fail "README's Slurm recipe not found"
  cd "$job"
  local id
  id=$(sbatch --parsable shards.sh)
  echo "check-shard-recipes: submitted array job $id ($(grep -c '^#SBATCH' shards.sh) #SBATCH lines)"

  # Kill task 2 once it has logged some images, then requeue it: Slurm starts the script
  # again, and --resume must carry on from the log instead of starting over.
  local log=shards/2/mit-cmu/images.jsonl tries=0
  until [ "$(lines "$log")" -ge 4 ]; do
    tries=$((tries + 1))
    [ $tries -lt 600 ] || fail "task 2 logged no images within 60 s"
    sleep 0.1
  done
  scontrol requeue "${id}_2"
  # Slurm holds a requeued job back for a couple of minutes (its begin time moves ahead);
  # CI need not wait for that.
  tries=0
  until [ "$(squeue -h -j "${id}_2" -o %T 2>/dev/null)" = PENDING ]; do
    tries=$((tries + 1))
    [ $tries -lt 300 ] || fail "the requeued task ${id}_2 did not return to the queue"
    sleep 0.1
  done
  scontrol update JobId="${id}_2" StartTime=now
  local before
  before=$(lines "$log")
  cp "$log" "$work/task2-at-kill.jsonl"
  echo "check-shard-recipes: killed and requeued task ${id}_2 with $((before - 1)) images logged"

  tries=0
  while [ -n "$(squeue -h -j "$id" 2>/dev/null)" ]; do
    tries=$((tries + 1))
    [ $tries -lt 1200 ] || fail "array job $id did not finish within 10 minutes"
    sleep 0.5
  done
  local task state
  for task in 1 2 3 4; do
    state=$(scontrol show job "${id}_$task" 2>/dev/null | grep -o 'JobState=[A-Z]*' || true)
    [ -z "$state" ] || [ "$state" = JobState=COMPLETED ] || fail "task $task ended $state (see $job/slurm-${id}_$task.out)"
    [ -f "shards/$task/mit-cmu/results.json" ] || fail "task $task wrote no results (see $job/slurm-${id}_$task.out)"
  done
  # Resumed, not restarted: what was logged before the kill is still the start of the log,
  # and no image was logged twice.
  cmp -s -n "$(stat -c %s "$work/task2-at-kill.jsonl")" "$work/task2-at-kill.jsonl" "$log" \
    || fail "task 2's log was rewritten after the requeue: it started over instead of resuming"
  local after unique
  after=$(lines "$log")
  unique=$(tail -n +2 "$log" | python3 -c 'import json, sys; print(len({json.loads(line)["id"] for line in sys.stdin if line.strip()}))')
  [ "$unique" -eq $((after - 1)) ] || fail "task 2's log holds an image twice"
  [ "$after" -gt "$before" ] || fail "task 2 was requeued after it had finished; nothing to resume"
  echo "check-shard-recipes: task 2 resumed: $((before - 1)) images before the kill, $((after - 1)) at the end"

  recipe slurm-merge >merge.sh
  bash -euo pipefail merge.sh >/dev/null
  cd "$checkout"
  same_as_reference "$job/merged"
}

check_parallel() {
  local job=$work/parallel-job
  rm -rf "$job" && mkdir -p "$job"
  recipe parallel >"$job/shards.sh"
  grep -q '^parallel ' "$job/shards.sh" || fail "README's GNU parallel recipe not found"
  cd "$job"
  bash -euo pipefail shards.sh >/dev/null
  cd "$checkout"
  same_as_reference "$job/merged"
}

start=$(date +%s)
reference
for name in "${recipes[@]}"; do
  case $name in
    slurm) check_slurm ;;
    parallel) check_parallel ;;
    *) echo "usage: $0 [slurm] [parallel]" >&2; exit 64 ;;
  esac
done
echo "check-shard-recipes: ${recipes[*]}: passed in $(($(date +%s) - start)) s"
