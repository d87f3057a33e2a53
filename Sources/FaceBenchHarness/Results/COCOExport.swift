import FaceBenchModel

/// COCO-format exports of detections, so any COCO tool (pycocotools, faster-coco-eval) can
/// re-score a run; the run's ground truth is `COCOWriter.groundTruth` (FaceBenchIO). Image
/// ids are `Sample.id`, one category, id 1, "face", as there.
public enum COCOExport {
    /// A detector's detections in the COCO results format; detections with landmarks carry
    /// them as COCO `keypoints` (x, y, v triples, v = 2: labelled and visible) in the order of
    /// the detector's landmark scheme.
    public static func detections(_ records: [ImageRecord], detector id: String) -> JSONValue {
        .array(records.flatMap { record in
            (record.results[id]?.detections ?? []).map { detection in
                var entry: JSONObject = [
                    "image_id": JSONValue(record.sampleID), "category_id": 1,
                    "bbox": JSONValue([detection.box.x, detection.box.y, detection.box.width, detection.box.height]),
                    "score": JSONValue(detection.score),
                ]
                if let landmarks = detection.landmarks {
                    entry["keypoints"] = JSONValue(landmarks.flatMap { [$0.x, $0.y, 2] })
                    entry["num_keypoints"] = JSONValue(landmarks.count)
                }
                return .object(entry)
            }
        })
    }

    /// A detector's detections as a COCO keypoint file: its images, one annotation per
    /// detection (with `score`), and the face category naming the scheme's points, which a
    /// results list has no place for. Written beside the results list for detectors with landmarks.
    public static func keypointDetections(
        _ records: [ImageRecord], samples: [Sample], detector id: String, scheme: LandmarkScheme
    ) -> JSONValue {
        var annotations: [JSONValue] = []
        for entry in detections(records, detector: id).array ?? [] {
            guard var object = entry.object else { continue }
            object["id"] = JSONValue(annotations.count + 1)
            if let box = entry["bbox"]?.array?.compactMap(\.double), box.count == 4 { object["area"] = JSONValue(box[2] * box[3]) }
            object["iscrowd"] = 0
            annotations.append(.object(object))
        }
        return .object([
            "info": .object(["description": JSONValue("\(id) detections exported by FaceBench"), "landmark_scheme": JSONValue(scheme.id)]),
            "images": .array(samples.map { sample in
                .object([
                    "id": JSONValue(sample.id), "file_name": JSONValue(sample.name),
                    "width": JSONValue(sample.width), "height": JSONValue(sample.height),
                ])
            }),
            "annotations": .array(annotations),
            "categories": [.object(["id": 1, "name": "face", "supercategory": "face", "keypoints": JSONValue(scheme.pointNames), "skeleton": []])],
        ])
    }
}
