import Foundation
import FaceBenchModel

/// A one-line progress display on stderr (images done/total, rate, ETA, current detector),
/// redrawn at most ten times a second, only when stderr is a terminal: logs and CI output
/// get nothing but the final summary.
public final class ProgressReporter: @unchecked Sendable {
    let enabled: Bool
    let label: String
    let lock = NSLock()
    var lastDraw: UInt64 = 0
    var start: UInt64 = 0
    var drawn = false

    public init(label: String, enabled: Bool = StandardStreams.errorIsTerminal) {
        self.enabled = enabled
        self.label = label
    }

    public func begin() {
        lock.withLock { start = MonotonicClock.nanoseconds() }
    }

    /// `done` of `total` images finished in this session (resumed ones excluded from the rate).
    public func update(done: Int, total: Int, alreadyDone: Int, current: String, force: Bool = false) {
        guard enabled else { return }
        lock.withLock {
            let now = MonotonicClock.nanoseconds()
            guard force || now &- lastDraw > 100_000_000 else { return }
            lastDraw = now
            let elapsed = Double(now &- start) / 1e9
            let fresh = done - alreadyDone
            let rate = elapsed > 0 ? Double(fresh) / elapsed : 0
            let remaining = rate > 0 ? Double(total - done) / rate : 0
            let line = "\r\u{1B}[K[\(label)] \(done)/\(total) images  \(format(rate)) img/s  ETA \(clock(remaining))  \(TerminalText.sanitized(current))"
            StandardStreams.error(line)
            drawn = true
        }
    }

    public func finish() {
        guard enabled else { return }
        lock.withLock {
            if drawn { StandardStreams.error("\r\u{1B}[K") }
            drawn = false
        }
    }

    func format(_ rate: Double) -> String {
        rate >= 10 ? String(Int(rate.rounded())) : String(Double(Int(rate * 10)) / 10)
    }

    func clock(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--" }
        let s = Int(seconds.rounded())
        return s >= 3600 ? "\(s / 3600)h\(String(format2: (s % 3600) / 60))m" : "\(s / 60):\(String(format2: s % 60))"
    }
}

extension String {
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : String(value) }
}
