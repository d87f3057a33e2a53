#!/usr/bin/env python3
"""Writes the recorded face-API responses under examples/face-apis/ from a FaceBench run.

The responses are not from the services: they are FaceBench's own hog+dlib68 detections of
dlib-faces (boxes, scores and 68 iBUG points), re-expressed in each API's JSON shape, so the
importers and the `landmarks` protocol can be exercised end to end without accounts or
network. Each API's points are made from the 68 the way the API defines them (sides as the
API names them: ML Kit and Apple Vision the subject's, Google Cloud Vision the viewer's).
Attributes are measured on the 68 points where a geometric proxy exists (roll from the eye
line, yaw and pitch from the nose's offset, eyes open from the eye aspect ratio, smile from
the mouth's width); Watson's age and gender have no such proxy and are fixed placeholders
(score 0.5: no estimate). See examples/face-apis/README.md.

Usage (from the checkout, with ../shared beside it):
    facebench run --dataset dlib-faces --detector hog:landmarks=dlib68 --out /tmp/face-api-source
    python3 scripts/face-api-examples.py /tmp/face-api-source/dlib-faces examples/face-apis
"""
import json
import math
import os
import sys

SOURCE = "hog-landmarks=dlib68.keypoints.coco.json"


def mean(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def ibug(points, *numbers):
    """The mean of iBUG points given 1-based."""
    return mean([points[n - 1] for n in numbers])


def distance(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1])


def clip(value, low=0.0, high=1.0):
    return max(low, min(high, value))


def sigmoid(value):
    return 1 / (1 + math.exp(-value))


def measures(p):
    """Geometric proxies of the APIs' attributes, from the 68 points."""
    right_eye, left_eye = ibug(p, *range(37, 43)), ibug(p, *range(43, 49))
    ocular = distance(right_eye, left_eye)
    roll = math.degrees(math.atan2(left_eye[1] - right_eye[1], left_eye[0] - right_eye[0]))
    middle = mean([right_eye, left_eye])
    nose = p[30]
    yaw = clip((nose[0] - middle[0]) / ocular * 90, -60, 60)
    pitch = clip(((nose[1] - middle[1]) / ocular - 0.6) * 60, -45, 45)

    def openness(first):
        e = [p[first - 1 + k] for k in range(6)]
        ratio = (distance(e[1], e[5]) + distance(e[2], e[4])) / (2 * distance(e[0], e[3]))
        return clip(ratio / 0.3)

    smile = clip((distance(p[48], p[54]) / ocular - 0.7) / 0.5)
    return {"roll": roll, "yaw": yaw, "pitch": pitch, "right_eye_open": openness(37), "left_eye_open": openness(43), "smile": smile}


def point(xy):
    return {"x": round(xy[0], 3), "y": round(xy[1], 3)}


def mlkit_face(box, p, m):
    # Android's FaceLandmark constants; sides are the subject's.
    landmarks = [
        (0, ibug(p, 58)), (1, ibug(p, 55, 46)), (3, ibug(p, 17)), (4, ibug(p, *range(43, 49))), (5, ibug(p, 55)),
        (6, ibug(p, 34)), (7, ibug(p, 49, 37)), (9, ibug(p, 1)), (10, ibug(p, *range(37, 43))), (11, ibug(p, 49)),
    ]
    return {
        "boundingBox": {"left": box[0], "top": box[1], "right": box[0] + box[2], "bottom": box[1] + box[3]},
        "headEulerAngleX": round(m["pitch"], 2), "headEulerAngleY": round(m["yaw"], 2), "headEulerAngleZ": round(m["roll"], 2),
        "smilingProbability": round(m["smile"], 3),
        # The subject's left eye is the one made from iBUG 43-48.
        "leftEyeOpenProbability": round(m["left_eye_open"], 3), "rightEyeOpenProbability": round(m["right_eye_open"], 3),
        "landmarks": [{"type": code, "position": point(xy)} for code, xy in landmarks],
    }


