import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
@testable import FaceBenchHarness

/// Protocol results written to results.json and read back: the same document key for key,
/// the same value; a missing or mistyped field is an error naming its path, never a default.
final class ProtocolResultCodingTests: XCTestCase {
    static let boxEvaluators: [any AccuracyEvaluator] = [
        COCOEvaluator(), VOCEvaluator(), FalsePositiveTable(), SizeBreakdown(), PerImageBreakdown(), ErrorAnalysisEvaluator(),
    ]

    /// The partial detector of the synthetic run: misses the small faces, so every protocol
    /// has errors, nulls and non-trivial curves to carry.
    func boxResults() throws -> [ProtocolResult] {
        let samples = SyntheticRun.dataset.samples
        let detections = samples.map(SyntheticRun.partial().detect)
        return try Self.boxEvaluators.map {
            try $0.evaluateAny(dataset: SyntheticRun.dataset, samples: samples, detections: detections, options: EvaluationOptions())
        }
    }

    static let landmarks = LandmarkScores(
        iouThreshold: 0.5, datasetScheme: "ibug68", detectorScheme: "five", comparison: "common five", points: ["right_eye", "left_eye"],
        normaliser: "outer_eye_corners", facesAnnotated: 3, facesScored: 2, facesMissed: 1, facesWithoutLandmarks: 0, facesUnnormalisable: 0,
        nme: .init(mean: 0.05, median: 0.05), failureRate: NamedValues([("0.08", 0), ("0.10", 0)]), auc: NamedValues([("0.08", 0.375), ("0.10", 0.5)]),
        perPoint: [.init(name: "right_eye", meanError: 0.04), .init(name: "left_eye", meanError: nil)],
        bySize: [.init(label: "h<16", lower: 0, upper: 16, faces: 0, nmeMean: nil), .init(label: "h>=128", lower: 128, upper: nil, faces: 2, nmeMean: 0.05)],
        faces: [.init(imageID: 1, image: "a.png", face: 0, height: 130, nme: 0.04), .init(imageID: 2, image: "b.png", face: 1, height: 140, nme: 0.06)])

    static let wider = WIDERResult(
        flavor: .python, images: 2, predictions: 5, scoreNormalisation: .init(min: 0.1, max: 0.9),
        settings: WIDEREvaluator.settings.map { ($0, .init(averagePrecision: $0 == "hard" ? nil : 0.5, faces: 3, threshold: [0.999, 0.998], precision: [nil, 0.5], recall: [0, 0.25])) })

    static let fddb = FDDBEvaluator.result(
        FDDBOfficialEvaluation.evaluate([FDDBOfficialEvaluation.Image(
            faces: [try! FDDBRegions.ellipse(Ellipse(majorRadius: 10, minorRadius: 8, angle: 0, centerX: 20, centerY: 20), imageWidth: 64, imageHeight: 64)],
            detections: [(try! FDDBRegions.ellipse(Ellipse(majorRadius: 10, minorRadius: 8, angle: 0, centerX: 21, centerY: 20), imageWidth: 64, imageHeight: 64), 0.9)])]),
        images: 1, detections: 1, imagesWithoutSize: 0)

    func testEveryProtocolRoundTripsKeyForKey() throws {
        let all: [ProtocolResult] = try boxResults() + [.landmarks(.scored(Self.landmarks)), .landmarks(.detectorWithoutLandmarks), .wider(Self.wider), .fddb(Self.fddb)]
        XCTAssertEqual(Set(all.map(\.name)), Set(ProtocolResult.types.map { $0.protocolName }), "every protocol is covered")
        for result in all {
            let json = result.json
            let decoded = try ProtocolResult.decode(protocol: result.name, from: json, path: "test")
            XCTAssertEqual(decoded, result, result.name)
            // Through the text results.json holds, as the reader sees it.
            let reread = try JSONReader.parse(JSONWriter().bytes(json), path: "results.json")
            XCTAssertEqual(JSONWriter().string(try ProtocolResult.decode(protocol: result.name, from: reread, path: "test").json), JSONWriter().string(json), result.name)
        }
    }

