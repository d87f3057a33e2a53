#!/usr/bin/env python3
"""Held-out parity check: fresh synthetic prediction sets (seeds the golden fixtures do
not use), scored live by `facebench eval --format json` and by the references
(pycocotools for COCO's twelve numbers, reference_protocols.voc_ap for VOC), compared
number by number. Exit status 1 if anything differs by more than 1e-9.

Ground truth: MIT+CMU and dlib-faces, and the first --wider-images images of WIDER FACE
validation (wider_face_val_bbx_gt.txt), each written as COCO ground truth with the
profile's crowd flags and area changes, so FaceBench reads it through its COCO loader; one
case also goes through the named dataset `mit-cmu` with its own loader.

  python3 scripts/evaluation/check_heldout.py [--facebench .build/release/facebench] [--seed 5000]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference_protocols  # noqa: E402
import synthetic  # noqa: E402

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cases(datasets, wider_images):
    yield "mit-cmu", lambda: synthetic.read_mit_cmu(os.path.join(datasets, "mit-cmu"))
    yield "dlib-faces", lambda: synthetic.read_dlib(os.path.join(datasets, "dlib-faces"))
    wider = os.path.join(datasets, "wider-val-gt", "wider_face_val_bbx_gt.txt")
    yield f"wider[:{wider_images}]", lambda: synthetic.read_wider_txt(wider)[:wider_images]


def facebench_eval(binary, dataset, results, max_dets):
    command = [binary, "eval", "--dataset", dataset, "--predictions", results, "--protocol", "coco,voc",
               "--format", "json", "--max-dets", ",".join(map(str, max_dets))]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{run.stderr}")
    return json.loads(run.stdout)


def compare(label, ours, reference, keys):
    worst = 0.0
    for key in keys:
        a, b = ours.get(key), reference.get(key)
        if a is None or b is None:
            if a != b:
                print(f"  {label} {key}: FaceBench {a}, reference {b}")
                worst = float("inf")
            continue
        worst = max(worst, abs(a - b))
    return worst


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--facebench", default=os.path.join(REPOSITORY, ".build", "release", "facebench"))
    parser.add_argument("--datasets", default=os.path.join(REPOSITORY, "..", "shared", "datasets"))
    parser.add_argument("--seed", type=int, default=5000, help="first seed; each case uses the next one")
    parser.add_argument("--wider-images", type=int, default=400)
    args = parser.parse_args()

    seed = args.seed
    failures = 0
    print(f"{'case':44} {'COCO max |Δ|':>14} {'VOC max |Δ|':>14}")
    with tempfile.TemporaryDirectory() as folder:
        for source, read in cases(args.datasets, args.wider_images):
            for profile in ["realistic", "ties", "crowd", "integer", "dense"]:
                seed += 1
                max_dets = [1, 5, 20] if profile == "dense" and source == "mit-cmu" else [1, 10, 100]
                images, detections = synthetic.synthesize(read(), seed, profile)
                ground_truth, results = synthetic.coco_ground_truth(images), synthetic.coco_results(detections)
                gt_path, results_path = os.path.join(folder, "gt.coco.json"), os.path.join(folder, "results.coco.json")
                synthetic.write_json(ground_truth, gt_path)
                synthetic.write_json(results, results_path)
                targets = [gt_path]
                if source == "mit-cmu" and profile in ("realistic", "ties"):
                    targets.append("mit-cmu")  # the named dataset and its own loader
                coco, _ = reference_protocols.coco_stats(ground_truth, results, max_dets)
                voc = reference_protocols.voc_ap(images, detections)
                for target in targets:
                    ours = facebench_eval(args.facebench, target, results_path, max_dets)
                    coco_delta = compare("coco", ours["coco"], coco, reference_protocols.COCO_KEYS)
                    voc_delta = compare("voc", ours["voc"], voc, ["AP", "AP11"])
                    name = f"{source} {profile} seed {seed}" + (" (named)" if target == "mit-cmu" else "")
                    ok = coco_delta <= 1e-9 and voc_delta <= 1e-9
                    failures += not ok
                    print(f"{name:44} {coco_delta:14.1e} {voc_delta:14.1e}{'' if ok else '  FAIL'}")
    print("all agree to 1e-9" if failures == 0 else f"{failures} case(s) differ")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
