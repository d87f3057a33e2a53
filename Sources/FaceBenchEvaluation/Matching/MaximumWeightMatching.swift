/// A maximum-weight matching of a bipartite graph given as a non-negative weight matrix:
/// the Hungarian method (shortest augmenting paths with potentials), O(n² m) for n rows and
/// m ≥ n columns. FDDB's evaluation matches faces to detections this way, with the overlap
/// as the weight.
///
/// Contract: `pairs(_:)` returns the `(row, column)` pairs of an assignment whose total weight
/// is the largest possible, leaving out pairs of weight 0. When several assignments reach the
/// same total, which one is returned is fixed (by the input order) but unspecified.
public enum MaximumWeightMatching {
    public static func pairs(_ weights: [[Double]]) -> [(row: Int, column: Int)] {
        let rows = weights.count, columns = weights.first?.count ?? 0
        guard rows > 0, columns > 0 else { return [] }
        if rows > columns {
            let transposed = (0..<columns).map { c in (0..<rows).map { r in weights[r][c] } }
            return pairs(transposed).map { (row: $0.column, column: $0.row) }
        }
        // Minimise −weight; 1-based rows and columns, column 0 is the virtual start.
        var u = [Double](repeating: 0, count: rows + 1), v = [Double](repeating: 0, count: columns + 1)
        var owner = [Int](repeating: 0, count: columns + 1), way = [Int](repeating: 0, count: columns + 1)
        for row in 1...rows {
            owner[0] = row
            var column0 = 0
            var slack = [Double](repeating: .infinity, count: columns + 1)
            var used = [Bool](repeating: false, count: columns + 1)
            repeat {
                used[column0] = true
                let row0 = owner[column0]
                var delta = Double.infinity, column1 = 0
                for column in 1...columns where !used[column] {
                    let reduced = -weights[row0 - 1][column - 1] - u[row0] - v[column]
                    if reduced < slack[column] {
                        slack[column] = reduced
                        way[column] = column0
                    }
                    if slack[column] < delta {
                        delta = slack[column]
                        column1 = column
                    }
                }
                for column in 0...columns {
                    if used[column] {
                        u[owner[column]] += delta
                        v[column] -= delta
                    } else {
                        slack[column] -= delta
                    }
                }
                column0 = column1
            } while owner[column0] != 0
            repeat {
                let column1 = way[column0]
                owner[column0] = owner[column1]
                column0 = column1
            } while column0 != 0
        }
        var result: [(row: Int, column: Int)] = []
        for column in 1...columns where owner[column] != 0 && weights[owner[column] - 1][column - 1] > 0 {
            result.append((owner[column] - 1, column - 1))
        }
        return result.sorted { $0.row < $1.row }
    }
}
