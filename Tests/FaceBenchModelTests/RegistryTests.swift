import XCTest
@testable import FaceBenchModel

final class RegistryTests: XCTestCase {
    struct StubFactory: DetectorFactory {
        let info: DetectorInfo
        func makeDetector() throws -> any FaceDetector { fatalError("not used") }
    }

    let registry = DetectorRegistry([
        DetectorKind(
            id: "haar", summary: "test", backend: "test",
            arguments: .parameters(CascadeConfiguration.Parameters.specs(for: .haar))
        ) { request in
            StubFactory(info: DetectorInfo(
                kind: "haar", id: request.id, spec: request.canonicalSpec, backend: "test", library: "",
                parameters: request.parameters.inEffect, scoreMeaning: ""))
        },
        DetectorKind(id: "exec", summary: "test", backend: "test", arguments: .freeform(usage: "COMMAND")) { request in
            StubFactory(info: DetectorInfo(
                kind: "exec", id: request.id, spec: request.spec.text, backend: "test", library: "", parameters: [], scoreMeaning: ""))
        },
    ])

    func message(_ spec: String) -> String {
        do {
            _ = try registry.factory(for: spec)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testDefaultsAndCanonicalSpec() throws {
        let info = try registry.factory(for: "haar").info
        XCTAssertEqual(info.id, "haar")
        XCTAssertEqual(info.spec, "haar:cascade=default,scale=1.1,neighbors=3,min=0,max=0,score=weight")
        let custom = try registry.factory(for: "haar:cascade=alt2,scale=1.1,neighbors=5,min=30").info
        XCTAssertEqual(custom.id, "haar-cascade=alt2-neighbors=5-min=30", "defaults restated are not part of the id")
        XCTAssertEqual(custom.parameters.first { $0.name == "min" }?.value, "30")
        XCTAssertEqual(try registry.factory(for: "fast=haar:scale=1.30").info.id, "fast")
        XCTAssertEqual(try registry.factory(for: "haar:scale=1.30").info.spec.contains("scale=1.3,"), true)
    }

    /// Values are parsed once, defaults included, into the types backends read.
    func testParametersAreParsedOnceIntoTypes() throws {
        let schema = CascadeConfiguration.Parameters.specs(for: .haar)
        let values = try checked("haar:scale=1.50,neighbors=6,cascade=alt2", against: schema)
        XCTAssertEqual(values.value("scale"), .number(1.5))
        XCTAssertEqual(values.value("neighbors"), .integer(6))
        XCTAssertEqual(values.value("cascade"), .name("alt2"))
        XCTAssertEqual(values.value("min"), .integer(0), "a default is parsed like a given value")
        XCTAssertEqual(values.string("scale"), "1.5")
        XCTAssertEqual(values.explicit, ["scale", "neighbors", "cascade"])
        let configuration = CascadeConfiguration(family: .haar, values: values)
        XCTAssertEqual(configuration.scaleFactor, 1.5)
        XCTAssertEqual(configuration.minNeighbors, 6)
        XCTAssertEqual(configuration.cascade, "alt2")
        XCTAssertEqual(values[CascadeConfiguration.Parameters.scale], 1.5)
        XCTAssertEqual(values[CascadeConfiguration.Parameters.score], .weight, "a default, as its type")
        XCTAssertEqual(CascadeConfiguration.Parameters.scale.spec.defaultValue, "1.1", "the default's text is its canonical spelling")
    }

    /// A parameter a spec may leave unset reads as nil until it is set.
    func testAnUnsetOptionalParameterReadsAsNil() throws {
        let score = DetectorParameter<Double?>.number("score", atLeast: 0, atMost: 1, unsetMeans: "the backend's own")
        XCTAssertNil(try checked("x", against: [score.spec])[score])
        XCTAssertEqual(try checked("x:score=0.25", against: [score.spec])[score], 0.25)
    }

    func checked(_ text: String, against schema: [ParameterSpec]) throws -> ParameterValues {
        let spec = try DetectorSpec(parsing: text)
        return try DetectorRegistry.check(DetectorSpec.keyValuePairs(spec.arguments ?? "", spec: text), of: spec, against: schema)
    }

    func testErrorsListWhatIsAccepted() {
        XCTAssertEqual(message("nope"), "detector 'nope': unknown detector 'nope'. Known: haar, exec")
        XCTAssertEqual(message("haarr"), "detector 'haarr': unknown detector 'haarr'. Did you mean 'haar'? Known: haar, exec")
        XCTAssertEqual(message("haar:scales=1.2"),
                       "detector 'haar:scales=1.2': unknown parameter 'scales' for haar. Did you mean 'scale'? Accepted: cascade, scale, neighbors, min, max, score")
        XCTAssertTrue(message("haar:neighbours=2").contains("unknown parameter 'neighbours' for haar. Did you mean 'neighbors'?"))
        XCTAssertEqual(message("haar:scale=1"), "detector 'haar:scale=1': scale=1 is not accepted: expected a number > 1 and <= 4")
        XCTAssertEqual(message("haar:cascade=fancy"),
                       "detector 'haar:cascade=fancy': cascade=fancy is not accepted: expected one of default, alt, alt2, alt_tree, or a path to a .xml file")
        XCTAssertEqual(message("haar:neighbors=-1"), "detector 'haar:neighbors=-1': neighbors=-1 is not accepted: expected an integer >= 0 and <= 1000")
        XCTAssertEqual(message("haar:min=3,min=4"), "detector 'haar:min=3,min=4': parameter 'min' given twice")
        XCTAssertEqual(message("haar:min"), "detector 'haar:min': 'min' is not of the form key=value")
        XCTAssertEqual(message("exec"), "detector 'exec': expected COMMAND")
        XCTAssertEqual(message("bad label!=haar"), "detector 'bad label!=haar': label 'bad label!' may use only letters, digits, '.', '_' and '-'")
    }

    func testFreeformArgumentsAreKeptWhole() throws {
        let info = try registry.factory(for: "exec:python3 det.py --model=x,y").info
        XCTAssertEqual(info.spec, "exec:python3 det.py --model=x,y")
    }

    func testDuplicateIdsInOneRunAreNumbered() throws {
        let ids = try registry.factories(for: ["haar", "haar", "haar:neighbors=3"]).map(\.info.id)
        XCTAssertEqual(ids, ["haar", "haar-2", "haar-3"])
    }

    func specs(_ values: String...) -> [String] {
        DetectorSpecList.specs(values, registry: registry, aliases: ["default": ["haar", "haar:scale=1.3"], "all": ["haar"]])
    }

    func testCommaListsSeparateSpecsAndKeepParametersWithTheirSpec() {
        XCTAssertEqual(specs("haar,haar"), ["haar", "haar"])
        XCTAssertEqual(specs("haar:scale=1.05,neighbors=5,haar"), ["haar:scale=1.05,neighbors=5", "haar"])
        XCTAssertEqual(specs("fast=haar:scale=1.3,slow=haar:scale=1.05,min=30"), ["fast=haar:scale=1.3", "slow=haar:scale=1.05,min=30"])
        XCTAssertEqual(specs("haar,neighbors=5"), ["haar:neighbors=5"], "a parameter key continues the spec before it")
        XCTAssertEqual(specs("haar:min=3,min"), ["haar:min=3,min"], "a bare key stays, so the key=value error names it")
        XCTAssertEqual(specs("haar:scale=1.2,neighbours=2"), ["haar:scale=1.2,neighbours=2"], "a mistyped key is reported against its spec")
        XCTAssertEqual(specs("haarr,haar"), ["haarr", "haar"], "an unknown kind is its own spec, for the registry to reject")
        XCTAssertEqual(specs("haar,exec:det --model=a,b"), ["haar", "exec:det --model=a,b"], "free-form arguments take the rest")
        XCTAssertEqual(specs("default"), ["haar", "haar:scale=1.3"])
        XCTAssertEqual(specs("haar:neighbors=5,all", "default"), ["haar:neighbors=5", "haar", "haar", "haar:scale=1.3"])
        XCTAssertEqual(specs("haar:cascade=alt2", "exec:a,b"), ["haar:cascade=alt2", "exec:a,b"], "values are separate lists")
    }

    /// Records the counts it is pinned to.
    final class RecordingPool: NativeThreadPool, @unchecked Sendable {
        let library: String
        var pinned: [Int] = []
        init(_ library: String) { self.library = library }
        func pin(threads count: Int) { pinned.append(count) }
    }

    func testPinningNativeThreadsReachesEveryRegisteredPool() {
        let opencv = RecordingPool("OpenCV"), blas = RecordingPool("BLAS")
        let registry = DetectorRegistry([], threadPools: [opencv, blas])
        registry.pinNativeThreads(3)
        registry.pinNativeThreads(1)
        XCTAssertEqual(opencv.pinned, [3, 1])
        XCTAssertEqual(blas.pinned, [3, 1])
        DetectorRegistry().pinNativeThreads(2)  // no pools: nothing to pin
    }
}
