@testable import FaceBenchCascade
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import XCTest

/// Both cascade backends (`haar`/`lbp` through OpenCV, `swift-haar`/`swift-lbp`) against
/// OpenCV's own detectMultiScale3 and detectMultiScale2 called from Python
/// (`scripts/opencv-reference.py --stdin`), on a sample of images and parameter combinations:
/// every box, level weight and neighbour count identical. The whole grid on both datasets is
/// `make parity` (`facebench parity-grid`, release build).
final class CascadeParityTests: XCTestCase {
    /// trekcolr has faces touching the right border (as Ecuador.png has, whose 611×467 pixels
    /// would take four times as long as these three together: the right-border test below
    /// keeps it, `make parity` compares every image).
    static let images = ["trekcolr.png", "hendrix2.png", "lacrosse.png"]

    /// One combination per cascade from the grid, the issue's alt2 example, and three off the grid.
    static let specs = [
        "haar:cascade=alt2,min=30",
        "haar:cascade=default,scale=1.3,neighbors=1,max=120",
        "haar:cascade=alt,scale=1.3,neighbors=6,min=30",
        "haar:cascade=alt_tree,neighbors=1",
        "lbp:cascade=frontalface,scale=1.05,neighbors=6,min=30,max=120",
        "lbp:cascade=improved,scale=1.3",
        "haar:cascade=alt2,scale=1.2,neighbors=4,min=24",
        "lbp:min=40,max=120,neighbors=2",
        "haar:neighbors=0,scale=1.3",
    ]

