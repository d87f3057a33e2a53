/// One reader under the fuzzer: the bytes libFuzzer makes go in whole, and the reader may
/// accept them or throw, but must neither trap, hang nor run out of memory.
struct FuzzTarget {
    /// The name `scripts/fuzz.sh` passes in `FACEBENCH_FUZZ_TARGET`; also the corpus folder.
    let name: String
    /// What it reads, for `scripts/fuzz.sh --list` and docs/fuzzing.md.
    let summary: String
    /// The largest input worth mutating (libFuzzer's -max_len): large enough for the seeds'
    /// interesting structure, small enough that each execution stays fast.
    let maxLength: Int
    /// How long sessions build the target (`scripts/fuzz.sh --seconds`/`--until`): Swift
    /// checks its own memory accesses, so pure-Swift readers run without AddressSanitizer, two
    /// to four times faster; readers reaching C code through a shim need it.
    var sanitizer: Sanitizer = .none
    let run: ([UInt8]) throws -> Void

    enum Sanitizer: String {
        case none, address
    }
}
