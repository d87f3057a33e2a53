import FaceBenchModel

/// FDDB's output layout from an `fddb` result (`FDDBEvaluator`): `DiscROC.txt`
/// (`tpr fp threshold`) and `ContROC.txt` (`tpr fp`), one line per ROC point in the toolkit's
/// order, numbers as C++ streams print them. The result's rates are the toolkit's own
/// divisions, so the files equal the toolkit's.
public enum FDDBROCFiles {
    public static func texts(_ result: JSONValue) throws -> (discrete: String, continuous: String) {
        guard let roc = result["roc"], let faces = result["faces"]?.int,
              let thresholds = roc["threshold"]?.array?.compactMap(\.double), let falsePositives = roc["false_positives"]?.array?.compactMap(\.double),
              let discrete = roc["discrete_tpr"]?.array?.compactMap(\.double), let continuous = roc["continuous_tpr"]?.array?.compactMap(\.double),
              Set([thresholds.count, falsePositives.count, discrete.count, continuous.count]).count == 1
        else {
            throw FaceBenchError.failed("fddb: result has no complete ROC to write")
        }
        let cpp = FDDBOfficialEvaluation.cpp
        var disc = "", cont = ""
        for i in thresholds.indices {
            disc += faces > 0 ? "\(cpp(discrete[i])) \(cpp(falsePositives[i])) \(cpp(thresholds[i]))\n" : "0 0 \(cpp(thresholds[i]))\n"
            cont += faces > 0 ? "\(cpp(continuous[i])) \(cpp(falsePositives[i]))\n" : "0 0\n"
        }
        return (disc, cont)
    }

    /// Writes `<prefix>DiscROC.txt` and `<prefix>ContROC.txt`.
    public static func write(_ result: JSONValue, prefix: String) throws {
        let (disc, cont) = try texts(result)
        try FileIO.writeAtomically(disc, to: prefix + "DiscROC.txt")
        try FileIO.writeAtomically(cont, to: prefix + "ContROC.txt")
    }
}
