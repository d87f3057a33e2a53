/// The process's resident memory, from `/proc/self/statm` (Linux).
public enum ProcessMemory {
    /// Resident set size in megabytes (MiB), or nil where /proc is unavailable.
    public static func residentMegabytes() -> Double? {
        guard let text = try? FileIO.readText("/proc/self/statm") else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(pageSize) / 1_048_576
    }

    static let pageSize: Int = {
        #if canImport(Glibc)
        return Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return 4096
        #endif
    }()
}

#if canImport(Glibc)
import Glibc
import FaceBenchModel
#endif
