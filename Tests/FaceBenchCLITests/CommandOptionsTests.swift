import FaceBenchTestSupport
import XCTest

/// Each command's options struct: a bad value is a one-line usage error naming the option,
/// exit 64, before anything runs.
final class CommandOptionsTests: XCTestCase {
    func testEveryCommandRefusesBadOptionsBeforeRunning() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let cases: [([String], String)] = [
            (["detect", "x.png", "--format", "yaml"], "--format expects text or json, got 'yaml'"),
            (["detect", "x.png", "--max-megapixels", "0"], "--max-megapixels expects a number in 0.001…1000000.0, got '0'"),
            (["detect", "x.png", "--native-threads", "0"], "--native-threads expects an integer in 1…256, got '0'"),
            (["report", "r.json", "--format", "pdf"], "--format expects markdown, csv, json or html, got 'pdf'"),
            (["report", "r.json", "--format", "markdown,html"], "several formats need --out PATH"),
            (["report", "r.json", "--gallery", "-1"], "--gallery expects an integer in 0…100, got '-1'"),
            (["report", "r.json", "--image-side", "100000"], "--image-side expects an integer in 32…8192, got '100000'"),
            (["merge", "shard", "--max-megapixels", "x"], "--max-megapixels expects a number"),
            (["baseline", "refresh"], "unknown action 'refresh'; the action is 'update'"),
            (["parity", "haar"], "missing CANDIDATE"),
            (["parity", "haar", "lbp", "--iou", "2"], "--iou expects a number in 0.01…1.0, got '2'"),
            (["parity", "haar", "lbp", "--repeat", "0"], "--repeat expects an integer in 1…1000, got '0'"),
            (["eval", "--dataset", "gt.json", "--predictions", "p.json", "--repeat", "1000000000000"], "--repeat expects an integer in 1…1000, got '1000000000000'"),
            (["bench-bootstrap", "--jobs", "257"], "--jobs expects an integer in 1…256, got '257'"),
            (["bench-eval", "--repeat", "1001"], "--repeat expects an integer in 1…1000, got '1001'"),
            (["parity-grid", "extra"], "unexpected argument 'extra'"),
            (["parity-grid", "--reference", scratch, "--cascade", "alt3"], "unknown cascade 'alt3'; known: "),
            (["parity-grid", "--reference", scratch, "--jobs", "0"], "--jobs expects an integer in 1…256, got '0'"),
            (["bench-coverage", "--jobs", "100000"], "--jobs expects an integer in 1…256, got '100000'"),
            (["bench-eval", "--tools", "cocoapi"], "unknown tool 'cocoapi'; known: pycocotools, faster-coco-eval, hotcoco"),
            (["bench-eval", "--format", "csv"], "--format expects markdown or json, got 'csv'"),
            (["report", "r.json", "--format", "markdown,text"], "--format expects markdown, csv, json or html, got 'text'"),
            (["bench-coverage", "--format", "jsn"], "--format expects markdown or json, got 'jsn'. Did you mean 'json'?"),
            (["bench-eval", "--seed", "-1"], "--seed expects an integer >= 0, got '-1'"),
            (["bench-coverage", "--detector", "strng"], "unknown simulated detector 'strng'. Did you mean 'strong'?"),
            (["bench-coverage", "--chunks", "1"], "--chunks expects an integer in 2…100000, got '1'"),
            (["fddb-sizes", scratch], "is neither a folder of FDDB-fold-NN-ellipseList.txt files nor an ellipse list"),
            (["list", "--format", "xml"], "--format expects text or json, got 'xml'"),
            (["compare", "x", "--tolerance", "recal=0.1"], "--tolerance: unknown gate metric 'recal'; accepted: ap, coco_ap, recall, nme_mean, precision, f1, slowdown. Did you mean 'recall'?"),
            (["compare", "x", "--tolerance", "slowdown=0.5"], "--tolerance slowdown: tolerance 0.5 is not a number in 1…100"),
            (["compare", "x", "--gate-metrics", "ap,speed"], "--gate-metrics: unknown gate metric 'speed'"),
            (["run", "--target-precision", "1.5"], "--target-precision expects a number in 0.01…1.0, got '1.5'"),
            // images × resamples draws are allocated: Int.max resamples trapped on the product.
            (["run", "--bootstrap", "9223372036854775807"], "--bootstrap expects an integer in 0…100000, got '9223372036854775807'"),
            (["eval", "--dataset", "gt.json", "--predictions", "p.json", "--bootstrap", "100001"], "--bootstrap expects an integer in 0…100000, got '100001'"),
            (["bench-bootstrap", "--resamples", "9223372036854775807"], "--resamples expects an integer in 1…100000"),
            (["bench-coverage", "--resamples", "100001"], "--resamples expects an integer in 1…100000"),
            (["bench-coverage", "--datasets", "4611686018427387904"], "--datasets expects an integer in 1…100000"),
            (["bench-coverage", "--chunks", "100001"], "--chunks expects an integer in 2…100000"),
            (["bench-coverage", "--copies", "4611686018427387904"], "--copies expects an integer in 1…10000000"),
            (["bench-coverage", "--copies", "10000000"], "--copies 10000000 of mit-cmu's 130 images is more than 10000000 images per draw"),
        ]
        for (arguments, expected) in cases {
            let outcome = try CommandRunner.run(arguments, scratch: scratch)
            XCTAssertEqual(outcome.status, 64, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.hasPrefix("facebench \(arguments[0]): error: "), "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, "\(arguments): one line: \(outcome.stderr)")
            XCTAssertEqual(outcome.stdout, "", "\(arguments): nothing ran")
        }
    }
}
