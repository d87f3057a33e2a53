/// A thread pool a backend's native library keeps for the whole process (OpenCV's, the BLAS
/// under dlib). Each backend module registers its pools with the `DetectorRegistry`, so a
/// command pins them all to `--native-threads` through one call without knowing the libraries.
public protocol NativeThreadPool: Sendable {
    /// The library whose pool this is, for messages.
    var library: String { get }
    /// Lets one detector call use at most `count` threads of this pool.
    func pin(threads count: Int)
}
