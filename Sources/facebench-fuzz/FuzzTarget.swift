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
    let run: ([UInt8]) throws -> Void
}
