/// A detector spec as the user writes it: `[label=]kind[:arguments]`.
///
/// `haar`, `haar:cascade=alt2,scale=1.1,neighbors=3,min=30`, `fast=haar:scale=1.3`,
/// `exec:python3 det.py --model x`, `plugin:/opt/libdet.so:threshold=0.5`. The label, when
/// given, names the detector in tables and file names; kind ids never contain `=`, so a `=`
/// before the first `:` marks a label.
public struct DetectorSpec: Sendable, Equatable {
    public var text: String
    public var label: String?
    public var kind: String
    public var arguments: String?

    public init(parsing text: String) throws {
        self.text = text
        var body = Substring(text)
        let colon = body.firstIndex(of: ":")
        let head = colon.map { body[..<$0] } ?? body
        if let equals = head.firstIndex(of: "=") {
            let label = String(body[..<equals])
            guard DetectorSpec.isValidLabel(label) else {
                throw FaceBenchError.invalidSpec(spec: text, reason: "label '\(label)' may use only letters, digits, '.', '_' and '-'")
            }
            self.label = label
            body = body[body.index(after: equals)...]
        }
        if let colon = body.firstIndex(of: ":") {
            kind = String(body[..<colon])
            arguments = String(body[body.index(after: colon)...])
        } else {
            kind = String(body)
            arguments = nil
        }
        guard !kind.isEmpty else {
            throw FaceBenchError.invalidSpec(spec: text, reason: "missing detector kind before ':'")
        }
    }

    public static func isValidLabel(_ label: String) -> Bool {
        !label.isEmpty && label.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))))
                || scalar == "." || scalar == "_" || scalar == "-"
        }
    }

    /// Splits `key=value,key=value` into pairs, keeping their order. Commas inside a value are
    /// not supported; the error names the offending item.
    public static func keyValuePairs(_ arguments: String, spec: String) throws -> [(key: String, value: String)] {
        guard !arguments.isEmpty else { return [] }
        return try arguments.split(separator: ",", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw FaceBenchError.invalidSpec(spec: spec, reason: "'\(item)' is not of the form key=value")
            }
            return (String(item[..<equals]).trimmingSpaces, String(item[item.index(after: equals)...]).trimmingSpaces)
        }
    }
}

extension StringProtocol {
    package var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
