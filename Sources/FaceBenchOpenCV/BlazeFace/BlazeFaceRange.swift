/// MediaPipe's two BlazeFace models and the settings its graphs give each
/// (mediapipe/modules/face_detection/face_detection_{short,full}_range_common.pbtxt).
enum BlazeFaceRange: String, CaseIterable, Sendable {
    /// Faces within about 2 m of the camera: 128×128 input, 896 anchors.
    case short
    /// Faces up to about 5 m: 192×192 input, 2304 anchors.
    case full

    /// The square input tensor's side in pixels.
    var inputSize: Int { self == .short ? 128 : 192 }

    /// SsdAnchorsCalculatorOptions.strides: one feature map per layer.
    var strides: [Int] { self == .short ? [8, 16, 16, 16] : [4] }

    /// interpolated_scale_aspect_ratio 1.0 (short) adds a second anchor per aspect ratio and
    /// layer; full range sets it to 0 and has one anchor per cell.
    var anchorsPerLayer: Int { self == .short ? 2 : 1 }

    var anchorCount: Int { self == .short ? 896 : 2304 }

    /// TensorsToDetectionsCalculatorOptions.min_score_thresh.
    var defaultMinScore: Double { self == .short ? 0.5 : 0.6 }

    /// The converted model's file in the model cache and its two outputs (box regressors:
    /// 16 values per anchor; classifier logits: 1 per anchor), as tflite2onnx names them.
    var modelPath: String { "blazeface/face_detection_\(rawValue)_range.onnx" }
    var regressorOutput: String { self == .short ? "regressors" : "reshaped_regressor_face_4" }
    var classifierOutput: String { self == .short ? "classificators" : "reshaped_classifier_face_4" }
}
