import CFaceBenchPlugin
import FaceBenchModel
import Glibc

/// One instance of a native plugin (created with the spec's parameters, destroyed with the
/// detector). Plugin errors fail the image with the plugin's message.
final class NativePluginDetector: FaceDetector {
    let library: NativePluginLibrary
    let instance: UnsafeMutableRawPointer
    let id: String
    /// The scheme the plugin declared, whose point count every face must have.
    let landmarkScheme: LandmarkScheme?

    static let errorSize = 1024

    init(library: NativePluginLibrary, parameters: [DetectorInfo.Parameter], id: String, landmarkScheme: LandmarkScheme? = nil) throws {
        self.library = library
        self.id = id
        self.landmarkScheme = landmarkScheme
        let keys = parameters.map { strdup($0.name) }
        let values = parameters.map { strdup($0.value) }
        defer { (keys + values).forEach { free($0) } }
        let pairs = zip(keys, values).map { facebench_parameter(key: $0, value: $1) }
        var error = [CChar](repeating: 0, count: Self.errorSize)
        guard let created = pairs.withUnsafeBufferPointer({ library.api.create($0.baseAddress, $0.count, &error, error.count) }) else {
            let message = String(nulTerminated: error)
            throw FaceBenchError.backend(detector: id, reason: "create failed: " + (message.isEmpty ? "no reason given" : message))
        }
        instance = created
    }

    deinit { library.api.destroy(instance) }

    /// What the instance says it is.
    func describe() throws -> PluginDescription {
        var description = facebench_description()
        var error = [CChar](repeating: 0, count: Self.errorSize)
        guard library.api.describe(instance, &description, &error, error.count) == 0 else {
            throw FaceBenchError.backend(detector: id, reason: "describe failed: " + String(nulTerminated: error))
        }
        func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        let count = description.parameter_count
        guard (0...ExternalAnswerLimits.maximumParameters).contains(count) else {
            throw FaceBenchError.backend(
                detector: id, reason: "describe returned parameter_count \(UInt(bitPattern: count)); at most \(ExternalAnswerLimits.maximumParameters) parameters are read")
        }
        var parameters: [DetectorInfo.Parameter] = []
        if count > 0 {
            guard let listed = description.parameters else {
                throw FaceBenchError.backend(detector: id, reason: "describe returned parameter_count \(count) but parameters is NULL")
            }
            parameters = (0..<count).map { DetectorInfo.Parameter(name: text(listed[$0].key), value: text(listed[$0].value)) }
        }
        var scheme: LandmarkScheme?
        if library.api.abi_version >= 2, let pointer = description.landmark_scheme {
            let name = String(cString: pointer)
            guard let named = LandmarkScheme.named(name) else {
                throw FaceBenchError.backend(
                    detector: id, reason: "describe names the unknown landmark scheme '\(name)'; known: " + LandmarkScheme.known.map(\.id).joined(separator: ", "))
            }
            scheme = named
        }
        return PluginDescription(
            name: text(description.name), version: text(description.version), scoreMeaning: text(description.score_meaning),
            parameters: parameters, landmarkScheme: scheme)
    }

    func detect(_ input: DetectorInput) throws -> [Detection] {
        let image = input.image
        var faces: UnsafePointer<facebench_face>?
        var count = 0
        var error = [CChar](repeating: 0, count: Self.errorSize)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            library.api.detect(instance, pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
                               &faces, &count, &error, error.count)
        }
        guard status == 0 else {
            throw FaceBenchError.backend(detector: id, reason: "detect failed on \(input.name): " + String(nulTerminated: error))
        }
        guard count != 0 else { return [] }
        // The plugin's counts are checked before its arrays are read: past them lie memory it
        // does not own, or an allocation no image needs. `face_count` is a `size_t`: above
        // Int.max it arrives negative.
        guard (1...NativeArray.maximumFacesPerImage).contains(count) else {
            throw FaceBenchError.backend(
                detector: id, reason: "detect returned face_count \(UInt(bitPattern: count)) for \(input.name); at most \(NativeArray.maximumFacesPerImage) faces are read per image")
        }
        guard let faces else { throw FaceBenchError.backend(detector: id, reason: "detect returned face_count \(count) for \(input.name) but faces is NULL") }
        return try (0..<count).map { index in
            let face = faces[index]
            let pointCount = Int(face.landmark_count)
            func refused(_ why: String) -> FaceBenchError {
                .backend(detector: id, reason: "detect returned face \(index + 1) of \(input.name) with landmark_count \(pointCount)" + why)
            }
            guard (0...ExternalAnswerLimits.maximumPointsPerFace).contains(pointCount) else {
                throw refused("; it must be in 0…\(ExternalAnswerLimits.maximumPointsPerFace)")
            }
            if let landmarkScheme, pointCount != 0, pointCount != landmarkScheme.pointNames.count {
                throw refused("; its scheme \(landmarkScheme.id) has \(landmarkScheme.pointNames.count)")
            }
            var landmarks: [Point]?
            if pointCount > 0 {
                guard let points = face.landmarks else { throw refused(" but landmarks is NULL") }
                landmarks = (0..<pointCount).map { Point(x: points[2 * $0], y: points[2 * $0 + 1]) }
            }
            return Detection(box: Box(x: face.x, y: face.y, width: face.width, height: face.height), score: face.score,
                             landmarks: landmarks)
        }
    }
}

/// What a plugin instance's `describe` says about it.
struct PluginDescription {
    var name: String
    var version: String
    var scoreMeaning: String
    var parameters: [DetectorInfo.Parameter]
    var landmarkScheme: LandmarkScheme?
}
