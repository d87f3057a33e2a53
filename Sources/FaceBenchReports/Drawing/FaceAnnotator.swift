import Foundation
import FaceBenchModel
import FaceBenchEvaluation

/// Draws ground truth and detections on an image in FaceBench's outcome colours: matched
/// faces green, missed faces red and dashed, ignored faces grey, true-positive detections
/// blue, false positives yellow; each detection labelled with its score and its IoU with the
/// face it overlaps most; landmarks as dots; a face API's attributes (smile, eyes open, head
/// angles, age, gender) under the box.
///
/// The outcome colours are vivid, saturated hues chosen apart from the charts' detector
/// palette (`SeriesStyle.palette`, muted): a box's colour says what happened to it, never
/// which detector drew it.
public enum FaceAnnotator {
    public static let groundTruth = Color(0, 230, 118)
    public static let missed = Color(255, 23, 68)
    public static let ignoredFace = Color(158, 158, 158)
    public static let truePositive = Color(41, 121, 255)
    public static let falsePositive = Color(255, 214, 0)
    public static let detection = truePositive
    public static let landmark = Color(255, 255, 255)

    /// The word for one of the colours above, so captions name the colour actually drawn.
    public static func colourName(_ color: Color) -> String {
        switch color {
        case groundTruth: "green"
        case missed: "red"
        case ignoredFace: "grey"
        case truePositive: "blue"
        case falsePositive: "yellow"
        case landmark: "white"
        default: color.hex
        }
    }

    /// The outcome colours with what they mean (in full for pages, short for the legend
    /// drawn into images) and whether they are dashed.
    public static let legend: [(color: Color, meaning: String, short: String, dashed: Bool)] = [
        (groundTruth, "face found", "found", false), (missed, "face missed", "missed", true),
        (truePositive, "detection matching a face", "true positive", false),
        (falsePositive, "false positive", "false positive", false), (ignoredFace, "ignored face", "ignored", true),
    ]

    /// Draws `detections` alone (no ground truth): every box blue with its score.
    public static func draw(detections: [Detection], on image: RGBImage, scale: Double = 1) -> RGBImage {
        var canvas = Canvas(image)
        var labels = Labels(on: image)
        let thickness = lineWidth(scale: scale)
        for detection in detections {
            let box = detection.box.scaled(by: scale)
            canvas.rectangle(box, self.detection, thickness: thickness)
            drawLandmarks(detection.landmarks, scale: scale, on: &canvas)
            labels.add(score(detection.score), above: box, color: self.detection)
            drawAttributes(of: detection, below: box, color: self.detection, on: &canvas)
        }
        labels.draw(on: &canvas)
        return canvas.image
    }

    /// Draws faces and detections with the outcome of matching them. `detectionLabels` and
    /// `faceLabels` (by index) replace a detection's score label, or add one under a face
    /// (the report's gallery writes the TIDE error type and IoU there).
    public static func draw(
        faces: [Face], detections: [Detection], match: ImageMatch, on image: RGBImage, scale: Double = 1, showScores: Bool = true,
        detectionLabels: [Int: String] = [:], faceLabels: [Int: String] = [:]
    ) -> RGBImage {
        var canvas = Canvas(image)
        var labels = Labels(on: image)
        let thickness = lineWidth(scale: scale)
        for (index, face) in faces.enumerated() {
            let box = face.box.scaled(by: scale)
            if face.ignore {
                canvas.rectangle(box, ignoredFace, thickness: 1, dashed: true)
            } else if match.matchedDetection[index] == nil {
                canvas.rectangle(box, missed, thickness: thickness + 1, dashed: true)
            } else {
                canvas.rectangle(box, groundTruth, thickness: thickness)
            }
            drawLandmarks(face.landmarks, scale: scale, on: &canvas, color: groundTruth)
            if let text = faceLabels[index] { labels.add(text, under: box, color: missed) }
        }
        for (index, detection) in detections.enumerated() {
            let box = detection.box.scaled(by: scale)
            let color: Color
            switch match.outcomes[index] {
            case .truePositive: color = truePositive
            case .falsePositive: color = falsePositive
            case .ignored: color = ignoredFace
            }
            canvas.rectangle(box, color, thickness: thickness)
            drawLandmarks(detection.landmarks, scale: scale, on: &canvas)
            drawAttributes(of: detection, below: box, color: color, on: &canvas)
            if let text = detectionLabels[index] {
                labels.add(text, above: box, color: color)
            } else if showScores {
                let overlap = GreedyMatcher.bestIoU(of: detection.box, among: faces)
                labels.add(score(detection.score) + (overlap > 0 ? " IOU " + Formatting.fixed(overlap, 2) : ""), above: box, color: color)
            }
        }
        labels.draw(on: &canvas)
        return canvas.image
    }

