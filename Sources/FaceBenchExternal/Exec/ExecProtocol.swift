import FaceBenchModel
import FaceBenchIO

/// The messages of `facebench.exec/1`, the JSON-lines protocol between FaceBench and an
/// external detector program (docs/plugins.md). Each message is one JSON object on one
/// line. The program speaks first with a handshake; then FaceBench sends one request per
/// image and the program answers each with one response, in order.
enum ExecProtocol {
    static let version = "facebench.exec/1"

    /// The program's first line: who it is and how it wants images.
    struct Handshake: Decodable, Equatable, Sendable {
        enum Input: String, Sendable {
            /// Requests carry the image file's path; the program decodes it.
            case path
            /// Requests also name a file holding the gray pixels (width × height bytes,
            /// row-major, no padding), so the program need not decode.
            case pixels
        }

        var name: String
        var version: String
        var parameters: [DetectorInfo.Parameter]
        var input: Input
        var scoreMeaning: String?
        /// The scheme of the points the program returns, by name (`five`, `ibug68`, …); nil
        /// when it returns none or does not say (then evaluation goes by the point count).
        var landmarkScheme: LandmarkScheme?

        enum CodingKeys: String, CodingKey {
            case name, version, parameters, input, scoreMeaning = "score", landmarkScheme = "landmarks"
        }

