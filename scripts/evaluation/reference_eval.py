#!/usr/bin/env python3
"""Scores a COCO results file with a reference evaluator and prints what it found and how
long each stage took, as one JSON object:

  {"tool", "version", "stats": [12 numbers of COCOeval.summarize()],
   "seconds": {"load_gt", "load_results", "evaluate", "total"},
   "cpu_seconds": {same stages}}

Tools: pycocotools, faster-coco-eval, hotcoco. Stages are timed in this process with
time.perf_counter (wall) and time.process_time (CPU of all the process's threads);
"evaluate" is evaluate() + accumulate() + summarize() with their printing sent to a
buffer. Used by `facebench bench-eval` and by check_heldout.py.

  reference_eval.py --tool pycocotools --gt gt.coco.json --results results.coco.json [--max-dets 1,10,100]
"""

import argparse
import contextlib
import io
import json
import sys
import time


def load(tool):
    if tool == "pycocotools":
        from importlib.metadata import version
        from pycocotools.coco import COCO
        from pycocotools.cocoeval import COCOeval
        return COCO, lambda gt: gt.loadRes, COCOeval, version("pycocotools")
    if tool == "faster-coco-eval":
        import faster_coco_eval
        from faster_coco_eval import COCO, COCOeval_faster
        return COCO, lambda gt: gt.loadRes, COCOeval_faster, faster_coco_eval.__version__
    if tool == "hotcoco":
        import hotcoco
        return hotcoco.COCO, lambda gt: gt.load_res, hotcoco.COCOeval, hotcoco.__version__
    raise SystemExit(f"unknown tool {tool}")


def evaluate(tool, gt_path, results_path, max_dets=None):
    COCO, load_results, COCOeval, version = load(tool)
    quiet = io.StringIO()
    marks = [(time.perf_counter(), time.process_time())]
    with contextlib.redirect_stdout(quiet):
        gt = COCO(gt_path)
        marks.append((time.perf_counter(), time.process_time()))
        dt = load_results(gt)(results_path)
        marks.append((time.perf_counter(), time.process_time()))
        evaluator = COCOeval(gt, dt, "bbox")
        if max_dets:
            evaluator.params.maxDets = max_dets
        evaluator.evaluate()
        evaluator.accumulate()
        evaluator.summarize()
    marks.append((time.perf_counter(), time.process_time()))
    stats = [float(v) for v in evaluator.stats]

    def stages(clock):
        return {
            "load_gt": marks[1][clock] - marks[0][clock], "load_results": marks[2][clock] - marks[1][clock],
            "evaluate": marks[3][clock] - marks[2][clock], "total": marks[3][clock] - marks[0][clock],
        }

    return {"tool": tool, "version": str(version), "stats": stats, "evaluator": evaluator,
            "seconds": stages(0), "cpu_seconds": stages(1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True, choices=["pycocotools", "faster-coco-eval", "hotcoco"])
    parser.add_argument("--gt", required=True)
    parser.add_argument("--results", required=True)
    parser.add_argument("--max-dets", default=None, help="comma-separated maxDets (default 1,10,100)")
    args = parser.parse_args()
    max_dets = [int(v) for v in args.max_dets.split(",")] if args.max_dets else None
    outcome = evaluate(args.tool, args.gt, args.results, max_dets)
    del outcome["evaluator"]
    json.dump(outcome, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
