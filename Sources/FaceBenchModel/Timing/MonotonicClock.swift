#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from a monotonic clock (`CLOCK_MONOTONIC`: unaffected by wall-clock changes).
public enum MonotonicClock {
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Runs `body` and returns its result with the elapsed milliseconds.
    @inline(__always)
    public static func measure<T>(_ body: () throws -> T) rethrows -> (value: T, milliseconds: Double) {
        let start = nanoseconds()
        let value = try body()
        return (value, Double(nanoseconds() &- start) / 1_000_000)
    }
}
