/// One notable thing about a run, worth a line in the terminal after the headline table:
/// a detector that failed images, a debug build, a dominant error type.
public struct Finding: Sendable, Equatable {
    public enum Severity: String, Sendable, Equatable {
        /// The numbers may mislead (failed images, debug build, interrupted run).
        case warning
        /// Worth knowing when reading the numbers.
        case note
    }

    public var severity: Severity
    /// The dataset it concerns, nil for the whole run (the build).
    public var dataset: String?
    public var detector: String?
    /// A sentence, without the dataset and detector it concerns.
    public var text: String

    public init(_ severity: Severity, dataset: String? = nil, detector: String? = nil, _ text: String) {
        self.severity = severity
        self.dataset = dataset
        self.detector = detector
        self.text = text
    }

    /// `dlib-faces / lbp: failed 2 of 9 images …`.
    public var line: String {
        let subject = [dataset, detector].compactMap { $0 }.joined(separator: " / ")
        return (subject.isEmpty ? "" : subject + ": ") + text
    }
}

/// Anything that can point out findings in a dataset's results: the run's own checks
/// (`RunFindings.standardSources`) and accuracy protocols with something to say (an
/// `AccuracyEvaluator` that also conforms is asked by `facebench run`).
public protocol FindingSource: Sendable {
    func findings(in comparison: DatasetComparison) -> [Finding]
}

/// The findings of several sources over several datasets, in the order the sources are
/// given, each distinct finding once (a debug build is one finding, not one per dataset).
public enum RunFindings {
    public static let standardSources: [any FindingSource] = [
        BuildFindings(), InterruptionFindings(), BusyMachineFindings(), FailedImageFindings(), ProgramThreadFindings(), ProtocolProblemFindings(),
        DominantErrorFindings(), SameModelRecallFindings(),
    ]

    /// Detectors that earn the same sentence on the same dataset (haar and swift-haar, whose
    /// detections are identical) share one finding: `dlib-faces / haar, swift-haar: …`.
    public static func collect(_ comparisons: [DatasetComparison], from sources: [any FindingSource]) -> [Finding] {
        var seen: [Finding] = []
        for source in sources {
            for comparison in comparisons {
                for finding in source.findings(in: comparison) where !seen.contains(finding) {
                    if let detector = finding.detector,
                       let same = seen.firstIndex(where: { $0.severity == finding.severity && $0.dataset == finding.dataset && $0.text == finding.text && $0.detector != nil }) {
                        seen[same].detector! += ", " + detector
                    } else {
                        seen.append(finding)
                    }
                }
            }
        }
        return seen.filter { $0.severity == .warning } + seen.filter { $0.severity == .note }
    }
}
