/// Draws ground truth and detections on an image in FaceBench's colours:
/// matched faces green, missed faces red and dashed, ignored faces grey, true-positive
/// detections blue, false positives orange; scores above the boxes; landmarks as dots.
public enum FaceAnnotator {
    public static let groundTruth = Color(40, 200, 70)
    public static let missed = Color(230, 30, 30)
    public static let ignoredFace = Color(150, 150, 150)
    public static let truePositive = Color(40, 120, 255)
    public static let falsePositive = Color(255, 140, 0)
    public static let detection = Color(40, 120, 255)
    public static let landmark = Color(255, 230, 0)

    /// Draws `detections` alone (no ground truth): every box blue with its score.
    public static func draw(detections: [Detection], on image: RGBImage, scale: Double = 1) -> RGBImage {
        var canvas = Canvas(image)
        let thickness = lineWidth(scale: scale)
        for detection in detections {
            let box = detection.box.scaled(by: scale)
            canvas.rectangle(box, self.detection, thickness: thickness)
            drawLandmarks(detection.landmarks, scale: scale, on: &canvas)
            label(score(detection.score), above: box, color: self.detection, on: &canvas)
        }
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
            if let text = faceLabels[index] {
                canvas.text(text, x: Int(box.x.rounded()), y: Int(box.maxY.rounded()) + 2, Color(255, 255, 255), background: missed)
            }
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
            if let text = detectionLabels[index] {
                label(text, above: box, color: color, on: &canvas)
            } else if showScores {
                label(score(detection.score), above: box, color: color, on: &canvas)
            }
        }
        return canvas.image
    }

    /// Images side by side on white, each under its title (one panel per detector), so
    /// several detectors' boxes do not pile up on one picture.
    public static func panels(_ panels: [(title: String, image: RGBImage)]) -> RGBImage {
        guard panels.count > 1 else { return panels.first?.image ?? RGBImage(width: 1, height: 1, pixels: [255, 255, 255]) }
        let gap = 12, titleHeight = 24
        let width = panels.reduce(0) { $0 + $1.image.width } + gap * (panels.count - 1)
        let height = titleHeight + (panels.map(\.image.height).max() ?? 0)
        var canvas = Canvas(RGBImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 3)))
        var left = 0
        for (title, image) in panels {
            canvas.text(title, x: left, y: 3, Color(255, 255, 255), background: Color(60, 64, 67), scale: 2)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let o = y * image.stride + x * 3
                    canvas.set(left + x, titleHeight + y, Color(image.pixels[o], image.pixels[o + 1], image.pixels[o + 2]))
                }
            }
            left += image.width + gap
        }
        return canvas.image
    }

    /// Two pixels at full size, more on enlargements; never thinner on thumbnails, where a
    /// one-pixel dashed outline disappears.
    static func lineWidth(scale: Double) -> Int { max(2, Int((2 * scale).rounded())) }

    static func drawLandmarks(_ points: [Point]?, scale: Double, on canvas: inout Canvas, color: Color = landmark) {
        for point in points ?? [] {
            canvas.dot(Point(x: point.x * scale, y: point.y * scale), radius: scale >= 1 ? 1 : 0, color)
        }
    }

    static func label(_ text: String, above box: Box, color: Color, on canvas: inout Canvas) {
        let y = Int(box.y.rounded()) - 10
        canvas.text(text, x: Int(box.x.rounded()), y: max(0, y), Color(255, 255, 255), background: color)
    }

    static func score(_ value: Double) -> String {
        abs(value) >= 100 ? Formatting.fixed(value, 0) : Formatting.fixed(value, 2)
    }
}