    func testSampleOfTheGridEqualsOpenCVCalledDirectly() throws {
        OpenCVBackend.setThreads(1)
        let registry = DetectorRegistry(OpenCVBackend.kinds + SwiftCascadeBackend.kinds)
        let dataset = try TestData.dataset("mit-cmu")
        let samples = try Self.images.map { name in try XCTUnwrap(dataset.samples.first { $0.name == name }, name) }
        let decoder = NativeImageDecoder()
        let images = try samples.map { try decoder.decode(XCTUnwrap($0.path)).gray }
        let configurations = try Self.specs.map { spec in
            try XCTUnwrap(try registry.factory(for: spec).makeDetector() as? any CascadeScanning).configuration
        }
        let references = try OpenCVReference.faces(requests: Array(zip(Self.specs, configurations)), images: samples.map { $0.path! })
        var compared = 0
        for (spec, (configuration, expected)) in zip(Self.specs, zip(configurations, references)) {
            for backend in [spec, "swift-" + spec] {
                let detector = try registry.factory(for: backend).makeDetector()
                let scanner = try XCTUnwrap(detector as? any CascadeScanning)
                for (index, (sample, image)) in zip(samples, images).enumerated() {
                    let hits = try scanner.rawHits(in: image, scaleFactor: configuration.scaleFactor, minSize: configuration.minSize,
                                                   maxSize: configuration.maxSize)
                    let faces = try scanner.faces(from: hits, minNeighbors: configuration.minNeighbors, imageWidth: image.width,
                                                  imageHeight: image.height)
                    let ours = faces.map(OpenCVReference.ScoredBox.init).sorted()
                    XCTAssertEqual(ours, expected[sample.path!], "\(backend) on \(sample.name)")
                    compared += ours.count
                    // That detect() is the scan and the grouping above needs one image (the border case).
                    guard index == 0 else { continue }
                    let detected = try detector.detect(DetectorInput(image: image, name: sample.name, path: sample.path))
                    XCTAssertEqual(detected.map(\.box).sorted { ($0.x, $0.y) < ($1.x, $1.y) },
                                   faces.map { Box(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)) }
                                       .sorted { ($0.x, $0.y) < ($1.x, $1.y) }, "\(backend) detect on \(sample.name)")
                }
            }
        }
        XCTAssertGreaterThan(compared, 100, "faces compared")
    }

    /// The issue's example: a face whose windows overhang the right border of Ecuador.png.
    func testFaceAtTheRightBorderKeepsDetectMultiScalesWidth() throws {
        let registry = DetectorRegistry(OpenCVBackend.kinds + SwiftCascadeBackend.kinds)
        let sample = try XCTUnwrap(try TestData.dataset("mit-cmu").samples.first { $0.name == "Ecuador.png" })
        let image = try NativeImageDecoder().decode(XCTUnwrap(sample.path)).gray
        for spec in ["haar:cascade=alt2,min=30", "swift-haar:cascade=alt2,min=30"] {
            let boxes = try registry.factory(for: spec).makeDetector().detect(DetectorInput(image: image, name: sample.name, path: sample.path))
                .map(\.box)
            XCTAssertTrue(boxes.contains(Box(x: 571, y: 224, width: 40, height: 40)), "\(spec): \(boxes)")
        }
    }

    /// `parity-grid`'s machinery on the committed references of two dlib-faces images at scale 1.3: one scan
    /// per image, the size limits and neighbour counts taken from it; a changed weight is found.
    func testGridReferencesOfDlibFacesAtScale13() throws {
        OpenCVBackend.setThreads(1)
        let registry = DetectorRegistry(OpenCVBackend.kinds + SwiftCascadeBackend.kinds)
        let dataset = try TestData.dataset("dlib-faces")
        let decoder = NativeImageDecoder()
        // Two images where both cascades find faces at every neighbour count (OpenCV: 52 alt2 and 32 improved faces over the grid).
        let images = try dataset.samples.filter { ["2008_002506.jpg", "2009_004587.jpg"].contains($0.name) }
            .map { (name: $0.name, image: try decoder.decode(XCTUnwrap($0.path)).gray) }
        XCTAssertEqual(images.count, 2)
        let grid = CascadeGrid(scales: [1.3], neighbors: CascadeGrid.standard.neighbors, minSizes: CascadeGrid.standard.minSizes,
                               maxSizes: CascadeGrid.standard.maxSizes)
        for (family, cascade) in [(CascadeConfiguration.Family.haar, "alt2"), (.lbp, "improved")] {
            let references = try CascadeConfiguration.Score.allCases.map { score in
                try XCTUnwrap(try OpenCVGridReference.load(folder: TestData.fixture("opencv-grid"), dataset: "dlib-faces", family: family,
                                                           cascade: cascade, score: score, scales: [1.3], zlib: TestData.zlib), "\(cascade) \(score)")
            }
            let backends = ["\(family.rawValue):cascade=\(cascade)", "swift-\(family.rawValue):cascade=\(cascade)"].map { spec in
                CascadeGridParity.Backend(name: spec) { try XCTUnwrap(try registry.factory(for: spec).makeDetector() as? any CascadeScanning) }
            }
            let outcome = try CascadeGridParity.check(images: images, references: references, backends: backends, grid: grid, workers: 2)
            XCTAssertEqual(outcome.differences, [], cascade)
            XCTAssertEqual(outcome.covered, [.weight: 12, .neighbors: 12], cascade)
            XCTAssertGreaterThan(outcome.referenceFaces, 60, cascade)
            for backend in backends { XCTAssertEqual(outcome.identicalFaces[backend.name], outcome.referenceFaces, backend.name) }

            var tampered = references[0]
            let (combination, image) = try XCTUnwrap(grid.combinations.lazy.compactMap { c in
                images.first { tampered.faces[c]?[$0.name]?.isEmpty == false }.map { (c, $0.name) }
            }.first)
            tampered.faces[combination]![image]![0].score += 1e-12
            let caught = try CascadeGridParity.check(images: images, references: [tampered], backends: backends, grid: grid, workers: 1)
            XCTAssertEqual(caught.differences.count, 2, "both backends differ from the tampered weight: \(caught.differences)")
        }
    }

    func testReferenceFilesWithBadLinesAreRefusedWithTheirLine() throws {
        let text = "facebench-opencv-grid 1\nopencv 4.6.0\ndataset d\ncascade haar alt2\nscore weight\ncombo 1.3 3 0 0\na.png 1,2,3\n"
        XCTAssertThrowsError(try OpenCVGridReference.parse(text, path: "x.txt.zlib")) { error in
            XCTAssertEqual("\(error)", "\(FaceBenchError.malformed(path: "x.txt.zlib", location: "line 7", reason: "expected x,y,width,height,score, got '1,2,3'"))")
        }
        // A line of spaces has no first field: it used to trap on fields[0], in the header and below it.
        let spaced = "facebench-opencv-grid 1\n \nopencv 4.6.0\ndataset d\ncascade haar alt2\nscore weight\ncombo 1.3 3 0 0\n   \na.png\n"
        XCTAssertThrowsError(try OpenCVGridReference.parse(spaced, path: "x.txt.zlib")) { error in
            XCTAssertEqual("\(error)", "\(FaceBenchError.malformed(path: "x.txt.zlib", location: "line 6", reason: "an image line before the first 'combo' line"))", "header lines go by position")
        }
        let parsed = try OpenCVGridReference.parse(spaced.replacingOccurrences(of: "1\n \n", with: "1\n"), path: "x.txt.zlib")
        XCTAssertEqual(parsed.faces.values.map(\.count), [1], "the line of spaces below the header is skipped")
    }
}

