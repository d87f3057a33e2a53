import FaceBenchModel
import FaceBenchEvaluation

/// FDDB's output layout from an `fddb` result (`FDDBResult`): `DiscROC.txt`
/// (`tpr fp threshold`) and `ContROC.txt` (`tpr fp`), one line per ROC point in the toolkit's
/// order, numbers as C++ streams print them. The result's rates are the toolkit's own
/// divisions, so the files equal the toolkit's.
public enum FDDBROCFiles {
    public static func texts(_ result: FDDBResult) throws -> (discrete: String, continuous: String) {
        let roc = result.roc
        guard Set([roc.threshold.count, roc.falsePositives.count, roc.discreteTruePositiveRate.count, roc.continuousTruePositiveRate.count]).count == 1
        else {
            throw FaceBenchError.failed("fddb: result has no complete ROC to write")
        }
        let cpp = FDDBOfficialEvaluation.cpp
        var disc = "", cont = ""
        for i in roc.threshold.indices {
            disc += result.faces > 0
                ? "\(cpp(roc.discreteTruePositiveRate[i])) \(cpp(roc.falsePositives[i])) \(cpp(roc.threshold[i]))\n" : "0 0 \(cpp(roc.threshold[i]))\n"
            cont += result.faces > 0 ? "\(cpp(roc.continuousTruePositiveRate[i])) \(cpp(roc.falsePositives[i]))\n" : "0 0\n"
        }
        return (disc, cont)
    }

    /// Writes `<prefix>DiscROC.txt` and `<prefix>ContROC.txt`.
    public static func write(_ result: FDDBResult, prefix: String) throws {
        let (disc, cont) = try texts(result)
        try FileIO.writeAtomically(disc, to: prefix + "DiscROC.txt")
        try FileIO.writeAtomically(cont, to: prefix + "ContROC.txt")
    }
}
