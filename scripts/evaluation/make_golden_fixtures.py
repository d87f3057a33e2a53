#!/usr/bin/env python3
"""Writes the golden fixtures of FaceBench's COCO and VOC protocols to
Tests/Fixtures/Evaluation/: synthetic prediction sets over the real ground truth in
../shared/datasets (MIT+CMU, dlib-faces) and over a small hand-made ground truth, with the
numbers pycocotools (COCO) and the devkit-semantics reference (VOC, see
reference_protocols.py) give for them.

A fixture over a shared dataset stores only what is not in the dataset: the changes made
to its ground truth (faces turned into crowd regions, annotation areas that differ from
the box) and the detections as [image_id, x, y, w, h, score] rows; the Swift tests load
the dataset with FaceBench's own loader and apply the changes. The hand-made fixture
embeds its COCO ground truth and results JSON, so it also exercises the COCO readers.

  python3 scripts/evaluation/make_golden_fixtures.py [--datasets ../shared/datasets]

Requires pycocotools (the pyenv python3 has it). Rerunning gives identical files.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference_protocols  # noqa: E402
import synthetic  # noqa: E402

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(REPOSITORY, "Tests", "Fixtures", "Evaluation")

# (dataset, profile, seed, maxDets, what the fixture pins)
SHARED_FIXTURES = [
    ("mit-cmu", "realistic", 101, [1, 10, 100],
     "detector-like predictions: jitter, size-dependent misses, duplicates, false positives, empty images"),
    ("mit-cmu", "ties", 102, [1, 10, 100],
     "scores on a 0.1 grid: ties within and across images are broken by image id then file order (mergesort)"),
    ("mit-cmu", "crowd", 103, [1, 10, 100],
     "iscrowd faces (ignored, IoU over the detection's area, absorb several detections) and annotation areas "
     "that differ from w*h (COCO's size ranges use the annotation's area)"),
    ("mit-cmu", "integer", 104, [1, 10, 100],
     "integer boxes: IoUs exactly on thresholds (iou < t is a miss, iou == t a match) and areas exactly 32^2 / 96^2 "
     "(inclusive range ends)"),
    ("mit-cmu", "dense", 105, [1, 5, 20],
     "many detections per image and custom maxDets [1, 5, 20]: truncation per image after a stable sort, and every "
     "number honours maxDets (pycocotools' summarize() prints -1 for AP here; FaceBench uses 20)"),
    ("dlib-faces", "crowd", 106, [1, 10, 100], "crowd faces and area changes on dlib's PASCAL photos"),
    ("dlib-faces", "dense", 107, [1, 10, 100], "dense predictions on few images"),
]


def edge_case_ground_truth():
    """A small hand-made COCO ground truth with the corner cases pycocotools handles in its
    own way. Image ids are deliberately not in file order and not 1..n."""
    annotations = []

    def face(image_id, box, **extra):
        annotation = {"id": len(annotations) + 1, "image_id": image_id, "category_id": 3, "bbox": box,
                      "area": box[2] * box[3], "iscrowd": 0}
        annotation.update(extra)
        annotations.append(annotation)

    face(40, [10, 10, 20, 20])
    face(40, [50, 50, 40, 40], iscrowd=1)
    face(40, [100, 10, 32, 32])            # area exactly 32^2: small and medium
    face(40, [150, 10, 96, 96])            # area exactly 96^2: medium and large
    face(7, [0, 0, 10, 10])
    face(7, [5, 0, 10, 10])                # overlapping faces: one detection, two candidates
    face(7, [200, 200, 0, 12])             # zero-width face (WIDER has some): never matched
    face(7, [300, 300, -2, 23])            # inverted box: negative area, outside every range
    face(12, [20, 20, 30, 30], ignore=1)   # "ignore" without iscrowd: pycocotools counts it
    face(12, [60, 20, 30, 30], area=500.0)  # annotation area differs from the box
    face(99, [5, 5, 50, 50], iscrowd=1)    # an image with only a crowd region
    return {
        "images": [{"id": image_id, "file_name": f"img{image_id}.jpg", "width": 640, "height": 480}
                   for image_id in (40, 7, 12, 99, 55, 3)],  # 55 and 3 have no faces
        "annotations": annotations,
        "categories": [{"id": 3, "name": "face"}, {"id": 4, "name": "hand"}],
    }


def edge_case_results():
    rows = [
        (40, [10, 10, 20, 20], 0.9), (40, [11, 10, 20, 20], 0.9),    # duplicate, equal scores
        (40, [55, 55, 20, 20], 0.8), (40, [60, 60, 20, 20], 0.7),    # inside the crowd region
        (40, [100, 10, 32, 32], 0.5), (40, [150, 10, 96, 96], 0.5),
        (7, [2, 0, 10, 10], 0.95), (7, [4, 0, 10, 10], 0.3),
        (7, [0, 0, 10, 5], 0.6),                                      # IoU exactly 0.5 with face 1
        (7, [200, 200, 1, 12], 0.2),
        (12, [20, 20, 30, 30], 0.85), (12, [60, 20, 30, 30], 0.85),
        (99, [10, 10, 20, 20], 0.4),
        (55, [1, 1, 5, 5], 0.99),                                     # false positive on a faceless image
        (55, [1, 1, 200, 200], 0.1),                                   # large, outside "small"
    ]
    return [{"image_id": image_id, "category_id": 3, "bbox": box, "score": score, "id_hint": index}
            for index, (image_id, box, score) in enumerate(rows)]


def shared_fixture(datasets, dataset, profile, seed, max_dets, pins):
    root = os.path.join(datasets, dataset)
    images = synthetic.read_mit_cmu(root) if dataset == "mit-cmu" else synthetic.read_dlib(root)
    images, detections = synthetic.synthesize(images, seed, profile)
    coco, summarize = reference_protocols.coco_stats(
        synthetic.coco_ground_truth(images), synthetic.coco_results(detections), max_dets)
    voc = reference_protocols.voc_ap(images, detections)
    crowd = [[image.id, index] for image in images for index, face in enumerate(image.faces) if face["iscrowd"]]
    areas = [[image.id, index, face["area"]] for image in images for index, face in enumerate(image.faces)
             if face["area"] is not None]
    return {
        "generator": "scripts/evaluation/make_golden_fixtures.py",
        "dataset": dataset, "profile": profile, "seed": seed, "pins": pins,
        "crowd": crowd, "areas": areas, "max_dets": max_dets,
        "expected": {"coco": coco, "pycocotools_summarize": summarize, "voc": voc},
        "detections": detections,
    }


def edge_fixture():
    ground_truth, results = edge_case_ground_truth(), edge_case_results()
    coco, summarize = reference_protocols.coco_stats(ground_truth, [dict(r) for r in results])
    return {
        "generator": "scripts/evaluation/make_golden_fixtures.py",
        "pins": "COCO corner cases: category chosen by name, image ids out of order, iscrowd, 'ignore' without "
                "iscrowd (counted, as pycocotools overwrites it), zero-width and inverted faces, range ends, an "
                "IoU of exactly 0.5, equal scores, a crowd-only image, faceless images, an unknown extra key",
        "expected": {"coco": coco, "pycocotools_summarize": summarize},
        "ground_truth": ground_truth, "results": results,
    }


def write(name, value):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name)
    with open(path, "w") as handle:
        json.dump(value, handle, separators=(",", ":"))
        handle.write("\n")
    print(f"{path}: {os.path.getsize(path) // 1024} KB")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--datasets", default=os.path.join(REPOSITORY, "..", "shared", "datasets"))
    args = parser.parse_args()
    for dataset, profile, seed, max_dets, pins in SHARED_FIXTURES:
        write(f"coco-{dataset}-{profile}.json", shared_fixture(args.datasets, dataset, profile, seed, max_dets, pins))
    write("coco-edge-cases.json", edge_fixture())


if __name__ == "__main__":
    main()
