/// Which of WIDER FACE's two official evaluations the `wider` protocol reproduces
/// (`--wider-flavor`). Both score the same files with the same difficulty lists; they
/// differ in arithmetic and ordering, by up to ~1e-2 AP on fractional boxes and by much more
/// when files are not sorted by score (docs/evaluation.md).
public enum WIDERFlavor: String, Sendable, CaseIterable, Codable {
    /// The MATLAB `eval_tools` of the dataset's authors (`WIDEROfficialEvaluation`).
    case matlab
    /// The Python port `widerface_evaluate/evaluation.py` most papers since 2019 report
    /// (`WIDERPythonEvaluation`).
    case python

    /// The tool whose numbers this flavour equals, for tables.
    public var tool: String {
        switch self {
        case .matlab: "official MATLAB evaluation"
        case .python: "Python port evaluation.py"
        }
    }
}
