#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`): what a computation cost,
/// independent of other processes competing for the cores. Benchmarks report it beside
/// wall time so a busy machine does not distort comparisons.
public enum CPUClock {
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// CPU time of every thread of the process (`CLOCK_PROCESS_CPUTIME_ID`), for work spread
    /// over threads.
    public static func processNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
