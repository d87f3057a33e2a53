import Foundation
import FaceBenchModel
import FaceBenchHarness

/// Finds and loads the results named on a command line: a `results.json`, a dataset folder
/// holding one, or a run folder holding `<dataset>/results.json` for each dataset.
///
/// Runs are labelled when there are several: by `labels` if given (one per argument), else
/// by the part of their paths that differs (`runs/A/mit-cmu/results.json` and
/// `runs/B/mit-cmu/results.json` become `A` and `B`).
public enum ResultsLocator {
    public static func load(_ arguments: [String], labels given: [String] = []) throws -> [LabelledResults] {
        guard given.isEmpty || given.count == arguments.count else {
            throw FaceBenchError.usage("--label given \(given.count) times for \(arguments.count) results; give one per results argument or none")
        }
        let loaded = try arguments.map { argument in
            try RunFolder.resultsFiles(at: argument).map { file in (file, try RunResults.read(file)) }
        }
        let labels: [String?] = arguments.count < 2 ? [nil] : given.isEmpty ? derivedLabels(arguments, loaded: loaded) : given
        return zip(labels, loaded).flatMap { label, files in
            files.map { LabelledResults(label: label, path: $0.0, results: $0.1) }
        }
    }

    /// The distinguishing middle of each argument's path.
    static func derivedLabels(_ arguments: [String], loaded: [[(String, RunResults)]]) -> [String] {
        let parts: [[String]] = zip(arguments, loaded).map { argument, files in
            var components = URL(fileURLWithPath: argument).standardized.pathComponents
            if components.last == RunFolder.resultsFileName { components.removeLast() }
            if files.count == 1, components.last == files[0].1.dataset.name { components.removeLast() }
            return components
        }
        let shortest = parts.map(\.count).min() ?? 0
        var prefix = 0
        while prefix < shortest, Set(parts.map { $0[prefix] }).count == 1 { prefix += 1 }
        var suffix = 0
        while suffix < shortest - prefix, Set(parts.map { $0[$0.count - 1 - suffix] }).count == 1 { suffix += 1 }
        var labels = parts.enumerated().map { index, components -> String in
            let middle = components[prefix..<(components.count - suffix)].joined(separator: "/")
            return middle.isEmpty ? "run \(index + 1)" : middle
        }
        for index in labels.indices where labels[..<index].contains(labels[index]) { labels[index] += " #\(index + 1)" }
        return labels
    }
}
