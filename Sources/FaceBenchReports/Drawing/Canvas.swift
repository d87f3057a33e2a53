import FaceBenchModel

/// An RGB color.
public struct Color: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#rrggbb`, for SVG and CSS.
    public var hex: String {
        "#" + [r, g, b].map { value in
            let text = String(value, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}

/// Draws on an RGB image: rectangles, lines, dots and small text, clipped to the image.
/// Shared by `facebench detect --draw` and the report's gallery.
public struct Canvas {
    public var image: RGBImage

    public init(_ image: RGBImage) {
        self.image = image
    }

    public mutating func set(_ x: Int, _ y: Int, _ color: Color) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        let o = y * image.stride + x * 3
        image.pixels[o] = color.r
        image.pixels[o + 1] = color.g
        image.pixels[o + 2] = color.b
    }

    public mutating func fill(x: Int, y: Int, width: Int, height: Int, _ color: Color) {
        let x0 = max(0, x), x1 = min(image.width, x + width)
        let y0 = max(0, y), y1 = min(image.height, y + height)
        guard x0 < x1, y0 < y1 else { return }  // entirely outside the image
        for yy in y0..<y1 {
            for xx in x0..<x1 { set(xx, yy, color) }
        }
    }

    /// A rectangle outline `thickness` pixels wide, drawn inward from the box edge; dashed
    /// outlines mark what was missed.
    public mutating func rectangle(_ box: Box, _ color: Color, thickness: Int = 2, dashed: Bool = false) {
        let x0 = Int(saturating: box.x.rounded()), y0 = Int(saturating: box.y.rounded())
        let x1 = Int(saturating: box.maxX.rounded()) - 1, y1 = Int(saturating: box.maxY.rounded()) - 1
        // Only the part of each edge inside the image is walked: a box 2^30 pixels wide
        // (coordinates up to that are accepted) would otherwise take seconds to draw.
        let left = max(x0, 0), right = min(x1, image.width - 1), top = max(y0, 0), bottom = min(y1, image.height - 1)
        guard x1 >= x0, y1 >= y0, left <= right, top <= bottom else { return }
        let xs = left...right, ys = top...bottom
        for t in 0..<thickness {
            for x in xs where !dashed || (x - x0) % 8 < 5 {
                set(x, y0 + t, color)
                set(x, y1 - t, color)
            }
            for y in ys where !dashed || (y - y0) % 8 < 5 {
                set(x0 + t, y, color)
                set(x1 - t, y, color)
            }
        }
    }

    public mutating func line(from a: Point, to b: Point, _ color: Color) {
        // Only the image's pixels are set, so a line is walked in at most its diagonal's steps.
        let diagonal = Double(image.width + image.height)
        let steps = Int(saturating: min(max(abs(b.x - a.x), abs(b.y - a.y)), 4 * diagonal).rounded(.up))
        guard steps > 0 else { set(Int(saturating: a.x), Int(saturating: a.y), color); return }
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            set(Int(saturating: (a.x + (b.x - a.x) * t).rounded()), Int(saturating: (a.y + (b.y - a.y) * t).rounded()), color)
        }
    }

    public mutating func dot(_ point: Point, radius: Int, _ color: Color) {
        let cx = Int(saturating: point.x.rounded()), cy = Int(saturating: point.y.rounded())
        for dy in -radius...radius {
            for dx in -radius...radius where dx * dx + dy * dy <= radius * radius { set(cx + dx, cy + dy, color) }
        }
    }

    /// The pixels `text` covers, its background included.
    public static func textSize(_ string: String, scale: Int = 1) -> (width: Int, height: Int) {
        (string.count * 6 * scale + scale, 9 * scale)
    }

    /// Text in a 5×7 pixel font scaled by `scale`, on a filled background for legibility.
    public mutating func text(_ string: String, x: Int, y: Int, _ color: Color, background: Color, scale: Int = 1) {
        let glyphs = string.uppercased().map { BitmapFont.glyph($0) }
        let size = Self.textSize(string, scale: scale)
        fill(x: x, y: y, width: size.width, height: size.height, background)
        for (index, glyph) in glyphs.enumerated() {
            for row in 0..<7 {
                for column in 0..<5 where glyph[row] & (0x10 >> column) != 0 {
                    fill(x: x + scale + (index * 6 + column) * scale, y: y + scale + row * scale, width: scale, height: scale, color)
                }
            }
        }
    }

    /// Shrinks by an integer-free factor with box filtering (for thumbnails).
    public static func resized(_ image: RGBImage, maxSide: Int) -> (image: RGBImage, scale: Double) {
        let longest = max(image.width, image.height)
        guard longest > maxSide else { return (image, 1) }
        let scale = Double(maxSide) / Double(longest)
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let sy0 = Int(Double(y) / scale), sy1 = max(sy0 + 1, min(image.height, Int(Double(y + 1) / scale)))
            for x in 0..<width {
                let sx0 = Int(Double(x) / scale), sx1 = max(sx0 + 1, min(image.width, Int(Double(x + 1) / scale)))
                var sum = (0, 0, 0)
                for sy in sy0..<sy1 {
                    for sx in sx0..<sx1 {
                        let o = sy * image.stride + sx * 3
                        sum.0 += Int(image.pixels[o])
                        sum.1 += Int(image.pixels[o + 1])
                        sum.2 += Int(image.pixels[o + 2])
                    }
                }
                let n = (sy1 - sy0) * (sx1 - sx0)
                let o = (y * width + x) * 3
                pixels[o] = UInt8(sum.0 / n)
                pixels[o + 1] = UInt8(sum.1 / n)
                pixels[o + 2] = UInt8(sum.2 / n)
            }
        }
        return (RGBImage(width: width, height: height, pixels: pixels), scale)
    }
}
