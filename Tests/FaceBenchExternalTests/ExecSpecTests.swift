import FaceBenchModel
import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchCLI
@testable import FaceBenchExternal

/// `exec:` specs that cannot work fail before the run, with the reason: a program that is
/// not there, one that dies or speaks another protocol version at its handshake, bad
/// options; and the command line is split as a shell would.
final class ExecSpecTests: XCTestCase {
    func testCommandWordsSplitLikeAShell() throws {
        XCTAssertEqual(try CommandWords.split(#"python3  det.py --model 'my model.onnx' "a \"b\" \n" c\ d ''"#, spec: "s"),
                       ["python3", "det.py", "--model", "my model.onnx", #"a "b" \n"#, "c d", ""])
        XCTAssertThrowsError(try CommandWords.split("det 'open", spec: "s"))
    }

    func testProgramNotFound() {
        XCTAssertEqual(PluginTestSupport.error(building: "exec:no-such-program-xyz --flag"),
                       "detector 'exec:no-such-program-xyz --flag': program 'no-such-program-xyz' is not on PATH")
        XCTAssertEqual(PluginTestSupport.error(building: "exec:--timeout=0 python3"),
                       "detector 'exec:--timeout=0 python3': '--timeout=0' is not --timeout=SECONDS or --startup-timeout=SECONDS with SECONDS in (0, 86400]")
    }

    func testProgramThatDiesBeforeItsHandshake() throws {
        let out = try TestData.temporaryDirectory(self)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let spec = #"exec:/bin/sh -c 'echo "model file missing" >&2; exit 7'"#
        do {
            _ = try Toolbox.standard().registry.factory(for: spec, context: DetectorContext(outputDirectory: out))
            XCTFail("expected an error")
        } catch {
            let message = "\(error)"
            XCTAssertTrue(message.contains("did not start: the program exited with status 7"), message)
            XCTAssertTrue(message.contains("ends: model file missing"), message)
        }
        XCTAssertEqual(FileIO.list(out).filter { $0.hasSuffix(".log") }, [], "the probe's scratch log is removed")
    }

    /// Below the spec: what could not be spawned, and a start that ended before a handshake,
    /// are errors of their own kind, naming the executable and the command line.
    func testSpawnAndHandshakeFailuresAreTyped() {
        func program(_ arguments: [String], executable: String) -> ExternalProgram {
            ExternalProgram(commandLine: arguments.joined(separator: " "), arguments: arguments, executable: executable,
                            startupTimeout: 5, imageTimeout: 5, stderrLog: nil)
        }
        XCTAssertThrowsError(try program(["gone"], executable: "/nonexistent/gone").start()) {
            XCTAssertEqual($0 as? FaceBenchError, .processSpawn(executable: "/nonexistent/gone", reason: "No such file or directory"))
        }
        XCTAssertThrowsError(try program(["/bin/echo", "hello"], executable: "/bin/echo").start()) {
            guard case let .handshake(command, reason)? = $0 as? FaceBenchError else { return XCTFail("\($0)") }
            XCTAssertEqual(command, "/bin/echo hello")
            XCTAssertTrue(reason.hasPrefix("protocol violation: the handshake is not JSON"), reason)
        }
    }

    func testOtherProtocolVersionAndSilentProgram() {
        XCTAssertTrue(PluginTestSupport.error(building: #"exec:/bin/echo '{"protocol": "facebench.exec/2", "name": "x"}'"#).hasSuffix(
            "did not start: the program speaks facebench.exec/2; this FaceBench speaks facebench.exec/1"))
        XCTAssertTrue(PluginTestSupport.error(building: "exec:--startup-timeout=0.5 /bin/sleep 30").hasSuffix(
            "did not start: no response within 0.5 s (no handshake line on stdout; a program that loads a model first may need exec:--startup-timeout=SECONDS)"))
        XCTAssertTrue(PluginTestSupport.error(building: "exec:/bin/echo hello").contains("did not start: protocol violation: the handshake is not JSON"))
    }

    func testASilentProgramFailsWithinSecondsQuotingItsStderr() throws {
        XCTAssertLessThanOrEqual(ExecDetectorKind.defaultStartupTimeout, 10, "a missing handshake is reported in seconds")
        let started = MonotonicClock.nanoseconds()
        let message = PluginTestSupport.error(building: "exec:--startup-timeout=1 /bin/sh -c 'echo loading weights >&2; sleep 30'")
        XCTAssertLessThan(Double(MonotonicClock.nanoseconds() - started) / 1e9, 5)
        XCTAssertTrue(message.contains("no response within 1.0 s; its stderr ends: loading weights"), message)
        XCTAssertTrue(message.contains("exec:--startup-timeout=SECONDS"), "says how to wait longer: \(message)")
        XCTAssertFalse(message.contains(".probe-"), "the deleted scratch log is not named: \(message)")
    }
}