    func testEveryMetricIsDeclared() throws {
        for result in try boxResults() + [.landmarks(.scored(Self.landmarks)), .wider(Self.wider), .fddb(Self.fddb)] {
            let type = Swift.type(of: result.result)
            for (key, _) in result.result.figures {
                XCTAssertNotNil(type.kind(of: key), "\(result.name).\(key) has a declared kind")
            }
        }
    }

    func testMissingOrMistypedFieldsAreErrorsNamingTheirPath() throws {
        let results = try boxResults()
        let voc = try XCTUnwrap(results.first { $0.name == "voc" }?.json.object)
        let sizes = try XCTUnwrap(results.first { $0.name == "sizes" }?.json.object)
        func failure(_ name: String, _ object: JSONObject) -> String {
            do {
                _ = try ProtocolResult.decode(protocol: name, from: .object(object), path: "r.json: detectors[0].evaluation.\(name)")
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        var missing = voc
        missing["tp"] = nil
        XCTAssertEqual(failure("voc", missing), "r.json: detectors[0].evaluation.voc: tp: missing")
        var mistyped = voc
        mistyped["tp"] = "three"
        XCTAssertEqual(failure("voc", mistyped), "r.json: detectors[0].evaluation.voc: tp: expected an integer, found a string")
        var fractional = voc
        fractional["faces"] = 2.5
        XCTAssertEqual(failure("voc", fractional), "r.json: detectors[0].evaluation.voc: faces: expected an integer, found 2.5")
        var absentOptional = voc
        absentOptional["AP11"] = nil
        var nullOptional = voc
        nullOptional["AP11"] = .null
        XCTAssertEqual(
            try ProtocolResult.decode(protocol: "voc", from: .object(absentOptional), path: "r.json"),
            try ProtocolResult.decode(protocol: "voc", from: .object(nullOptional), path: "r.json"),
            "an absent optional reads as null, as Codable's decodeIfPresent does")
        var nested = sizes
        var buckets = try XCTUnwrap(nested["buckets"]?.array)
        guard case var .object(bucket) = buckets[1] else { return XCTFail("a bucket is an object") }
        bucket["recall"] = true
        buckets[1] = .object(bucket)
        nested["buckets"] = .array(buckets)
        XCTAssertEqual(failure("sizes", nested), "r.json: detectors[0].evaluation.sizes: buckets[1].recall: expected a number, found a boolean")
        XCTAssertTrue(failure("nonsense", voc).contains("unknown protocol 'nonsense'"))
        XCTAssertEqual(failure("voc", ["tp": 1]), "r.json: detectors[0].evaluation.voc: iou_threshold: missing", "the first missing field is named")
    }

    /// `detectors[].evaluation` of today's results.json: results, failed protocols and the
    /// thread-consistency sentences, read back into their types and written unchanged.
    func testEvaluationObjectsOfTodaysLayoutLoad() throws {
        let coco = try XCTUnwrap(try boxResults().first { $0.name == "coco" })
        let object: JSONObject = [
            "coco": coco.json, "errors": .object(["error": "errors: bad input"]),
            "thread_consistency": ["lbp: 3 images differ at 2 threads from the main pass (first: img_1.jpg)"],
        ]
        let evaluations = try JSONValueCoding.decode(DetectorEvaluations.self, from: .object(object), path: "results.json: detectors[0].evaluation")
        XCTAssertEqual(evaluations.outcomes, [.result(coco), .failed(protocol: "errors", reason: "errors: bad input")])
        XCTAssertEqual(evaluations.threadConsistency, [ThreadConsistencyProblem(detector: "lbp", threads: 2, differingImages: 3, firstImage: "img_1.jpg")])
        XCTAssertEqual(try JSONValueCoding.encode(evaluations), .object(object))
        XCTAssertThrowsError(try JSONValueCoding.decode(DetectorEvaluations.self, from: .object(["thread_consistency": ["something else"]]), path: "e")) {
            XCTAssertEqual("\($0)", "e: thread_consistency[0]: not a thread-consistency sentence: something else")
        }
        XCTAssertThrowsError(try JSONValueCoding.decode(DetectorEvaluations.self, from: .object(["nonsense": .object([:])]), path: "e")) {
            XCTAssertTrue("\($0)".hasPrefix("e: nonsense: unknown protocol 'nonsense' (known: coco, voc"), "\($0)")
        }
    }
}
