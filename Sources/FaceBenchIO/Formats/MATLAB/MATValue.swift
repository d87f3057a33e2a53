/// A MATLAB array read from a MAT-file: numeric (any class, including logical), character,
/// cell or struct. Arrays are column-major, as MATLAB stores them: element `(i, j)` of an
/// `m × n` array is at index `i + m * j`.
public indirect enum MATValue: Sendable, Equatable {
    case numeric(MATNumericArray)
    case characters(MATCharacterArray)
    case cell(dimensions: [Int], elements: [MATValue])
    case structure(dimensions: [Int], fieldNames: [String], elements: [[MATValue]])

    public var dimensions: [Int] {
        switch self {
        case let .numeric(array): return array.dimensions
        case let .characters(array): return array.dimensions
        case let .cell(dimensions, _), let .structure(dimensions, _, _): return dimensions
        }
    }

    /// Number of elements (the product of the dimensions).
    public var count: Int { dimensions.reduce(1, *) }

    public var numeric: MATNumericArray? {
        if case let .numeric(array) = self { return array }
        return nil
    }

    public var cellElements: [MATValue]? {
        if case let .cell(_, elements) = self { return elements }
        return nil
    }

    /// The text of a single-row (or single-column) character array.
    public var string: String? {
        guard case let .characters(array) = self else { return nil }
        if array.rows.count <= 1 { return array.rows.first ?? "" }
        return array.dimensions.count == 2 && array.dimensions[1] == 1 ? array.rows.joined() : nil
    }

    /// A short description for error messages: `int32 126×4`, `cell 61×1`.
    public var summary: String {
        let size = dimensions.map(String.init).joined(separator: "×")
        switch self {
        case let .numeric(array): return "\(array.matlabClass.name) \(size)"
        case .characters: return "char \(size)"
        case .cell: return "cell \(size)"
        case .structure: return "struct \(size)"
        }
    }
}

/// The storage classes MATLAB arrays can have (`mxClassID`).
public enum MATClass: Int, Sendable, Equatable {
    case cell = 1, structure = 2, object = 3, character = 4, sparse = 5
    case double = 6, single = 7, int8 = 8, uint8 = 9, int16 = 10, uint16 = 11
    case int32 = 12, uint32 = 13, int64 = 14, uint64 = 15

    public var name: String {
        switch self {
        case .cell: return "cell"
        case .structure: return "struct"
        case .object: return "object"
        case .character: return "char"
        case .sparse: return "sparse"
        case .double: return "double"
        case .single: return "single"
        case .int8: return "int8"
        case .uint8: return "uint8"
        case .int16: return "int16"
        case .uint16: return "uint16"
        case .int32: return "int32"
        case .uint32: return "uint32"
        case .int64: return "int64"
        case .uint64: return "uint64"
        }
    }
}

/// A numeric or logical MATLAB array. Values are held as `Double` whatever the class (64-bit
/// integers beyond 2^53 lose precision); `matlabClass` says what arithmetic MATLAB would use.
public struct MATNumericArray: Sendable, Equatable {
    public var matlabClass: MATClass
    public var dimensions: [Int]
    public var isLogical: Bool
    public var real: [Double]
    /// The imaginary parts of a complex array.
    public var imaginary: [Double]?

    public init(matlabClass: MATClass, dimensions: [Int], isLogical: Bool = false, real: [Double], imaginary: [Double]? = nil) {
        self.matlabClass = matlabClass
        self.dimensions = dimensions
        self.isLogical = isLogical
        self.real = real
        self.imaginary = imaginary
    }

    /// Rows of an `m × n` matrix (row `i` is `real[i + m * j]` for each column `j`).
    public var rows: [[Double]] {
        guard dimensions.count == 2 else { return [real] }
        let (m, n) = (dimensions[0], dimensions[1])
        return (0..<m).map { i in (0..<n).map { j in real[i + m * j] } }
    }
}

/// A MATLAB character array, one string per row.
public struct MATCharacterArray: Sendable, Equatable {
    public var dimensions: [Int]
    public var rows: [String]

    public init(dimensions: [Int], rows: [String]) {
        self.dimensions = dimensions
        self.rows = rows
    }
}
