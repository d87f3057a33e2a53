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
}
