import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO

final class JSONScannerTests: XCTestCase {
    /// Numbers must come out bit for bit as `Double(String)` (strtod) reads them, or
    /// FaceBench would not see the floats pycocotools sees.
    func testNumbersMatchTheStandardLibraryBitForBit() throws {
        var generator = TestRandom.generator(self, seed: 100_000)
        var texts: [String] = [
            "0", "-0", "0.0", "1", "-1", "0.1", "0.30000000000000004", "123.45", "1e5", "1E-5", "2.5e+3", "9007199254740993",
            "9007199254740992.5", "18446744073709551615", "0.000001", "1234567890123456789", "12345678901234567890123",
            "4.9406564584124654e-324", "1.7976931348623157e308", "2.2250738585072014e-308", "0.1e-19", "123456789012345678e-19",
            "1.00000000000000011102230246251565404236316680908203125", "5e-20", "7.0e22", "7e23",
            "9999999999999999999e19", "1844674407370955161e19", "9223372036854775808e19", "1e-19", "9999999999999999999e-19",
        ]
        for _ in 0..<100_000 {
            // Shapes detectors and Python write: repr of doubles, of float32 values, rounded
            // values, integers, exponents.
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: texts.append(String(Double.random(in: -2000...2000, using: &generator)))
            case 1: texts.append(String(Double(Float.random(in: 0...1, using: &generator))))
            case 2: texts.append(String(format: "%.\(Int.random(in: 0...8, using: &generator))f", Double.random(in: 0...5000, using: &generator)))
            case 3: texts.append(String(Int.random(in: -100_000...100_000, using: &generator)))
            default:
                let digits = (0..<Int.random(in: 1...20, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
                texts.append("\(digits)e\(Int.random(in: -30...30, using: &generator))")
            }
        }
        let document = "[" + texts.joined(separator: ", ") + "]"
        let parsed = try JSONScanner.scan(Array(document.utf8), path: "numbers") { scanner -> [Double] in
            var values: [Double] = []
            try scanner.forEachElement("numbers") { values.append(try $0.number()) }
            return values
        }
        XCTAssertEqual(parsed.count, texts.count)
        for (text, value) in zip(texts, parsed) {
            let expected = try XCTUnwrap(Double(text), text)
            XCTAssertEqual(value.bitPattern, expected.bitPattern, "\(text): got \(value), strtod gives \(expected)")
            // Detection text files go through the same digits scanner.
            let bytes = Array(text.utf8)
            XCTAssertEqual(DecimalNumber.parse(bytes, 0..<bytes.count)?.bitPattern, expected.bitPattern, text)
        }
    }

    /// Text files accept the spellings `Double(String)` accepts, which JSON does not.
    func testTextNumbersAcceptWhatTheStandardLibraryAccepts() {
        for text in ["+5", ".5", "5.", "-.25e1", "1e-400", "inf", "nan", "0x1p3", "1e", "e5", ".", "+", "1.2.3", "12a", ""] {
            let bytes = Array(text.utf8)
            let parsed = DecimalNumber.parse(bytes, 0..<bytes.count)
            let expected = Double(text)
            XCTAssertEqual(parsed?.isNaN, expected?.isNaN, text)
            if let expected, !expected.isNaN { XCTAssertEqual(parsed?.bitPattern, expected.bitPattern, text) }
        }
    }

    func testMalformedNumbersNameTheProblem() {
        for (text, reason) in [("[1.]", "line 1, column 4: digits expected after '.'"), ("[2e+]", "line 1, column 5: digits expected in an exponent"),
                               ("[+1]", "line 1, column 2: expected a number, found '+'")] {
            XCTAssertThrowsError(try JSONScanner.scan(Array(text.utf8), path: "f.json") { scanner in
                try scanner.forEachElement("numbers") { _ = try $0.number() }
            }) { error in XCTAssertTrue("\(error)".hasSuffix(reason), "\(text): \(error)") }
            XCTAssertThrowsError(try JSONReader.parse(Array(text.utf8), path: "f.json"), text)
        }
    }

    func testDecimalConversionRoundsHalfwayCasesToEven() {
        // 2^53 + 1 is halfway between two doubles: ties go to the even one (2^53).
        XCTAssertEqual(DecimalConversion.double(mantissa: 9_007_199_254_740_993, exponent: 0, negative: false), 9_007_199_254_740_992)
        // 2^53 + 3 ties to 2^53 + 4.
        XCTAssertEqual(DecimalConversion.double(mantissa: 9_007_199_254_740_995, exponent: 0, negative: false), 9_007_199_254_740_996)
        // Just above the halfway point rounds up.
        XCTAssertEqual(DecimalConversion.double(mantissa: 90_071_992_547_409_931, exponent: -1, negative: false), 9_007_199_254_740_994)
        XCTAssertNil(DecimalConversion.double(mantissa: 1, exponent: 400, negative: false), "outside the exact paths")
    }

    func testPythonsNonFiniteSpellingsAreRecognised() throws {
        let values = try JSONScanner.scan(Array("[NaN, Infinity, -Infinity, 1.5]".utf8), path: "x") { scanner -> [Double] in
            var values: [Double] = []
            try scanner.forEachElement("x") { values.append(try $0.number()) }
            return values
        }
        XCTAssertTrue(values[0].isNaN)
        XCTAssertEqual(values[1], .infinity)
        XCTAssertEqual(values[2], -.infinity)
        XCTAssertEqual(values[3], 1.5)
    }

    func testErrorsNameLineAndColumn() {
        let text = "{\n  \"a\": [1, 2,\n   x]\n}"
        XCTAssertThrowsError(try JSONScanner.scan(Array(text.utf8), path: "f.json") { scanner in try scanner.skipValue() }) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: "f.json", location: "line 3, column 4", reason: "expected a number, found 'x'"))
        }
    }

    func testSkipValueSkipsNestedStructuresAndEscapes() throws {
        let text = #"{"skip": {"a": [1, {"b": "x\"y"}, [], {}], "c": null, "d": true}, "keep": 7}"#
        let kept = try JSONScanner.scan(Array(text.utf8), path: "x") { scanner -> Int? in
            var kept: Int?
            try scanner.forEachMember("top") { scanner, key in
                if scanner.key(key, is: "keep") { kept = try scanner.integer("keep") } else { try scanner.skipValue() }
            }
            return kept
        }
        XCTAssertEqual(kept, 7)
    }

    func testIntegersRejectFractions() {
        XCTAssertThrowsError(try JSONScanner.scan(Array("[1.5]".utf8), path: "x") { scanner in
            try scanner.forEachElement("x") { _ = try $0.integer("id") }
        }) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: "x", location: "line 1, column 2", reason: "id must be an integer"))
        }
    }
}