def vision_observation(box, score, p, m, width, height):
    nx, ny, nw, nh = box[0] / width, 1 - (box[1] + box[3]) / height, box[2] / width, box[3] / height

    def region(*numbers):
        # Normalised to the face box, origin at its bottom-left.
        pts = [((x / width - nx) / nw, ((height - y) / height - ny) / nh) for x, y in (p[n - 1] for n in numbers)]
        return {"pointCount": len(pts), "normalizedPoints": [[round(x, 6), round(y, 6)] for x, y in pts]}

    def centre(*numbers):
        x, y = ibug(p, *numbers)
        return {"pointCount": 1, "normalizedPoints": [[round((x / width - nx) / nw, 6), round(((height - y) / height - ny) / nh, 6)]]}

    return {
        "boundingBox": {"origin": {"x": round(nx, 6), "y": round(ny, 6)}, "size": {"width": round(nw, 6), "height": round(nh, 6)}},
        "confidence": round(sigmoid(score), 4),
        "roll": round(math.radians(m["roll"]), 4), "yaw": round(math.radians(m["yaw"]), 4), "pitch": round(math.radians(m["pitch"]), 4),
        "faceCaptureQuality": 0.5,
        "landmarks": {
            "faceContour": region(*range(1, 18)), "rightEyebrow": region(*range(18, 23)), "leftEyebrow": region(*range(23, 28)),
            "noseCrest": region(28, 29, 30, 31), "nose": region(31, 32, 33, 34, 35, 36), "rightEye": region(*range(37, 43)),
            "leftEye": region(*range(43, 49)), "outerLips": region(*range(49, 61)), "innerLips": region(*range(61, 69)),
            "medianLine": region(28, 31, 34, 52, 58, 9), "rightPupil": centre(*range(37, 43)), "leftPupil": centre(*range(43, 49)),
        },
    }


def likelihood(probability):
    return ["VERY_UNLIKELY", "UNLIKELY", "POSSIBLE", "LIKELY", "VERY_LIKELY"][min(4, int(probability * 5))]


def google_face(box, score, p, m):
    # Sides are the viewer's: LEFT_EYE is the subject's right eye (iBUG 37-42).
    landmarks = [
        ("LEFT_EYE", (37, 38, 39, 40, 41, 42)), ("RIGHT_EYE", (43, 44, 45, 46, 47, 48)), ("LEFT_OF_LEFT_EYEBROW", (18,)),
        ("RIGHT_OF_LEFT_EYEBROW", (22,)), ("LEFT_OF_RIGHT_EYEBROW", (23,)), ("RIGHT_OF_RIGHT_EYEBROW", (27,)),
        ("MIDPOINT_BETWEEN_EYES", (28,)), ("NOSE_TIP", (31,)), ("UPPER_LIP", (52,)), ("LOWER_LIP", (58,)), ("MOUTH_LEFT", (49,)),
        ("MOUTH_RIGHT", (55,)), ("MOUTH_CENTER", (63, 67)), ("NOSE_BOTTOM_RIGHT", (36,)), ("NOSE_BOTTOM_LEFT", (32,)),
        ("NOSE_BOTTOM_CENTER", (34,)), ("LEFT_EYE_TOP_BOUNDARY", (38, 39)), ("LEFT_EYE_RIGHT_CORNER", (40,)),
        ("LEFT_EYE_BOTTOM_BOUNDARY", (41, 42)), ("LEFT_EYE_LEFT_CORNER", (37,)), ("RIGHT_EYE_TOP_BOUNDARY", (44, 45)),
        ("RIGHT_EYE_RIGHT_CORNER", (46,)), ("RIGHT_EYE_BOTTOM_BOUNDARY", (47, 48)), ("RIGHT_EYE_LEFT_CORNER", (43,)),
        ("LEFT_EYEBROW_UPPER_MIDPOINT", (20,)), ("RIGHT_EYEBROW_UPPER_MIDPOINT", (25,)), ("LEFT_EAR_TRAGION", (1,)),
        ("RIGHT_EAR_TRAGION", (17,)), ("LEFT_EYE_PUPIL", (37, 38, 39, 40, 41, 42)), ("RIGHT_EYE_PUPIL", (43, 44, 45, 46, 47, 48)),
        ("FOREHEAD_GLABELLA", (22, 23)), ("CHIN_GNATHION", (9,)), ("CHIN_LEFT_GONION", (4,)), ("CHIN_RIGHT_GONION", (14,)),
        ("LEFT_CHEEK_CENTER", (37, 49)), ("RIGHT_CHEEK_CENTER", (46, 55)),
    ]
    x, y, w, h = box
    # The head box (boundingPoly) is looser than the face box; integer vertices, as the service gives.
    hx, hy, hw, hh = round(x - 0.2 * w), round(y - 0.35 * h), round(1.4 * w), round(1.5 * h)

    def poly(left, top, width, height):
        return {"vertices": [{"x": left, "y": top}, {"x": left + width, "y": top}, {"x": left + width, "y": top + height}, {"x": left, "y": top + height}]}

    return {
        "boundingPoly": poly(hx, hy, hw, hh), "fdBoundingPoly": poly(x, y, w, h),
        "landmarks": [{"type": name, "position": dict(point(ibug(p, *numbers)), z=0.0)} for name, numbers in landmarks],
        "rollAngle": round(m["roll"], 3), "panAngle": round(m["yaw"], 3), "tiltAngle": round(m["pitch"], 3),
        "detectionConfidence": round(sigmoid(score), 4), "landmarkingConfidence": 0.5,
        "joyLikelihood": likelihood(m["smile"]), "sorrowLikelihood": "VERY_UNLIKELY", "angerLikelihood": "VERY_UNLIKELY",
        "surpriseLikelihood": "VERY_UNLIKELY", "underExposedLikelihood": "VERY_UNLIKELY", "blurredLikelihood": "VERY_UNLIKELY",
        "headwearLikelihood": "VERY_UNLIKELY",
    }


