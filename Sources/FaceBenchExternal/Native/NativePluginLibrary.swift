import CFaceBenchPlugin
import FaceBenchModel
import Glibc
import Synchronization

/// A loaded native plugin (facebench_plugin.h): the library's function table, checked.
/// Libraries stay loaded for the life of the process (instances may outlive any one
/// factory, and unloading C++ code with static state is unsafe), and each path is opened
/// once.
final class NativePluginLibrary: @unchecked Sendable {
    // @unchecked: the table is immutable, and the plugin contract makes its functions
    // callable from any thread on distinct instances.
    let path: String
    let api: facebench_plugin_api

    private static let loaded = Mutex<[String: NativePluginLibrary]>([:])

    private init(path: String, api: facebench_plugin_api) {
        self.path = path
        self.api = api
    }

    /// Opens `path` and validates its table. Errors say what is wrong: the library cannot
    /// be opened, it exports no entry point, it was built for another ABI version, or a
    /// function is missing.
    static func open(_ path: String) throws -> NativePluginLibrary {
        try loaded.withLock { libraries in
            if let library = libraries[path] { return library }
            let library = try load(path)
            libraries[path] = library
            return library
        }
    }

    private static func load(_ path: String) throws -> NativePluginLibrary {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw FaceBenchError.failed("cannot load \(path): \(reason)")
        }
        guard let symbol = dlsym(handle, FACEBENCH_PLUGIN_ENTRY) else {
            throw FaceBenchError.failed(
                "\(path) is not a FaceBench plugin: it does not export \(FACEBENCH_PLUGIN_ENTRY)() (see facebench_plugin.h)")
        }
        let entry = unsafeBitCast(symbol, to: facebench_plugin_entry_fn.self)
        guard let table = entry() else { throw FaceBenchError.failed("\(path): \(FACEBENCH_PLUGIN_ENTRY)() returned NULL") }
        let version = table.pointee.abi_version
        guard (FACEBENCH_PLUGIN_ABI_VERSION_OLDEST...FACEBENCH_PLUGIN_ABI_VERSION).contains(version) else {
            throw FaceBenchError.failed(
                "\(path) was built for plugin ABI version \(version); this FaceBench loads versions \(FACEBENCH_PLUGIN_ABI_VERSION_OLDEST) to \(FACEBENCH_PLUGIN_ABI_VERSION) (rebuild it against this facebench_plugin.h)")
        }
        let expectedSize = MemoryLayout<facebench_plugin_api>.size
        guard Int(table.pointee.struct_size) >= expectedSize else {
            throw FaceBenchError.failed(
                "\(path): its function table is \(table.pointee.struct_size) bytes, ABI version \(version) needs \(expectedSize)")
        }
        let api = table.pointee
        let missing = [("create", api.create == nil), ("describe", api.describe == nil), ("detect", api.detect == nil),
                       ("destroy", api.destroy == nil)].filter(\.1).map(\.0)
        guard missing.isEmpty else {
            throw FaceBenchError.failed("\(path): the function table has no \(missing.joined(separator: ", ")) (NULL pointer)")
        }
        return NativePluginLibrary(path: path, api: api)
    }
}
