import FaceBenchModel
import FaceBenchIO
import FaceBenchTestSupport
import XCTest

/// `facebench inspect` and `facebench convert` as a user runs them, on a CSV of boxes without
/// its images (the sizes in its width/height columns): what inspect prints, and convert's errors.
final class ConvertCommandTests: XCTestCase {
    static let csv = """
        file,xmin,ymin,xmax,ymax,width,height
        a.jpg,10,10,30,30,100,100
        a.jpg,10,10,30,31,100,100
        a.jpg,90,50,110,90,100,100
        b.jpg,0,0,50,60,50,60

        """

    func testInspectPrintsTheCountsAndTheLikelyMistakes() throws {
        let scratch = try TestData.temporaryDirectory(self)
        try FileIO.writeAtomically(Self.csv, to: scratch + "/faces.csv")
        let text = try CommandRunner.run(["inspect", scratch + "/faces.csv"], scratch: scratch)
        XCTAssertEqual(text.status, 0, text.stderr)
        for line in ["faces: csv at \(scratch)\n", "images: 2 (0 found, 2 missing); looked in \(scratch), \(scratch)/images\n",
                     "faces: 4 (0 ignored)\n", "    16–32     2\n", "    32–64     2\n",
                     "boxes reaching outside their image: 1\n    a.jpg face 3 [90.0, 50.0, 20.0, 40.0]\n",
                     "duplicate boxes (IoU ≥ 0.9 or identical): 1\n    a.jpg faces 1 and 2 (IoU 0.952)\n"] {
            XCTAssertTrue(text.stdout.contains(line), "\(line) in:\n\(text.stdout)")
        }
        let json = try CommandRunner.run(["inspect", scratch + "/faces.csv", "--format", "json"], scratch: scratch)
        XCTAssertEqual(json.status, 0, json.stderr)
        let value = try JSONReader.parse(Array(json.stdout.utf8), path: "stdout")
        XCTAssertEqual(value["duplicates"]?.array?.count, 1)
        XCTAssertEqual(value["images"]?["missing"], ["a.jpg", "b.jpg"])
    }

    func testConvertRefusesAnUnknownFormatAFolderNotEmptyAndYOLOWithoutImages() throws {
        let scratch = try TestData.temporaryDirectory(self)
        try FileIO.writeAtomically(Self.csv, to: scratch + "/faces.csv")
        let unknown = try CommandRunner.run(["convert", scratch + "/faces.csv", "--to", "darknet", "--out", scratch + "/out"], scratch: scratch)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("facebench convert: error: --to expects coco, yolo, voc, csv, got 'darknet'"), unknown.stderr)
        let full = try CommandRunner.run(["convert", scratch + "/faces.csv", "--to", "coco", "--out", scratch], scratch: scratch)
        XCTAssertEqual(full.status, 64)
        XCTAssertTrue(full.stderr.contains("\(scratch) is not empty: convert writes only into a new or empty folder"), full.stderr)
        let yolo = try CommandRunner.run(["convert", scratch + "/faces.csv", "--to", "yolo", "--out", scratch + "/yolo"], scratch: scratch)
        XCTAssertEqual(yolo.status, 1)
        XCTAssertTrue(yolo.stderr.contains("yolo needs every image's file, as its labels are fractions of the image size: a.jpg has none"), yolo.stderr)
        XCTAssertFalse(FileIO.exists(scratch + "/yolo"), "nothing written")
        let voc = try CommandRunner.run(["convert", scratch + "/faces.csv", "--to", "voc", "--out", scratch + "/voc"], scratch: scratch)
        XCTAssertEqual(voc.status, 0, voc.stderr)
        XCTAssertTrue(voc.stderr.contains("wrote \(scratch)/voc: 2 images, 4 faces as voc (2 files)"), voc.stderr)
        let back = try CommandRunner.run(["inspect", scratch + "/voc", "--format", "json"], scratch: scratch)
        XCTAssertEqual(try JSONReader.parse(Array(back.stdout.utf8), path: "stdout")["format"], "pascal-voc")
    }
}