def watson_face(box, index):
    return {
        "face_location": {"left": box[0], "top": box[1], "width": box[2], "height": box[3]},
        "age": {"min": 18, "max": 64, "score": 0.5},
        "gender": {"gender": "FEMALE" if index % 2 else "MALE", "score": 0.5},
    }


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, target = sys.argv[1], sys.argv[2]
    with open(os.path.join(source, SOURCE)) as handle:
        coco = json.load(handle)
    by_image = {image["id"]: [] for image in coco["images"]}
    for annotation in coco["annotations"]:
        by_image[annotation["image_id"]].append(annotation)
    mlkit, vision, google, watson = [], [], [], []
    for image in coco["images"]:
        name, width, height = image["file_name"], image["width"], image["height"]
        faces = sorted(by_image[image["id"]], key=lambda a: -a["score"])
        rows = []
        for annotation in faces:
            k = annotation["keypoints"]
            rows.append((annotation["bbox"], annotation["score"], [(k[i], k[i + 1]) for i in range(0, len(k), 3)]))
        mlkit.append({"image": name, "faces": [mlkit_face(b, p, measures(p)) for b, _, p in rows]})
        vision.append({"image": name, "observations": [vision_observation(b, s, p, measures(p), width, height) for b, s, p in rows]})
        google.append({"context": {"uri": "gs://facebench-examples/dlib-faces/" + name}, "faceAnnotations": [google_face(b, s, p, measures(p)) for b, s, p in rows]})
        watson.append({"image": name, "faces": [watson_face(b, i) for i, (b, _, _) in enumerate(rows)]})
    os.makedirs(target, exist_ok=True)
    outputs = {
        "mlkit.json": {"images": mlkit},
        "apple-vision.json": {"images": vision},
        "google-vision.json": {"responses": google},
        "watson.json": {"images": watson, "images_processed": len(watson)},
    }
    for file, content in outputs.items():
        # One image per line: small, and a diff shows which image changed.
        parts = []
        for key, value in content.items():
            if isinstance(value, list):
                lines = ",\n".join(json.dumps(entry, separators=(",", ":")) for entry in value)
                parts.append(f'"{key}": [\n{lines}\n]')
            else:
                parts.append(f'"{key}": {json.dumps(value)}')
        with open(os.path.join(target, file), "w") as handle:
            handle.write("{" + ",\n".join(parts) + "}\n")
        print(f"{os.path.join(target, file)}: {sum(len(e.get('faces', e.get('observations', e.get('faceAnnotations', [])))) for e in next(iter(content.values())))} faces")


if __name__ == "__main__":
    main()
