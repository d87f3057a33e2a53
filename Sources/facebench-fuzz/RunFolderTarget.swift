import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
@testable import FaceBenchHarness
import FaceBenchReports

/// The `run-folder` target: a run's `results.json` and an `images.jsonl` together (a NUL byte
/// between them; JSON holds none), read as `--resume` and `merge` read them. The two files
/// of one folder, or of two shards, describe the same images and detectors; single-file
/// targets never see what one file's values do to the other's.
enum RunFolderTarget {
    static func run(_ bytes: [UInt8]) throws {
        let resultsBytes = Array(bytes.prefix { $0 != 0 })
        let logBytes = Array(bytes.dropFirst(resultsBytes.count + 1))
        let results = try JSONCoding.decode(RunResults.self, from: resultsBytes, path: "run/results.json")
        guard let header = storedLogHeader(logBytes) else { return }
        let path = "run/" + RunLog.fileName
        // The dataset: the images the results name, then those only the log names (another
        // shard's).
        let logged = try RunLog.read(logBytes, path: path, directory: "run", header: header).records
        let dataset = dataset(of: results, records: results.records + logged)
        let samples = Dictionary(dataset.samples.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Resume: the log read against that dataset (a record naming another image than the
        // results' of its id is refused), scored with the results' detectors and settings.
        let records = try RunLog.read(logBytes, path: path, directory: "run", header: header, samples: samples).records
        func scored(_ records: [ImageRecord]) -> RunResults {
            RunResults.build(
                dataset: dataset, setups: results.detectors.map(\.setup), records: records, settings: results.settings,
                environments: results.environments, decoderLibrary: results.decoderLibrary, interrupted: false,
                evaluators: AccuracyEvaluators.standard)
        }
        _ = scored(records)
        // Merge: the results with the log's other images, as shards of one run.
        let inResults = Set(results.records.map(\.sampleID))
        let otherShard = records.filter { !inResults.contains($0.sampleID) }
        guard !otherShard.isEmpty else { return }
        _ = try RunResults.merged([results, scored(otherShard)], dataset: dataset, evaluators: AccuracyEvaluators.standard)
    }

    /// The dataset `records` describe, named as `results`' is, each image with one face to be
    /// found, so the evaluators have something to match.
    static func dataset(of results: RunResults, records: [ImageRecord]) -> Dataset {
        var samples: [Int: Sample] = [:]
        var order: [Int] = []
        for record in records where samples[record.sampleID] == nil {
            samples[record.sampleID] = Sample(
                id: record.sampleID, name: record.name, path: record.path, width: record.width, height: record.height,
                faces: [Face(box: Box(x: 10, y: 10, width: 50, height: 50))])
            order.append(record.sampleID)
        }
        return Dataset(
            name: results.dataset.name, format: results.dataset.format, root: results.dataset.root,
            annotationFiles: results.dataset.annotationFiles, samples: order.compactMap { samples[$0] })
    }

    /// The `run-gate` target: a run's `results.json`, a NUL, then a baseline file or a second
    /// results.json, as `compare` and `report` read them: the gate's verdict (paired over the
    /// images when both are runs) and its text, and the two runs' Markdown, CSV and JSON
    /// reports side by side.
    static func gate(_ bytes: [UInt8]) throws {
        let currentBytes = Array(bytes.prefix { $0 != 0 })
        let otherBytes = Array(bytes.dropFirst(currentBytes.count + 1))
        let current = try JSONCoding.decode(RunResults.self, from: currentBytes, path: "current/results.json")
        let document = try JSONReader.parse(otherBytes, path: "baseline.json")
        var gate = RegressionGate()
        let baseline: BenchmarkSnapshot
        if document["schema"]?.string == RunResults.schema {
            let other = try JSONCoding.decode(RunResults.self, document: document, path: "baseline/results.json")
            baseline = BenchmarkSnapshot(results: [other], created: "")
            gate.pairedChanges = PairedRunChanges.intervals(
                current: [current], baseline: [other], datasets: [current.dataset.name: dataset(of: current, records: current.records + other.records)])
            let comparisons = DatasetComparison.group([
                LabelledResults(label: "baseline", path: "baseline", results: other), LabelledResults(label: "current", path: "current", results: current),
            ])
            _ = MarkdownReport.document(comparisons, evaluators: AccuracyEvaluators.standard)
            _ = CSVReport.document(comparisons)
            _ = try JSONReport.document(comparisons)
        } else {
            baseline = try JSONCoding.decode(BenchmarkSnapshot.self, document: document, path: "baseline.json")
            gate.settings = baseline.gate ?? GateSettings()
        }
        let outcome = gate.compare(current: BenchmarkSnapshot(results: [current], created: ""), baseline: baseline)
        _ = GateReport.text(outcome, current: "current", baseline: "baseline", allRows: true)
    }

    /// The header a log's first line holds: resuming needs the settings the log was started
    /// with, and taking them from the log itself lets the fuzzer reach the records.
    static func storedLogHeader(_ bytes: [UInt8]) -> RunLog.Header? {
        let firstLine = Array(bytes.prefix { $0 != 0x0A })
        let stored = (try? JSONReader.parse(firstLine, path: RunLog.fileName))?["header"] ?? .null
        return try? JSONCoding.decode(RunLog.Header.self, from: JSONWriter().bytes(stored), path: RunLog.fileName)
    }
}
