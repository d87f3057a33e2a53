import FaceBenchModel
import FaceBenchEvaluation

/// Numbers comparing detectors, kept as numbers until rendered: one row per detector (per
/// run when several runs are compared), one column per metric with the direction that is
/// better. Markdown, CSV, JSON and HTML all render this one model, so they agree on the
/// values and on which is best.
public struct ComparisonTable: Sendable, Equatable {
    public enum NumberFormat: Sendable, Equatable {
        /// Fixed decimals (AP, precision, …).
        case fixed(Int)
        /// Precision suited to the size (see `Formatting.milliseconds`).
        case milliseconds
        case integer
    }

    public struct Column: Sendable, Equatable {
        /// A stable machine name (`ap50`, `latency_p50_ms`, `coco.AP`): CSV header, JSON key.
        public var key: String
        public var title: String
        public var direction: MetricDirection
        public var format: NumberFormat
        /// The statistic of `DetectorResult.differencesToBest` this column shows (`ap`,
        /// `precision`, …), when it has paired comparisons.
        public var statistic: String?

        public init(key: String, title: String, direction: MetricDirection, format: NumberFormat, statistic: String? = nil) {
            self.key = key
            self.title = title
            self.direction = direction
            self.format = format
            self.statistic = statistic
        }
    }

    public struct Row: Sendable, Equatable {
        /// The run's label when several runs are compared, else nil.
        public var run: String?
        public var detector: String
        public var spec: String
        /// Shown after the detector name (`2 failed`, `imported`).
        public var note: String?
        /// One per column; nil where the value does not exist.
        public var values: [Double?]
        /// The detector's differences to the best of its run, by statistic.
        public var differencesToBest: [String: PairedDifference]
        /// The 95 % interval of the median latency (`latency_p50_ms`), for `SpeedChange`.
        public var medianLatencyInterval: ClosedRange<Double>?
        /// Why a value is absent, by column key, shown in its place ("no ground truth"); a
        /// value absent for no stated reason shows as "–".
        public var absent: [String: String]

        public init(
            run: String?, detector: String, spec: String, note: String? = nil, values: [Double?],
            differencesToBest: [String: PairedDifference] = [:], medianLatencyInterval: ClosedRange<Double>? = nil,
            absent: [String: String] = [:]
        ) {
            self.absent = absent
            self.run = run
            self.detector = detector
            self.spec = spec
            self.note = note
            self.values = values
            self.differencesToBest = differencesToBest
            self.medianLatencyInterval = medianLatencyInterval
        }

        public var label: String { detector + (note.map { " (\($0))" } ?? "") }
    }

    public var dataset: String
    /// `summary` for FaceBench's own metrics, else the protocol name.
    public var metricSet: String
    public var columns: [Column]
    public var rows: [Row] = []
    /// The columns the change column reports, by key, when several runs are compared.
    public var changeKeys: [String] = []

    public init(dataset: String, metricSet: String, columns: [Column]) {
        self.dataset = dataset
        self.metricSet = metricSet
        self.columns = columns
    }

    public mutating func add(_ row: Row) {
        precondition(row.values.count == columns.count, "row has \(row.values.count) values for \(columns.count) columns")
        rows.append(row)
    }

    public var hasRuns: Bool { rows.contains { $0.run != nil } }

    /// How one value moved against the same detector's first row.
    public struct Change: Sendable, Equatable {
        public var column: Int
        /// `AP50 +0.0123`, `p50 −12%` (relative for timings).
        public var text: String
        /// nil when the column has no better direction.
        public var better: Bool?
    }

    /// Whether the change column is shown: several runs and columns to report.
    public var showsChanges: Bool { hasRuns && !changeKeys.isEmpty }

