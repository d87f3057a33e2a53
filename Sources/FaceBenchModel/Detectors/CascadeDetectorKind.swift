import Foundation

/// A detector kind that runs one of OpenCV's cascade families (`haar`, `lbp`, and the pure-Swift
/// `swift-haar`, `swift-lbp`): the parameters, the cascade file lookup and the description
/// are the same whatever engine runs the cascade; the backend brings only the engine.
public enum CascadeDetectorKind {
    /// Makes one detector for a worker from the cascade file and the parameters in effect.
    public typealias MakeDetector = @Sendable (_ path: String, _ configuration: CascadeConfiguration, _ info: DetectorInfo) throws -> any FaceDetector

    /// `checkCascade` reads the cascade file once when the spec is resolved, before any
    /// detector is made (and outside its timed load), for engines that trust the file.
    public static func kind(
        id: String, family: CascadeConfiguration.Family, summary: String, backend: String, library: String,
        checkCascade: (@Sendable (_ path: String) throws -> Void)? = nil, makeDetector: @escaping MakeDetector
    ) -> DetectorKind {
        DetectorKind(id: id, summary: summary, backend: backend, arguments: .parameters(CascadeConfiguration.Parameters.specs(for: family))) { request in
            let configuration = CascadeConfiguration(family: family, values: request.parameters)
            if configuration.maxSize > 0, configuration.minSize > configuration.maxSize {
                throw FaceBenchError.invalidSpec(
                    spec: request.spec.text,
                    reason: "min=\(configuration.minSize) is larger than max=\(configuration.maxSize): no face could be found")
            }
            let path = try configuration.cascadePath(environment: ProcessInfo.processInfo.environment, spec: request.spec.text)
            try checkCascade?(path)
            let info = DetectorInfo(
                kind: id, id: request.id, spec: request.canonicalSpec, backend: backend, library: library,
                parameters: request.parameters.inEffect, scoreMeaning: configuration.scoreMeaning)
            return Factory(info: info, path: path, configuration: configuration, make: makeDetector)
        }
    }

    struct Factory: DetectorFactory {
        let info: DetectorInfo
        let path: String
        let configuration: CascadeConfiguration
        let make: MakeDetector

        func makeDetector() throws -> any FaceDetector { try make(path, configuration, info) }
    }
}

extension CascadeConfiguration {
    /// A grouped face as a detection: its window and the score this configuration asks for.
    public func detection(x: Int, y: Int, width: Int, height: Int, levelWeight: Double, neighbors: Int) -> Detection {
        Detection(box: Box(x: Double(x), y: Double(y), width: Double(width), height: Double(height)),
                  score: score(levelWeight: levelWeight, neighbors: neighbors))
    }
}