    /// One detector's drawing with its title above and, when there is ground truth, a
    /// strip below with the legend of the outcome colours.
    public struct Panel {
        public var title: String
        public var image: RGBImage
        public var hasGroundTruth: Bool

        public init(title: String, image: RGBImage, hasGroundTruth: Bool) {
            self.title = title
            self.image = image
            self.hasGroundTruth = hasGroundTruth
        }

        /// `haar: 3 TP  1 FP  2 missed` with ground truth, `haar: 4 faces` without (the
        /// image font has no comma).
        public static func title(_ detector: String, found: Int, match: ImageMatch?, faces: [Face]) -> String {
            guard let match else { return "\(detector): \(found) face\(found == 1 ? "" : "s")" }
            return "\(detector): \(match.truePositives) TP  \(match.falsePositives) FP  \(match.missedFaces(of: faces)) missed"
        }
    }

    /// Panels in a grid on white (one per detector), so several detectors' boxes do not pile
    /// up on one picture; each under its title, the legend once along the bottom. The grid
    /// has the column count whose whole comes closest to the image's own aspect ratio (two
    /// portrait panels side by side, seven landscape ones in three rows), not a long strip.
    public static func panels(_ panels: [Panel]) -> RGBImage {
        guard !panels.isEmpty else { return RGBImage(width: 1, height: 1, pixels: [255, 255, 255]) }
        let gap = 12, titleHeight = 24
        let cellWidth = panels.map(\.image.width).max() ?? 1, cellHeight = titleHeight + (panels.map(\.image.height).max() ?? 1)
        let columns = gridColumns(count: panels.count, cellWidth: cellWidth, cellHeight: cellHeight, gap: gap,
                                  aspect: Double(cellWidth) / Double(max(1, cellHeight - titleHeight)))
        let rows = (panels.count + columns - 1) / columns
        let legendHeight = panels.contains(where: \.hasGroundTruth) ? 26 : 0
        let imagesWidth = columns * cellWidth + gap * (columns - 1)
        // The legend in the titles' size when it fits under the images, else in half that.
        func legendWidth(_ scale: Int) -> Int { legend.reduce(0) { $0 + 40 + $1.short.count * 6 * scale } }
        let legendScale = legendWidth(2) <= imagesWidth ? 2 : 1
        let width = max(imagesWidth, legendHeight > 0 ? legendWidth(legendScale) : 0)
        let height = rows * cellHeight + gap * (rows - 1) + legendHeight
        var canvas = Canvas(RGBImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 3)))
        for (index, panel) in panels.enumerated() {
            let left = (index % columns) * (cellWidth + gap), top = (index / columns) * (cellHeight + gap)
            let (title, scale) = fitted(panel.title, width: panel.image.width)
            canvas.text(title, x: left, y: top + (scale == 2 ? 3 : 8), Color(255, 255, 255), background: Color(60, 64, 67), scale: scale)
            for y in 0..<panel.image.height {
                for x in 0..<panel.image.width {
                    let o = y * panel.image.stride + x * 3
                    canvas.set(left + x, top + titleHeight + y, Color(panel.image.pixels[o], panel.image.pixels[o + 1], panel.image.pixels[o + 2]))
                }
            }
        }
        guard legendHeight > 0 else { return canvas.image }
        var x = 0
        let y = height - legendHeight + 5
        for entry in legend {
            canvas.rectangle(Box(x: Double(x), y: Double(y), width: 22, height: 16), entry.color, thickness: 3, dashed: entry.dashed)
            canvas.text(entry.short, x: x + 26, y: y + (legendScale == 2 ? -1 : 4), Color(32, 33, 36), background: Color(255, 255, 255), scale: legendScale)
            x += 40 + entry.short.count * 6 * legendScale
        }
        return canvas.image
    }

    /// The column count (1…count) whose grid of `count` cells is closest to `aspect` (width ÷
    /// height), on a log scale so too wide and too tall weigh alike; ties go to fewer rows.
    static func gridColumns(count: Int, cellWidth: Int, cellHeight: Int, gap: Int, aspect: Double) -> Int {
        func distance(_ columns: Int) -> Double {
            let rows = (count + columns - 1) / columns
            let width = Double(columns * cellWidth + gap * (columns - 1)), height = Double(rows * cellHeight + gap * (rows - 1))
            return abs(log(width / height / aspect))
        }
        return (1...max(1, count)).min { distance($0) < distance($1) || (distance($0) == distance($1) && $0 > $1) } ?? 1
    }

    /// A title at the size that fits above its panel (12 px a character, else 6), cut with
    /// `..` when even the small size does not: titles never run into the next panel.
    static func fitted(_ title: String, width: Int) -> (text: String, scale: Int) {
        if title.count * 12 <= width { return (title, 2) }
        let characters = max(3, width / 6)
        return title.count <= characters ? (title, 1) : (String(title.prefix(characters - 2)) + "..", 1)
    }

    /// Two pixels at full size, more on enlargements; never thinner on thumbnails, where a
    /// one-pixel dashed outline disappears.
    static func lineWidth(scale: Double) -> Int { max(2, Int((2 * scale).rounded())) }

    static func drawLandmarks(_ points: [Point]?, scale: Double, on canvas: inout Canvas, color: Color = landmark) {
        for point in points ?? [] {
            canvas.dot(Point(x: point.x * scale, y: point.y * scale), radius: scale >= 1 ? 1 : 0, color)
        }
    }

    static func drawAttributes(of detection: Detection, below box: Box, color: Color, on canvas: inout Canvas) {
        for (index, line) in FaceAPIAttributes(detection.attributes).lines.enumerated() {
            canvas.text(line, x: Int(saturating: box.x.rounded()), y: Int(saturating: box.maxY.rounded()) + 2 + 10 * index, ink(on: color), background: color)
        }
    }

    /// The labels of one drawing, drawn after every box so that no box's lines cross them.
    /// Text sits on the box's colour, dark on the light colours (yellow, green) and white on
    /// the dark ones, so it stays readable. Labels of neighbouring boxes would cover each other
    /// where each sat above its own box: each takes the first free spot near its box
    /// (`LabelPlacement`), or is left out in a crowd where none is free.
    struct Labels {
        private var placement: LabelPlacement
        private var texts: [(text: String, x: Int, y: Int, color: Color)] = []

        init(on image: RGBImage) {
            placement = LabelPlacement(area: .init(minX: 0, minY: 0, maxX: Double(image.width), maxY: Double(image.height)))
        }

        /// Under the face's box, where the detections' labels (added after) keep off it.
        mutating func add(_ text: String, under box: Box, color: Color) {
            let x = Int(saturating: box.x.rounded()), y = Int(saturating: box.maxY.rounded()) + 2, size = Canvas.textSize(text)
            placement.occupy(.init(minX: Double(x), minY: Double(y), maxX: Double(x) + Double(size.width), maxY: Double(y) + Double(size.height)))
            texts.append((text, x, y, color))
        }

        mutating func add(_ text: String, above box: Box, color: Color) {
            let size = Canvas.textSize(text)
            guard let corner = placement.place(width: size.width, height: size.height, above: (box.x, box.y, box.maxX, box.maxY)) else { return }
            texts.append((text, corner.x, corner.y, color))
        }

        func draw(on canvas: inout Canvas) {
            for label in texts { canvas.text(label.text, x: label.x, y: label.y, ink(on: label.color), background: label.color) }
        }
    }

    static func ink(on color: Color) -> Color {
        let luminance = 0.2126 * Double(color.r) + 0.7152 * Double(color.g) + 0.0722 * Double(color.b)
        return luminance > 140 ? Color(0, 0, 0) : Color(255, 255, 255)
    }

    public static func score(_ value: Double) -> String {
        abs(value) >= 100 ? Formatting.fixed(value, 0) : Formatting.fixed(value, 2)
    }
}
