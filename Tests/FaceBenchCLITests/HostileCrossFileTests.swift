import FaceBenchModel
import FaceBenchTestSupport
import Foundation
import XCTest

/// Issue 27: input that is wrong only across files (WIDER's four MAT files) or in total
/// (FDDB's ellipses of one image).
extension HostileInputTests {
    func testAWIDERSettingFileWithFewerCellsThanEventsIsAnError() throws {
        let shared = "/work/shared/datasets/wider-val-gt"
        let original = TestData.packageRoot + "/../shared/datasets/wider-val-gt"
        let source = FileIO.exists(original) ? original : shared
        guard FileIO.exists(source + "/wider_face_val.mat") else { throw XCTSkip("WIDER validation ground truth not installed") }
        let predictions = try write("[]", "none.json")
        for (setting, cells) in [("hard", 0), ("easy", 0), ("medium", 0)] {
            let folder = scratch + "/wider-\(setting)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in ["wider_face_val.mat", "wider_easy_val.mat", "wider_medium_val.mat", "wider_hard_val.mat"] {
                try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
            }
            let short = CraftedMAT.file(CraftedMAT.cell(Array(repeating: CraftedMAT.matrix(class: 6, dimensions: [0, 0]), count: cells), name: "gt_list"))
            let path = folder + "/wider_\(setting)_val.mat"
            try FileManager.default.removeItem(atPath: path)
            _ = try save(short, "wider-\(setting)/wider_\(setting)_val.mat")
            try refused(["eval", "--dataset", folder, "--predictions", predictions],
                        mentions: [path, "gt_list", "has \(cells) cells but", "event_list has 61"])
        }
    }

    func testAnFDDBImageWithTooManyLargeEllipsesIsRefusedBeforeDrawing() throws {
        let folds = scratch + "/fddb"
        var list = "2002/08/11/big/img_591\n2500\n"
        for _ in 0..<2500 { list += "49000 49000 0 100 100 1\n" }
        _ = try TestData.write(list, to: "FDDB-fold-01-ellipseList.txt", in: folds)
        let predictions = try write("2002/08/11/big/img_591\n0\n", "detections.txt")
        try refused(["eval", "--dataset", folds, "--predictions", predictions],
                    mentions: ["2002/08/11/big/img_591", "2500 ellipses", "raster rows, more than the 4000000 drawn per image"])
    }
}
