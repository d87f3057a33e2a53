@testable import FaceBenchHarness
import XCTest

final class ShardTests: XCTestCase {
    func testShardsPartitionTheDataset() throws {
        let shards = try (1...3).map { try Shard(index: $0, count: 3) }
        for position in 0..<10 {
            XCTAssertEqual(shards.filter { $0.contains(position: position) }.count, 1)
        }
        XCTAssertThrowsError(try Shard(parsing: "4/3"))
        XCTAssertThrowsError(try Shard(parsing: "x"))
        XCTAssertEqual(try Shard(parsing: "2/5").description, "2/5")
    }
}
