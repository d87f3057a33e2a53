#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered writes to the standard streams, safe from any thread.
public enum StandardStreams {
    public static func error(_ text: String) { write(2, text) }
    public static func output(_ text: String) { write(1, text) }

    static func write(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }

    public static var errorIsTerminal: Bool { isatty(2) != 0 }

    /// Text for a pipe or a file is wrapped at this width.
    public static let defaultColumns = 100

    /// The width to wrap stdout's text at: the terminal's, else `COLUMNS`, else 100.
    public static var outputColumns: Int {
        var size = winsize()
        if isatty(1) != 0, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), (20...1000).contains(columns) { return columns }
        return defaultColumns
    }

    /// stdout is a terminal that may get bold and colour: not when piped, when NO_COLOR is
    /// set (no-color.org) or TERM is dumb.
    public static var outputIsStyledTerminal: Bool {
        guard isatty(1) != 0 else { return false }
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        let dumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
        return !noColor && !dumb
    }
}
