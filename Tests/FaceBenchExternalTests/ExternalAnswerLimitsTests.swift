import FaceBenchModel
import FaceBenchHarness
import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchExternal

/// Issue 27: exec answers and a native plugin's counts are held to the same bounds, a
/// plugin's checked before its arrays are read. An answer past them fails that image with
/// the field; the run goes on, and every other image is scored and written.
final class ExternalAnswerLimitsTests: XCTestCase {
    var directory: String!

    override func setUpWithError() throws {
        directory = try TestData.temporaryDirectory(self)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Calls 2–6 of an instance answer past a bound; every other call finds one face with
    /// five points. `landmarks` points at five points' room, so a count read as given
    /// would read past it.
    static let unboundedPlugin = """
        #include <facebench_plugin.h>
        #include <stdlib.h>
        typedef struct { int calls; facebench_face *faces; double points[10]; } state;
        static void *create(const facebench_parameter *p, size_t n, char *e, size_t s) {
            state *st = calloc(1, sizeof(state));
            st->faces = calloc(10001, sizeof(facebench_face));
            for (int i = 0; i < 10001; i++) st->faces[i] = (facebench_face){10, 10, 50, 50, 0.5, 0, 0};
            return st;
        }
        static int describe(void *i, facebench_description *d, char *e, size_t s) { d->name = "unbounded"; d->version = "1"; return 0; }
        static int detect(void *i, const uint8_t *p, int32_t w, int32_t h, int32_t stride, const facebench_face **f, size_t *n, char *e, size_t s) {
            state *st = i;
            facebench_face *first = st->faces;
            first->landmark_count = 5;
            first->landmarks = st->points;
            *f = st->faces;
            *n = 1;
            switch (++st->calls) {
            case 2: *n = 10001; break;
            case 3: first->landmark_count = 1001; break;
            case 4: first->landmark_count = -1; break;
            case 5: first->landmarks = NULL; break;
            case 6: *n = (size_t)-1; break;
            }
            return 0;
        }
        static void destroy(void *i) { free(((state *)i)->faces); free(i); }
        static const facebench_plugin_api api = {FACEBENCH_PLUGIN_ABI_VERSION, sizeof(facebench_plugin_api), create, describe, detect, destroy};
        const facebench_plugin_api *facebench_plugin_entry(void) { return &api; }
        """

    func testAnswersPastTheBoundsFailTheirImageAndTheRunGoesOn() throws {
        let plugin = try PluginTestSupport.compilePlugin("unbounded", Self.unboundedPlugin, in: directory)
        let dataset = try TestData.dataset("dlib-faces")
        let results = try PluginTestSupport.benchmark(["plugin:" + plugin], dataset: dataset, out: directory + "/out")
        let detector = try XCTUnwrap(results.detector("unbounded"))
        let names = results.records.map(\.name)
        let prefix = "unbounded: detect returned "
        XCTAssertEqual(detector.failures.map(\.reason), [
            prefix + "face_count 10001 for \(names[1]); at most 10000 faces are read per image",
            prefix + "face 1 of \(names[2]) with landmark_count 1001; it must be in 0…1000",
            prefix + "face 1 of \(names[3]) with landmark_count -1; it must be in 0…1000",
            prefix + "face 1 of \(names[4]) with landmark_count 5 but landmarks is NULL",
            // A size_t past Int.max arrives negative; it used to read as no faces.
            prefix + "face_count 18446744073709551615 for \(names[5]); at most 10000 faces are read per image",
        ])
        for (index, record) in results.records.enumerated() where !(1...5).contains(index) {
            let result = try XCTUnwrap(record.results["unbounded"])
            XCTAssertNil(result.failure, record.name)
            XCTAssertEqual(result.detections.map { $0.landmarks?.count }, [5], record.name)
        }
        XCTAssertEqual(detector.metrics.truePositives + detector.metrics.falsePositives, dataset.samples.count - 5, "every other image is scored")
        XCTAssertEqual(try RunResults.read(directory + "/out/dlib-faces/results.json").detector("unbounded")?.failures, detector.failures)
    }

    func testAnExecFaceWithTooManyPointsIsAProtocolViolation() throws {
        func answer(points: Int) -> [UInt8] {
            let landmarks = Array(repeating: "[1, 2]", count: points).joined(separator: ",")
            return Array(#"{"id": 1, "faces": [{"box": [1, 1, 5, 5], "score": 0.5, "landmarks": [\#(landmarks)]}]}"#.utf8)
        }
        guard case .faces(let faces, _) = try ExecProtocol.response(answer(points: 1000), expectedID: 1) else { return XCTFail("no faces") }
        XCTAssertEqual(faces.first?.landmarks?.count, 1000)
        XCTAssertThrowsError(try ExecProtocol.response(answer(points: 1001), expectedID: 1)) { error in
            XCTAssertEqual(error as? ExecFailure, .garbage("faces[0].landmarks has 1001 points; at most 1000 are read per face"))
        }
    }
}
