import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness
import FaceBenchIO
import FaceBenchTestSupport
import Foundation
import XCTest

/// dlib-faces written in every format users bring (scripts/write-dataset-copies.py, from the
/// shipped XML without FaceBench) runs to exactly the numbers of the original. The whole
/// default detector set on both datasets is `make format-copies`. lbp at scale 1.3 keeps the
/// seven runs short.
final class DatasetFormatCopyTests: XCTestCase {
    static let formats = ["coco-layout", "yolo", "csv", "csv-corners", "cvat", "label-studio"]

    /// What must not depend on the format: each detector's metrics and protocol outcomes in
    /// results.json, and each image's size and detections, by image name. Sample ids follow
    /// each format's image order (YOLO's is by file name), so they are left out and per-image
    /// lists sorted by name; numbers are compared to 12 significant digits, as YOLO's
    /// normalised coordinates give the pixel boxes back to within a rounding.
    static func numbers(_ folder: String) throws -> JSONValue {
        let document = try JSONReader.parse(try FileIO.read(folder + "/results.json"), path: folder + "/results.json")
        let detectors = (document["detectors"]?.array ?? []).map { detector -> JSONValue in
            // The copies hold boxes only: the original's landmark protocol (which says lbp
            // gives no landmarks) has no counterpart.
            var evaluation = JSONObject()
            if case let .object(protocols)? = detector["evaluation"] { evaluation = JSONObject(protocols.pairs.filter { $0.key != "landmarks" }) }
            return .object(JSONObject([("metrics", detector["metrics"] ?? .null), ("evaluation", .object(evaluation))]))
        }
        let images = (document["images"]?.array ?? []).map { image -> JSONValue in
            var detections: [(String, JSONValue)] = []
            if case let .object(results)? = image["results"] {
                detections = results.pairs.map { ($0.key, $0.value["detections"] ?? .null) }
            }
            return .object(JSONObject([
                ("name", image["name"] ?? .null), ("width", image["width"] ?? .null), ("height", image["height"] ?? .null),
                ("detections", .object(JSONObject(detections))),
            ]))
        }
        return normalised(.object(JSONObject([("detectors", .array(detectors)), ("images", .array(images))])))
    }

    static func normalised(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .number(number):
            return .number(number == 0 ? 0 : Double(String(format: "%.12g", number))!)
        case let .array(elements):
            let mapped = elements.map(normalised)
            guard mapped.allSatisfy({ $0["name"]?.string != nil }) else { return .array(mapped) }
            return .array(mapped.sorted { $0["name"]!.string! < $1["name"]!.string! })
        case let .object(object):
            return .object(JSONObject(object.pairs.filter { $0.key != "id" }.map { ($0.key, normalised($0.value)) }))
        default:
            return value
        }
    }

    func testEveryFormatOfDlibFacesGivesTheOriginalsNumbers() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let copies = scratch + "/copies"
        _ = try runProcess(
            "/usr/bin/python3", [TestData.packageRoot + "/scripts/write-dataset-copies.py", copies, TestData.datasets, "--dataset", "dlib-faces"],
            input: Data())
        let out = scratch + "/run"
        var arguments = ["run", "--dataset", "dlib-faces", "--detector", "lbp:scale=1.3", "--warmup", "0", "--out", out, "--quiet"]
        for format in Self.formats { arguments += ["--dataset", copies + "/dlib-faces/" + format] }
        let outcome = try CommandRunner.run(arguments, scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let original = try RunResults.read(out + "/dlib-faces/results.json")
        XCTAssertEqual(original.dataset.faces, 43)
        for format in Self.formats {
            let copy = try RunResults.read(out + "/" + format + "/results.json")
            XCTAssertEqual(copy.dataset.images, 9, format)
            XCTAssertEqual(copy.dataset.faces, 43, format)
            let numbers = try Self.numbers(out + "/" + format), expected = try Self.numbers(out + "/dlib-faces")
            XCTAssertEqual(numbers, expected, format)
            if numbers != expected, let first = zip(numbers["detectors"]!.array!, expected["detectors"]!.array!).first(where: { $0 != $1 }) {
                XCTFail("\(format): \(String(decoding: JSONWriter().bytes(first.0), as: UTF8.self).prefix(3000))")
            }
        }
    }

    /// Both datasets in every format read back as the original: the same images, sizes,
    /// boxes (to 1e-9 pixels) and, where the format has them (CVAT points), landmarks; the
    /// format recognised from the layout alone.
    func testEveryFormatOfBothDatasetsReadsAsTheOriginal() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let originals = try ["dlib-faces", "mit-cmu"].map { try TestData.dataset($0) }
        _ = try runProcess("/usr/bin/python3", [TestData.packageRoot + "/scripts/write-dataset-copies.py", scratch, TestData.datasets], input: Data())
        let catalog = DatasetCatalog(
            definitions: [], formats: DatasetCatalog.standardFormats(zlib: TestData.zlib), searchPath: [])
        let expectedFormats = ["coco-layout": "coco", "yolo": "yolo", "csv": "csv", "csv-corners": "csv", "cvat": "cvat", "label-studio": "label-studio"]
        var clipped: [String] = []
        for original in originals {
            for format in Self.formats {
                let copy = try catalog.resolve(scratch + "/" + original.name + "/" + format)
                XCTAssertEqual(copy.format, expectedFormats[format], format)
                XCTAssertEqual(copy.warnings, [], "\(original.name) \(format)")
                let byName = Dictionary(uniqueKeysWithValues: copy.samples.map { ($0.name, $0) })
                XCTAssertEqual(Set(byName.keys), Set(original.samples.map(\.name)), "\(original.name) \(format)")
                for sample in original.samples {
                    guard let read = byName[sample.name] else { continue }
                    let context = "\(original.name) \(format) \(sample.name)"
                    XCTAssertNotNil(read.path, context)
                    XCTAssertEqual([read.width, read.height], [sample.width, sample.height], context)
                    XCTAssertEqual(read.faces.count, sample.faces.count, context)
                    for (got, face) in zip(read.faces, sample.faces) {
                        var expected = face
                        if format == "yolo", let width = sample.width, let height = sample.height, !Self.fitsYOLO(face.box, width, height) {
                            expected.box = face.box.clipped(width: Double(width), height: Double(height))
                            clipped.append(sample.name)
                        }
                        for (a, b) in zip([got.box.x, got.box.y, got.box.width, got.box.height], [expected.box.x, expected.box.y, expected.box.width, expected.box.height]) {
                            XCTAssertEqual(a, b, accuracy: 1e-9, context)
                        }
                        if format == "cvat", original.name == "mit-cmu" { XCTAssertEqual(got.landmarks, expected.landmarks, context) }
                    }
                }
                if format == "cvat", original.name == "mit-cmu" { XCTAssertEqual(copy.landmarkScheme, original.landmarkScheme) }
            }
        }
        XCTAssertEqual(clipped, ["sarah_live_2.png"], "the one face YOLO cannot hold (wider than its image) is clipped")
    }

    /// Whether YOLO's centre and size, as fractions of the image, all lie in [0, 1].
    static func fitsYOLO(_ box: Box, _ width: Int, _ height: Int) -> Bool {
        let (w, h) = (Double(width), Double(height))
        return [(box.x + box.width / 2) / w, (box.y + box.height / 2) / h, box.width / w, box.height / h].allSatisfy { $0 >= 0 && $0 <= 1 }
    }
}
