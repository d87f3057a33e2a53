import FaceBenchModel

/// FaceBench's own JSON files (`results.json`, baselines, `images.jsonl`, exec messages) as
/// Codable types, through `JSONValueCoding` with sorted keys.
///
/// Reading parses the bytes with `JSONReader` first, so the caps of docs/limits.md (nesting
/// depth, line and column of a syntax error, the largest number) hold before any type is
/// decoded; a missing or mistyped field is then an error naming the file, the line of a
/// JSON-lines file and the field's path (`detectors[2].latency_ms.p50`).
public enum JSONCoding {
    public static func decode<T: Decodable>(_ type: T.Type, file path: String) throws -> T {
        try decode(type, from: try FileIO.read(path), path: path)
    }

    /// `line`: the file line the bytes are (one line of a JSON-lines file), named in errors.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String, line: Int? = nil) throws -> T {
        try decode(type, document: try JSONReader.parse(bytes, path: path, firstLine: line ?? 1), path: path, line: line)
    }

    /// Decodes `T` from a document already parsed (by a caller that needed to look at it
    /// first, such as a schema check); decoders find it under `CodingUserInfoKey.jsonDocument`.
    /// `bounded: false` leaves the number range to the caller (exec answers, whose boxes and
    /// scores `checkedDetect` refuses for that image alone, without restarting the program).
    public static func decode<T: Decodable>(
        _ type: T.Type, document: JSONValue, path: String, line: Int? = nil, bounded: Bool = true
    ) throws -> T {
        if bounded, let (place, value) = document.firstNumber(beyond: largestNumber) {
            let location = [line.map { "line \($0)" }, place.isEmpty ? nil : place].compactMap { $0 }.joined(separator: ", ")
            throw FaceBenchError.malformed(
                path: path, location: location.isEmpty ? nil : location,
                reason: "\(value) is beyond ±1e15, the largest number FaceBench's files and exec messages hold")
        }
        return try JSONValueCoding.decode(type, from: document, path: path, line: line, userInfo: [.jsonDocument: document])
    }

    /// No number in FaceBench's own files or an exec message is larger: coordinates stop at
    /// 2^30, scores at 10^15 (`CoordinateBounds`), times and counts far below. A file from
    /// another version or edited by hand holding 1e300 is refused here, with its field,
    /// before any table, chart or drawing meets the number.
    public static let largestNumber = 1e15

    /// The JSON text of `value`; `indent` nil writes one line (JSON lines, exec messages).
    public static func bytes<T: Encodable>(_ value: T, indent: Int? = 2) throws -> [UInt8] {
        JSONWriter(indent: indent).bytes(try JSONValueCoding.encode(value, layout: .sorted))
    }
}
