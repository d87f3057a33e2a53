import FaceBenchModel

/// A factory for the DNN kinds: the model files were found and checked when the spec was built.
struct DNNFactory: DetectorFactory {
    let info: DetectorInfo
    let make: @Sendable () throws -> any FaceDetector

    func makeDetector() throws -> any FaceDetector { try make() }
}
