import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO

/// The messages of `facebench.exec/1`, the JSON-lines protocol between FaceBench and an
/// external detector program (docs/plugins.md). Each message is one JSON object on one
/// line. The program speaks first with a handshake; then FaceBench sends one request per
/// image and the program answers each with one response, in order.
enum ExecProtocol {
    static let version = "facebench.exec/1"

    /// The program's first line: who it is and how it wants images.
    struct Handshake: Equatable, Sendable {
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

        init(json: JSONValue) throws(ExecFailure) {
            guard json.object != nil else { throw .garbage("the handshake is not a JSON object") }
            guard let protocolName = json["protocol"]?.string else {
                throw .garbage("the handshake has no \"protocol\" (expected \"\(ExecProtocol.version)\")")
            }
            guard protocolName == ExecProtocol.version else {
                throw .incompatible("the program speaks \(protocolName); this FaceBench speaks \(ExecProtocol.version)")
            }
            guard let name = json["name"]?.string, !name.isEmpty else { throw .garbage("the handshake needs a non-empty \"name\"") }
            self.name = name
            version = json["version"]?.scalarText ?? ""
            parameters = (json["parameters"]?.object?.pairs ?? []).map {
                DetectorInfo.Parameter(name: $0.key, value: $0.value.scalarText ?? "")
            }
            let inputName = json["input"]?.string ?? Input.path.rawValue
            guard let input = Input(rawValue: inputName) else {
                throw .garbage("handshake \"input\" must be \"path\" or \"pixels\", not \"\(inputName)\"")
            }
            self.input = input
            scoreMeaning = json["score"]?.string
        }
    }

    /// One image to detect faces in.
    static func request(id: Int, input: DetectorInput, pixelsPath: String?) -> [UInt8] {
        var object: JSONObject = [
            "id": JSONValue(id), "image": JSONValue(input.path), "name": JSONValue(input.name),
            "width": JSONValue(input.image.width), "height": JSONValue(input.image.height),
        ]
        if let pixelsPath { object["pixels"] = JSONValue(pixelsPath) }
        return JSONWriter(indent: nil).bytes(.object(object)) + [0x0A]
    }

    /// The program's answer to request `id`.
    enum Response: Equatable {
        case faces([Detection], inferenceMilliseconds: Double?)
        /// The program could not process this image but is still working.
        case error(String)
    }

    static func response(_ line: [UInt8], expectedID: Int) throws(ExecFailure) -> Response {
        let json: JSONValue
        do {
            json = try JSONReader.parse(line, path: "response")
        } catch {
            throw .garbage("response is not JSON (\(error)): \(preview(line))")
        }
        guard json.object != nil else { throw .garbage("response is not a JSON object: \(preview(line))") }
        guard let id = json["id"]?.int else { throw .garbage("response has no integer \"id\": \(preview(line))") }
        guard id == expectedID else { throw .garbage("response \"id\" is \(id), expected \(expectedID)") }
        if let message = json["error"]?.string { return .error(message) }
        guard let faces = json["faces"]?.array else {
            throw .garbage("response needs \"faces\" (a list) or \"error\": \(preview(line))")
        }
        let detections = try faces.enumerated().map { index, face throws(ExecFailure) in try detection(face, field: "faces[\(index)]") }
        var inference: Double?
        if let value = json["inference_ms"], !value.isNull {
            guard let number = value.double, number >= 0 else { throw .garbage("\"inference_ms\" must be a number >= 0") }
            inference = number
        }
        return .faces(detections, inferenceMilliseconds: inference)
    }

    static func detection(_ face: JSONValue, field: String) throws(ExecFailure) -> Detection {
        guard let box = face["box"]?.array?.compactMap(\.double), box.count == 4,
              box.allSatisfy(\.isFinite), box[2] >= 0, box[3] >= 0 else {
            throw .garbage("\(field).box must be [x, y, width, height] with width, height >= 0")
        }
        guard let score = face["score"]?.double else { throw .garbage("\(field).score must be a number") }
        var landmarks: [Point]?
        if let points = face["landmarks"], !points.isNull {
            guard let list = points.array else { throw .garbage("\(field).landmarks must be a list of [x, y]") }
            landmarks = try list.enumerated().map { index, point throws(ExecFailure) in
                guard let xy = point.array?.compactMap(\.double), xy.count == 2 else {
                    throw .garbage("\(field).landmarks[\(index)] must be [x, y]")
                }
                return Point(x: xy[0], y: xy[1])
            }
        }
        var attributes: [String: String] = [:]
        for (key, value) in face["attributes"]?.object?.pairs ?? [] {
            attributes[key] = value.scalarText ?? JSONWriter(indent: nil).string(value)
        }
        return Detection(box: Box(x: box[0], y: box[1], width: box[2], height: box[3]), score: score,
                         landmarks: landmarks, attributes: attributes)
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
