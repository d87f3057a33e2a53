import FaceBenchModel
import FaceBenchTestSupport
import Foundation
import XCTest

/// Model files are found in the cache before shared/models, and only with their sha256.
final class ModelLocatorTests: XCTestCase {
    func testSHA256MatchesFIPS180Vectors() {
        XCTAssertEqual(SHA256.hex(of: []), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(of: Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testFoldersAreTheCacheThenSharedModelsBesideEachAnchor() {
        XCTAssertEqual(
            ModelLocator.folders(environment: ["FACEBENCH_MODELS": "/m", "HOME": "/h"], anchors: ["/work/a", "/work/b"]),
            ["/m", "/work/shared/models"])
        XCTAssertEqual(
            ModelLocator.folders(environment: ["HOME": "/h"], anchors: ["/x/checkout"]), ["/h/.cache/facebench/models", "/x/shared/models"])
        XCTAssertEqual(
            ModelLocator.folders(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"], anchors: []), ["/c/facebench/models"])
    }

    func testLocatesTheFirstCopyWithTheRightDigestAndNamesWhatIsWrong() throws {
        let cache = try TestData.temporaryDirectory(self), shared = try TestData.temporaryDirectory(self)
        let content = Array("weights".utf8)
        let file = ModelFile(path: "net/a.onnx", sha256: SHA256.hex(of: content), source: "PyPI example 1.0", install: "scripts/install-models.sh")
        let locator = ModelLocator(folders: [cache, shared])

        XCTAssertThrowsError(try locator.locate(file, for: "net")) { error in
            XCTAssertEqual(String(describing: error),
                           "net: model net/a.onnx: not found (searched \(cache), \(shared)); install it with scripts/install-models.sh")
        }
        XCTAssertEqual(locator.availability(of: [file], for: "net"), .unavailable(
            "net: model net/a.onnx: not found (searched \(cache), \(shared)); install it with scripts/install-models.sh"))

        try TestData.write("weights", to: "net/a.onnx", in: shared)
        XCTAssertEqual(try locator.locate(file, for: "net"), shared + "/net/a.onnx")
        XCTAssertEqual(locator.availability(of: [file], for: "net"), .available(shared + "/net/a.onnx"))

        try TestData.write("weight", to: "net/a.onnx", in: cache)
        XCTAssertThrowsError(try locator.locate(file, for: "net")) { error in
            XCTAssertEqual(String(describing: error),
                           "net: model \(cache)/net/a.onnx: sha256 is \(SHA256.hex(of: Array("weight".utf8))), expected \(file.sha256) "
                               + "(PyPI example 1.0): a damaged or different file; reinstall it with scripts/install-models.sh")
        }
    }
}
