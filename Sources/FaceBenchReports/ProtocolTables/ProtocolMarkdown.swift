import FaceBenchModel
import FaceBenchEvaluation

/// Each protocol's own Markdown for one or more detectors' results (one table, a row per
/// detector, where the protocol allows): `facebench eval`'s output and the protocol sections
/// of report.md.
public enum ProtocolMarkdown {
    /// `rows` are results of one protocol; "" for none.
    public static func markdown(_ rows: [(detector: String, result: ProtocolResult)]) -> String {
        guard let first = rows.first?.result else { return "" }
        func typed<T>(_ pick: (ProtocolResult) -> T?) -> [(detector: String, result: T)] {
            rows.compactMap { row in pick(row.result).map { (row.detector, $0) } }
        }
        switch first {
        case .coco: return COCOMarkdown.markdown(typed { if case let .coco(r) = $0 { r } else { nil } })
        case .voc: return VOCMarkdown.markdown(typed { if case let .voc(r) = $0 { r } else { nil } })
        case .wider: return WIDERMarkdown.markdown(typed { if case let .wider(r) = $0 { r } else { nil } })
        case .fddb: return FDDBMarkdown.markdown(typed { if case let .fddb(r) = $0 { r } else { nil } })
        case .falsePositives: return FalsePositiveTableMarkdown.markdown(typed { if case let .falsePositives(r) = $0 { r } else { nil } })
        case .sizes: return SizeBreakdownMarkdown.markdown(typed { if case let .sizes(r) = $0 { r } else { nil } })
        case .perImage: return PerImageMarkdown.markdown(typed { if case let .perImage(r) = $0 { r } else { nil } })
        case .landmarks: return LandmarkMarkdown.markdown(typed { if case let .landmarks(r) = $0 { r } else { nil } })
        case .errors: return ErrorAnalysisMarkdown.markdown(typed { if case let .errors(r) = $0 { r } else { nil } })
        }
    }
}
