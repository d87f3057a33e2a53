import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO

/// The COCO readers: results files (fast and general path), ground truth, and their
/// errors, which must name the file, line and entry.
final class COCOFormatTests: XCTestCase {
    func results(_ text: String) throws -> COCOResultsFile {
        try COCOResultsFile(bytes: Array(text.utf8), path: "results.json")
    }

    func assertMalformed(_ text: String, location: String, reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try results(text), file: file, line: line) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: "results.json", location: location, reason: reason), file: file, line: line)
        }
    }

    func testFastAndGeneralReadersAgreeOnRandomFiles() throws {
        var generator = TestRandom.generator(self, seed: 3000)
        var flat: [String] = [], nested: [String] = [], templated: [String] = []
        for _ in 0..<3000 {
            let values = (0..<5).map { _ in
                // Python reprs of doubles and of float32 values, short decimals, exponents.
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return String(Double.random(in: 0.5...900, using: &generator))
                case 1: return String(Double(Float.random(in: 0.5...900, using: &generator)))
                case 2: return String(format: "%.2f", Double.random(in: 0.5...900, using: &generator))
                default: return "\(Int.random(in: 1...9, using: &generator)).\(Int.random(in: 0...99, using: &generator))e\(Int.random(in: -5...2, using: &generator))"
                }
            }
            let image = Int.random(in: 1...50, using: &generator)
            let fields = ["\"image_id\": \(image)", "\"category_id\": 1", "\"bbox\": [\(values[0]), \(values[1]), \(values[2]), \(values[3])]", "\"score\": \(values[4])"].shuffled(using: &generator)
            flat.append("{" + fields.joined(separator: ", ") + ", \"id\": \"x\"}")
            nested.append("{" + fields.joined(separator: ",\n ") + ", \"segmentation\": [[1, 2, 3]]}")
            // json.dump's layout, the same for every entry but now and then a different one.
            let spacing = Int.random(in: 0..<20, using: &generator) == 0 ? ",  " : ", "
            templated.append("{\"image_id\": \(image)\(spacing)\"category_id\": 1, \"bbox\": [\(values[0]), \(values[1]), \(values[2]), \(values[3])], \"score\": \(values[4])}")
        }
        let fast = try results("[" + flat.joined(separator: ",\n") + "]\n")
        let general = try results("[" + nested.joined(separator: ",\n") + "]")  // nested values: general reader
        let layout = try results("[" + templated.joined(separator: ", ") + "]")  // one layout: read by template
        XCTAssertEqual(layout.boxes, general.boxes)
        XCTAssertEqual(layout.scores.map(\.bitPattern), general.scores.map(\.bitPattern))
        XCTAssertEqual(layout.imageIDs, general.imageIDs)
        XCTAssertEqual(fast.count, 3000)
        XCTAssertEqual(fast.imageIDs, general.imageIDs)
        XCTAssertEqual(fast.boxes, general.boxes)
        XCTAssertEqual(fast.scores.map(\.bitPattern), general.scores.map(\.bitPattern))
        for (entry, text) in zip(0..<3000, flat) {
            let json = try JSONReader.parse(Array(text.utf8), path: "entry")
            XCTAssertEqual(fast.scores[entry], json["score"]?.double)
            XCTAssertEqual(fast.boxes[entry].width, json["bbox"]?.array?[2].double)
        }
    }

    func testEmptyResultsAreValid() throws {
        XCTAssertEqual(try results(" [ ] ").count, 0)
    }

    func testBadEntriesAreErrorsWithLineAndEntry() {
        assertMalformed(
            "[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [1, 2, 3, 4], \"score\": 0.5},\n {\"image_id\": 1, \"category_id\": 1, \"bbox\": [1, 2, 3, 4], \"score\": NaN}]",
            location: "line 2, column 67", reason: "entry [1].score is nan")
        assertMalformed(
            "[\n{\"image_id\": 1, \"category_id\": 1, \"bbox\": [1, 2, 0, 4], \"score\": 0.5}]",
            location: "line 2, column 43", reason: "entry [0].bbox [1.0, 2.0, 0.0, 4.0] has a zero width or height")
        assertMalformed(
            "[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [1, 2, -3, 4], \"score\": 0.5}]",
            location: "line 1, column 44", reason: "entry [0].bbox [1.0, 2.0, -3.0, 4.0] has a negative width or height")
        assertMalformed(
            "[{\"image_id\": 1, \"bbox\": [1, 2, 3, 4], \"score\": 0.5}]",
            location: "line 1, column 2", reason: "entry [0] has no category_id")
        assertMalformed(
            "[{\"image_id\": 1.5, \"category_id\": 1, \"bbox\": [1, 2, 3, 4], \"score\": 0.5}]",
            location: "line 1, column 15", reason: "entry [0].image_id must be an integer")
        assertMalformed(
            "[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [1, 2, 3], \"score\": 0.5}]",
            location: "line 1, column 52", reason: "expected ',' in entry [0].bbox, found ']'")
    }

    func testImporterRejectsUnknownImagesAndMixedCategories() throws {
        let samples = [Sample(id: 1, name: "a.jpg", faces: []), Sample(id: 2, name: "b.jpg", faces: [])]
        let dataset = Dataset(name: "two", format: "test", root: "/", annotationFiles: [], samples: samples)
        let unknown = try results("[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [1, 2, 3, 4], \"score\": 0.5},\n{\"image_id\": 3, \"category_id\": 1, \"bbox\": [1, 2, 3, 4], \"score\": 0.5}]")
        XCTAssertThrowsError(try COCOResultsImporter().detections(in: unknown, for: dataset)) { error in
            XCTAssertEqual(
                error as? FaceBenchError,
                .malformed(path: "results.json", location: "line 2, column 1 (entry [1])", reason: "image_id 3 is not an image of dataset two (its COCO ids run 1…2)"))
        }
        let mixed = try results("[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [1, 2, 3, 4], \"score\": 0.5}, {\"image_id\": 2, \"category_id\": 2, \"bbox\": [1, 2, 3, 4], \"score\": 0.5}]")
        XCTAssertThrowsError(try COCOResultsImporter().detections(in: mixed, for: dataset))
        let good = try results("[{\"image_id\": 2, \"category_id\": 7, \"bbox\": [1, 2, 3, 4], \"score\": 0.5}, {\"image_id\": 2, \"category_id\": 7, \"bbox\": [5, 2, 3, 4], \"score\": 0.9}]")
        let byID = try COCOResultsImporter().detections(in: good, for: dataset)
        XCTAssertNil(byID[1])
        XCTAssertEqual(byID[2]?.map(\.score), [0.5, 0.9], "file order kept, nothing sorted")
    }

    func testGroundTruthLoaderChecksIdsAndCategories() {
        func load(_ text: String) throws -> Dataset {
            try COCOLoader.load(bytes: Array(text.utf8), file: "gt.json", name: "gt")
        }
        let image = "\"images\": [{\"id\": 5, \"file_name\": \"a.jpg\"}]"
        XCTAssertThrowsError(try load("{\(image), \"annotations\": [{\"id\": 1, \"image_id\": 5, \"category_id\": 1, \"bbox\": [0, 0, 1, 1]},\n{\"id\": 1, \"image_id\": 5, \"category_id\": 1, \"bbox\": [0, 0, 1, 1]}]}")) { error in
            XCTAssertEqual("\(error)", "gt.json: line 2, column 1: annotation id 1 appears twice (pycocotools would evaluate one of them twice)")
        }
        // Roboflow numbers from 0: read, with a warning that pycocotools's numbers would differ.
        let zero = try? load("{\(image), \"annotations\": [{\"id\": 0, \"image_id\": 5, \"category_id\": 1, \"bbox\": [0, 0, 1, 1]}]}")
        XCTAssertEqual(zero?.faceCount, 1)
        XCTAssertEqual(zero?.warnings.first?.hasPrefix("gt.json: annotation id 0 at line 1, column "), true, "\(zero?.warnings ?? [])")
        XCTAssertThrowsError(try load("{\(image), \"annotations\": [{\"id\": 1, \"image_id\": 6, \"category_id\": 1, \"bbox\": [0, 0, 1, 1]}]}"))
        XCTAssertThrowsError(try load("{\(image), \"annotations\": [], \"categories\": [{\"id\": 1, \"name\": \"cat\"}, {\"id\": 2, \"name\": \"dog\"}]}")) { error in
            XCTAssertTrue("\(error)".contains("none is named 'face'"), "\(error)")
        }
    }

    func testGroundTruthKeepsCOCOSemantics() throws {
        let text = """
            {"images": [{"id": 9, "file_name": "b.jpg", "width": 10, "height": 20}, {"id": 2, "file_name": "a.jpg", "width": null}],
             "annotations": [
               {"id": 1, "image_id": 9, "category_id": 4, "bbox": [0, 0, 10, 10], "area": 50, "iscrowd": 1, "segmentation": {"counts": "x", "size": [1, 1]}},
               {"id": 2, "image_id": 9, "category_id": 5, "bbox": [0, 0, 10, 10]},
               {"id": 3, "image_id": 2, "category_id": 4, "bbox": [1, 1, 4, 4], "ignore": 1}],
             "categories": [{"id": 4, "name": "Face"}, {"id": 5, "name": "hand"}]}
            """
        let dataset = try COCOLoader.load(bytes: Array(text.utf8), file: "gt.json", name: "gt")
        XCTAssertEqual(dataset.samples.map(\.name), ["a.jpg", "b.jpg"], "ordered by COCO id")
        XCTAssertEqual(dataset.samples.map(\.id), [1, 2])
        XCTAssertEqual(dataset.samples[1].width, 10)
        XCTAssertNil(dataset.samples[0].width)
        XCTAssertEqual(dataset.samples[1].faces.count, 1, "only the face category")
        let crowd = dataset.samples[1].faces[0]
        XCTAssertTrue(crowd.crowd && crowd.ignore)
        XCTAssertEqual(crowd.cocoArea, 50, "the annotation's area, not the box's")
        XCTAssertTrue(dataset.samples[0].faces[0].ignore)
        XCTAssertFalse(dataset.samples[0].faces[0].crowd, "'ignore' is not 'iscrowd': COCO's protocol still counts the face")
        XCTAssertEqual(dataset.samples[0].faces[0].cocoArea, 16)
    }
}
