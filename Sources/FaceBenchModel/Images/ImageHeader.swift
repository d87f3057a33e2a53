import Foundation

/// Reads an image's pixel size from its file header (PNG, JPEG, PGM/PPM) without decoding it,
/// so datasets can report image sizes cheaply.
public enum ImageHeader {
    public struct Size: Hashable, Sendable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    public static func size(ofFileAt path: String) throws -> Size {
        guard !FileIO.isDirectory(path) else { throw FaceBenchError.io(path: path, reason: "is a folder, not an image") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FaceBenchError.io(path: path, reason: "cannot open image")
        }
        defer { try? handle.close() }
        // FileHandle.readData traps on a read error; read(upToCount:) throws instead.
        func read(_ count: Int) throws -> Data {
            do { return try handle.read(upToCount: count) ?? Data() } catch {
                throw FaceBenchError.io(path: path, reason: "cannot read the image header: \(error.localizedDescription)")
            }
        }
        // JPEG headers with large EXIF blocks can push SOF past 64 KB; read more on demand,
        // doubling what is held each time, so the re-parses cost no more than reading the file.
        var data = try read(1 << 16)
        while true {
            if let size = try size(ofPrefix: [UInt8](data), path: path) { return size }
            let more = try read(max(1 << 18, data.count))
            if more.isEmpty { return try size(of: [UInt8](data), path: path) }
            data.append(more)
        }
    }

    /// The size from a whole image file held in memory.
    public static func size(of bytes: [UInt8], path: String) throws -> Size {
        guard let size = try size(ofPrefix: bytes, path: path) else {
            throw FaceBenchError.io(path: path, reason: "the file ends inside the image header (\(bytes.count) bytes)")
        }
        return size
    }

    /// nil when `prefix` ends before the header does.
    private static func size(ofPrefix prefix: [UInt8], path: String) throws -> Size? {
        if prefix.isEmpty { throw FaceBenchError.io(path: path, reason: "the image file is empty (0 bytes)") }
        switch parse(prefix) {
        case .size(let size): return size
        case .needMore: return nil
        case .unknown: throw FaceBenchError.io(path: path, reason: "not a PNG, JPEG or PNM image")
        }
    }

    enum ParseResult { case size(Size), needMore, unknown }

    static func parse(_ b: [UInt8]) -> ParseResult {
        if b.count >= 8, b[0] == 0x89, b[1] == 0x50, b[2] == 0x4E, b[3] == 0x47 {
            guard b.count >= 24 else { return .needMore }
            return .size(Size(width: be32(b, 16), height: be32(b, 20)))
        }
        if b.count >= 2, b[0] == 0xFF, b[1] == 0xD8 { return parseJPEG(b) }
        if b.count >= 2, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1]) {
            return parsePNM(b)
        }
        return .unknown
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func parseJPEG(_ b: [UInt8]) -> ParseResult {
        var i = 2
        while true {
            while i < b.count, b[i] == 0xFF { i += 1 }
            guard i + 2 < b.count else { return .needMore }
            let marker = b[i]
            i += 1
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            guard i + 1 < b.count else { return .needMore }
            let length = Int(b[i]) << 8 | Int(b[i + 1])
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                guard i + 7 < b.count else { return .needMore }
                let height = Int(b[i + 3]) << 8 | Int(b[i + 4])
                let width = Int(b[i + 5]) << 8 | Int(b[i + 6])
                return .size(Size(width: width, height: height))
            }
            if marker == 0xD9 || length < 2 { return .unknown }
            i += length
        }
    }

    private static func parsePNM(_ b: [UInt8]) -> ParseResult {
        var numbers: [Int] = []
        var i = 2
        while numbers.count < 2 {
            guard i < b.count else { return .needMore }
            let c = b[i]
            if c == UInt8(ascii: "#") {
                while i < b.count, b[i] != 0x0A { i += 1 }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                var value = 0
                while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
                    // Clamped, not trapped: an absurd size then fails the megapixel cap by name.
                    value = min(value * 10 + Int(b[i] - UInt8(ascii: "0")), Int(Int32.max))
                    i += 1
                }
                guard i < b.count else { return .needMore }
                numbers.append(value)
            } else {
                i += 1
            }
        }
        return .size(Size(width: numbers[0], height: numbers[1]))
    }
}
