import FaceBenchCodecs
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchTestSupport
import Foundation
import XCTest
import FaceBenchReports
@testable import FaceBenchEvaluation

/// `facebench fddb-sizes` and the `fddb` protocol without images, on synthetic FDDB-like images
/// and folds made here: with the sizes file the evaluation is the one with the images, number
/// for number; without either it differs, by what the results' note says at most.
final class FDDBSizesCommandTests: XCTestCase {
    struct Synthetic {
        var folds: String
        var detections: [[Detection]]
        var names: [String]
    }

    /// `count` images of 120–260 px with one to three faces each, a third of them crossing the
    /// right or bottom border, and a jittered box per face plus a false positive per image.
    static func makeSynthetic(in directory: String, count: Int, seed: UInt64) throws -> Synthetic {
        var random = SplitMix64(seed: seed)
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        let folds = directory + "/folds"
        try FileIO.createDirectory(folds + "/originalPics/2002/08")
        var list = "", names: [String] = [], detections: [[Detection]] = []
        let encoder = NativeImageDecoder()
        for index in 0..<count {
            let name = "2002/08/img_\(index)"
            let width = Int(uniform(120...260)), height = Int(uniform(120...260))
            let pixels = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
            try FileIO.writeAtomically(try encoder.encodeJPEG(RGBImage(width: width, height: height, pixels: pixels), quality: 80),
                                       to: folds + "/originalPics/\(name).jpg")
            var ellipses: [Ellipse] = []
            for _ in 0..<Int(uniform(1...3.99)) {
                let major = uniform(18...40), minor = major * uniform(0.7...0.85)
                let atBorder = uniform(0...1) < 1.0 / 3
                let right = uniform(0...1) < 0.5
                let cx = atBorder && right ? Double(width) - uniform(0...minor) : uniform(minor...(Double(width) - minor))
                let cy = atBorder && !right ? Double(height) - uniform(0...major) : uniform(major...(Double(height) - major))
                ellipses.append(Ellipse(majorRadius: major, minorRadius: minor, angle: uniform(1.3...1.8), centerX: cx, centerY: cy))
            }
            list += "\(name)\n\(ellipses.count)\n" + ellipses.map {
                "\($0.majorRadius) \($0.minorRadius) \($0.angle) \($0.centerX) \($0.centerY) 1\n"
            }.joined()
            var found = ellipses.map { ellipse -> Detection in
                let box = ellipse.boundingBox
                let shift = box.width * 0.12
                return Detection(box: Box(x: box.x + uniform(-shift...shift), y: box.y + uniform(-shift...shift),
                                          width: box.width * uniform(0.85...1.15), height: box.height * uniform(0.85...1.15)),
                                 score: uniform(0...1))
            }
            found.append(Detection(box: Box(x: uniform(0...60), y: uniform(0...60), width: 30, height: 30), score: uniform(0...1)))
            names.append(name)
            detections.append(found)
        }
        try FileIO.writeAtomically(list, to: folds + "/FDDB-fold-01-ellipseList.txt")
        return Synthetic(folds: folds, detections: detections, names: names)
    }

    static func evaluate(_ folds: String, _ detections: [[Detection]]) throws -> FDDBResult {
        let dataset = try FDDBLoader.load(root: folds, name: "fddb")
        return try FDDBEvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: EvaluationOptions())
    }

    func testSizesFileMakesTheEvaluationWithoutImagesEqualToTheOneWithThem() throws {
        let directory = try TestData.temporaryDirectory(self)
        let synthetic = try Self.makeSynthetic(in: directory, count: 60, seed: 15)
        let withImages = try Self.evaluate(synthetic.folds, synthetic.detections)
        XCTAssertEqual(withImages.imagesWithoutSize, 0)

        let bare = directory + "/bare"
        try FileIO.createDirectory(bare)
        try FileIO.writeAtomically(try FileIO.read(synthetic.folds + "/FDDB-fold-01-ellipseList.txt"), to: bare + "/FDDB-fold-01-ellipseList.txt")
        let withoutSizes = try Self.evaluate(bare, synthetic.detections)
        XCTAssertEqual(withoutSizes.imagesWithoutSize, 60)

        let outcome = try CommandRunner.run(["fddb-sizes", bare, "--images", synthetic.folds], scratch: directory)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let sizes = try FDDBImageSizes.read(bare + "/" + FDDBImageSizes.fileName)
        XCTAssertEqual(sizes.count, 60)
        let withSizes = try Self.evaluate(bare, synthetic.detections)
        XCTAssertEqual(withSizes, withImages, "the sizes file clips exactly as the images do")

        var differences: [String: Double] = [:]
        for kind in ["discrete", "continuous"] {
            let a = try XCTUnwrap(withImages.json[kind]?["tpr_at_1000_fp"]?.double), b = try XCTUnwrap(withoutSizes.json[kind]?["tpr_at_1000_fp"]?.double)
            differences[kind] = abs(a - b)
        }
        print("fddb without sizes on 60 synthetic images: |ΔTPR| discrete \(differences["discrete"]!), continuous \(differences["continuous"]!)")
        XCTAssertGreaterThan(differences["continuous"]!, 0, "border faces overlap differently without sizes")
        XCTAssertLessThanOrEqual(differences["discrete"]!, 0.01, "the note's bound")
        XCTAssertLessThanOrEqual(differences["continuous"]!, 0.02, "the note's bound")
        let markdown = ProtocolMarkdown.document([("synthetic", withoutSizes.erased)]).markdown
        XCTAssertTrue(markdown.contains("60 of 60 images have no known size"), markdown)
        XCTAssertFalse(ProtocolMarkdown.document([("synthetic", withSizes.erased)]).markdown.contains("no known size"))
    }

    func testMissingImagesAndBadSizeLinesAreErrorsNamingThem() throws {
        let directory = try TestData.temporaryDirectory(self)
        let synthetic = try Self.makeSynthetic(in: directory, count: 3, seed: 1)
        try FileManager.default.removeItem(atPath: synthetic.folds + "/originalPics/\(synthetic.names[1]).jpg")
        let outcome = try CommandRunner.run(["fddb-sizes", synthetic.folds], scratch: directory)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("1 of 3 images") && outcome.stderr.contains(synthetic.names[1]), outcome.stderr)
        XCTAssertFalse(FileIO.exists(synthetic.folds + "/" + FDDBImageSizes.fileName), "nothing written")

        let bad = directory + "/sizes.txt"
        try FileIO.writeAtomically("# sizes\na 10 10\nb 0 10\n", to: bad)
        XCTAssertThrowsError(try FDDBImageSizes.read(bad)) { error in
            XCTAssertTrue("\(error)".contains("line 3"), "\(error)")
        }
    }
}
