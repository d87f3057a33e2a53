#!/usr/bin/env python3
"""Builds the fuzzers' seed corpus (docs/fuzzing.md): one folder per target under OUT, from the
real files in ../shared/datasets (never committed: they are third-party data), the project's
own fixtures, the files of a real `facebench run`, and crafted edge cases.

Seeds are cut down where the real file is larger than the target's input cap, so they keep
their structure (whole records, closed XML) instead of being truncated by libFuzzer.

usage: make-corpus.py OUT DATASETS [RUN_FOLDER]
  RUN_FOLDER: output of `facebench run` (results.json, images.jsonl, COCO files), optional.
Needs the system Python's cv2 (python3-opencv) for the small re-encoded images.
"""
import glob
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

OUT, DATASETS = sys.argv[1], sys.argv[2]
RUN = sys.argv[3] if len(sys.argv) > 3 else None
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASCADES = "/usr/share/opencv4"
counts = {}


def seed(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(OUT, target)
    os.makedirs(folder, exist_ok=True)
    # Named by content, as libFuzzer names the inputs it adds, so rebuilding is idempotent.
    with open(os.path.join(folder, "seed-" + hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
    counts[target] = counts.get(target, 0) + 1


def read(path):
    with open(path, "rb") as f:
        return f.read()


def dataset(*parts):
    return os.path.join(DATASETS, *parts)


# JSON: the fixtures' ground truth and results, the baseline, a real run's files.
for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/Evaluation/*.json"))):
    document = json.loads(read(path))
    if "ground_truth" in document:
        seed("coco-ground-truth", json.dumps(document["ground_truth"]))
    if "results" in document:
        seed("coco-results", json.dumps(document["results"]))
    seed("json", json.dumps(document)[:8192])
baseline = read(os.path.join(ROOT, "Results/baseline.json"))
seed("baseline-json", baseline)
seed("json", baseline)
if RUN:
    for path in sorted(glob.glob(os.path.join(RUN, "**/*"), recursive=True)):
        name = os.path.basename(path)
        if name == "results.json":
            seed("results-json", read(path))
            seed("json", read(path)[:16384])
        elif name == "images.jsonl":
            seed("run-log", read(path))
            # run-folder: the folder's results.json and log together (resume), and the results'
            # first half of images with the log's second half (two shards to merge).
            results_path = os.path.join(os.path.dirname(path), "results.json")
            if os.path.exists(results_path):
                results, log = read(results_path), read(path)
                seed("run-folder", results + b"\0" + log)
                document, lines = json.loads(results), log.splitlines(keepends=True)
                half = len(document["images"]) // 2
                kept = {record["id"] for record in document["images"][:half]}
                document["images"] = document["images"][:half]
                rest = [line for line in lines[1:] if json.loads(line)["id"] not in kept]
                seed("run-folder", json.dumps(document).encode() + b"\0" + lines[0] + b"".join(rest))
        elif name.endswith(".json") and "coco" in name:
            document = json.loads(read(path))
            seed("coco-ground-truth" if isinstance(document, dict) else "coco-results", read(path))
        elif path.endswith(".txt") and ".wider/" in path:
            seed("wider-predictions", read(path))
for text in ['{"a":[1,-0.0,2.5e-3,true,false,null,"\\u00e9\\ud83d\\ude00"]}', "\ufeff{}", "[" * 5000 + "]" * 5000,
             '{"x":1e400}', '{"x":NaN}', '{"k":"\\ud800"}', "[1,]", '{"a":1,"a":2}']:
    seed("json", text)
seed("coco-ground-truth", json.dumps({
    "images": [{"id": 1, "file_name": "a.jpg", "width": 640, "height": 480}, {"id": 2 ** 62, "file_name": "b.jpg"}],
    "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [1e308, 2, -3, 4], "iscrowd": 0, "area": 12}],
    "categories": [{"id": 1, "name": "face"}]}))
seed("coco-results", '[{"image_id":1,"category_id":1,"bbox":[1,2,3,4],"score":NaN},'
     '{"image_id":9223372036854775807,"category_id":1,"bbox":[1e308,0,1e308,1],"score":0.5}]')

# Exec protocol: a handshake line, then a response line.
handshake = '{"protocol":"facebench.exec/1","name":"fuzz","version":"1","input":"pixels","parameters":{"a":1},"score":"s"}'
for response in ['{"id":1,"faces":[{"box":[1,2,3,4],"score":0.9,"landmarks":[[1,2],[3,4]]}],"inference_ms":3.5}',
                 '{"id":1,"error":"cannot read"}', '{"id":1,"faces":[]}',
                 '{"id":1,"faces":[{"box":[1e308,NaN,-1,4],"score":1e999}]}']:
    seed("exec-reply", handshake + "\n" + response)

# XML: dlib's files (the landmark files cut to their first images), VOC made from dlib's boxes,
# cascades (Haar and LBP cut to two stages with only the features they use).
def dlib_excerpt(path, images):
    tree = ET.parse(path)
    parent = tree.getroot().find("images")
    for image in parent.findall("image")[images:]:
        parent.remove(image)
    return b"<?xml version=\"1.0\"?>\n" + ET.tostring(tree.getroot())


for name in ["training.xml", "testing.xml", "training_with_face_landmarks.xml", "testing_with_face_landmarks.xml"]:
    excerpt = dlib_excerpt(dataset("dlib-faces", name), 1 if "landmarks" in name else 10)
    seed("dlib-xml", excerpt)
    seed("xml", excerpt)
for image in ET.parse(dataset("dlib-faces", "training.xml")).getroot().iter("image"):
    objects = "".join(
        f"<object><name>face</name><difficult>{box.get('ignore', '0')}</difficult><bndbox><xmin>{box.get('left')}</xmin>"
        f"<ymin>{box.get('top')}</ymin><xmax>{int(box.get('left')) + int(box.get('width'))}</xmax>"
        f"<ymax>{int(box.get('top')) + int(box.get('height'))}</ymax></bndbox></object>" for box in image.iter("box"))
    seed("voc-xml", f"<annotation><filename>{image.get('file')}</filename><size><width>500</width><height>375</height>"
                    f"<depth>3</depth></size>{objects}</annotation>")
seed("xml", '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY e "x">]><!-- c --><d a="&amp;&#65;&#x42;"><![CDATA[<x>]]><e/></d>')


def cut_cascade(path, stages, node_width=4):
    """The cascade's first `stages` stages and the features they use; a node is `node_width`
    numbers (Haar: left, right, feature, threshold; LBP: left, right, feature, 8 subset words)."""
    tree = ET.parse(path)
    cascade = tree.getroot().find("cascade")
    stage_list = cascade.find("stages")
    for stage in stage_list.findall("_")[stages:]:
        stage_list.remove(stage)
    cascade.find("stageNum").text = str(stages)
    features = cascade.find("features").findall("_")
    used = {}
    for nodes in stage_list.iter("internalNodes"):
        values = nodes.text.split()
        for i in range(0, len(values), node_width):
            values[i + 2] = str(used.setdefault(int(values[i + 2]), len(used)))
        nodes.text = " ".join(values)
    feature_list = cascade.find("features")
    for feature in list(feature_list):
        feature_list.remove(feature)
    for old in sorted(used, key=used.get):
        feature_list.append(features[old])
    return b"<?xml version=\"1.0\"?>\n" + ET.tostring(tree.getroot())


for name in ["haarcascade_frontalface_default.xml", "haarcascade_frontalface_alt.xml", "haarcascade_frontalface_alt_tree.xml"]:
    seed("cascade", cut_cascade(os.path.join(CASCADES, "haarcascades", name), 2))
# Two stages keep every element of the format at a fifth of the size, so inputs run faster.
for name in ["lbpcascade_frontalface.xml", "lbpcascade_frontalface_improved.xml"]:
    seed("cascade", cut_cascade(os.path.join(CASCADES, "lbpcascades", name), 2, node_width=11))
seed("xml", cut_cascade(os.path.join(CASCADES, "haarcascades", "haarcascade_frontalface_alt2.xml"), 1))

# Text datasets: WIDER cut at record boundaries, FDDB folds, MIT+CMU lists; predictions made
# from the ground truth.
wider_lines = read(dataset("wider-val-gt", "wider_face_val_bbx_gt.txt")).decode().splitlines()
records, index = [], 0
while index < len(wider_lines):
    count = int(wider_lines[index + 1])
    size = 2 + max(count, 1)
    records.append(wider_lines[index:index + size])
    index += size
for start in [0, 100, 1000, 2000, 3000]:
    seed("wider-text", "\n".join(line for record in records[start:start + 20] for line in record) + "\n")
for record in records[:40:4]:
    boxes = [line.split()[:4] for line in record[2:2 + int(record[1])]]
    seed("wider-predictions", f"{os.path.basename(record[0])[:-4]}\n{len(boxes)}\n"
                              + "".join(" ".join(box) + f" 0.{len(box)}9\n" for box in boxes))
for path in sorted(glob.glob(dataset("fddb-folds", "FDDB-fold-*-ellipseList.txt"))):
    seed("fddb", read(path))
seed("fddb", "2002/08/11/big/img_591\n1\n1e300 1 1e300 10 10 1\n")
# The user formats (YOLO labels and names, CSV of boxes, CVAT XML, Label Studio JSON): dlib-faces and MIT+CMU as
# scripts/write-dataset-copies.py writes them, and crafted edge cases.
copies = os.path.join(OUT, ".copies")
subprocess.run([sys.executable, os.path.join(ROOT, "scripts/write-dataset-copies.py"), copies, DATASETS], check=True, stdout=subprocess.DEVNULL)
for path in sorted(glob.glob(os.path.join(copies, "*", "yolo", "labels", "*.txt")))[:40]:
    seed("yolo-labels", read(path))
for path in sorted(glob.glob(os.path.join(copies, "*", "yolo", "data.yaml"))):
    seed("yolo-yaml", read(path))
for path in sorted(glob.glob(os.path.join(copies, "*", "csv*", "*.csv"))):
    seed("csv-boxes", read(path)[:12000].rsplit(b"\n", 1)[0] + b"\n")
for text in ["1 0.5 0.5 0.5\n", "1 0.5 1.5 0.2 0.2\n", "7 0.5 0.5 0.2 0.2\n", "1 1e-320 0.5 0 0\n", "-1 0.5 0.5 0.2 0.2\r\n"]:
    seed("yolo-labels", text)
for text in ["names: ['face', \"person\"]\n", "names:\n  - person\n  - face\n", "names:\n  0: person\n  1: face\n  1: again\n",
             "names:\n  99999999999999999999: face\n", "nc: 2\nnames: [a, b\n"]:
    seed("yolo-yaml", text)
for text in ['filename,width,height,class,xmin,ymin,xmax,ymax\nimage.jpg,640,480,face,1,2,3,4\n',
             'file,x,y,w,h,note\n"image.jpg",1,2,3,4,"a ""quoted"", field"\r\nimage.jpg,,,,,\n',
             'file,x,y,w,h,x1,y1,x2,y2\n', 'file,x,y,w,h\n"open,1,2,3,4\n', 'file,x1,y1,x2,y2\nimage.jpg,1e308,1,-1e308,2\n']:
    seed("csv-boxes", text)
for path in sorted(glob.glob(os.path.join(copies, "*", "cvat", "annotations.xml"))):
    seed("cvat-xml", read(path)[:16000].rsplit(b"</image>", 1)[0] + b"</image></annotations>")
for path in sorted(glob.glob(os.path.join(copies, "*", "label-studio", "*.json"))):
    seed("label-studio", json.dumps(json.loads(read(path))[:12]))
seed("cvat-xml", '<annotations><version>1.1</version><image id="0" name="image.jpg" width="640" height="480">'
     '<box label="face" xtl="1" ytl="2" xbr="1e308" ybr="4" rotation="0"/><points label="nose_tip" points="1,2;3,4"/></image></annotations>')
seed("label-studio", '[{"id": 1, "data": {"image": "/data/local-files/?d=image.jpg"}, "annotations": [{"result": [{"type": "rectanglelabels", '
     '"original_width": 640, "original_height": 480, "value": {"x": 10, "y": 10, "width": 1e300, "height": 5, "rotation": 0, '
     '"rectanglelabels": ["face"]}}]}]}, {"id": 2, "data": {}}]')
shutil.rmtree(copies)
for name in ["ground_truth_bboxes.txt", "ground_truth_bboxes_face_only.txt"]:
    seed("mit-cmu", read(dataset("mit-cmu", name)))

# MAT v5: the MATLAB fixtures, and WIDER-shaped files (written here, stdlib only) holding the
# first events of the real ground truth, plain and compressed.
for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/MATLAB/*.mat"))):
    seed("mat", read(path))


def element(kind, payload):
    padding = b"\0" * (-len(payload) % 8)
    return struct.pack("<II", kind, len(payload)) + payload + padding


def matrix(name, class_code, dims, body):
    flags = element(6, struct.pack("<II", class_code, 0))
    return element(14, flags + element(5, struct.pack(f"<{len(dims)}i", *dims)) + element(1, name.encode()) + body)


def doubles(name, rows):
    columns = len(rows[0]) if rows else 0
    values = [rows[r][c] for c in range(columns) for r in range(len(rows))]
    return matrix(name, 6, [len(rows), columns], element(9, struct.pack(f"<{len(values)}d", *values)))


def chars(name, text):
    return matrix(name, 4, [1, len(text)], element(4, struct.pack(f"<{len(text)}H", *map(ord, text))))


def cells(name, items, dims=None):
    return matrix(name, 1, dims or [len(items), 1], b"".join(items))


def mat_file(variables, compressed):
    header = b"MATLAB 5.0 MAT-file, written by FaceBench's fuzz corpus".ljust(116) + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    if compressed:
        # Compressed elements are not padded to 8 bytes.
        return header + b"".join(struct.pack("<II", 15, len(packed)) + packed for packed in map(zlib.compress, variables))
    return header + b"".join(variables)


events = {}
for record in records[:60]:
    event = record[0].split("/")[0]
    events.setdefault(event, []).append(record)
chosen = list(events.items())[:2]
labels = ["blur", "expression", "illumination", "invalid", "occlusion", "pose"]
faces = [[[float(v) for v in line.split()[:10]] for line in record[2:2 + int(record[1])]] for _, rs in chosen for record in rs[:3]]
per_event = [rs[:3] for _, rs in chosen]
variables = [
    cells("event_list", [chars("", event) for event, _ in chosen]),
    cells("file_list", [cells("", [chars("", os.path.basename(r[0])[:-4]) for r in rs]) for rs in per_event]),
    cells("face_bbx_list", [cells("", [doubles("", [[float(v) for v in line.split()[:4]] for line in r[2:2 + int(r[1])]])
                                       for r in rs]) for rs in per_event]),
] + [
    cells(label + "_label_list", [cells("", [doubles("", [[float(line.split()[4 + offset])] for line in r[2:2 + int(r[1])]])
                                             for r in rs]) for rs in per_event])
    for offset, label in enumerate(labels)
]
for compressed in [False, True]:
    seed("wider-mat", mat_file(variables, compressed))
    seed("mat", mat_file(variables, compressed))
seed("mat", read(dataset("wider-val-gt", "wider_easy_val.mat"))[:8192])

# Inflate: zlib streams of real files at every level, and stored blocks.
for path in [dataset("mit-cmu", "ground_truth_bboxes.txt"), dataset("dlib-faces", "training.xml"),
             dataset("mit-cmu", "images", "Argentina.png")]:
    data = read(path)[:16384]
    for level in [0, 1, 6, 9]:
        seed("inflate", zlib.compress(data, level))
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    seed("inflate", raw.compress(data) + raw.flush())

# Images: real files' headers, and small re-encodings of real images in every flavour the
# decoder takes.
import cv2  # noqa: E402  (system Python; see the module docstring)

gray = cv2.imread(dataset("mit-cmu", "images", "Argentina.png"), cv2.IMREAD_GRAYSCALE)
color = cv2.imread(dataset("dlib-faces", "2008_001009.jpg"), cv2.IMREAD_COLOR)
small_gray, small_color = cv2.resize(gray, (40, 30)), cv2.resize(color, (48, 36))
encodings = [
    (".jpg", small_color, []), (".jpg", small_gray, []), (".jpg", small_color, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1]),
    (".jpg", small_color, [cv2.IMWRITE_JPEG_QUALITY, 10]), (".png", small_gray, []), (".png", small_color, []),
    (".png", cv2.cvtColor(small_color, cv2.COLOR_BGR2BGRA), []), (".png", (small_gray.astype("uint16") * 257), []),
    (".png", small_gray, [cv2.IMWRITE_PNG_BILEVEL, 1]), (".pgm", small_gray, []), (".ppm", small_color, []),
]
for extension, pixels, parameters in encodings:
    ok, encoded = cv2.imencode(extension, pixels, parameters)
    seed("image-decoder", encoded.tobytes())
    seed("image-header", encoded.tobytes())
for path in [dataset("dlib-faces", "2008_001009.jpg"), dataset("mit-cmu", "images", "Argentina.png"),
             dataset("dlib-faces", "bald_guys.jpg")]:
    seed("image-header", read(path)[:4096])
seed("image-decoder", read(dataset("dlib-faces", "2008_001009.jpg")))

# Detector specs: the README's examples and edge cases.
for spec in ["haar", "swift-haar:cascade=alt2,scale=1.05,neighbors=5,min=30", "big=swift-lbp:cascade=improved,score=neighbors",
             "swift-haar:cascade=/tmp/x.xml", "swift-lbp:scale=1.0000001,max=10,min=20", "exec:--timeout=5 prog 'a b' \"c\\\"d\" e\\ f",
             "exec:", "swift-haar:scale=1e308", "swift-haar:neighbors=99999999999999999999", "x=swift-haar:,,,=", "é=swift-lbp"]:
    seed("detector-spec", spec)

# Hostile inputs of the kinds issue 13 lists (each in a few bytes): deep nesting, element
# counts and sizes past any cap, branches out of range, numbers past Int.
seed("xml", "<a>" * 20000)
seed("dlib-xml", "<dataset><images>" + "<image file='a.jpg'>" * 10000)
seed("json", '{"a":' * 20000)
seed("cascade", '<opencv_storage><cascade>' + "<_>" * 20000)
lbp = cut_cascade(os.path.join(CASCADES, "lbpcascades", "lbpcascade_frontalface.xml"), 2, node_width=11).decode()
seed("cascade", lbp.replace("<maxCatCount>256</maxCatCount>", "<maxCatCount>0</maxCatCount>"))
seed("cascade", lbp.replace("<maxCatCount>256</maxCatCount>", "<maxCatCount>2000000000</maxCatCount>"))
haar = cut_cascade(os.path.join(CASCADES, "haarcascades", "haarcascade_frontalface_default.xml"), 1).decode()
first_nodes = haar.index("<internalNodes>") + len("<internalNodes>")
seed("cascade", haar[:first_nodes] + "\n0 -1 999999 " + haar[first_nodes:].split(None, 3)[3])
seed("cascade", haar[:first_nodes] + "\n0 -1 -5 " + haar[first_nodes:].split(None, 3)[3])
seed("cascade", haar[:first_nodes] + "\n1 -1 0 " + haar[first_nodes:].split(None, 3)[3])
seed("mat", mat_file([matrix("s", 2, [100000, 100000], element(5, struct.pack("<i", 0)))], False))
seed("mat", mat_file([matrix("d", 6, [2 ** 31 - 1, 2 ** 31 - 1, 2 ** 31 - 1], element(9, b""))], False))
seed("mat", mat_file([matrix("c", 1, [2 ** 31 - 1, 2 ** 31 - 1], b"")], False))
nested = doubles("", [[1.0]])
for _ in range(1000):
    nested = cells("", [nested])
seed("mat", mat_file([nested], False))
seed("mat", mat_file([element(15, zlib.compress(matrix("z", 9, [1, 1 << 23], element(2, b"\0" * (1 << 23))), 9))], False))
seed("inflate", zlib.compress(b"\0" * (8 << 20), 9))
seed("wider-text", "0--Parade/0_Parade_marchingband_1_849.jpg\n9223372036854775807\n1 2 3 4 0 0 0 0 0 0\n")
seed("wider-text", "0--Parade/0_Parade_marchingband_1_849.jpg\n1\n1 2 3 4 inf 0 0 0 0 0\n")
seed("fddb", "2002/08/11/big/img_591\n9223372036854775807\n1 1 0 10 10 1\n")
seed("mit-cmu", "a.jpg 0 0 1e308 1e308\n")
seed("coco-ground-truth", "\ufeff" + json.dumps({"images": [{"id": 1, "file_name": "a.jpg", "width": -5, "height": 1e300}],
                                                  "annotations": [], "categories": []}))

# The dataset targets' in-memory layouts hold one 640x480 image named "image"
# (FuzzTargets.withImages): entries naming it reach the checks against the image size.
seed("dlib-xml", "<dataset><images><image file='image.jpg'><box top='10' left='20' width='600' height='50'>"
     "<part name='00' x='30' y='20'/><part name='01' x='650' y='20'/></box></image></images></dataset>")
seed("voc-xml", "<annotation><filename>image.jpg</filename><object><name>face</name><bndbox><xmin>1</xmin>"
     "<ymin>1</ymin><xmax>700</xmax><ymax>40</ymax></bndbox></object></annotation>")
seed("mit-cmu", "image.jpg 10 10 60 60\nimage.jpg 600 400 700 500\n")
seed("fddb", "image\n2\n30 20 0.5 100 100 1\n300 20 1.5 630 470 1\n")


def png_header(width, height):
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 4096)) + chunk(b"IEND", b""))


seed("image-decoder", png_header(60000, 60000))
seed("image-header", png_header(60000, 60000))
ok, jpeg = cv2.imencode(".jpg", small_gray)
jpeg = bytearray(jpeg.tobytes())
frame = jpeg.index(b"\xff\xc0")
jpeg[frame + 5:frame + 9] = struct.pack(">HH", 20000, 20000)
seed("image-decoder", bytes(jpeg))
seed("image-header", b"\xff\xd8" + b"\xff\xe1\xff\xff" + b"\0" * 65533 + bytes(jpeg[2:]))
# A segment claiming 64 KB in a 4-byte file (libjpeg's own skip read past the end once per 2
# bytes), and a progressive JPEG repeating one scan 300 times (each scan decodes the image again).
seed("image-decoder", b"\xff\xd8\xff\xe0")


def jpeg_segment(marker, body):
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(body) + 2) + body


one_code = bytes([1] + [0] * 15 + [0])
scan = lambda first, last: jpeg_segment(0xDA, bytes([1, 1, 0, first, last, 0])) + b"\x7f"
seed("image-decoder", b"\xff\xd8" + jpeg_segment(0xDB, b"\0" + b"\1" * 64)
     + jpeg_segment(0xC2, bytes([8, 0, 64, 0, 64, 1, 1, 0x11, 0])) + jpeg_segment(0xC4, b"\x00" + one_code + b"\x10" + one_code)
     + scan(0, 0) + scan(1, 63) * 300 + b"\xff\xd9")

# run-gate: a run's results against the committed baseline, against themselves, and against
# their first half of images (the committed shard's results, and the real run's when there is one).
gate_results = [read(os.path.join(ROOT, "Tests/Fixtures/fuzz/run-folder/dlib-faces-shard-1-results-shard-2-log")).split(b"\0")[0]]
if RUN and os.path.exists(os.path.join(RUN, "dlib-faces", "results.json")):
    gate_results.append(read(os.path.join(RUN, "dlib-faces", "results.json")))
for results in gate_results:
    document = json.loads(results)
    document["images"] = document["images"][:len(document["images"]) // 2 + 1]
    for other in [baseline, results, json.dumps(document).encode()]:
        seed("run-gate", results + b"\0" + other)
# Values that trapped before their checks (docs/limits.md, Audit): a spec parameter "=" (no
# name and no value: splitting it left no part when compare listed the spec's changes), and
# 10^15 resamples (images × resamples counts drawn again for the paired intervals).
for edit in ["spec", "resamples"]:
    document = json.loads(gate_results[0])
    if edit == "spec":
        document["detectors"][0]["spec"] = document["detectors"][0]["spec"].split(":")[0] + ":="
    else:
        document["settings"]["bootstrap"]["resamples"] = 10**15
    seed("run-gate", json.dumps(document).encode() + b"\0" + gate_results[0])

# Cross-file targets (Sources/facebench-fuzz/CrossFileTargets.swift): the files of one
# dataset joined by the separator, in the order each target names them.
SEPARATOR = b"\n--facebench-fuzz-next-file--\n"


def joined(*parts):
    return SEPARATOR.join(part.encode() if isinstance(part, str) else part for part in parts)


# WIDER: the main file of the two events above with easy/medium/hard files keeping the first
# face, the first two, and all of each image's faces; then a hard file of one event too few
# (the files of two splits) and a folder with only the easy file.
def keep_file(count):
    return mat_file([cells("gt_list", [cells("", [doubles("", [[float(i + 1)] for i in range(min(count, int(r[1])))]) for r in rs])
                                       for rs in per_event])], False)


main_mat = mat_file(variables, False)
settings = [keep_file(1), keep_file(2), keep_file(10 ** 6)]
seed("wider-folder", joined(main_mat, *settings))
seed("wider-folder", joined(mat_file(variables, True), *settings))
seed("wider-folder", joined(main_mat, settings[0], settings[1],
                            mat_file([cells("gt_list", [cells("", [doubles("", [[1.0]]) for r in per_event[0]])])], False)))
seed("wider-folder", joined(main_mat, settings[0]))
# FDDB: the first records of three folds, and a sizes file naming the present image.
for first in [0, 3]:
    folds = []
    for fold in range(1 + first, 4 + first):
        lines = read(dataset("fddb-folds", f"FDDB-fold-{fold:02d}-ellipseList.txt")).decode().splitlines()
        folds.append("\n".join(lines[:60]) + "\n")
    seed("fddb-folds", joined(*folds, "image 640 480\n"))
seed("fddb-folds", joined("image\n1\n30 20 0.5 100 100 1\n", "image\n1\n30 20 0.5 100 100 1\n", "", "image 640 480\n"))
# MIT+CMU: boxes and landmarks of the same images, cut to their first 40 lines, and the crafted image.
boxes = read(dataset("mit-cmu", "ground_truth_bboxes.txt")).decode().splitlines()
marks = read(dataset("mit-cmu", "ground_truth_landmarks.txt")).decode().splitlines()
seed("mit-cmu-landmarks", joined("\n".join(boxes[:40]) + "\n", "\n".join(marks[:40]) + "\n"))
seed("mit-cmu-landmarks", joined("image.png 10 10 60 60\n", "image.png 20 20 40 20 30 30 22 40 30 42 38 40\n"))
# dlib: boxes and their landmark twin, the first images of each.
for part in ["training", "testing"]:
    seed("dlib-xml-twin", joined(dlib_excerpt(dataset("dlib-faces", part + ".xml"), 2),
                                 dlib_excerpt(dataset("dlib-faces", part + "_with_face_landmarks.xml"), 2)))
# Exec conversation: a mode byte (even: the program reads its stdin; odd: it never does), then
# what the program prints: a handshake and answers to the three requests.
answers = ['{"id":1,"faces":[{"box":[1,2,3,4],"score":0.9}],"inference_ms":3.5}', '{"id":2,"error":"cannot read"}', '{"id":3,"faces":[]}']
for mode in [b"\0", b"\1"]:
    for shape in ["path", "pixels"]:
        shaken = handshake.replace('"pixels"', '"' + shape + '"')
        seed("exec-conversation", mode + ("\n".join([shaken] + answers) + "\n").encode())
    seed("exec-conversation", mode + (handshake + "\n" + answers[0]).encode())

for target in sorted(counts):
    print(f"{target}: {counts[target]} seeds")