        /// `version` and the parameters' values may be any scalar; they are kept as text.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            guard !name.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "must not be empty")
            }
            version = try container.decodeIfPresent(JSONValue.self, forKey: .version)?.scalarText ?? ""
            let stated = container.contains(.parameters) ? try container.decodeObject(forKey: .parameters) : JSONObject()
            parameters = stated.pairs.map { DetectorInfo.Parameter(name: $0.key, value: $0.value.scalarText ?? "") }
            let inputName = try container.decodeIfPresent(String.self, forKey: .input) ?? Input.path.rawValue
            guard let input = Input(rawValue: inputName) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .input, in: container, debugDescription: "must be \"path\" or \"pixels\", not \"\(inputName)\"")
            }
            self.input = input
            scoreMeaning = try container.decodeIfPresent(String.self, forKey: .scoreMeaning)
            if let schemeName = try container.decodeIfPresent(String.self, forKey: .landmarkScheme) {
                guard let scheme = LandmarkScheme.named(schemeName) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .landmarkScheme, in: container,
                        debugDescription: "unknown landmark scheme \"\(schemeName)\"; known: " + LandmarkScheme.known.map(\.id).joined(separator: ", "))
                }
                landmarkScheme = scheme
            }
        }

        /// The handshake line: the protocol is checked first, so a program speaking another
        /// version is told so whatever else its handshake holds.
        static func decode(_ line: [UInt8]) throws(ExecFailure) -> Handshake {
            let document: JSONValue
            do {
                document = try JSONReader.parse(line, path: "handshake")
            } catch {
                throw .garbage("the handshake is not JSON (\(error)): \(preview(line))")
            }
            guard document.object != nil else { throw .garbage("the handshake is not a JSON object") }
            guard let protocolName = document["protocol"]?.string else {
                throw .garbage("the handshake has no \"protocol\" (expected \"\(ExecProtocol.version)\")")
            }
            guard protocolName == ExecProtocol.version else {
                throw .incompatible("the program speaks \(protocolName); this FaceBench speaks \(ExecProtocol.version)")
            }
            return try ExecProtocol.decode(Handshake.self, document: document, line: line, path: "handshake")
        }
    }

    /// One image to detect faces in.
    struct Request: Encodable {
        var id: Int
        /// Null for images that are not files.
        var image: String?
        var name: String
        var width: Int
        var height: Int
        var pixels: String?

        enum CodingKeys: String, CodingKey {
            case id, image, name, width, height, pixels
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(image, forKey: .image)
            try container.encode(name, forKey: .name)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encodeIfPresent(pixels, forKey: .pixels)
        }
    }

    static func request(id: Int, input: DetectorInput, pixelsPath: String?) throws -> [UInt8] {
        let request = Request(
            id: id, image: input.path, name: input.name, width: input.image.width, height: input.image.height, pixels: pixelsPath)
        return try JSONCoding.bytes(request, indent: nil) + [0x0A]
    }

    /// The program's answer to request `id`.
    enum Response: Equatable {
        case faces([Detection], inferenceMilliseconds: Double?)
        /// The program could not process this image but is still working.
        case error(String)
    }

    /// What a response line holds; `faces` or `error` is checked once `id` is.
    struct ResponseMessage: Decodable {
        var id: Int
        var error: String?
        var faces: [Detection]?
        var inferenceMilliseconds: Double?

        enum CodingKeys: String, CodingKey {
            case id, error, faces, inferenceMilliseconds = "inference_ms"
        }
    }

    /// The longest inference time a program may report: 10^9 ms is 11.6 days.
    static let maximumInferenceMilliseconds = 1e9

    /// `scheme`: the handshake's landmark scheme, whose point count every face's points must have.
    static func response(_ line: [UInt8], expectedID: Int, scheme: LandmarkScheme? = nil) throws(ExecFailure) -> Response {
        let document: JSONValue
        do {
            document = try JSONReader.parse(line, path: "response")
        } catch {
            throw .garbage("response is not JSON (\(error)): \(preview(line))")
        }
        guard document.object != nil else { throw .garbage("response is not a JSON object: \(preview(line))") }
        // Counted before the faces are decoded: 200,000 of them took 30 s and 419 MB.
        if let count = document["faces"]?.array?.count, count > NativeArray.maximumFacesPerImage {
            throw .garbage("response lists \(count) faces; at most \(NativeArray.maximumFacesPerImage) are read per image")
        }
        let message = try decode(ResponseMessage.self, document: document, line: line, path: "response")
        guard message.id == expectedID else { throw .garbage("response \"id\" is \(message.id), expected \(expectedID)") }
        if let error = message.error { return .error(error) }
        guard let faces = message.faces else {
            throw .garbage("response needs \"faces\" (a list) or \"error\": \(preview(line))")
        }
        for (index, face) in faces.enumerated() {
            if face.box.width < 0 || face.box.height < 0 {
                throw .garbage("faces[\(index)].box must be [x, y, width, height] with width, height >= 0")
            }
            if let points = face.landmarks, points.count > ExternalAnswerLimits.maximumPointsPerFace {
                throw .garbage("faces[\(index)].landmarks has \(points.count) points; at most \(ExternalAnswerLimits.maximumPointsPerFace) are read per face")
            }
        }
        if let scheme {
            for (index, face) in faces.enumerated() {
                if let points = face.landmarks, points.count != scheme.pointNames.count {
                    throw .garbage("faces[\(index)].landmarks has \(points.count) points; the handshake's scheme \(scheme.id) has \(scheme.pointNames.count)")
                }
            }
        }
        if let inference = message.inferenceMilliseconds, !(0...maximumInferenceMilliseconds).contains(inference) {
            throw .garbage("\"inference_ms\" is \(inference); it must be a number of milliseconds in 0…1e9")
        }
        return .faces(faces, inferenceMilliseconds: message.inferenceMilliseconds)
    }

    /// A message that is JSON but not what the protocol says: the field and the line's start.
    static func decode<T: Decodable>(_ type: T.Type, document: JSONValue, line: [UInt8], path: String) throws(ExecFailure) -> T {
        do {
            // Numbers are checked where they enter: boxes and scores by `checkedDetect`,
            // inference_ms by `response`, so a huge one fails its image, not the program.
            return try JSONCoding.decode(type, document: document, path: path, bounded: false)
        } catch {
            throw .garbage("\(error): \(preview(line))")
        }
    }

    /// The start of a line for error messages.
    static func preview(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(120), as: UTF8.self)
        return "'" + text + (line.count > 120 ? "…" : "") + "'"
    }
}

/// Why an exchange with an external program failed. Every case but `.refused` leaves the
/// program in an unknown state, so it is killed and restarted.
enum ExecFailure: Error, CustomStringConvertible, Equatable {
    /// Not valid protocol: not JSON, wrong id, missing fields.
    case garbage(String)
    /// The program speaks another protocol version.
    case incompatible(String)
    /// No answer in time.
    case timedOut(seconds: Double)
    /// The program closed its stdout or stopped reading (it exited or crashed).
    case died(String)

    var description: String {
        switch self {
        case let .garbage(reason): return "protocol violation: \(reason)"
        case let .incompatible(reason): return reason
        case let .timedOut(seconds): return "no response within \(Formatting.fixed(seconds, seconds < 10 ? 1 : 0)) s"
        case let .died(how): return "the program \(how)"
        }
    }
}
