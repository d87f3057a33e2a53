import FaceBenchModel
import Foundation

/// The executable's entry point hands over to libFuzzer's driver with the target that
/// `FACEBENCH_FUZZ_TARGET` names: one executable holds every target (one link instead of
/// twenty). SwiftPM links executables with `main` defined as `<module>_main`, which takes the
/// place of libFuzzer's own `main`, so this is that function.
@_cdecl("facebench_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["FACEBENCH_FUZZ_TARGET"] ?? ""
    let targets: [FuzzTarget]
    do {
        let scratch = try ScratchFolder()
        targets = FuzzTargets.all(scratch: scratch) + CrossFileTargets.all(scratch: scratch)
    } catch {
        StandardStreams.error("facebench-fuzz: \(error)\n")
        return 1
    }
    if name == "list" {
        for target in targets { StandardStreams.output("\(target.name)\t\(target.maxLength)\t\(target.sanitizer.rawValue)\t\(target.summary)\n") }
        return 0
    }
    guard let target = targets.first(where: { $0.name == name }) else {
        StandardStreams.error("facebench-fuzz: set FACEBENCH_FUZZ_TARGET to list or one of: \(targets.map(\.name).joined(separator: ", "))\n")
        return 64
    }
    selected = target
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return runFuzzerDriver(&count, &arguments, testOneInput)
}

nonisolated(unsafe) private var selected: FuzzTarget?

/// libFuzzer's `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *, size_t))`.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// libFuzzer's archive is linked whole, and its unused `main` needs this symbol.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try selected!.run(bytes)
    } catch {
        // Errors are the expected answer to bad input; their messages are built too, since
        // users read them.
        _ = "\(error)"
    }
    return 0
}
