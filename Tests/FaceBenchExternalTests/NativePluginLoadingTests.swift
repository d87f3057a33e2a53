import FaceBenchModel
import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchCLI
@testable import FaceBenchExternal

/// Libraries that are not valid plugins are refused with an error saying why: no entry
/// point, another ABI version, a missing function, a parameter the plugin rejects.
final class NativePluginLoadingTests: XCTestCase {
    var directory: String!

    override func setUpWithError() throws {
        try PluginTestSupport.examplesBuilt.get()
        directory = try TestData.temporaryDirectory(self)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func library(_ name: String, _ source: String) throws -> String {
        try PluginTestSupport.compilePlugin(name, source, in: directory)
    }

    static let table = """
        #include <facebench_plugin.h>
        static void *create(const facebench_parameter *p, size_t n, char *e, size_t s) { return (void *)1; }
        static int describe(void *i, facebench_description *d, char *e, size_t s) { return 0; }
        static int detect(void *i, const uint8_t *p, int32_t w, int32_t h, int32_t st, const facebench_face **f, size_t *n, char *e, size_t s) { *n = 0; return 0; }
        static void destroy(void *i) {}

        """

    func testLibraryWithoutTheEntryPoint() throws {
        let path = try library("noentry", "int something_else(void) { return 0; }\n")
        XCTAssertEqual(PluginTestSupport.error(building: "plugin:\(path)"),
                       "detector 'plugin:\(path)': \(path) is not a FaceBench plugin: it does not export facebench_plugin_entry() (see facebench_plugin.h)")
    }

    func testABIVersionMismatch() throws {
        let path = try library("future", Self.table + """
            static const facebench_plugin_api api = {99, sizeof(facebench_plugin_api), create, describe, detect, destroy};
            const facebench_plugin_api *facebench_plugin_entry(void) { return &api; }
            """)
        XCTAssertTrue(PluginTestSupport.error(building: "plugin:\(path)").contains(
            "\(path) was built for plugin ABI version 99; this FaceBench loads versions 1 to 2 (rebuild it against this facebench_plugin.h)"))
        XCTAssertThrowsError(try NativePluginLibrary.open(path)) {
            XCTAssertEqual($0 as? FaceBenchError, .pluginLoad(path: path, refusal: .abiVersion(99, supported: 1...2)))
        }
    }

    func testMissingFunction() throws {
        let path = try library("nodetect", Self.table + """
            static const facebench_plugin_api api = {FACEBENCH_PLUGIN_ABI_VERSION, sizeof(facebench_plugin_api), create, describe, 0, destroy};
            const facebench_plugin_api *facebench_plugin_entry(void) { return &api; }
            """)
        XCTAssertTrue(PluginTestSupport.error(building: "plugin:\(path)").hasSuffix("\(path): the function table has no detect (NULL pointer)"))
        XCTAssertThrowsError(try NativePluginLibrary.open(path)) {
            XCTAssertEqual($0 as? FaceBenchError, .pluginLoad(path: path, refusal: .missingFunctions(["detect"])))
        }
    }

    func testUnloadableFileAndRejectedParameter() throws {
        XCTAssertTrue(PluginTestSupport.error(building: "plugin:/nonexistent/libnothing.so").contains("cannot load /nonexistent/libnothing.so: "))
        XCTAssertTrue(PluginTestSupport.error(building: "plugin:\(PluginTestSupport.lbpPlugin):bogus=1").hasSuffix(
            "create failed: unknown parameter 'bogus'; accepted: cascade, scale, neighbors, min"))
        XCTAssertTrue(PluginTestSupport.error(building: "plugin:\(PluginTestSupport.lbpPlugin):scale=0.5").hasSuffix(
            "create failed: scale=0.5 is not accepted (scale > 1; neighbors, min integers >= 0)"))
    }

    /// A version-2 plugin names its landmark scheme; a version-1 plugin, whose description
    /// has no such field, still loads, and the field is not read from it.
    func testPluginsNameTheirLandmarkSchemeSinceVersionTwo() throws {
        func plugin(_ name: String, version: Int, scheme: String) throws -> String {
            try library(name, """
                #include <facebench_plugin.h>
                static void *create(const facebench_parameter *p, size_t n, char *e, size_t s) { return (void *)1; }
                static int describe(void *i, facebench_description *d, char *e, size_t s) {
                    d->name = "\(name)";
                    d->landmark_scheme = \(scheme);
                    return 0;
                }
                static int detect(void *i, const uint8_t *p, int32_t w, int32_t h, int32_t st, const facebench_face **f, size_t *n, char *e, size_t s) { *n = 0; return 0; }
                static void destroy(void *i) {}
                static const facebench_plugin_api api = {\(version), sizeof(facebench_plugin_api), create, describe, detect, destroy};
                const facebench_plugin_api *facebench_plugin_entry(void) { return &api; }
                """)
        }
        let registry = Toolbox.standard().registry
        let named = try registry.factory(for: "plugin:" + plugin("named", version: 2, scheme: "\"dlib5\""))
        XCTAssertEqual(named.info.landmarkScheme?.id, "dlib5")
        XCTAssertEqual(named.info.backend, "native plugin (ABI 2)")
        // A version-1 plugin's description ends before the field; whatever the bytes there, it is not read.
        let old = try registry.factory(for: "plugin:" + plugin("old", version: 1, scheme: "\"nonsense\""))
        XCTAssertNil(old.info.landmarkScheme)
        XCTAssertEqual(old.info.backend, "native plugin (ABI 1)")
        let unknown = try plugin("unknown", version: 2, scheme: "\"five-ish\"")
        XCTAssertTrue(PluginTestSupport.error(building: "plugin:\(unknown)").contains(
            "describe names the unknown landmark scheme 'five-ish'; known: five, ibug68, blazeface6"), PluginTestSupport.error(building: "plugin:\(unknown)"))
    }

    /// `parameter_count` is a `size_t` read before its array: (size_t)-1 used to trap on an
    /// empty range, a count beyond the array to read past it, NULL with a count to crash.
    func testDescriptionsWhoseParameterCountsCannotBeReadAreRefused() throws {
        let cases = [
            ("minus-one", "(size_t)-1", "d->parameters = 0;", "describe returned parameter_count 18446744073709551615; at most 1000 parameters are read"),
            ("too-many", "1001", "d->parameters = listed;", "describe returned parameter_count 1001; at most 1000 parameters are read"),
            ("null-list", "2", "d->parameters = 0;", "describe returned parameter_count 2 but parameters is NULL"),
        ]
        for (name, count, list, expected) in cases {
            let plugin = try library(name, """
                #include <facebench_plugin.h>
                static const facebench_parameter listed[1] = {{"k", "v"}};
                static void *create(const facebench_parameter *p, size_t n, char *e, size_t s) { return (void *)1; }
                static int describe(void *i, facebench_description *d, char *e, size_t s) {
                    d->name = "\(name)";
                    d->parameter_count = \(count);
                    \(list)
                    return 0;
                }
                static int detect(void *i, const uint8_t *p, int32_t w, int32_t h, int32_t st, const facebench_face **f, size_t *n, char *e, size_t s) { *n = 0; return 0; }
                static void destroy(void *i) {}
                static const facebench_plugin_api api = {FACEBENCH_PLUGIN_ABI_VERSION, sizeof(facebench_plugin_api), create, describe, detect, destroy};
                const facebench_plugin_api *facebench_plugin_entry(void) { return &api; }
                """)
            let error = PluginTestSupport.error(building: "plugin:" + plugin)
            XCTAssertTrue(error.contains(expected), "\(name): \(error)")
        }
    }
}
