import FaceBenchCascade
import FaceBenchModel
import XCTest

final class CascadeLoaderTests: XCTestCase {
    /// opencv-data's frontal-face cascades: (file, feature type, window, stages, weak classifiers,
    /// stump-based), counted from the XML files.
    static let installed: [(String, CascadeModel.FeatureType, Int, Int, Int, Bool)] = [
        ("haarcascades/haarcascade_frontalface_default.xml", .haar, 24, 25, 2913, true),
        ("haarcascades/haarcascade_frontalface_alt.xml", .haar, 20, 22, 2135, true),
        ("haarcascades/haarcascade_frontalface_alt2.xml", .haar, 20, 20, 1047, false),
        ("haarcascades/haarcascade_frontalface_alt_tree.xml", .haar, 20, 47, 8468, true),
        ("lbpcascades/lbpcascade_frontalface.xml", .lbp, 24, 20, 139, true),
        ("lbpcascades/lbpcascade_frontalface_improved.xml", .lbp, 45, 19, 149, true),
    ]

    func testLoadsOpenCVsFrontalFaceCascades() throws {
        for (file, type, window, stages, weak, stumps) in Self.installed {
            let path = "/usr/share/opencv4/" + file
            guard FileIO.exists(path) else { throw XCTSkip("opencv-data is not installed (\(path))") }
            let model = try CascadeLoader.load(path: path)
            XCTAssertEqual(model.featureType, type, file)
            XCTAssertEqual(model.windowWidth, window, file)
            XCTAssertEqual(model.windowHeight, window, file)
            XCTAssertEqual(model.stages.count, stages, file)
            XCTAssertEqual(model.stages.reduce(0) { $0 + $1.weakClassifiers.count }, weak, file)
            XCTAssertEqual(model.isStumpBased, stumps, file)
            XCTAssertEqual(model.subsetWords, type == .lbp ? 8 : 0, file)
        }
    }

    func testThresholdsAreOpenCVsFloats() throws {
        let model = try CascadeLoader.parse(Array(Self.cascade().utf8), path: "t.xml")
        XCTAssertEqual(model.stages[0].threshold, Float(-0.5) - 1e-5, "stage thresholds are lowered by THRESHOLD_EPS")
        XCTAssertEqual(model.stages[0].weakClassifiers[0].nodes[0].threshold, Float(0.1))
        XCTAssertEqual(model.haarFeatures[0].rects.map(\.weight), [-1, 2])
    }

    func testMalformedXMLNamesFileAndLine() {
        XCTAssertThrowsError(try CascadeLoader.parse(Array("<opencv_storage>\n<cascade>\n<stageType>BOOST".utf8), path: "broken.xml")) { error in
            XCTAssertTrue("\(error)".hasPrefix("broken.xml: line "), "\(error)")
        }
    }

    func testUnsupportedFeatureTypeIsRefused() {
        let hog = Self.cascade().replacingOccurrences(of: "<featureType>HAAR</featureType>", with: "<featureType>HOG</featureType>")
        XCTAssertThrowsError(try CascadeLoader.parse(Array(hog.utf8), path: "hog.xml")) { error in
            XCTAssertEqual("\(error)", "hog.xml: <featureType> at line 4: unsupported feature type 'HOG' (supported: HAAR, LBP; OpenCV 4 refuses HOG too)")
        }
    }

    func testOldFormatIsRefusedClearly() {
        let old = "<opencv_storage>\n<face type_id=\"opencv-haar-classifier\"><size>20 20</size><stages/></face></opencv_storage>"
        XCTAssertThrowsError(try CascadeLoader.parse(Array(old.utf8), path: "old.xml")) { error in
            XCTAssertTrue("\(error)".contains("old-format cascade"), "\(error)")
        }
    }

    func testStructuralErrorsNameTheElement() {
        let cases: [(String, String, String)] = [
            ("<rects><_>0 0 10 12 -1.</_><_>0 6 10 6 2.</_></rects>", "<rects><_>0 0 30 12 -1.</_></rects>", "lies outside the 24x24 window"),
            ("0 -1 0 0.1", "0 -1 7 0.1", "node 0 uses feature 7; the cascade has 1"),
            ("0 -1 0 0.1", "0 -1 0 0.1 5", "do not make whole nodes of 4"),
            ("-0.5 0.5</leafValues>", "-0.5</leafValues>", "1 leaf values for 1 nodes (expected 2)"),
            ("0 -1 0 0.1", "0 3 0 0.1", "node 0 right branch 3 is out of range"),
            ("<width>24</width>", "", "missing <width>"),
            ("<stageThreshold>-0.5</stageThreshold>", "<stageThreshold>abc</stageThreshold>", "'abc' is not a number"),
        ]
        for (original, replacement, message) in cases {
            let xml = Self.cascade().replacingOccurrences(of: original, with: replacement)
            XCTAssertNotEqual(xml, Self.cascade(), "the edit must apply: \(original)")
            XCTAssertThrowsError(try CascadeLoader.parse(Array(xml.utf8), path: "bad.xml")) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error) lacks '\(message)'")
                XCTAssertTrue("\(error)".hasPrefix("bad.xml: <"), "\(error) names no element")
            }
        }
    }

    func testEngineFindsTheCascadesOwnPattern() throws {
        // One stump: the left half of the window brighter than the right (feature value below
        // the threshold means "dark right half"), so a bright-left image gives hits.
        let model = try CascadeLoader.parse(Array(Self.cascade().utf8), path: "t.xml")
        var image = GrayImage(width: 48, height: 48)
        for y in 0..<48 { for x in 0..<48 { image[x, y] = x < 24 ? 40 : 200 } }
        let hits = CascadeEngine(model: model).rawHits(in: image, scaleFactor: 1.5)
        XCTAssertFalse(hits.isEmpty)
        XCTAssertTrue(hits.allSatisfy { $0.x + $0.width <= 48 && $0.y + $0.height <= 48 })
    }

    /// A minimal valid one-stage, one-stump Haar cascade (24×24).
    static func cascade() -> String {
        """
        <?xml version="1.0"?>
        <opencv_storage>
        <cascade type_id="opencv-cascade-classifier"><stageType>BOOST</stageType>
          <featureType>HAAR</featureType>
          <height>24</height>
          <width>24</width>
          <featureParams><maxCatCount>0</maxCatCount></featureParams>
          <stageNum>1</stageNum>
          <stages>
            <_>
              <maxWeakCount>1</maxWeakCount>
              <stageThreshold>-0.5</stageThreshold>
              <weakClassifiers>
                <_>
                  <internalNodes>0 -1 0 0.1</internalNodes>
                  <leafValues>-0.5 0.5</leafValues></_></weakClassifiers></_></stages>
          <features>
            <_><rects><_>0 0 10 12 -1.</_><_>0 6 10 6 2.</_></rects></_></features></cascade>
        </opencv_storage>
        """
    }
}
