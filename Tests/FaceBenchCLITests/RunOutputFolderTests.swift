import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
import FaceBenchReports
import FaceBenchTestSupport
import Foundation
import XCTest

/// What `facebench run` leaves in its folder beyond results.json: the CSV summary, one
/// HTML report, WIDER's per-image files only where they belong, and `--draw-all`'s images.
final class RunOutputFolderTests: XCTestCase {
    func testDrawAllWritesAnAnnotatedImagePerImageAndDetector() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let dataset = try TestData.dataset("dlib-faces")
        let outcome = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", "lbp", "--detector", "fast=haar:scale=1.5", "--warmup", "0",
             "--out", scratch + "/run", "--draw-all", scratch + "/drawn"], scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("drew 18 annotated images in \(scratch)/drawn/dlib-faces"), outcome.stderr)
        for detector in ["lbp", "fast"] {
            for sample in dataset.samples {
                let path = "\(scratch)/drawn/dlib-faces/\(detector)/\((sample.name as NSString).deletingPathExtension).jpg"
                let size = try ImageHeader.size(ofFileAt: path)
                let image = try ImageHeader.size(ofFileAt: try XCTUnwrap(sample.path))
                XCTAssertEqual(size.height, image.height + 24 + 26, "\(path): title above, legend below the full-size image")
                XCTAssertGreaterThanOrEqual(size.width, image.width)
            }
        }
        XCTAssertFalse(FileIO.exists(scratch + "/run/dlib-faces/lbp.wider"), "dlib-faces is not in WIDER's layout")
        XCTAssertFalse(FileIO.exists(scratch + "/run/dlib-faces/report.html"))
        let csv = try FileIO.readText(scratch + "/run/summary.csv")
        XCTAssertTrue(csv.hasPrefix("run,dataset,detector,metric,value\r\n,dlib-faces,lbp,ap50,"), csv)
    }

    func testWiderFilesOnRequestHoldTheCOCOExportsDetections() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let dataset = try TestData.dataset("mit-cmu")
        let outcome = try CommandRunner.run(
            ["run", "--dataset", "mit-cmu", "--shard", "1/26", "--detector", "lbp", "--warmup", "0", "--wider-files", "--out", scratch + "/run"],
            scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let wider = try WIDERPredictionFolder.read(scratch + "/run/mit-cmu/lbp.wider", for: dataset)
        let coco = try COCOResultsImporter().load(scratch + "/run/mit-cmu/lbp.coco.json", for: dataset)
        XCTAssertEqual(wider.count, 5, "a file per image of the shard")
        XCTAssertEqual(wider.values.reduce(0) { $0 + $1.count }, coco.values.reduce(0) { $0 + $1.count })
    }

    func testDrawingFileNamesKeepSubfoldersAndStayInside() {
        XCTAssertEqual(AnnotatedImageFolder.fileName("0--Parade/0_Parade_1.jpg"), "0--Parade/0_Parade_1.jpg")
        XCTAssertEqual(AnnotatedImageFolder.fileName("images/voyager.png"), "images/voyager.jpg")
        XCTAssertEqual(AnnotatedImageFolder.fileName("../../etc/x.gif"), "etc/x.jpg")
    }
}
