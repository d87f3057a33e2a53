import FaceBenchModel
import XCTest
@testable import FaceBenchReports

/// `detect --draw` with several detectors: panels in a grid shaped like the image, titles
/// that stay above their own panel.
final class PanelGridTests: XCTestCase {
    func panels(_ count: Int, width: Int, height: Int, title: (Int) -> String = { "detector-\($0): 3 TP  1 FP  0 missed" }) -> [FaceAnnotator.Panel] {
        (0..<count).map { index in
            FaceAnnotator.Panel(
                title: title(index), image: RGBImage(width: width, height: height, pixels: [UInt8](repeating: 128, count: width * height * 3)),
                hasGroundTruth: true)
        }
    }

    func testSevenLandscapePanelsMakeAGridNotAStrip() {
        let drawn = FaceAnnotator.panels(panels(7, width: 500, height: 375))
        XCTAssertEqual(drawn.width, 3 * 500 + 2 * 12, "three columns")
        XCTAssertEqual(drawn.height, 3 * (24 + 375) + 2 * 12 + 26, "three rows and the legend")
        let aspect = Double(drawn.width) / Double(drawn.height)
        XCTAssertEqual(aspect, 500.0 / 375, accuracy: 0.15, "close to the image's own shape")
    }

    func testTwoPortraitPanelsStaySideBySideAndOneIsAlone() {
        XCTAssertEqual(FaceAnnotator.panels(panels(2, width: 360, height: 480)).width, 2 * 360 + 12)
        let one = FaceAnnotator.panels(panels(1, width: 360, height: 480))
        XCTAssertEqual(one.height, 24 + 480 + 26, "one row")
        XCTAssertLessThan(one.width, 2 * 360, "one column (as wide as the legend)")
    }

    func testTitlesThatDoNotFitShrinkThenAreCut() {
        XCTAssertEqual(FaceAnnotator.fitted("haar: 3 faces", width: 360).scale, 2)
        let long = "swift-haar-cascade=alt2: 37 TP  8 FP  6 missed"
        let small = FaceAnnotator.fitted(long, width: 360)
        XCTAssertEqual(small.scale, 1)
        XCTAssertEqual(small.text, long, "46 characters fit at 6 px")
        let cut = FaceAnnotator.fitted(long, width: 120)
        XCTAssertEqual(cut.text, "swift-haar-cascade..")
        XCTAssertLessThanOrEqual(cut.text.count * 6, 120)
        // Drawn: the second panel's first title pixel column stays free of the first's title.
        let drawn = FaceAnnotator.panels(panels(2, width: 120, height: 90) { "\(["lbp", "haar"][$0])-cascade=improved: 12 TP  3 FP  1 missed" })
        let gapColumn = 120 + 6
        for y in 0..<24 {
            let o = (y * drawn.width + gapColumn) * 3
            XCTAssertEqual(Array(drawn.pixels[o..<(o + 3)]), [255, 255, 255], "row \(y) of the gap between the titles is white")
        }
    }

    /// Captions name the colours the drawing code uses, whatever they are changed to.
    func testEveryDrawnColourHasTheNameCaptionsUse() {
        for colour in FaceAnnotator.legend.map(\.color) + [FaceAnnotator.landmark] {
            XCTAssertFalse(FaceAnnotator.colourName(colour).hasPrefix("#"), "\(colour.hex) has a name")
        }
        XCTAssertEqual(Set((FaceAnnotator.legend.map(\.color) + [FaceAnnotator.landmark]).map(FaceAnnotator.colourName)).count, 6, "all told apart")
        XCTAssertEqual(FaceAnnotator.colourName(FaceAnnotator.landmark), "white", "predicted points are drawn white (the caption said yellow)")
    }
}
