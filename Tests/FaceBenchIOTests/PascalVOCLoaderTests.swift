import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO

final class PascalVOCLoaderTests: XCTestCase {
    func annotation(_ file: String, objects: String) -> String {
        """
        <annotation>
          <folder>VOC2007</folder>
          <filename>\(file)</filename>
          <size><width>500</width><height>375</height><depth>3</depth></size>
        \(objects)
        </annotation>
        """
    }

    func object(_ name: String, _ box: (Int, Int, Int, Int), difficult: Int = 0) -> String {
        """
          <object><name>\(name)</name><pose>Frontal</pose><truncated>0</truncated><difficult>\(difficult)</difficult>
            <bndbox><xmin>\(box.0)</xmin><ymin>\(box.1)</ymin><xmax>\(box.2)</xmax><ymax>\(box.3)</ymax></bndbox></object>
        """
    }

    func testDevkitFolderWithInclusivePixelBoxes() throws {
        let root = try TestData.temporaryDirectory(self)
        try TestData.write(annotation("b.jpg", objects: object("face", (1, 1, 10, 20)) + object("person", (5, 5, 50, 50))), to: "Annotations/b.xml", in: root)
        try TestData.write(annotation("a.jpg", objects: object("Face", (100, 50, 149, 99), difficult: 1)), to: "Annotations/a.xml", in: root)
        try TestData.write("not an image", to: "JPEGImages/a.jpg", in: root)
        XCTAssertTrue(PascalVOCLoader.recognises(root))
        let dataset = try PascalVOCLoader.load(path: root, name: "voc")
        XCTAssertEqual(dataset.format, "pascal-voc")
        XCTAssertEqual(dataset.samples.map(\.name), ["a.jpg", "b.jpg"], "ordered by annotation file")
        XCTAssertEqual(dataset.samples[0].path, root + "/JPEGImages/a.jpg")
        XCTAssertNil(dataset.samples[1].path)
        XCTAssertEqual(dataset.samples[0].width, 500)
        // Pixels 1…10 inclusive are the continuous span [0, 10).
        XCTAssertEqual(dataset.samples[1].faces.map(\.box), [Box(x: 0, y: 0, width: 10, height: 20)], "only faces when some object is a face")
        XCTAssertTrue(dataset.samples[0].faces[0].ignore, "difficult")
        XCTAssertEqual(dataset.samples[0].faces[0].box, Box(x: 99, y: 49, width: 50, height: 50))
        XCTAssertEqual(dataset.samples[0].faces[0].attributes["pose"], "Frontal")
    }

    func testWithoutFacesEveryObjectCountsWithItsClass() throws {
        let root = try TestData.temporaryDirectory(self)
        let file = try TestData.write(annotation("x.jpg", objects: object("head", (1, 1, 4, 4))), to: "x.xml", in: root)
        let dataset = try PascalVOCLoader.load(path: file, name: "one")
        XCTAssertEqual(dataset.samples[0].faces.first?.attributes["class"], "head")
    }

    func testMalformedBoxesNameFileAndLine() throws {
        let root = try TestData.temporaryDirectory(self)
        let file = try TestData.write(annotation("x.jpg", objects: object("face", (10, 1, 4, 4))), to: "x.xml", in: root)
        XCTAssertThrowsError(try PascalVOCLoader.load(path: file, name: "bad")) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: file, location: "<bndbox> at line 6", reason: "xmax < xmin or ymax < ymin"))
        }
    }
}
