import FaceBenchModel

/// What a dataset was read as, for `facebench inspect` before a long run: its format and
/// files, which images were found and where they were looked for, its faces by height, and
/// the annotations that are likely mistakes (boxes reaching outside their image, the same
/// face annotated twice).
public struct DatasetInspection: Sendable, Equatable {
    /// A face of an image: its name and the face's 1-based position there.
    public struct FaceReference: Sendable, Equatable {
        public var image: String
        public var face: Int
        public var box: Box
    }

    /// Two annotations of one image that overlap at `DatasetInspection.duplicateIoU` or more
    /// (or are the same box).
    public struct Duplicate: Sendable, Equatable {
        public var image: String
        public var first: Int
        public var second: Int
        public var iou: Double
    }

    /// The faces whose box height lies in `lower..<upper` pixels (no upper bound for the last).
    public struct HeightBucket: Sendable, Equatable {
        public var lower: Double
        public var upper: Double?
        public var faces: Int
    }

    /// Two boxes of an image overlapping this much are taken for one face annotated twice.
    public static let duplicateIoU = 0.9
    /// The bucket bounds of the face-height histogram, in pixels: doubling from 16, as
    /// detectors' minimum sizes and pyramids do.
    public static let heightBounds: [Double] = [16, 32, 64, 128, 256, 512]

    public var name: String
    public var format: String
    public var root: String
    public var annotationFiles: [String]
    public var imageFolders: [String]
    public var images: Int
    /// Images without a file, by name, in dataset order.
    public var missingImages: [String]
    /// Images whose pixel size neither the annotations nor a file gave.
    public var imagesWithoutSize: Int
    /// False for images read without annotations: `faces` is 0 because nobody labelled any.
    public var hasGroundTruth: Bool
    public var faces: Int
    public var ignoredFaces: Int
    public var facesWithLandmarks: Int
    public var landmarkScheme: String?
    public var heights: [HeightBucket]
    /// Boxes reaching beyond their image's sides (only images of known size are checked).
    public var outside: [FaceReference]
    public var duplicates: [Duplicate]
    /// The loader's counted warnings, as it phrased them.
    public var warnings: [String]

    public init(_ dataset: Dataset) {
        name = dataset.name
        format = dataset.format
        root = dataset.root
        annotationFiles = dataset.annotationFiles
        imageFolders = dataset.imageFolders
        images = dataset.samples.count
        missingImages = dataset.samples.filter { $0.path == nil }.map(\.name)
        imagesWithoutSize = dataset.samples.filter { $0.width == nil || $0.height == nil }.count
        hasGroundTruth = dataset.hasGroundTruth
        faces = dataset.faceCount
        ignoredFaces = dataset.samples.reduce(0) { $0 + $1.faces.count - $1.countedFaces }
        facesWithLandmarks = dataset.samples.reduce(0) { $0 + $1.faces.filter { $0.landmarks != nil }.count }
        landmarkScheme = dataset.landmarkScheme
        warnings = dataset.warnings
        var heightCounts = [Int](repeating: 0, count: Self.heightBounds.count + 1)
        outside = []
        duplicates = []
        for sample in dataset.samples {
            for (index, face) in sample.faces.enumerated() {
                heightCounts[Self.heightBounds.firstIndex { face.box.height < $0 } ?? Self.heightBounds.count] += 1
                if let width = sample.width, let height = sample.height,
                   face.box.x < 0 || face.box.y < 0 || face.box.maxX > Double(width) || face.box.maxY > Double(height) {
                    outside.append(FaceReference(image: sample.name, face: index + 1, box: face.box))
                }
            }
            for (first, second, iou) in Self.duplicatePairs(sample.faces.map(\.box)) {
                duplicates.append(Duplicate(image: sample.name, first: first + 1, second: second + 1, iou: iou))
            }
        }
        let lowers = [0] + Self.heightBounds
        heights = heightCounts.indices.map { index in
            HeightBucket(lower: lowers[index], upper: index < Self.heightBounds.count ? Self.heightBounds[index] : nil, faces: heightCounts[index])
        }
    }

    /// The pairs of `boxes` (indices, first < second, in that order) that are equal (IoU 1) or
    /// overlap at `duplicateIoU` or more. A box starting more than (1 − t) of another's width
    /// to its right overlaps it less than t (the intersection is narrower than t × that width,
    /// the union at least that box), so in order of x each box meets only its near
    /// neighbours: not every pair of an image with thousands of faces.
    static func duplicatePairs(_ boxes: [Box]) -> [(Int, Int, Double)] {
        let order = boxes.indices.sorted { boxes[$0].x != boxes[$1].x ? boxes[$0].x < boxes[$1].x : $0 < $1 }
        var pairs: [(Int, Int, Double)] = []
        for (rank, i) in order.enumerated() {
            // A little beyond the bound, so that rounding cannot leave out a pair at it.
            let reach = boxes[i].x + (1 - duplicateIoU) * boxes[i].width * (1 + 1e-9)
            for j in order[(rank + 1)...] {
                guard boxes[j].x <= reach else { break }
                let first = min(i, j), second = max(i, j)
                if boxes[first] == boxes[second] {
                    pairs.append((first, second, 1))
                } else {
                    let iou = boxes[first].iou(boxes[second])
                    if iou >= duplicateIoU { pairs.append((first, second, iou)) }
                }
            }
        }
        return pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    }

    /// `inspect --format json`.
    public var json: JSONValue {
        func reference(_ face: FaceReference) -> JSONValue {
            .object(["image": JSONValue(face.image), "face": JSONValue(face.face),
                     "box": JSONValue([face.box.x, face.box.y, face.box.width, face.box.height])])
        }
        return .object([
            "name": JSONValue(name), "format": JSONValue(format), "root": JSONValue(root),
            "annotation_files": JSONValue(annotationFiles), "ground_truth": JSONValue(hasGroundTruth),
            "images": .object([
                "count": JSONValue(images), "found": JSONValue(images - missingImages.count), "missing": JSONValue(missingImages),
                "looked_in": JSONValue(imageFolders), "without_size": JSONValue(imagesWithoutSize),
            ]),
            "faces": .object([
                "count": JSONValue(faces), "ignored": JSONValue(ignoredFaces), "with_landmarks": JSONValue(facesWithLandmarks),
                "landmark_scheme": JSONValue(landmarkScheme),
                "height_histogram": .array(heights.map { bucket in
                    .object(["min_px": JSONValue(bucket.lower), "below_px": JSONValue(bucket.upper), "faces": JSONValue(bucket.faces)])
                }),
            ]),
            "outside_image": .array(outside.map(reference)),
            "duplicates": .array(duplicates.map { duplicate in
                .object(["image": JSONValue(duplicate.image), "faces": [JSONValue(duplicate.first), JSONValue(duplicate.second)], "iou": JSONValue(duplicate.iou)])
            }),
            "warnings": JSONValue(warnings),
        ])
    }
}
