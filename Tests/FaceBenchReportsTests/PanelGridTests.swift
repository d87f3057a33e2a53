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

    /// Labels of boxes side by side (a crowd, or two detections of one face) do not cover
    /// each other: the second goes up a row, or above its box's right edge.
    func testLabelsOfNeighbouringBoxesDoNotOverlap() {
        var placement = LabelPlacement(area: .init(minX: 0, minY: 0, maxX: 300, maxY: 200))
        let boxes = [(20.0, 60.0, 60.0, 110.0), (30, 62, 70, 112), (40, 58, 80, 108), (200, 0, 240, 40)]
        let size = Canvas.textSize("0.99 IOU 0.85")
        let placed = boxes.map { placement.place(width: size.width, height: size.height, above: $0) }
        XCTAssertFalse(placed.contains { $0 == nil }, "four boxes leave room for four labels")
        let corners = placed.compactMap { $0 }
        let rects = corners.map { LabelPlacement.Rect(minX: Double($0.x), minY: Double($0.y), maxX: Double($0.x + size.width), maxY: Double($0.y + size.height)) }
        for a in rects.indices {
            XCTAssertTrue(rects[a].minX >= 0 && rects[a].maxX <= 300 && rects[a].minY >= 0 && rects[a].maxY <= 200, "inside the image: \(rects[a])")
            for b in rects.indices where b > a { XCTAssertEqual(rects[a].overlap(rects[b]), 0, "labels \(a) and \(b) overlap") }
        }
        XCTAssertEqual(corners[0].x, 20, "the first label sits at its box's left edge")
        XCTAssertEqual(corners[0].y, 60 - size.height - 1, "just above the box")
        XCTAssertEqual(corners[3].y, 0, "a box at the top edge gets its label inside the image")

        // A pile of boxes leaves its last labels out rather than stacking them on the others.
        var crowd = LabelPlacement(area: .init(minX: 0, minY: 0, maxX: 120, maxY: 100))
        let pile = (0..<12).map { crowd.place(width: size.width, height: size.height, above: (Double(10 + $0), 40, Double(60 + $0), 90)) }
        XCTAssertEqual(pile.prefix(3).filter { $0 != nil }.count, 3, "the first labels find room")
        XCTAssertNil(pile.last!, "the twelfth has none")

        // Drawn: two overlapping detections; the second label is lifted a row (blue above the first's row).
        let white = RGBImage(width: 200, height: 120, pixels: [UInt8](repeating: 255, count: 200 * 120 * 3))
        let drawn = FaceAnnotator.draw(detections: [Detection(box: Box(x: 20, y: 60, width: 40, height: 40), score: 0.9),
                                                    Detection(box: Box(x: 25, y: 60, width: 40, height: 40), score: 0.8)], on: white)
        let blue = FaceAnnotator.detection
        func blueRows(_ rows: Range<Int>) -> Int {
            rows.filter { y in (0..<200).contains { x in
                let o = y * drawn.stride + x * 3
                return Color(drawn.pixels[o], drawn.pixels[o + 1], drawn.pixels[o + 2]) == blue
            } }.count
        }
        XCTAssertEqual(blueRows(50..<59), 9, "the first label's row, just above the boxes")
        XCTAssertEqual(blueRows(40..<49), 9, "the second label, one row up")
    }
}
