import Synchronization

/// A request to stop a run after the images in flight (set from a signal handler or a test).
public final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func request() { flag.store(true, ordering: .relaxed) }

    public var isRequested: Bool { flag.load(ordering: .relaxed) }
}
