# Sourced by the held-out checks (check-wider-heldout.sh, check-fddb-heldout.sh): the shared
# start of both — a seed (fresh each run unless given), the dataset folder under
# FACEBENCH_DATASETS (first entry) or ../shared/datasets, a scratch folder removed on exit,
# and a release build of facebench to score with.
#
#   heldout_start SUBFOLDER SEED   sets SEED, DATA, WORK and cds to the project root
heldout_start() {
  ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  SEED=${2:-$RANDOM$RANDOM}
  DATA=${FACEBENCH_DATASETS:-$ROOT/../shared/datasets}
  DATA=${DATA%%:*}/$1
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
  cd "$ROOT"
  swift build -c release -Xswiftc -enable-testing --product facebench >/dev/null  # the flags of make release
  echo "seed $SEED"
}
