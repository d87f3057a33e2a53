import COpenCVShim
import FaceBenchModel

/// YuNet (`yunet`) with its 5 landmarks: the 2023mar release (the default, what OpenCV >= 4.8
/// and its model zoo ship) read by OpenCV DNN and decoded as OpenCV >= 4.8's FaceDetectorYN
/// does (fb_yunet2023.h), or 2022mar through OpenCV 4.6's own `cv::FaceDetectorYN` (fb_yunet.h).
public final class YuNetDetector: FaceDetector {
    /// The model releases `model=` names.
    public enum Release: String, CaseIterable, Sendable {
        case march2022 = "2022mar"
        case march2023 = "2023mar"

        /// What runs it, for the detector's backend text.
        var backend: String {
            switch self {
            case .march2022: "OpenCV FaceDetectorYN (YuNet 2022mar)"
            case .march2023: "OpenCV DNN readNetFromONNX, FaceDetectorYN 4.8 decoding (YuNet 2023mar)"
            }
        }
    }

    let release: Release
    let handle: OpaquePointer

    init(modelPath: String, release: Release, parameters: fb_yunet_params, kind: String = "yunet") throws {
        self.release = release
        handle = try DNNFaces.load(kind: kind) { error, size in
            switch release {
            case .march2022: fb_yunet_create(modelPath, parameters, error, size)
            case .march2023: fb_yunet2023_create(modelPath, parameters, error, size)
            }
        }
    }

    deinit {
        switch release {
        case .march2022: fb_yunet_destroy(handle)
        case .march2023: fb_yunet2023_destroy(handle)
        }
    }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        switch release {
        case .march2022: try DNNFaces.detect(input, engine: "FaceDetectorYN") { fb_yunet_detect(handle, $0, $1, $2, $3, $4) }
        case .march2023: try DNNFaces.detect(input, engine: "YuNet 2023mar") { fb_yunet2023_detect(handle, $0, $1, $2, $3, $4) }
        }
    }

    /// The models, as ../shared/models/README.md describes them.
    public static let models: [Release: ModelFile] = [
        .march2022: ModelFile(
            path: "yunet/face_detection_yunet_2022mar.onnx",
            sha256: "50ef07f702a31741ca46a4c0d947773b64143b9362780237bf0d427d6c79bab7",
            source: "YuNet 2022mar (libfacedetection.train, OpenCV model zoo)", install: installHint),
        .march2023: ModelFile(
            path: "yunet/face_detection_yunet_2023mar.onnx",
            sha256: "8f2383e4dd3cfbb4553ea8718107fc0423210dc964f9f4280604804ed2552fa4",
            source: "YuNet 2023mar (libfacedetection.train yunet_s, OpenCV model zoo)", install: installHint),
    ]

    static let installHint =
        "no package ships it: put shared/models beside the checkout (shared/models/yunet/) or copy it into $FACEBENCH_MODELS/yunet/"

    static func kind(models: ModelLocator, library: String) -> DetectorKind {
        let model = DetectorParameter.choice(
            "model", default: Release.march2023,
            help: "2023mar: the current release, decoded as OpenCV >= 4.8 does; 2022mar: OpenCV 4.6's FaceDetectorYN")
        let score = DetectorParameter.number("score", atLeast: 0, atMost: 1, default: 0.6, help: "score threshold: faces scoring below it are dropped")
        let nms = DetectorParameter.number("nms", atLeast: 0, atMost: 1, default: 0.3, help: "IoU above which non-maximum suppression drops the lower-scoring box")
        let top = DetectorParameter.integer("top", atLeast: 1, atMost: 100_000, default: 5000, help: "candidates kept before non-maximum suppression")
        let size = DetectorParameter.inputSize(default: .original, reference: "cv2.FaceDetectorYN")
        return DetectorKind(
            id: "yunet", summary: "YuNet CNN, 2023mar (default) or 2022mar (OpenCV DNN / FaceDetectorYN), 5 landmarks",
            backend: "OpenCV DNN (YuNet 2023mar) or FaceDetectorYN (2022mar)",
            arguments: .parameters([model.spec, score.spec, nms.spec, top.spec, size.spec]),
            availability: { models.availability(of: [Self.models[.march2023]!, Self.models[.march2022]!], for: "yunet") }
        ) { request in
            let release = request.parameters[model]
            let path = try models.locate(Self.models[release]!, for: "yunet")
            let parameters = fb_yunet_params(
                score_threshold: Float(request.parameters[score]), nms_threshold: Float(request.parameters[nms]),
                top_k: Int32(request.parameters[top]), fit: DNNFaces.fit(request.parameters[size]))
            let info = DetectorInfo(
                kind: "yunet", id: request.id, spec: request.canonicalSpec, backend: release.backend, library: library,
                parameters: request.parameters.inEffect, scoreMeaning: release == .march2022
                    ? "YuNet 2022mar's face score (classification × IoU quality, 0–1)"
                    : "YuNet 2023mar's face score (√(classification × objectness), 0–1)",
                landmarkScheme: .five)
            return DNNFactory(info: info) { try YuNetDetector(modelPath: path, release: release, parameters: parameters) }
        }
    }
}