    /// Per row, the `changeKeys` values that differ from the first row of the same detector
    /// (empty for that first row, and for values equal to it); nil for a detector's first row.
    /// The median latency is better or worse only by `SpeedChange`'s rule, as `compare` judges
    /// it, and "same" otherwise.
    public func changes(row index: Int) -> [Change]? {
        let row = rows[index]
        guard let first = rows.firstIndex(where: { $0.detector == row.detector }), first != index else { return nil }
        return changeKeys.compactMap { key -> Change? in
            guard let column = columns.firstIndex(where: { $0.key == key }),
                  let now = row.values[column], let then = rows[first].values[column], now != then else { return nil }
            let spec = columns[column]
            var better = spec.direction == .neither ? nil : spec.direction.prefers(now, over: then)
            var verdict = ""
            if key == "latency_p50_ms", let interval = row.medianLatencyInterval, let before = rows[first].medianLatencyInterval,
               let change = SpeedChange(before: then, beforeInterval: before, after: now, afterInterval: interval) {
                better = change.verdict == .faster ? true : change.verdict == .slower ? false : nil
                verdict = " (\(change.verdict.rawValue))"
            }
            let delta = now - then
            let sign = delta > 0 ? "+" : "−"
            let text: String
            switch spec.format {
            case .milliseconds:
                guard then != 0 else { return nil }
                text = "\(sign)\(Formatting.fixed(abs(delta) / then * 100, 0))%"
            case let .fixed(decimals): text = sign + Formatting.fixed(abs(delta), decimals)
            case .integer: text = sign + Formatting.fixed(abs(delta), 0)
            }
            return Change(column: column, text: spec.title + " " + text + verdict, better: better)
        }
    }

    /// The change column's text for a row: "" for a detector's first row, "same" when
    /// nothing reported moved.
    public func changeText(row index: Int) -> String {
        guard let changes = changes(row: index) else { return "" }
        return changes.isEmpty ? "same" : changes.map(\.text).joined(separator: ", ")
    }

    /// Rows of a column's best: where every row of one run has a paired difference to the
    /// best (`statistic`), the best and every detector not distinguishable from it; else the
    /// rows holding the best value. Empty when the column has no direction, fewer than two
    /// values, or every row is alike (nothing stands out).
    public func bestRows(_ column: Int) -> Set<Int> {
        let direction = columns[column].direction
        let present = rows.indices.compactMap { row in rows[row].values[column].map { (row, $0) } }
        guard direction != .neither, present.count > 1 else { return [] }
        if let statistic = columns[column].statistic, !hasRuns {
            let paired = present.compactMap { row, _ in rows[row].differencesToBest[statistic].map { (row, $0) } }
            if paired.count == present.count {
                let group = Set(paired.filter { !$0.1.isDistinguishable }.map(\.0))
                return group.count == present.count ? [] : group
            }
        }
        guard let best = present.map(\.1).min(by: { direction.prefers($0, over: $1) }) else { return [] }
        guard present.contains(where: { $0.1 != best }) else { return [] }
        return Set(present.filter { $0.1 == best }.map(\.0))
    }

    public func text(row: Int, column: Int) -> String {
        guard let value = rows[row].values[column] else { return rows[row].absent[columns[column].key] ?? "–" }
        switch columns[column].format {
        case let .fixed(decimals): return Formatting.fixed(value, decimals)
        case .milliseconds: return Formatting.milliseconds(value)
        case .integer: return Formatting.fixed(value, 0)
        }
    }

    /// The same rows split into tables of at most `maxColumns` value columns, for protocols
    /// with more numbers than a page is wide.
    public func chunked(maxColumns: Int) -> [ComparisonTable] {
        guard columns.count > maxColumns else { return [self] }
        return stride(from: 0, to: columns.count, by: maxColumns).map { start in
            let range = start..<min(columns.count, start + maxColumns)
            var part = ComparisonTable(dataset: dataset, metricSet: metricSet, columns: Array(columns[range]))
            part.rows = rows.map { row in
                var row = row
                row.values = Array(row.values[range])
                return row
            }
            return part
        }
    }

    /// True when some column's best is a group of paired comparisons (`bestRows`).
    public var marksPairedGroups: Bool {
        columns.indices.contains { column in
            columns[column].statistic != nil && !hasRuns && rows.contains { $0.values[column] != nil } && rows.allSatisfy { row in
                row.values[column] == nil || row.differencesToBest[columns[column].statistic!] != nil
            }
        }
    }

    /// GitHub Markdown with each column's best (`bestRows`) in bold.
    public var markdown: MarkdownTable {
        let labels = (hasRuns ? ["Run", "Detector"] : ["Detector"]) + (showsChanges ? ["Change"] : [])
        var table = MarkdownTable(
            headers: labels + columns.map(\.title),
            alignments: labels.map { _ in .left } + columns.map { _ in .right })
        let best = columns.indices.map(bestRows)
        for row in rows.indices {
            let cells = columns.indices.map { column in
                best[column].contains(row) ? "**\(text(row: row, column: column))**" : text(row: row, column: column)
            }
            table.add((hasRuns ? [rows[row].run ?? ""] : []) + [rows[row].label] + (showsChanges ? [changeText(row: row)] : []) + cells)
        }
        return table
    }
}
