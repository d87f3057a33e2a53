"""Synthetic detections over real face ground truth.

Used by the golden-fixture generator, the held-out parity check and the evaluation
benchmark, so all three draw predictions the same way. Ground truth is read from
../shared/datasets at run time and never written into the repository: fixtures keep only
the predictions, the changes made to the ground truth (crowd flags, annotation areas) and
the reference numbers.

Images are numbered 1..n in the order FaceBench gives its samples (MIT+CMU: image file
names sorted; dlib: first appearance in training.xml then testing.xml; WIDER: order of
wider_face_val_bbx_gt.txt), so COCO image ids equal FaceBench sample ids.
"""

import json
import math
import os
import random
import xml.etree.ElementTree as ElementTree


class Image:
    def __init__(self, image_id, name, width, height, faces):
        self.id = image_id
        self.name = name
        self.width = width
        self.height = height
        # Each face: {"bbox": [x, y, w, h], "iscrowd": 0|1, "area": float or None}
        self.faces = faces


def read_mit_cmu(root):
    """MIT+CMU as MITCMULoader reads it: every image of images/, faces from
    ground_truth_bboxes.txt (`name.jpg x1 y1 x2 y2`), matched by file stem."""
    faces = {}
    with open(os.path.join(root, "ground_truth_bboxes.txt")) as handle:
        for line in handle:
            fields = line.split()
            if not fields:
                continue
            x1, y1, x2, y2 = (float(v) for v in fields[1:5])
            stem = fields[0].rsplit(".", 1)[0]
            faces.setdefault(stem, []).append({"bbox": [x1, y1, x2 - x1, y2 - y1], "iscrowd": 0, "area": None})
    names = sorted(n for n in os.listdir(os.path.join(root, "images")) if n.endswith((".png", ".jpg", ".gif")))
    images = []
    for index, name in enumerate(names):
        stem = name.rsplit(".", 1)[0]
        images.append(Image(index + 1, name, None, None, faces.get(stem, [])))
    return images


def read_dlib(root):
    """dlib-faces as DlibXMLLoader reads it: training.xml then testing.xml, images merged by
    file name in order of first appearance."""
    images, by_name = [], {}
    for file in ("training.xml", "testing.xml"):
        tree = ElementTree.parse(os.path.join(root, file))
        for element in tree.getroot().iter("image"):
            boxes = []
            for box in element.iter("box"):
                boxes.append({
                    "bbox": [float(box.get("left")), float(box.get("top")), float(box.get("width")), float(box.get("height"))],
                    "iscrowd": 0, "area": None,
                })
            name = element.get("file")
            if name in by_name:
                by_name[name].faces += boxes
            else:
                image = Image(len(images) + 1, name, int(element.get("width")), int(element.get("height")), boxes)
                by_name[name] = image
                images.append(image)
    return images


def read_wider_txt(path):
    """WIDER FACE's wider_face_val_bbx_gt.txt: name, count, then `x y w h blur expression
    illumination invalid occlusion pose` per face (one placeholder line when the count is 0).
    Benchmark input only; FaceBench's own WIDER loader is the reference for evaluation."""
    images = []
    with open(path) as handle:
        lines = [line.strip() for line in handle]
    i = 0
    while i < len(lines):
        if not lines[i]:
            i += 1
            continue
        name, count = lines[i], int(lines[i + 1])
        i += 2
        faces = []
        for k in range(max(count, 1)):
            values = lines[i + k].split()
            if count > 0:
                x, y, w, h = (float(v) for v in values[:4])
                faces.append({"bbox": [x, y, w, h], "iscrowd": 0, "area": None})
        i += max(count, 1)
        images.append(Image(len(images) + 1, name, None, None, faces))
    return images


def canvas(image):
    """The image size, or a size covering every face when the annotation has none."""
    width = image.width or max([1024.0] + [f["bbox"][0] + f["bbox"][2] + 20 for f in image.faces])
    height = image.height or max([768.0] + [f["bbox"][1] + f["bbox"][3] + 20 for f in image.faces])
    return width, height


# What each profile varies. Every profile jitters boxes, misses some faces and adds false
# positives; the others stress one behaviour of the protocols each.
PROFILES = {
    # Detector-like: recall falls with face size, a few duplicates, scores correlated with quality.
    "realistic": dict(detect=0.85, jitter=0.08, duplicates=0.08, false_positives=3.0, tie_step=None, crowd=0.0,
                      area_changes=0.0, empty_images=0.05, integer=False, max_per_image=None),
    # Scores on a coarse grid: many ties, across and within images.
    "ties": dict(detect=0.8, jitter=0.1, duplicates=0.1, false_positives=4.0, tie_step=0.1, crowd=0.0,
                 area_changes=0.0, empty_images=0.1, integer=False, max_per_image=None),
    # iscrowd regions that absorb detections, and annotation areas that differ from w*h.
    "crowd": dict(detect=0.85, jitter=0.1, duplicates=0.15, false_positives=3.0, tie_step=None, crowd=0.08,
                  area_changes=0.15, empty_images=0.05, integer=False, max_per_image=None),
    # Integer boxes: IoUs land exactly on thresholds, areas exactly on 32² and 96².
    "integer": dict(detect=0.85, jitter=0.12, duplicates=0.1, false_positives=3.0, tie_step=0.05, crowd=0.03,
                    area_changes=0.0, empty_images=0.05, integer=True, max_per_image=None),
    # Many detections per image, so maxDets truncation matters.
    "dense": dict(detect=0.9, jitter=0.1, duplicates=0.3, false_positives=25.0, tie_step=None, crowd=0.02,
                  area_changes=0.0, empty_images=0.02, integer=False, max_per_image=None),
    # The evaluation benchmark: about 100 detections on every image.
    "benchmark": dict(detect=0.85, jitter=0.08, duplicates=0.08, false_positives=None, tie_step=None, crowd=0.0,
                      area_changes=0.0, empty_images=0.0, integer=False, max_per_image=100),
}


