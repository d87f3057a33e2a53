/// COCO-format exports, so any COCO tool (pycocotools, faster-coco-eval) can re-score a run.
///
/// Image ids are `Sample.id`: the 1-based position of the image in the dataset's canonical
/// order (file-name order for MIT+CMU, annotation-file order for dlib XML). One category,
/// id 1, "face". Boxes are `[x, y, width, height]` in pixels; `area` is `Face.cocoArea`
/// (width × height unless the annotation gave another).
/// Faces marked ignore are exported with `"ignore": 1`; pycocotools reads only `iscrowd`,
/// which is set for crowd regions.
public enum COCOExport {
    public static func groundTruth(_ dataset: Dataset, samples: [Sample]? = nil) -> JSONValue {
        let chosen = samples ?? dataset.samples
        var annotations: [JSONValue] = []
        for sample in chosen {
            for face in sample.faces {
                var annotation: JSONObject = [
                    "id": JSONValue(annotations.count + 1), "image_id": JSONValue(sample.id), "category_id": 1,
                    "bbox": JSONValue([face.box.x, face.box.y, face.box.width, face.box.height]),
                    "area": JSONValue(face.cocoArea), "iscrowd": JSONValue(face.crowd ? 1 : 0),
                ]
                if face.ignore { annotation["ignore"] = 1 }
                annotations.append(.object(annotation))
            }
        }
        return .object([
            "info": .object([
                "description": JSONValue("\(dataset.name) ground truth exported by FaceBench"),
                "image_ids": "1-based position of the image in the dataset's canonical order",
            ]),
            "images": .array(chosen.map { sample in
                .object([
                    "id": JSONValue(sample.id), "file_name": JSONValue(sample.name),
                    "width": JSONValue(sample.width), "height": JSONValue(sample.height),
                ])
            }),
            "annotations": .array(annotations),
            "categories": [.object(["id": 1, "name": "face", "supercategory": "face"])],
        ])
    }

    /// A detector's detections in the COCO results format.
    public static func detections(_ records: [ImageRecord], detector id: String) -> JSONValue {
        .array(records.flatMap { record in
            (record.results[id]?.detections ?? []).map { detection in
                .object([
                    "image_id": JSONValue(record.sampleID), "category_id": 1,
                    "bbox": JSONValue([detection.box.x, detection.box.y, detection.box.width, detection.box.height]),
                    "score": JSONValue(detection.score),
                ])
            }
        })
    }
}