/// OpenCV's answers from Python, through `scripts/opencv-reference.py --stdin`.
enum OpenCVReference {
    struct ScoredBox: Equatable, Comparable, CustomStringConvertible {
        var x: Int, y: Int, width: Int, height: Int
        var weight: Double
        var neighbors: Int

        init(_ face: GroupedFace) {
            (x, y, width, height, weight, neighbors) = (face.x, face.y, face.width, face.height, face.weight, face.neighbors)
        }

        init(_ values: [JSONValue]) throws {
            guard values.count == 6, let x = values[0].int, let y = values[1].int, let w = values[2].int, let h = values[3].int,
                  let weight = values[4].double, let n = values[5].int else { throw FaceBenchError.failed("bad reference face \(values)") }
            (self.x, self.y, width, height, self.weight, neighbors) = (x, y, w, h, weight, n)
        }

        static func < (a: ScoredBox, b: ScoredBox) -> Bool { (a.x, a.y, a.width, a.height, a.weight) < (b.x, b.y, b.width, b.height, b.weight) }

        var description: String { "[\(x), \(y), \(width), \(height)] \(weight) n=\(neighbors)" }
    }

    /// One answer per request (a spec and its configuration), from one Python process.
    static func faces(requests: [(String, CascadeConfiguration)], images: [String]) throws -> [[String: [ScoredBox]]] {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python), (try? runProcess(python, ["-c", "import cv2"], input: Data())) != nil else {
            throw XCTSkip("Debian's python3-opencv is not installed")
        }
        let list: JSONValue = .array(try requests.map { spec, configuration in
            .object([
                "cascade": JSONValue(try configuration.cascadePath(environment: [:], spec: spec)),
                "scale": JSONValue(configuration.scaleFactor), "neighbors": JSONValue(configuration.minNeighbors),
                "min": JSONValue(configuration.minSize), "max": JSONValue(configuration.maxSize), "images": JSONValue(images),
            ])
        })
        let output = try runProcess(python, [TestData.packageRoot + "/scripts/opencv-reference.py", "--stdin"], input: Data(JSONWriter().bytes(list)))
        let answers = try JSONReader.parse([UInt8](output), path: "opencv-reference.py output").array ?? []
        guard answers.count == requests.count else { throw FaceBenchError.failed("\(answers.count) answers to \(requests.count) requests") }
        return try answers.map { answer in
            var faces: [String: [ScoredBox]] = [:]
            for (path, list) in answer.object?.pairs ?? [] {
                faces[path] = try (list.array ?? []).map { try ScoredBox($0.array ?? []) }.sorted()
            }
            return faces
        }
    }
}
