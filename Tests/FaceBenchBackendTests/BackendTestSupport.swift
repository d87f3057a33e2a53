import FaceBenchCodecs
import FaceBenchModel
import FaceBenchDlib
import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import Synchronization
import XCTest

let testModels = ModelLocator.standard(anchors: [TestData.packageRoot])
let backendRegistry = DetectorRegistry(
    OpenCVBackend.kinds + OpenCVBackend.dnnKinds(models: testModels) + DlibBackend.kinds + DlibBackend.modelKinds(models: testModels),
    landmarkStages: DlibBackend.landmarkStages(models: testModels))

/// What `body` throws, as its message ("" when it throws nothing).
func message(_ body: () throws -> Void) -> String {
    do {
        try body()
        return ""
    } catch {
        return String(describing: error)
    }
}

/// Detections already computed, by spec and dataset (several tests score the same run).
private let detectionCache = Mutex<[String: [[Detection]]]>([:])

/// Runs one detector spec over every image of a dataset, returning detections per sample.
/// Results are cached per spec and image list; `fresh` runs again (determinism checks).
func detectAll(_ spec: String, on dataset: Dataset, fresh: Bool = false) throws -> [[Detection]] {
    let key = spec + "|" + dataset.samples.map(\.name).joined(separator: ",")
    if !fresh, let cached = detectionCache.withLock({ $0[key] }) { return cached }
    let found = try runDetector(spec, on: dataset)
    detectionCache.withLock { $0[key] = found }
    return found
}

private func runDetector(_ spec: String, on dataset: Dataset) throws -> [[Detection]] {
    OpenCVBackend.setThreads(1)
    DlibBackend.setThreads(1)
    let detector = try backendRegistry.factory(for: spec).makeDetector()
    let decoder = NativeImageDecoder()
    return try dataset.samples.map { sample in
        let path = try XCTUnwrap(sample.path)
        return try detector.detect(DetectorInput(decoded: try decoder.decode(path), name: sample.name, path: path))
    }
}
