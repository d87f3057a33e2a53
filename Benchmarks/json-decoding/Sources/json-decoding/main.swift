// Times every way FaceBench could read a COCO results file into columns (image ids, boxes,
// scores), on the same bytes already in memory, and checks each gives the same numbers as
// FaceBench's reader, bit for bit:
//
// - FaceBench's streaming reader (`COCOResultsFile`, what `facebench eval` uses);
// - FaceBench's tree reader (`JSONReader`, a `JSONValue` tree, then the columns);
// - Foundation's `JSONSerialization` (an `Any` tree);
// - Foundation's `JSONDecoder` with a `Decodable` entry;
// - json-c 0.16 (`json_tokener_parse_ex`, a C tree), through a small C shim.
//
// Usage: swift run -c release json-decoding [RESULTS.json] [--repeat N]
// Default file: ../../Results/bench-eval/workload-seed1/results.coco.json (made by
// `facebench bench-eval`).
import CJSONC
import FaceBenchIO
import FaceBenchModel
import Foundation

struct Columns: Equatable {
    var imageIDs: [Int] = []
    var boxes: [Double] = []
    var scores: [Double] = []

    /// Values that differ from `other` (bit patterns), or nil when the counts differ.
    func differences(from other: Columns) -> Int? {
        guard imageIDs.count == other.imageIDs.count, boxes.count == other.boxes.count else { return nil }
        var count = zip(imageIDs, other.imageIDs).filter { $0 != $1 }.count
        count += zip(boxes, other.boxes).filter { $0.bitPattern != $1.bitPattern }.count
        count += zip(scores, other.scores).filter { $0.bitPattern != $1.bitPattern }.count
        return count
    }
}

struct Entry: Decodable {
    var image_id: Int
    var category_id: Int
    var bbox: [Double]
    var score: Double
}

let decoders: [(name: String, decode: ([UInt8]) throws -> Columns)] = [
    ("FaceBench streaming reader (COCOResultsFile)", { bytes in
        let file = try COCOResultsFile(bytes: bytes, path: "results")
        var boxes: [Double] = []
        boxes.reserveCapacity(4 * file.count)
        for box in file.boxes {
            boxes.append(box.x)
            boxes.append(box.y)
            boxes.append(box.width)
            boxes.append(box.height)
        }
        return Columns(imageIDs: file.imageIDs, boxes: boxes, scores: file.scores)
    }),
    ("FaceBench tree reader (JSONReader)", { bytes in
        var columns = Columns()
        for entry in try JSONReader.parse(bytes, path: "results").array ?? [] {
            columns.imageIDs.append(entry["image_id"]?.int ?? -1)
            columns.boxes += entry["bbox"]?.array?.compactMap(\.double) ?? []
            columns.scores.append(entry["score"]?.double ?? .nan)
        }
        return columns
    }),
    ("Foundation JSONSerialization", { bytes in
        var columns = Columns()
        let list = try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]] ?? []
        for entry in list {
            columns.imageIDs.append((entry["image_id"] as? NSNumber)?.intValue ?? -1)
            columns.boxes += (entry["bbox"] as? [NSNumber] ?? []).map(\.doubleValue)
            columns.scores.append((entry["score"] as? NSNumber)?.doubleValue ?? .nan)
        }
        return columns
    }),
    ("Foundation JSONDecoder (Decodable)", { bytes in
        let entries = try JSONDecoder().decode([Entry].self, from: Data(bytes))
        return Columns(imageIDs: entries.map(\.image_id), boxes: entries.flatMap(\.bbox), scores: entries.map(\.score))
    }),
    ("json-c 0.16 (C tree)", { bytes in
        let capacity = bytes.count / 40 + 16
        var ids = [Int](repeating: 0, count: capacity), boxes = [Double](repeating: 0, count: 4 * capacity)
        var scores = [Double](repeating: 0, count: capacity)
        let count = bytes.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { text in
                jsonc_read_results(text.baseAddress, text.count, &ids, &boxes, &scores, capacity)
            }
        }
        guard count >= 0 else { throw FaceBenchError.failed("json-c could not read the file") }
        return Columns(imageIDs: Array(ids.prefix(count)), boxes: Array(boxes.prefix(4 * count)), scores: Array(scores.prefix(count)))
    }),
]

func threadCPU() -> Double { Double(CPUClock.nanoseconds()) / 1e9 }

func wall() -> Double { Double(MonotonicClock.nanoseconds()) / 1e9 }

var arguments = Array(CommandLine.arguments.dropFirst())
var repeats = 3
if let index = arguments.firstIndex(of: "--repeat"), index + 1 < arguments.count {
    repeats = max(1, Int(arguments[index + 1]) ?? 3)
    arguments.removeSubrange(index...(index + 1))
}
let path = arguments.first ?? "../../Results/bench-eval/workload-seed1/results.coco.json"
let (bytes, readMilliseconds) = try MonotonicClock.measure { try FileIO.read(path) }
let megabytes = Double(bytes.count) / 1_000_000
print("\(path): \(String(format: "%.1f", megabytes)) MB, read from the page cache in \(String(format: "%.1f", readMilliseconds)) ms")
print("Best of \(repeats) run(s) per decoder; bytes already in memory; thread CPU beside wall time.\n")
print("| Decoder | Wall ms | CPU ms | MB/s (CPU) | Same numbers as FaceBench |")
print("| --- | ---: | ---: | ---: | --- |")
var reference: Columns?
for (name, decode) in decoders {
    var bestWall = Double.infinity, bestCPU = Double.infinity
    var columns = Columns()
    for _ in 0..<repeats {
        let (startWall, startCPU) = (wall(), threadCPU())
        columns = try decode(bytes)
        bestWall = min(bestWall, wall() - startWall)
        bestCPU = min(bestCPU, threadCPU() - startCPU)
    }
    if reference == nil { reference = columns }
    let agreement: String
    switch columns.differences(from: reference!) {
    case nil: agreement = "no: \(columns.scores.count) entries"
    case 0?: agreement = "yes (\(columns.scores.count) entries)"
    case let count?: agreement = "no: \(count) values differ"
    }
    print("| \(name) | \(String(format: "%.0f", bestWall * 1000)) | \(String(format: "%.0f", bestCPU * 1000)) | \(String(format: "%.0f", megabytes / bestCPU)) | \(agreement) |")
}
