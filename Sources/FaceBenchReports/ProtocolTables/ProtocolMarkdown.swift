import FaceBenchModel
import FaceBenchEvaluation

/// Each protocol's own tables and notes for one or more detectors' results (one table, a row per
/// detector, where the protocol allows): `facebench eval`'s output and the protocol sections
/// of report.md.
public enum ProtocolMarkdown {
    /// `rows` are results of one protocol; an empty document for none.
    public static func document(_ rows: [(detector: String, result: ProtocolResult)]) -> ReportDocument {
        guard let first = rows.first?.result else { return ReportDocument() }
        func typed<T>(_ pick: (ProtocolResult) -> T?) -> [(detector: String, result: T)] {
            rows.compactMap { row in pick(row.result).map { (row.detector, $0) } }
        }
        switch first {
        case .coco: return COCOMarkdown.document(typed { if case let .coco(r) = $0 { r } else { nil } })
        case .voc: return VOCMarkdown.document(typed { if case let .voc(r) = $0 { r } else { nil } })
        case .wider: return WIDERMarkdown.document(typed { if case let .wider(r) = $0 { r } else { nil } })
        case .fddb: return FDDBMarkdown.document(typed { if case let .fddb(r) = $0 { r } else { nil } })
        case .falsePositives: return FalsePositiveTableMarkdown.document(typed { if case let .falsePositives(r) = $0 { r } else { nil } })
        case .sizes: return SizeBreakdownMarkdown.document(typed { if case let .sizes(r) = $0 { r } else { nil } })
        case .perImage: return PerImageMarkdown.document(typed { if case let .perImage(r) = $0 { r } else { nil } })
        case .landmarks: return LandmarkMarkdown.document(typed { if case let .landmarks(r) = $0 { r } else { nil } })
        case .errors: return ErrorAnalysisMarkdown.document(typed { if case let .errors(r) = $0 { r } else { nil } })
        }
    }
}
