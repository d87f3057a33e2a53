import FaceBenchCore
import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import XCTest

/// FaceBench's `haar` and `lbp` boxes must be exactly the boxes OpenCV's own
/// detectMultiScale returns, called outside FaceBench (Python bindings, scripts/opencv-reference.py).
final class OpenCVParityTests: XCTestCase {
    func reference(cascade: String, scale: Double, neighbors: Int, min: Int, max: Int, images: [String]) throws -> [String: [[Int]]] {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python),
              (try? runProcess(python, ["-c", "import cv2"], input: Data())) != nil else {
            throw XCTSkip("Debian's python3-opencv is not installed")
        }
        let request: JSONValue = .object([
            "cascade": JSONValue(cascade), "scale": JSONValue(scale), "neighbors": JSONValue(neighbors),
            "min": JSONValue(min), "max": JSONValue(max), "images": JSONValue(images),
        ])
        let output = try runProcess(python, [TestData.packageRoot + "/scripts/opencv-reference.py", "--stdin"],
                             input: Data(JSONWriter().bytes(request)))
        let json = try JSONReader.parse([UInt8](output), path: "opencv-reference.py output")
        var boxes: [String: [[Int]]] = [:]
        for (path, list) in json.object?.pairs ?? [] {
            boxes[path] = (list.array ?? []).map { ($0.array ?? []).compactMap(\.int) }
        }
        return boxes
    }

    func checkParity(_ spec: String, family: CascadeConfiguration.Family, dataset name: String) throws {
        let dataset = try TestData.dataset(name)
        let factory = try backendRegistry.factory(for: spec)
        var values = [String: String]()
        for parameter in factory.info.parameters { values[parameter.name] = parameter.value }
        let configuration = CascadeConfiguration(
            family: family, cascade: values["cascade"]!, scaleFactor: Double(values["scale"]!)!,
            minNeighbors: Int(values["neighbors"]!)!, minSize: Int(values["min"]!)!, maxSize: Int(values["max"]!)!)
        let cascadePath = try configuration.cascadePath(environment: [:], spec: spec)
        let paths = dataset.samples.compactMap(\.path)
        let expected = try reference(
            cascade: cascadePath, scale: configuration.scaleFactor, neighbors: configuration.minNeighbors,
            min: configuration.minSize, max: configuration.maxSize, images: paths)
        let found = try detectAll(spec, on: dataset)
        var identical = 0
        for (sample, detections) in zip(dataset.samples, found) {
            let ours = detections.map { [Int($0.box.x), Int($0.box.y), Int($0.box.width), Int($0.box.height)] }
                .sorted { $0.lexicographicallyPrecedes($1) }
            let theirs = expected[sample.path!] ?? []
            if ours == theirs { identical += 1 } else { XCTFail("\(spec) on \(sample.name): \(ours) != OpenCV \(theirs)") }
        }
        XCTAssertEqual(identical, dataset.samples.count, spec)
    }

    func testHaarDefaultOnMITCMU() throws { try checkParity("haar", family: .haar, dataset: "mit-cmu") }
    func testHaarAlt2WithParametersOnMITCMU() throws {
        try checkParity("haar:cascade=alt2,scale=1.2,neighbors=4,min=24", family: .haar, dataset: "mit-cmu")
    }
    func testLBPImprovedOnMITCMU() throws { try checkParity("lbp:cascade=improved", family: .lbp, dataset: "mit-cmu") }
    func testHaarAltOnDlibFaces() throws { try checkParity("haar:cascade=alt,scale=1.05,neighbors=5", family: .haar, dataset: "dlib-faces") }
    func testLBPWithSizeLimitsOnDlibFaces() throws {
        try checkParity("lbp:min=40,max=120,neighbors=2", family: .lbp, dataset: "dlib-faces")
    }
}
