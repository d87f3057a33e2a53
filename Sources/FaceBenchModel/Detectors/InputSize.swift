/// The scale a CNN detector runs an image at (the `size` parameter of every CNN kind).
/// Published WIDER FACE numbers depend on it: the same network scores differently on the
/// original images and on images scaled to "VGA" (longer side 640), so results record it.
///
///  - `original`: the image at its own size (a network that needs its input to be a
///    multiple of some stride pads it, bottom and right; nothing is scaled).
///  - `vga`: scaled, up or down, so it fits inside 640 × 640 keeping its aspect ratio
///    (the longer side becomes 640); the same as `640x640`.
///  - `WxH`: scaled to fit inside W × H keeping its aspect ratio. Detectors with a fixed
///    input tensor (SCRFD) pad the rest of W × H; others run at the scaled size.
public enum InputSize: Sendable, Hashable, CustomStringConvertible {
    case original
    case fit(width: Int, height: Int)

    public static let vga = InputSize.fit(width: 640, height: 640)
    /// Sides accepted in `WxH`: large enough for any stride, small enough that a tensor of
    /// W × H × 3 floats stays far below the image cap.
    public static let sideRange = 32...8192

    /// `original`, `vga` or `WxH` (e.g. `640x480`); nil for anything else.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "original": self = .original
        case "vga": self = .vga
        default:
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                  Self.sideRange.contains(width), Self.sideRange.contains(height) else { return nil }
            self = .fit(width: width, height: height)
        }
    }

    /// The canonical spelling: `original`, `vga`, or `WxH`.
    public var description: String {
        switch self {
        case .original: "original"
        case .vga: "vga"
        case let .fit(width, height): "\(width)x\(height)"
        }
    }

    /// The factor an image of `width` × `height` is scaled by (1 for `original`).
    public func scale(width: Int, height: Int) -> Double {
        guard case let .fit(fitWidth, fitHeight) = self, width > 0, height > 0 else { return 1 }
        return min(Double(fitWidth) / Double(width), Double(fitHeight) / Double(height))
    }
}
