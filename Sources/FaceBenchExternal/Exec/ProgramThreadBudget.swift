import FaceBenchModel
import Synchronization

/// The thread budget external programs are started with, so that an `exec:` detector is
/// measured under the same `--native-threads` as the built-in backends: a program whose
/// OpenCV or BLAS spreads one call over every core would otherwise look faster than the same
/// library pinned to one thread inside FaceBench.
///
/// Registered with the detector registry like the libraries' own pools; `pin` sets the
/// variables the common runtimes read at start-up (OpenMP, OpenBLAS, MKL, OpenCV's parallel
/// framework) and `FACEBENCH_NATIVE_THREADS`, for a program that sizes its own pools
/// (`cv2.setNumThreads`, `torch.set_num_threads`). Until a command pins it, programs inherit
/// FaceBench's environment unchanged.
public struct ProgramThreadBudget: NativeThreadPool {
    public var library: String { "external programs (exec:)" }

    public init() {}

    public func pin(threads count: Int) { Self.threads.withLock { $0 = count } }

    /// The variables a program is started with (empty before anything was pinned).
    static var environment: [(name: String, value: String)] {
        guard let count = threads.withLock({ $0 }) else { return [] }
        return variables.map { ($0, String(count)) }
    }

    static let variables = ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OPENCV_FOR_THREADS_NUM", "FACEBENCH_NATIVE_THREADS"]

    private static let threads = Mutex<Int?>(nil)
}
