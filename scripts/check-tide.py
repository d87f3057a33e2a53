#!/usr/bin/env python3
"""Live check of FaceBench's `errors` protocol against the PyPI package tidecv (1.0.1), the
TIDE authors' own code: every dAP (localisation, duplicate, background, missed, false
positives, false negatives), the AP and the error counts, through tidecv's `Data` API and
`TIDE().evaluate(gt, preds, mode=TIDE.BOX)`. dAPs and AP must agree to 1e-6 (FaceBench
reports fractions, tidecv percent), counts exactly; tidecv's classification and "both"
errors must be 0. Exit status 1 on any difference, 2 when tidecv cannot be imported.

  scripts/check-tide.py --run DIR         every <dataset>/results.json of a `facebench run`
                                          folder, against tidecv on its gt.coco.json and
                                          <detector>.coco.json
  scripts/check-tide.py --synthetic [--seed N] [--profiles ties,crowd] [--facebench PATH]
                                          synthetic predictions (scripts/evaluation/synthetic.py
                                          profiles) over MIT+CMU and dlib-faces, scored by
                                          `facebench eval --protocol errors`

Ground truth marked iscrowd or ignore becomes a tidecv ignore region; images are registered
in COCO id order, the order FaceBench evaluates them in (it breaks score ties between
images).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "evaluation"))

MAIN = {"localization": "Loc", "duplicate": "Dupe", "background": "Bkg", "missed": "Miss"}
SPECIAL = {"false_positives": "FalsePos", "false_negatives": "FalseNeg"}
TOLERANCE = 1e-6


def tidecv_numbers(ground_truth, detections):
    """tidecv on a COCO ground-truth dict and a COCO results list: {"ap", "dap", "counts",
    "zero"} with AP and dAPs as fractions."""
    from tidecv import TIDE, Data

    gt, preds = Data("gt"), Data("preds")
    for image in sorted(ground_truth["images"], key=lambda image: image["id"]):
        gt.add_image(image["id"], image.get("file_name", str(image["id"])))
    for annotation in ground_truth["annotations"]:
        if annotation.get("iscrowd") or annotation.get("ignore"):
            gt.add_ignore_region(annotation["image_id"], 1, annotation["bbox"])
        else:
            gt.add_ground_truth(annotation["image_id"], 1, annotation["bbox"])
    for detection in detections:
        preds.add_detection(detection["image_id"], 1, detection["score"], detection["bbox"])
    tide = TIDE()
    run = tide.evaluate(gt, preds, mode=TIDE.BOX)
    main = tide.get_main_errors()[preds.name]
    special = tide.get_special_errors()[preds.name]
    counts = {type(error).short_name: 0 for error in run.errors}
    for error in run.errors:
        counts[type(error).short_name] += 1
    return {
        "ap": run.ap / 100,
        "dap": {**{key: main[name] / 100 for key, name in MAIN.items()}, **{key: special[name] / 100 for key, name in SPECIAL.items()}},
        "counts": {key: counts.get(name, 0) for key, name in MAIN.items()},
        "zero": {"classification": main["Cls"], "both": main["Both"]},
    }


def compare(label, ours, reference):
    """One line per comparison; True when everything agrees."""
    worst = abs(ours["ap"] - reference["ap"])
    for key in list(MAIN) + list(SPECIAL):
        worst = max(worst, abs(ours["dap"][key] - reference["dap"][key]))
    counts_ok = all(ours["counts"][key] == reference["counts"][key] for key in MAIN)
    zero_ok = all(value == 0 for value in reference["zero"].values())
    ok = worst <= TOLERANCE and counts_ok and zero_ok
    daps = "  ".join(f"{name} {ours['dap'][key]:.4f}" for key, name in {**MAIN, **SPECIAL}.items())
    problems = ("" if counts_ok else f"  counts {ours['counts']} vs tidecv {reference['counts']}") + (
        "" if zero_ok else f"  tidecv Cls/Both {reference['zero']}")
    print(f"{label:34} AP {ours['ap']:.4f}  {daps}  largest difference {worst:.1e} {'OK' if ok else 'MISMATCH'}{problems}")
    return ok


def check_run(folder):
    ok, checked = True, 0
    for dataset in sorted(os.listdir(folder)):
        results_path = os.path.join(folder, dataset, "results.json")
        if not os.path.isfile(results_path):
            continue
        results = json.load(open(results_path))
        ground_truth = json.load(open(os.path.join(folder, dataset, "gt.coco.json")))
        for detector in results["detectors"]:
            ours = detector.get("evaluation", {}).get("errors")
            if ours is None:
                print(f"{dataset}/{detector['id']}: results.json has no evaluation.errors", file=sys.stderr)
                ok = False
                continue
            detections = json.load(open(os.path.join(folder, dataset, detector["id"] + ".coco.json")))
            ok &= compare(f"{dataset}/{detector['id']}", ours, tidecv_numbers(ground_truth, detections))
            checked += 1
    if checked == 0:
        print(f"check-tide: no results.json with detectors under {folder}", file=sys.stderr)
        return False
    return ok


PROFILES = ["realistic", "ties", "crowd", "integer", "dense"]


def check_synthetic(facebench, seed, datasets, profiles):
    import synthetic

    cases = [("mit-cmu", lambda: synthetic.read_mit_cmu(os.path.join(datasets, "mit-cmu"))),
             ("dlib-faces", lambda: synthetic.read_dlib(os.path.join(datasets, "dlib-faces")))]
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        for name, read in cases:
            for index, profile in enumerate(profiles):
                images, detections = synthetic.synthesize(read(), seed + index, profile)
                gt_path, results_path = os.path.join(scratch, "gt.json"), os.path.join(scratch, "results.json")
                ground_truth, results = synthetic.coco_ground_truth(images), synthetic.coco_results(detections)
                synthetic.write_json(ground_truth, gt_path)
                synthetic.write_json(results, results_path)
                command = [facebench, "eval", "--dataset", gt_path, "--predictions", results_path, "--protocol", "errors", "--format", "json"]
                run = subprocess.run(command, capture_output=True, text=True)
                if run.returncode != 0:
                    raise SystemExit(f"{' '.join(command)} failed:\n{run.stderr}")
                ours = json.loads(run.stdout)["errors"]
                ok &= compare(f"{name} {profile} (seed {seed + index})", ours, tidecv_numbers(ground_truth, results))
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--run", help="a `facebench run` output folder")
    mode.add_argument("--synthetic", action="store_true")
    parser.add_argument("--seed", type=int, default=7100)
    parser.add_argument("--profiles", default=",".join(PROFILES), help="synthetic profiles (default: all)")
    parser.add_argument("--facebench", default=os.path.join(REPOSITORY, ".build", "release", "facebench"))
    parser.add_argument("--datasets", default=(os.environ.get("FACEBENCH_DATASETS") or os.path.join(REPOSITORY, "..", "shared", "datasets")).split(":")[0])
    args = parser.parse_args()
    try:
        import tidecv  # noqa: F401
    except ImportError as error:
        print(f"check-tide: tidecv cannot be imported ({error}); install it with scripts/install-dependencies.sh", file=sys.stderr)
        return 2
    ok = check_run(args.run) if args.run else check_synthetic(args.facebench, args.seed, args.datasets, args.profiles.split(","))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
