/// A detector that found different faces on some images when run on several threads than in
/// the single-threaded main pass (`ThroughputPass`).
public struct ThreadConsistencyProblem: Sendable, Equatable, CustomStringConvertible {
    public var threads: Int
    public var differingImages: Int
    /// The first differing image, in dataset order.
    public var firstImage: String

    public init(threads: Int, differingImages: Int, firstImage: String) {
        self.threads = threads
        self.differingImages = differingImages
        self.firstImage = firstImage
    }

    public var description: String {
        "\(differingImages) images differ at \(threads) threads from the main pass (first: \(firstImage))"
    }

    /// results.json keeps each problem as a sentence naming the detector
    /// (`evaluation.thread_consistency`).
    public func text(detector: String) -> String { "\(detector): \(description)" }

    /// The problem from `text(detector:)`'s sentence; nil when it is not one.
    public init?(text: String, detector: String) {
        let prefix = detector + ": "
        guard text.hasPrefix(prefix) else { return nil }
        let words = text.dropFirst(prefix.count).split(separator: " ", maxSplits: 10, omittingEmptySubsequences: false)
        let opening = " images differ at ", middle = " threads from the main pass (first: "
        guard words.count > 10, let count = Int(words[0]), let threads = Int(words[4]), text.hasSuffix(")") else { return nil }
        let expected = "\(prefix)\(count)\(opening)\(threads)\(middle)"
        guard text.hasPrefix(expected) else { return nil }
        self.init(threads: threads, differingImages: count, firstImage: String(text.dropFirst(expected.count).dropLast()))
    }
}
