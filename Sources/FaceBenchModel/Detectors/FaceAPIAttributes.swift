import Foundation

/// The face APIs' attributes under one reading: smile and eyes-open probabilities, head
/// angles in degrees, age range and gender, from whichever API's keys a detection carries
/// (ML Kit's `smilingProbability` and `headEulerAngleY`, Cloud Vision's `joyLikelihood` and
/// `panAngle`, Apple Vision's `yaw` in radians, Watson's `age_min`). Results keep the APIs'
/// own keys (docs/results-schema.md); this is what drawings and `detect` print.
public struct FaceAPIAttributes: Equatable, Sendable {
    public var smile: String?
    public var rightEyeOpen: Double?
    public var leftEyeOpen: Double?
    public var yaw: Double?
    public var pitch: Double?
    public var roll: Double?
    public var age: String?
    public var gender: String?

    public init(_ attributes: [String: String]) {
        func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        func degrees(_ key: String) -> Double? { number(key).map { $0 * 180 / .pi } }
        smile = number("smilingProbability").map { Formatting.fixed($0, 2) } ?? attributes["joyLikelihood"].map { $0.replacingOccurrences(of: "_", with: " ") }
        rightEyeOpen = number("rightEyeOpenProbability")
        leftEyeOpen = number("leftEyeOpenProbability")
        yaw = number("headEulerAngleY") ?? number("panAngle") ?? degrees("yaw")
        pitch = number("headEulerAngleX") ?? number("tiltAngle") ?? degrees("pitch")
        roll = number("headEulerAngleZ") ?? number("rollAngle") ?? degrees("roll")
        let range = [attributes["age_min"], attributes["age_max"]].compactMap { $0 }
        age = range.isEmpty ? nil : Array(Set(range)).sorted { (Double($0) ?? 0) < (Double($1) ?? 0) }.joined(separator: "-")
        gender = attributes["gender"]
    }

    /// `smile 0.48 eyes R0.65 L1.00`, `yaw -15 pitch -4 roll 2`, `age 18-64 MALE`: what the
    /// detection has of these, one line per group (drawings stack them under the box).
    public var lines: [String] {
        var expression: [String] = [], angles: [String] = [], person: [String] = []
        if let smile { expression.append("smile \(smile)") }
        if rightEyeOpen != nil || leftEyeOpen != nil {
            expression.append("eyes R\(rightEyeOpen.map { Formatting.fixed($0, 2) } ?? "?") L\(leftEyeOpen.map { Formatting.fixed($0, 2) } ?? "?")")
        }
        for (name, angle) in [("yaw", yaw), ("pitch", pitch), ("roll", roll)] {
            if let angle { angles.append("\(name) \(Formatting.fixed(angle, 0))") }
        }
        if let age { person.append("age \(age)") }
        if let gender { person.append(gender) }
        return [expression, angles, person].filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
    }

    /// `lines` on one line, nil when the detection has none of these attributes.
    public var summary: String? {
        lines.isEmpty ? nil : lines.joined(separator: "  ")
    }
}
