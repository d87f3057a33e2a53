import FaceBenchModel

/// The detector kinds that bring detectors from outside FaceBench: external programs
/// (`exec:`) and native shared libraries (`plugin:`). Imported detection files (`file:`)
/// are in the core (`ImportedDetectorKind`), since they need nothing but parsing.
public enum ExternalBackend {
    public static let kinds: [DetectorKind] = [ExecDetectorKind.kind, PluginDetectorKind.kind]

    /// The thread budget `exec:` programs are started with, for `DetectorRegistry(threadPools:)`.
    public static let programThreads: any NativeThreadPool = ProgramThreadBudget()
}
