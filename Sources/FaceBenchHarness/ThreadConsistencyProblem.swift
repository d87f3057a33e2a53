import Foundation
import FaceBenchModel
import FaceBenchEvaluation

/// A detector that found different faces on some images when run on several threads than in
/// the single-threaded main pass (`ThroughputPass`). results.json keeps it as the sentence
/// `description` writes (`evaluation.thread_consistency`), read back strictly.
public struct ThreadConsistencyProblem: Sendable, Equatable, Codable, CustomStringConvertible {
    public var detector: String
    public var threads: Int
    public var differingImages: Int
    /// The first differing image, in dataset order.
    public var firstImage: String

    public init(detector: String, threads: Int, differingImages: Int, firstImage: String) {
        self.detector = detector
        self.threads = threads
        self.differingImages = differingImages
        self.firstImage = firstImage
    }

    static let middle = " images differ at ", end = " threads from the main pass (first: "

    public var description: String {
        "\(detector): \(differingImages)\(Self.middle)\(threads)\(Self.end)\(firstImage))"
    }

    /// The problem `description` wrote; nil for any other text.
    public init?(sentence: String) {
        guard sentence.hasSuffix(")"), let middle = sentence.range(of: Self.middle),
              let end = sentence.range(of: Self.end, range: middle.upperBound..<sentence.endIndex),
              let colon = sentence[..<middle.lowerBound].range(of: ": ", options: .backwards),
              let count = Int(sentence[colon.upperBound..<middle.lowerBound]), let threads = Int(sentence[middle.upperBound..<end.lowerBound])
        else { return nil }
        self.init(
            detector: String(sentence[..<colon.lowerBound]), threads: threads, differingImages: count,
            firstImage: String(sentence[end.upperBound...].dropLast()))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let sentence = try container.decode(String.self)
        guard let problem = Self(sentence: sentence) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a thread-consistency sentence: \(sentence)"))
        }
        self = problem
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