def synthesize(images, seed, profile):
    """Returns (images with crowd flags and areas applied, detections) where detections are
    [image_id, x, y, w, h, score] rows in a shuffled order (never sorted by score)."""
    settings = PROFILES[profile]
    rng = random.Random(seed)
    detections = []
    for image in images:
        width, height = canvas(image)
        for face in image.faces:
            if rng.random() < settings["crowd"]:
                face["iscrowd"] = 1
            if rng.random() < settings["area_changes"]:
                w, h = face["bbox"][2], face["bbox"][3]
                face["area"] = round(w * h * rng.uniform(0.5, 1.3), 2)
        if rng.random() < settings["empty_images"]:
            continue
        rows = []
        for face in image.faces:
            x, y, w, h = face["bbox"]
            size = math.sqrt(max(w * h, 1.0))
            chance = settings["detect"] * min(1.0, 0.35 + size / 40.0)
            copies = 0
            if rng.random() < chance:
                copies = 1 + (rng.random() < settings["duplicates"])
            if face["iscrowd"]:
                copies += rng.randrange(0, 3)
            for _ in range(copies):
                jitter = settings["jitter"] * rng.uniform(0.2, 2.0)
                box = [x + rng.gauss(0, jitter) * w, y + rng.gauss(0, jitter) * h,
                       w * math.exp(rng.gauss(0, jitter)), h * math.exp(rng.gauss(0, jitter))]
                quality = math.exp(-4 * jitter) * min(1.0, size / 30.0)
                rows.append(box + [min(0.999, max(0.001, rng.gauss(0.3 + 0.65 * quality, 0.12)))])
        if settings["false_positives"] is None:
            extra = max(0, settings["max_per_image"] - len(rows))
        else:
            extra = poisson(rng, settings["false_positives"])
        for _ in range(extra):
            w = rng.uniform(4, min(300.0, width / 3))
            h = w * rng.uniform(0.8, 1.4)
            rows.append([rng.uniform(-10, width - w + 10), rng.uniform(-10, height - h + 10), w, h,
                         min(0.999, max(0.001, rng.betavariate(1.2, 4.0)))])
        if settings["max_per_image"] is not None:
            rows = rows[:max(settings["max_per_image"], len(image.faces))]
        for row in rows:
            if settings["integer"]:
                row[:4] = [float(round(v)) for v in row[:4]]
                row[2] = max(row[2], 1.0)
                row[3] = max(row[3], 1.0)
            else:
                row[:4] = [round(v, 2) for v in row[:4]]
                row[2] = max(row[2], 0.5)
                row[3] = max(row[3], 0.5)
            if settings["tie_step"]:
                row[4] = max(settings["tie_step"], round(round(row[4] / settings["tie_step"]) * settings["tie_step"], 6))
            else:
                row[4] = round(row[4], 6)
            detections.append([image.id] + row)
    rng.shuffle(detections)
    return images, detections


def poisson(rng, mean):
    limit, k, p = math.exp(-mean), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


def coco_ground_truth(images):
    """A COCO ground-truth dict (one category, id 1, "face"); `area` is the annotation's
    own when it was changed, else w*h as FaceBench's export writes it. Images without a
    size in the annotation get the canvas size (some evaluators insist on one)."""
    annotations = []
    for image in images:
        for face in image.faces:
            x, y, w, h = face["bbox"]
            annotations.append({
                "id": len(annotations) + 1, "image_id": image.id, "category_id": 1, "bbox": [x, y, w, h],
                "area": face["area"] if face["area"] is not None else w * h, "iscrowd": face["iscrowd"],
            })
    return {
        "images": [{"id": image.id, "file_name": image.name, "width": int(canvas(image)[0]), "height": int(canvas(image)[1])}
                   for image in images],
        "annotations": annotations,
        "categories": [{"id": 1, "name": "face", "supercategory": "face"}],
    }


def coco_results(detections):
    return [{"image_id": d[0], "category_id": 1, "bbox": d[1:5], "score": d[5]} for d in detections]


def write_json(value, path):
    with open(path, "w") as handle:
        json.dump(value, handle)
