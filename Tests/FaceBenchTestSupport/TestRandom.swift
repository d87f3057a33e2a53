import Foundation
import XCTest
import FaceBenchModel

/// The generator of a randomised test: `SplitMix64` seeded with `seed`, so every run draws the
/// same values, or with $FACEBENCH_TEST_SEED when set (to replay a failure or explore other
/// draws). A test that fails prints the seed it ran with.
public enum TestRandom {
    public static let seedVariable = "FACEBENCH_TEST_SEED"

    public static func generator(_ test: XCTestCase, seed: UInt64) -> SplitMix64 {
        let used = ProcessInfo.processInfo.environment[seedVariable].flatMap { UInt64($0) } ?? seed
        let name = test.name
        test.addTeardownBlock { [weak test] in
            guard let run = test?.testRun, run.totalFailureCount > 0 else { return }
            print("\(name): randomised with seed \(used); replay with \(seedVariable)=\(used)")
        }
        return SplitMix64(seed: used)
    }
}
