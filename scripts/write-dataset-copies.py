#!/usr/bin/env python3
"""Writes dlib-faces and MIT+CMU in the annotation formats users bring (Datasets/README.md,
"Your own data"), from the ground truth the datasets ship, without FaceBench: the loaders'
tests (DatasetFormatCopyTests) and `make format-copies` run FaceBench on each copy and
require exactly the numbers of the original.

usage: write-dataset-copies.py OUT [DATASETS] [--dataset NAME]... [--format NAME]...
  OUT/<dataset>/<format>/ for every dataset (dlib-faces, mit-cmu) and format
  (coco-layout, yolo, csv, csv-corners); images are symbolic links to the originals. DATASETS defaults to
  ../shared/datasets beside the checkout.

The boxes are FaceBench's continuous pixel boxes: dlib's `left top width height` is
[left, left + width) (imglab's inclusive rectangle), MIT+CMU's `x1 y1 x2 y2` is the box
between those corners. Samples keep the original's order where a format has one (COCO ids).
"""
import argparse
import csv
import json
import os
import struct
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def image_size(path):
    """(width, height) from a PNG or JPEG header."""
    with open(path, "rb") as f:
        data = f.read(1 << 20)
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return struct.unpack(">II", data[16:24])
    assert data[:2] == b"\xff\xd8", path
    i = 2
    while i < len(data):
        assert data[i] == 0xFF, path
        marker = data[i + 1]
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + length
    raise ValueError("no JPEG frame header in " + path)


class Sample:
    def __init__(self, name, path, boxes):
        self.name, self.path, self.boxes = name, path, boxes  # boxes: [x, y, w, h]
        self.width, self.height = image_size(path)


def dlib_faces(root):
    samples, by_name = [], {}
    for file in ("training.xml", "testing.xml"):
        for image in ET.parse(os.path.join(root, file)).getroot().iter("image"):
            name = image.get("file")
            boxes = []
            for box in image.findall("box"):
                assert box.get("ignore") in (None, "0"), "ignored faces have no place in YOLO or CSV"
                boxes.append([float(box.get(k)) for k in ("left", "top", "width", "height")])
            if name in by_name:
                by_name[name].boxes += boxes
            else:
                by_name[name] = Sample(name, os.path.join(root, name), boxes)
                samples.append(by_name[name])
    return samples


def mit_cmu(root):
    boxes = {}
    with open(os.path.join(root, "ground_truth_bboxes.txt")) as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            x1, y1, x2, y2 = map(float, fields[1:])
            boxes.setdefault(os.path.splitext(fields[0])[0], []).append([x1, y1, x2 - x1, y2 - y1])
    images = sorted(n for n in os.listdir(os.path.join(root, "images")) if n.endswith(".png"))
    return [Sample(n, os.path.join(root, "images", n), boxes.get(os.path.splitext(n)[0], [])) for n in images]


def link_images(samples, folder):
    os.makedirs(folder, exist_ok=True)
    for sample in samples:
        target = os.path.join(folder, sample.name)
        if os.path.lexists(target):
            os.remove(target)
        os.symlink(os.path.abspath(sample.path), target)


def write_coco_layout(samples, out):
    """annotations/instances_default.json + images/, as CVAT's "COCO 1.0" export."""
    document = {"images": [], "annotations": [], "categories": [{"id": 1, "name": "face", "supercategory": ""}]}
    for index, sample in enumerate(samples, 1):
        document["images"].append({"id": index, "file_name": sample.name, "width": sample.width, "height": sample.height})
        for box in sample.boxes:
            document["annotations"].append({
                "id": len(document["annotations"]) + 1, "image_id": index, "category_id": 1, "bbox": box,
                "area": box[2] * box[3], "iscrowd": 0})
    os.makedirs(os.path.join(out, "annotations"), exist_ok=True)
    with open(os.path.join(out, "annotations", "instances_default.json"), "w") as f:
        json.dump(document, f)
    link_images(samples, os.path.join(out, "images"))


def write_yolo(samples, out):
    """images/ + labels/<stem>.txt + data.yaml; a faceless image has no label file."""
    os.makedirs(os.path.join(out, "labels"), exist_ok=True)
    with open(os.path.join(out, "data.yaml"), "w") as f:
        f.write("path: .\ntrain: images\nval: images\nnc: 2\nnames:\n  0: person\n  1: face\n")
    for sample in samples:
        if not sample.boxes:
            continue
        with open(os.path.join(out, "labels", os.path.splitext(sample.name)[0] + ".txt"), "w") as f:
            for x, y, w, h in sample.boxes:
                values = ((x + w / 2) / sample.width, (y + h / 2) / sample.height, w / sample.width, h / sample.height)
                f.write("1 " + " ".join(repr(v) for v in values) + "\n")
    link_images(samples, os.path.join(out, "images"))


def write_csv(samples, out):
    """boxes.csv + images/: corner and size with a class column; a faceless image gets a row
    with empty box fields. An extra column shows that other columns are kept."""
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "boxes.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["image_name", "x", "y", "width", "height", "label", "annotator"])
        for sample in samples:
            if not sample.boxes:
                writer.writerow([sample.name, "", "", "", "", "", ""])
            for x, y, w, h in sample.boxes:
                writer.writerow([sample.name, repr(x), repr(y), repr(w), repr(h), "face", "write-dataset-copies, \"v1\""])
    link_images(samples, os.path.join(out, "images"))


def write_csv_corners(samples, out):
    """TensorFlow's object-detection CSV: filename,width,height,class,xmin,ymin,xmax,ymax."""
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "labels.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["filename", "width", "height", "class", "xmin", "ymin", "xmax", "ymax"])
        for sample in samples:
            if not sample.boxes:
                writer.writerow([sample.name, sample.width, sample.height, "", "", "", "", ""])
            for x, y, w, h in sample.boxes:
                writer.writerow([sample.name, sample.width, sample.height, "face", repr(x), repr(y), repr(x + w), repr(y + h)])
    link_images(samples, os.path.join(out, "images"))


DATASETS = {"dlib-faces": dlib_faces, "mit-cmu": mit_cmu}
FORMATS = {"coco-layout": write_coco_layout, "yolo": write_yolo, "csv": write_csv, "csv-corners": write_csv_corners}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("datasets", nargs="?", default=os.path.join(ROOT, "..", "shared", "datasets"))
    parser.add_argument("--dataset", action="append", choices=sorted(DATASETS))
    parser.add_argument("--format", action="append", choices=sorted(FORMATS))
    arguments = parser.parse_args()
    for dataset in arguments.dataset or sorted(DATASETS):
        samples = DATASETS[dataset](os.path.join(arguments.datasets, dataset))
        for name in arguments.format or sorted(FORMATS):
            FORMATS[name](samples, os.path.join(arguments.out, dataset, name))
            print(os.path.join(arguments.out, dataset, name))


if __name__ == "__main__":
    main()
