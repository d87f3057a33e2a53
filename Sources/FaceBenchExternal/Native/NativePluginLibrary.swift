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
        func refuse(_ refusal: PluginRefusal) -> FaceBenchError { .pluginLoad(path: path, refusal: refusal) }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw refuse(.notLoadable(dlerror().map { String(cString: $0) } ?? "unknown reason"))
        }
        guard let symbol = dlsym(handle, FACEBENCH_PLUGIN_ENTRY) else { throw refuse(.noEntryPoint(symbol: FACEBENCH_PLUGIN_ENTRY)) }
        let entry = unsafeBitCast(symbol, to: facebench_plugin_entry_fn.self)
        guard let table = entry() else { throw refuse(.noTable(symbol: FACEBENCH_PLUGIN_ENTRY)) }
        let version = Int(table.pointee.abi_version)
        let supported = Int(FACEBENCH_PLUGIN_ABI_VERSION_OLDEST)...Int(FACEBENCH_PLUGIN_ABI_VERSION)
        guard supported.contains(version) else { throw refuse(.abiVersion(version, supported: supported)) }
        let expectedSize = MemoryLayout<facebench_plugin_api>.size
        guard Int(table.pointee.struct_size) >= expectedSize else {
            throw refuse(.tableTooSmall(bytes: Int(table.pointee.struct_size), version: version, needed: expectedSize))
        }
        let api = table.pointee
        let missing = [("create", api.create == nil), ("describe", api.describe == nil), ("detect", api.detect == nil),
                       ("destroy", api.destroy == nil)].filter(\.1).map(\.0)
        guard missing.isEmpty else { throw refuse(.missingFunctions(missing)) }
        return NativePluginLibrary(path: path, api: api)
    }
}
