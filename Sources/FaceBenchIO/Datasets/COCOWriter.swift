import FaceBenchModel

/// Writes COCO ground truth: the run's `gt.coco.json`, and `facebench convert --to coco`.
///
/// Image ids are `Sample.id`: the 1-based position of the image in the dataset's canonical
/// order (file-name order for MIT+CMU, annotation-file order for dlib XML). One category,
/// id 1, "face". Boxes are `[x, y, width, height]` in pixels at full precision; `area` is
/// `Face.cocoArea` (width × height unless the annotation gave another).
/// Faces marked ignore are exported with `"ignore": 1`; pycocotools reads only `iscrowd`,
/// which is set for crowd regions. Annotated landmarks are COCO `keypoints` (x, y, v triples,
/// v = 2) in the dataset's scheme, which `info.landmark_scheme` names and the category's
/// `keypoints` spells out. Face and image attributes, ellipses and WIDER labels have no place.
public enum COCOWriter {
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
                if let points = face.landmarks {
                    annotation["keypoints"] = JSONValue(points.flatMap { [$0.x, $0.y, 2] })
                    annotation["num_keypoints"] = JSONValue(points.count)
                }
                annotations.append(.object(annotation))
            }
        }
        let scheme = dataset.landmarkScheme.flatMap(LandmarkScheme.named)
        var category: JSONObject = ["id": 1, "name": "face", "supercategory": "face"]
        if let scheme { category["keypoints"] = JSONValue(scheme.pointNames) }
        return .object([
            "info": .object([
                "description": JSONValue("\(dataset.name) ground truth exported by FaceBench"),
                "image_ids": "1-based position of the image in the dataset's canonical order",
                "landmark_scheme": JSONValue(scheme?.id),
            ]),
            "images": .array(chosen.map { sample in
                .object([
                    "id": JSONValue(sample.id), "file_name": JSONValue(sample.name),
                    "width": JSONValue(sample.width), "height": JSONValue(sample.height),
                ])
            }),
            "annotations": .array(annotations),
            "categories": [.object(category)],
        ])
    }

    /// `annotations/instances.json` + `images/`, the layout `COCOLayout` reads first.
    static func files(_ dataset: Dataset) -> DatasetFiles {
        var files = DatasetFiles(format: "coco", imageFolder: "images", dataset: dataset)
        files.add("annotations/instances.json", JSONWriter().bytes(groundTruth(dataset)))
        files.countUnkept(in: dataset, keeping: DatasetFiles.Kept(landmarks: true, ignore: true, crowd: true))
        return files
    }
}
