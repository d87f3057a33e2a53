# Sourced by the timings on a WIDER-validation-sized job (Benchmarks/bootstrap.sh,
# Benchmarks/wider-eval.sh): the shared start of both.
#
#   wider_benchmark_start PER_IMAGE REPEAT_DEFAULT [SEED]
#       sets ROOT (the checkout), SEED (default 1), GT (wider-val-gt in the first entry of
#       FACEBENCH_DATASETS, default ../shared/datasets), WORK (kept if set, else a temporary
#       folder) and REPEAT (kept if set, else REPEAT_DEFAULT); cds to ROOT, builds facebench
#       in release and writes PER_IMAGE synthetic predictions per image for SEED to
#       $WORK/predictions.
wider_benchmark_start() {
  ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  SEED=${3:-1}
  GT=${FACEBENCH_DATASETS:-$ROOT/../shared/datasets}
  GT=${GT%%:*}/wider-val-gt
  WORK=${WORK:-$(mktemp -d)}
  REPEAT=${REPEAT:-$2}
  cd "$ROOT"
  swift build -c release --product facebench >/dev/null
  python3 scripts/evaluation/wider_synthetic.py --gt "$GT" --out "$WORK/predictions" --style benchmark --seed "$SEED" --per-image "$1"
}
