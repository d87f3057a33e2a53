import FaceBenchModel
import Foundation

/// FaceBench's own JSON files (`results.json`, baselines, `images.jsonl`, exec messages) as
/// Codable types, through Foundation's `JSONEncoder` and `JSONDecoder`.
///
/// Reading parses the bytes with `JSONReader` first, so the caps of docs/limits.md (nesting
/// depth, line and column of a syntax error) hold before any type is decoded; a missing or
/// mistyped field is then an error naming the file, the line of a JSON-lines file and the
/// coding path (`detectors[2].latency_ms.p50`).
///
/// Values carried as `JSONValue` (protocol results, spec parameters) keep their key order,
/// which Foundation's coders do not: the decoder takes them from the parsed document at
/// their coding path, and the encoder's output (sorted keys, so files are deterministic) is
/// read back and given those values in their order before `JSONWriter` spells it with the
/// project's number format.
public enum JSONCoding {
    public static func decode<T: Decodable>(_ type: T.Type, file path: String) throws -> T {
        try decode(type, from: try FileIO.read(path), path: path)
    }

    /// `line`: the file line the bytes are (one line of a JSON-lines file), named in errors.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String, line: Int? = nil) throws -> T {
        let document = try JSONReader.parse(bytes, path: path, firstLine: line ?? 1)
        return try decode(type, document: document, bytes: bytes, path: path, line: line)
    }

    /// Decodes `T` from bytes already parsed into `document` (by a caller that needed to
    /// look at it first, such as a schema check).
    /// `bounded: false` leaves the number range to the caller (exec answers, whose boxes and
    /// scores `checkedDetect` refuses for that image alone, without restarting the program).
    public static func decode<T: Decodable>(
        _ type: T.Type, document: JSONValue, bytes: [UInt8], path: String, line: Int? = nil, bounded: Bool = true
    ) throws -> T {
        if bounded, let (place, value) = document.firstNumber(beyond: largestNumber) {
            let location = [line.map { "line \($0)" }, place.isEmpty ? nil : place].compactMap { $0 }.joined(separator: ", ")
            throw FaceBenchError.malformed(
                path: path, location: location.isEmpty ? nil : location,
                reason: "\(value) is beyond ±1e15, the largest number FaceBench's files and exec messages hold")
        }
        let decoder = JSONDecoder()
        decoder.userInfo[.jsonDocument] = document
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        let start = bytes.starts(with: JSONReader.byteOrderMark) ? 3 : 0
        do {
            do {
                return try decoder.decode(type, from: Data(bytes[start...]))
            } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
                // Foundation refuses numbers beyond Double (1e999) that JSONReader reads as
                // infinite; they are decoded so that the range checks where values enter
                // refuse them with their place, as for every other reader.
                return try decoder.decode(type, from: Data(JSONWriter(indent: nil).bytes(spellingNonFinite(document))))
            }
        } catch let error as DecodingError {
            throw malformed(error, path: path, line: line)
        }
    }

    static let nonFinite = (positive: "Infinity", negative: "-Infinity", nan: "NaN")

    /// No number in FaceBench's own files or an exec message is larger: coordinates stop at
    /// 2^30, scores at 10^15 (`CoordinateBounds`), times and counts far below. A file from
    /// another version or edited by hand holding 1e300 is refused here, with its field,
    /// before any table, chart or drawing meets the number.
    public static let largestNumber = 1e15

    static func spellingNonFinite(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .number(number) where !number.isFinite:
            return .string(number.isNaN ? nonFinite.nan : number > 0 ? nonFinite.positive : nonFinite.negative)
        case let .array(items): return .array(items.map(spellingNonFinite))
        case let .object(object): return .object(JSONObject(object.pairs.map { ($0.key, spellingNonFinite($0.value)) }))
        default: return value
        }
    }

    /// The JSON text of `value`; `indent` nil writes one line (JSON lines, exec messages).
    public static func bytes<T: Encodable>(_ value: T, indent: Int? = 2) throws -> [UInt8] {
        JSONWriter(indent: indent).bytes(try self.value(value))
    }

    /// Foundation's encoding of `value`, read back, its carried values put back.
    static func value<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let carried = CarriedValues()
        encoder.userInfo[.carriedJSON] = carried
        let data = try encoder.encode(value)
        var document = try JSONReader.parse(Array(data), path: "encoded \(T.self)")
        for (path, value) in carried.values { document.replace(at: path, with: value) }
        return document
    }

    static func malformed(_ error: DecodingError, path: String, line: Int?) -> FaceBenchError {
        let codingPath: [any CodingKey], reason: String
        switch error {
        case let .keyNotFound(key, context):
            codingPath = context.codingPath + [key]
            reason = "missing"
        case let .typeMismatch(type, context):
            codingPath = context.codingPath
            reason = "must be \(describe(type))"
        case let .valueNotFound(type, context):
            codingPath = context.codingPath
            reason = "must be \(describe(type)), not null"
        case let .dataCorrupted(context):
            codingPath = context.codingPath
            reason = context.debugDescription
        @unknown default:
            codingPath = []
            reason = "\(error)"
        }
        let field = spell(codingPath)
        let location = [line.map { "line \($0)" }, field.isEmpty ? nil : field].compactMap { $0 }.joined(separator: ", ")
        return .malformed(path: path, location: location.isEmpty ? nil : location, reason: reason)
    }

    /// `detectors[2].latency_ms.p50`.
    public static func spell(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type: return "an integer"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "a list"
        case is [String: Any].Type: return "an object"
        default: return "a \(type)"
        }
    }
}

