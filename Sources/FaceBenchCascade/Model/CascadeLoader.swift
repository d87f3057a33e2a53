import FaceBenchModel
import FaceBenchIO
import Foundation

/// Reads OpenCV cascade XML files (the format of opencv-data's `haarcascades` and
/// `lbpcascades`: `<opencv_storage><cascade>` with `stageType` BOOST, `featureType` HAAR or
/// LBP, stages of `internalNodes`/`leafValues` weak classifiers, and a feature list).
///
/// Contract:
///  - Numbers become what OpenCV 4 makes of them: doubles rounded to `Float`, integers
///    checked to be integers, stage thresholds lowered by 1e-5.
///  - Anything OpenCV would misread or index out of bounds is an error naming the file, the
///    line and the field: a missing element, a count that does not add up, a feature or tree
///    index out of range, a rectangle outside the training window.
///  - The pre-2.0 format (`opencv-haar-classifier`) and HOG cascades are refused with a
///    message saying so; OpenCV 4 itself refuses HOG cascades.
public enum CascadeLoader {
    /// OpenCV's THRESHOLD_EPS: stage thresholds are lowered by this so that a window scoring
    /// exactly the trained threshold passes despite float rounding.
    static let thresholdEpsilon: Float = 1e-5

    public static func load(path: String) throws -> CascadeModel {
        try parse(try FileIO.read(path), path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws -> CascadeModel {
        let root = try XMLTree.parse(bytes, path: path)
        let reader = Reader(path: path)
        guard root.name == "opencv_storage" else {
            throw reader.fail(root, "not an OpenCV storage file: the root element is <\(root.name)>, not <opencv_storage>")
        }
        guard let cascade = root.children.first else { throw reader.fail(root, "<opencv_storage> is empty") }
        if cascade.attribute("type_id") == "opencv-haar-classifier" || (cascade.child("stageType") == nil && cascade.child("size") != nil) {
            throw reader.fail(cascade, "old-format cascade (opencv-haar-classifier) is not supported; convert it to the OpenCV 2.4+ format (opencv_traincascade's layout)")
        }
        return try reader.model(cascade)
    }

    private struct Reader {
        let path: String

        func fail(_ element: XMLTree.Element, _ reason: String) -> FaceBenchError {
            .malformed(path: path, location: "<\(element.name)> at line \(element.line)", reason: reason)
        }

        func child(_ parent: XMLTree.Element, _ name: String) throws -> XMLTree.Element {
            guard let found = parent.child(name) else { throw fail(parent, "missing <\(name)>") }
            return found
        }

        func text(_ element: XMLTree.Element) -> String {
            element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The whitespace-separated numbers of an element's text. Tokenised on the UTF-8 bytes:
        /// splitting the `String` by `Character` costs more than the rest of loading together.
        func numbers(_ element: XMLTree.Element) throws -> [Double] {
            var values: [Double] = []
            var text = element.text
            try text.withUTF8 { bytes in
                var i = 0
                while i < bytes.count {
                    while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
                    let start = i
                    while i < bytes.count, !Self.isSpace(bytes[i]) { i += 1 }
                    guard i > start else { break }
                    let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                    guard let value = Double(token), value.isFinite else { throw fail(element, "'\(token)' is not a number") }
                    values.append(value)
                }
            }
            return values
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

        func integer(_ value: Double, _ element: XMLTree.Element, _ what: String) throws -> Int {
            guard let int = Int32(exactly: value) else { throw fail(element, "\(what) \(value) is not a 32-bit integer") }
            return Int(int)
        }

        func integer(_ element: XMLTree.Element) throws -> Int {
            let values = try numbers(element)
            guard values.count == 1 else { throw fail(element, "expected one integer, found \(values.count) values") }
            return try integer(values[0], element, "value")
        }

        func model(_ cascade: XMLTree.Element) throws -> CascadeModel {
            let stageType = try child(cascade, "stageType")
            guard text(stageType) == "BOOST" else {
                throw fail(stageType, "unsupported stage type '\(text(stageType))' (only BOOST exists in OpenCV)")
            }
            let featureTypeElement = try child(cascade, "featureType")
            guard let featureType = CascadeModel.FeatureType(rawValue: text(featureTypeElement)) else {
                throw fail(featureTypeElement, "unsupported feature type '\(text(featureTypeElement))' (supported: HAAR, LBP; OpenCV 4 refuses HOG too)")
            }
            let width = try integer(try child(cascade, "width"))
            let height = try integer(try child(cascade, "height"))
            guard width > 2, height > 2 else { throw fail(cascade, "window \(width)x\(height) is too small") }

            let featureParams = try child(cascade, "featureParams")
            let categories = try featureParams.child("maxCatCount").map(integer) ?? 0
            switch featureType {
            case .haar where categories != 0:
                throw fail(featureParams, "maxCatCount is \(categories); HAAR features are ordered (0)")
            case .lbp where categories <= 0 || categories > 256:
                throw fail(featureParams, "maxCatCount is \(categories); LBP codes need 1…256 categories")
            default: break
            }
            let subsetWords = (categories + 31) / 32

            let featuresElement = try child(cascade, "features")
            var haarFeatures: [CascadeModel.HaarFeature] = []
            var lbpFeatures: [CascadeModel.LBPFeature] = []
            switch featureType {
            case .haar: haarFeatures = try featuresElement.children.map { try haarFeature($0, width: width, height: height) }
            case .lbp: lbpFeatures = try featuresElement.children.map { try lbpFeature($0, width: width, height: height) }
            }
            let featureCount = max(haarFeatures.count, lbpFeatures.count)
            guard featureCount > 0 else { throw fail(featuresElement, "no features") }

            let stagesElement = try child(cascade, "stages")
            let stages = try stagesElement.children.map {
                try stage($0, subsetWords: subsetWords, featureCount: featureCount)
            }
            guard !stages.isEmpty else { throw fail(stagesElement, "no stages") }
            return CascadeModel(
                featureType: featureType, windowWidth: width, windowHeight: height, stages: stages,
                haarFeatures: haarFeatures, lbpFeatures: lbpFeatures, subsetWords: subsetWords)
        }

        func stage(_ element: XMLTree.Element, subsetWords: Int, featureCount: Int) throws -> CascadeModel.Stage {
            let thresholdElement = try child(element, "stageThreshold")
            let threshold = try numbers(thresholdElement)
            guard threshold.count == 1 else { throw fail(thresholdElement, "expected one number") }
            let weakElement = try child(element, "weakClassifiers")
            let weak = try weakElement.children.map {
                try weakClassifier($0, subsetWords: subsetWords, featureCount: featureCount)
            }
            guard !weak.isEmpty else { throw fail(weakElement, "a stage without weak classifiers") }
            return CascadeModel.Stage(threshold: Float(threshold[0]) - thresholdEpsilon, weakClassifiers: weak)
        }

        func weakClassifier(_ element: XMLTree.Element, subsetWords: Int, featureCount: Int) throws -> CascadeModel.WeakClassifier {
            let nodesElement = try child(element, "internalNodes")
            let leavesElement = try child(element, "leafValues")
            let values = try numbers(nodesElement)
            // left, right, feature, then the threshold (ordered) or the subset words (categorical).
            let step = 3 + (subsetWords > 0 ? subsetWords : 1)
            guard !values.isEmpty, values.count % step == 0 else {
                throw fail(nodesElement, "\(values.count) numbers do not make whole nodes of \(step)")
            }
            let count = values.count / step
            var nodes: [CascadeModel.Node] = []
            var subsets: [Int32] = []
            for n in 0..<count {
                let base = n * step
                let left = try integer(values[base], nodesElement, "node \(n) left")
                let right = try integer(values[base + 1], nodesElement, "node \(n) right")
                let feature = try integer(values[base + 2], nodesElement, "node \(n) feature")
                guard feature >= 0, feature < featureCount else {
                    throw fail(nodesElement, "node \(n) uses feature \(feature); the cascade has \(featureCount)")
                }
                for (side, target) in [("left", left), ("right", right)] {
                    // Children come after their parent, so evaluation always ends at a leaf.
                    let valid = target > 0 ? (target > n && target < count) : (-target <= count)
                    guard valid else { throw fail(nodesElement, "node \(n) \(side) branch \(target) is out of range") }
                }
                var threshold: Float = 0
                if subsetWords > 0 {
                    for w in 0..<subsetWords {
                        subsets.append(Int32(try integer(values[base + 3 + w], nodesElement, "node \(n) subset word")))
                    }
                } else {
                    threshold = Float(values[base + 3])
                }
                nodes.append(CascadeModel.Node(feature: feature, threshold: threshold, left: left, right: right))
            }
            let leaves = try numbers(leavesElement).map { Float($0) }
            guard leaves.count == count + 1 else {
                throw fail(leavesElement, "\(leaves.count) leaf values for \(count) nodes (expected \(count + 1))")
            }
            return CascadeModel.WeakClassifier(nodes: nodes, leaves: leaves, subsets: subsets)
        }

        func haarFeature(_ element: XMLTree.Element, width: Int, height: Int) throws -> CascadeModel.HaarFeature {
            let rectsElement = try child(element, "rects")
            let tilted = try element.child("tilted").map(integer) ?? 0
            var rects: [CascadeModel.WeightedRect] = []
            for rectElement in rectsElement.children {
                let v = try numbers(rectElement)
                guard v.count == 5 else { throw fail(rectElement, "a Haar rectangle needs x y width height weight, found \(v.count) numbers") }
                let rect = CascadeModel.WeightedRect(
                    x: try integer(v[0], rectElement, "x"), y: try integer(v[1], rectElement, "y"),
                    width: try integer(v[2], rectElement, "width"), height: try integer(v[3], rectElement, "height"),
                    weight: Float(v[4]))
                let inside = rect.width >= 0 && rect.height >= 0 && rect.y >= 0 && (tilted != 0
                    ? rect.x - rect.height >= 0 && rect.x + rect.width <= width && rect.y + rect.width + rect.height <= height
                    : rect.x >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height)
                guard inside else {
                    throw fail(rectElement, "\(tilted != 0 ? "tilted " : "")rectangle \(rect.x) \(rect.y) \(rect.width) \(rect.height) lies outside the \(width)x\(height) window")
                }
                rects.append(rect)
            }
            guard (1...3).contains(rects.count) else { throw fail(rectsElement, "a Haar feature has 1 to 3 rectangles, found \(rects.count)") }
            return CascadeModel.HaarFeature(rects: rects, tilted: tilted != 0)
        }

        func lbpFeature(_ element: XMLTree.Element, width: Int, height: Int) throws -> CascadeModel.LBPFeature {
            let rectElement = try child(element, "rect")
            let v = try numbers(rectElement)
            guard v.count == 4 else { throw fail(rectElement, "an LBP feature needs x y width height, found \(v.count) numbers") }
            let feature = CascadeModel.LBPFeature(
                x: try integer(v[0], rectElement, "x"), y: try integer(v[1], rectElement, "y"),
                width: try integer(v[2], rectElement, "width"), height: try integer(v[3], rectElement, "height"))
            guard feature.x >= 0, feature.y >= 0, feature.width > 0, feature.height > 0,
                  feature.x + 3 * feature.width <= width, feature.y + 3 * feature.height <= height else {
                throw fail(rectElement, "the 3x3 blocks of \(feature.x) \(feature.y) \(feature.width) \(feature.height) do not fit the \(width)x\(height) window")
            }
            return feature
        }
    }
}
