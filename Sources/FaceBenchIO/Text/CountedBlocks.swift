import FaceBenchModel

/// The layout WIDER's and FDDB's list files share: an image's name on one line, the number
/// of its entries on the next, then one line per entry (WIDER's and FDDB's ground truth, FDDB's
/// detection files). Lines with no field between blocks are skipped. The reader checks the
/// layout — a count that is missing, a file that ends before the entries do — and leaves
/// the lines' contents to the caller; errors name the file and line.
struct CountedBlocks {
    /// What errors call the count ("face count") and the entries ("faces").
    var countName: String
    var entryName: String
    /// Entry lines a block with a count of 0 still has (WIDER's ground truth keeps one
    /// all-zero placeholder line).
    var placeholderLines = 0

    struct Block {
        var name: String
        /// The index of the name's line (its line number less one).
        var nameLine: Int
        var count: Int
        /// The indices of the entries' lines.
        var entries: Range<Int>
    }

    /// Calls `body` with each block in file order. `firstField(i)` is line `i`'s first field
    /// (nil for a line without one), `count(i)` the count line `i` spells (nil when it spells
    /// none); `checkName` sees a block's name before its count is read.
    func forEach(
        in path: String, lineCount: Int, firstField: (Int) -> String?, count: (Int) -> Int?,
        checkName: (_ name: String, _ line: Int) throws -> Void = { _, _ in }, _ body: (Block) throws -> Void
    ) throws {
        var index = 0
        while index < lineCount {
            guard let name = firstField(index) else {
                index += 1
                continue
            }
            try checkName(name, index)
            guard index + 1 < lineCount, let count = count(index + 1), count >= 0 else {
                throw FaceBenchError.malformed(path: path, location: "line \(index + 2)", reason: "expected the \(countName) of \(name)")
            }
            let lines = max(count, placeholderLines)
            guard lines <= lineCount - index - 2 else {
                throw FaceBenchError.malformed(path: path, location: "line \(index + 1)", reason: "\(name) lists \(count) \(entryName) but the file ends first")
            }
            try body(Block(name: name, nameLine: index, count: count, entries: (index + 2)..<(index + 2 + count)))
            index += 2 + lines
        }
    }
}

extension CountedBlocks {
    /// `forEach` over the lines of a `NumberedLines` file, whose counts are integers.
    func forEach(_ lines: [NumberedLines.Line], in path: String, _ body: (Block) throws -> Void) throws {
        try forEach(
            in: path, lineCount: lines.count, firstField: { lines[$0].fields.first.map(String.init) },
            count: { lines[$0].fields.first.flatMap { Int($0) } }, body)
    }
}
