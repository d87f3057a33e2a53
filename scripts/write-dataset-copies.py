#!/usr/bin/env python3
"""Writes dlib-faces and MIT+CMU in the annotation formats users bring (Datasets/README.md,
"Your own data"), from the ground truth the datasets ship, without FaceBench: the loaders'
tests (DatasetFormatCopyTests) and `make format-copies` run FaceBench on each copy and
require exactly the numbers of the original.

usage: write-dataset-copies.py OUT [DATASETS] [--dataset NAME]... [--format NAME]...
  OUT/<dataset>/<format>/ for every dataset (dlib-faces, mit-cmu) and format
  (coco-layout, yolo, csv, csv-corners, cvat, label-studio); images are symbolic links to the originals. DATASETS defaults to
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
    def __init__(self, name, path, boxes, landmarks=None):
        self.name, self.path, self.boxes = name, path, boxes  # boxes: [x, y, w, h]
        self.landmarks = landmarks  # per box, [(x, y)] in the mitcmu6 order
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
    # ground_truth_landmarks.txt: per face, in the order of its image's boxes, six points in
    # the order FaceBench's mitcmu6 scheme names them (MITCMU6 below).
    landmarks = {}
    with open(os.path.join(root, "ground_truth_landmarks.txt")) as f:
        for line in f:
            fields = line.split()
            if fields:
                values = list(map(float, fields[1:]))
                landmarks.setdefault(os.path.splitext(fields[0])[0], []).append(list(zip(values[0::2], values[1::2])))
    images = sorted(n for n in os.listdir(os.path.join(root, "images")) if n.endswith(".png"))
    samples = []
    for n in images:
        stem = os.path.splitext(n)[0]
        samples.append(Sample(n, os.path.join(root, "images", n), boxes.get(stem, []), landmarks.get(stem)))
    return samples


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


def yolo_values(x, y, w, h, width, height):
    return ((x + w / 2) / width, (y + h / 2) / height, w / width, h / height)


def write_yolo(samples, out):
    """images/ + labels/<stem>.txt + data.yaml; a faceless image has no label file. A box
    reaching past the image where a normalised value would leave [0, 1] is clipped and listed
    in clipped.txt."""
    os.makedirs(os.path.join(out, "labels"), exist_ok=True)
    if os.path.exists(os.path.join(out, "clipped.txt")):
        os.remove(os.path.join(out, "clipped.txt"))
    with open(os.path.join(out, "data.yaml"), "w") as f:
        f.write("path: .\ntrain: images\nval: images\nnc: 2\nnames:\n  0: person\n  1: face\n")
    for sample in samples:
        if not sample.boxes:
            continue
        with open(os.path.join(out, "labels", os.path.splitext(sample.name)[0] + ".txt"), "w") as f:
            for x, y, w, h in sample.boxes:
                values = yolo_values(x, y, w, h, sample.width, sample.height)
                if not all(0 <= v <= 1 for v in values):
                    # YOLO cannot hold it (MIT+CMU's sarah_live_2 face is wider than its image):
                    # clipped to the image, as converters do, and listed for the comparisons.
                    x1, y1 = max(x, 0.0), max(y, 0.0)
                    x2, y2 = min(x + w, float(sample.width)), min(y + h, float(sample.height))
                    values = yolo_values(x1, y1, x2 - x1, y2 - y1, sample.width, sample.height)
                    with open(os.path.join(out, "clipped.txt"), "a") as note:
                        note.write("%s %r %r %r %r\n" % (sample.name, x, y, w, h))
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


def write_cvat(samples, out):
    """annotations.xml (CVAT for images 1.1) + images/: a face and a person label; MIT+CMU's six
    landmarks as <points> labelled with FaceBench's mitcmu6 point names, grouped with their box."""
    root = ET.Element("annotations")
    ET.SubElement(root, "version").text = "1.1"
    for index, sample in enumerate(samples):
        image = ET.SubElement(root, "image", id=str(index), name=sample.name, width=str(sample.width), height=str(sample.height))
        for number, (x, y, w, h) in enumerate(sample.boxes):
            group = str(number + 1)
            box = ET.SubElement(image, "box", label="face", source="manual", occluded="0", xtl=repr(x), ytl=repr(y),
                                xbr=repr(x + w), ybr=repr(y + h), z_order="0", group_id=group)
            ET.SubElement(box, "attribute", name="ignore").text = "false"
            for point_name, (px, py) in zip(MITCMU6, sample.landmarks[number] if sample.landmarks else []):
                ET.SubElement(image, "points", label=point_name, source="manual", occluded="0", points="%r,%r" % (px, py),
                              z_order="0", group_id=group)
        if index == 0:
            ET.SubElement(image, "box", label="person", occluded="0", xtl="0", ytl="0", xbr="1", ybr="1", z_order="0")
    os.makedirs(out, exist_ok=True)
    ET.ElementTree(root).write(os.path.join(out, "annotations.xml"), encoding="utf-8", xml_declaration=True)
    link_images(samples, os.path.join(out, "images"))


def write_label_studio(samples, out):
    """A rectangle-labels project's JSON export (percent coordinates) + images/; a cancelled
    annotation before the real one, as when an annotator skipped the task first."""
    tasks = []
    for index, sample in enumerate(samples, 1):
        results = [{
            "id": "r%d_%d" % (index, n), "type": "rectanglelabels", "from_name": "label", "to_name": "image",
            "original_width": sample.width, "original_height": sample.height, "image_rotation": 0,
            "value": {"x": x * 100 / sample.width, "y": y * 100 / sample.height, "width": w * 100 / sample.width,
                      "height": h * 100 / sample.height, "rotation": 0, "rectanglelabels": ["Face"]}}
            for n, (x, y, w, h) in enumerate(sample.boxes)]
        tasks.append({"id": index, "data": {"image": "/data/local-files/?d=images/" + sample.name},
                      "annotations": [{"id": 2 * index - 1, "result": [], "was_cancelled": True},
                                      {"id": 2 * index, "result": results, "was_cancelled": False}],
                      "predictions": []})
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "project-1-at-2026-12-01.json"), "w") as f:
        json.dump(tasks, f)
    link_images(samples, os.path.join(out, "images"))


MITCMU6 = ["right_eye", "left_eye", "nose_tip", "right_mouth_corner", "mouth_centre", "left_mouth_corner"]
DATASETS = {"dlib-faces": dlib_faces, "mit-cmu": mit_cmu}
FORMATS = {"coco-layout": write_coco_layout, "yolo": write_yolo, "csv": write_csv, "csv-corners": write_csv_corners,
           "cvat": write_cvat, "label-studio": write_label_studio}


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
