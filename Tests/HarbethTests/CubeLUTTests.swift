import Harbeth
import XCTest

/// The `.cube` parser: what it accepts, and a clear error naming the line
/// for everything it does not.
final class CubeLUTTests: XCTestCase {
    private func parse(_ text: String) throws(FilterResourceError) -> CubeLUT {
        try CubeLUT(parsing: Array(text.utf8), path: "test.cube")
    }

    private func assertMalformed(
        _ text: String, line: Int?, _ reason: String, file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        XCTAssertThrowsError(try parse(text), file: file, line: lineNumber) { error in
            XCTAssertEqual(
                error as? FilterResourceError, .malformed(path: "test.cube", line: line, reason: reason), file: file,
                line: lineNumber)
        }
    }

    private static let eightEntries = "0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n"

    func testParsesKeywordsCommentsAndTheTableInFileOrder() throws {
        let lut = try parse(
            "\u{FEFF}# made by hand\nTITLE \"A test\"\n\nDOMAIN_MIN 0 -0.5 0\r\nDOMAIN_MAX 1 1.5 2\nLUT_3D_SIZE 2\n"
                + "LUT_IN_VIDEO_RANGE\n" + Self.eightEntries.replacingOccurrences(of: "1 1 1", with: "0.25 0.5 0.75"))
        XCTAssertEqual(lut.title, "A test")
        XCTAssertEqual(lut.size, 2)
        XCTAssertEqual(lut.domainMin, [0, -0.5, 0])
        XCTAssertEqual(lut.domainMax, [1, 1.5, 2])
        XCTAssertEqual(lut.table.count, 24)
        XCTAssertEqual(Array(lut.table[3..<6]), [1, 0, 0], "red changes fastest")
        XCTAssertEqual(Array(lut.table[21..<24]), [0.25, 0.5, 0.75])
    }

    func testAcceptsOldMacLineEndsTabsAndNoFinalNewline() throws {
        let text = "LUT_3D_SIZE\t2\r" + Self.eightEntries.replacingOccurrences(of: "\n", with: "\r").dropLast()
        let lut = try parse(String(text))
        XCTAssertEqual(lut.size, 2)
        XCTAssertEqual(lut.domainMin, [0, 0, 0])
        XCTAssertEqual(lut.domainMax, [1, 1, 1])
        XCTAssertNil(lut.title)
    }

    func testResolveInputRangeSetsTheDomain() throws {
        let lut = try parse("LUT_3D_INPUT_RANGE -0.25 1.25\nLUT_3D_SIZE 2\n" + Self.eightEntries)
        XCTAssertEqual(lut.domainMin, [-0.25, -0.25, -0.25])
        XCTAssertEqual(lut.domainMax, [1.25, 1.25, 1.25])
    }

    func testWrongCounts() {
        assertMalformed(
            "LUT_3D_SIZE 2\n" + Self.eightEntries + "0.5 0.5 0.5\n", line: 10,
            "more than the 2^3 = 8 entries LUT_3D_SIZE 2 gives")
        assertMalformed(
            "LUT_3D_SIZE 3\n" + Self.eightEntries, line: 9,
            "the table ends after 8 of the 3^3 = 27 entries LUT_3D_SIZE 3 gives")
        assertMalformed("LUT_3D_SIZE 2\n0 0 0\n1 0 0 0\n", line: 3, "a table entry has three numbers (r g b), not 4")
    }

    func testTruncatedFiles() {
        // Cut in the middle of a line, and cut after a whole line.
        assertMalformed(
            "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1", line: 4, "a table entry has three numbers (r g b), not 2")
        assertMalformed(
            "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n", line: 3,
            "the table ends after 2 of the 2^3 = 8 entries LUT_3D_SIZE 2 gives")
        assertMalformed("", line: nil, "no LUT_3D_SIZE line: not a 3D .cube file")
    }

    func testBadNumbers() {
        assertMalformed("LUT_3D_SIZE 2\n0 0 0\n1 O 0\n", line: 3, "'O' is not a finite number (in a table entry)")
        assertMalformed("LUT_3D_SIZE 2\n0 0 0\n1 0 nan\n", line: 3, "'nan' is not a finite number (in a table entry)")
        assertMalformed("LUT_3D_SIZE 2\n0 0 0\n1 0 1e99\n", line: 3, "'1e99' is not a finite number (in a table entry)")
        assertMalformed(
            "DOMAIN_MIN 0 zero 0\nLUT_3D_SIZE 2\n", line: 1, "'zero' is not a finite number (in DOMAIN_MIN)")
        assertMalformed("LUT_3D_SIZE 2\nabc 0 0\n", line: 2, "'abc' is not a finite number (in a table entry)")
        assertMalformed("LUT_3D_SIZE two\n", line: 1, "LUT_3D_SIZE takes one whole number")
        assertMalformed("LUT_3D_SIZE 2.5\n", line: 1, "LUT_3D_SIZE takes one whole number")
        assertMalformed("DOMAIN_MAX 1 1\n", line: 1, "DOMAIN_MAX takes three numbers (r g b)")
    }

    func testSizeOutOfRange() {
        assertMalformed("# small\nLUT_3D_SIZE 1\n0 0 0\n", line: 2, "LUT_3D_SIZE 1 is outside 2...65")
        assertMalformed("LUT_3D_SIZE 66\n", line: 1, "LUT_3D_SIZE 66 is outside 2...65")
        assertMalformed("LUT_3D_SIZE 2\nLUT_3D_SIZE 3\n", line: 2, "a second LUT_3D_SIZE")
    }

    func testOneDimensionalAndMissingSize() {
        assertMalformed(
            "TITLE \"1D\"\nLUT_1D_SIZE 2\n0 0 0\n1 1 1\n", line: 2,
            "LUT_1D_SIZE: 1D LUTs are not supported; lut3d reads 3D LUTs (LUT_3D_SIZE)")
        assertMalformed("# no size\n0 0 0\n", line: 2, "a table entry before LUT_3D_SIZE")
        assertMalformed("TITLE \"only a title\"\n", line: nil, "no LUT_3D_SIZE line: not a 3D .cube file")
    }

    func testKeywordsAfterTheTableAndEmptyDomains() {
        assertMalformed(
            "LUT_3D_SIZE 2\n0 0 0\nDOMAIN_MIN 0 0 0\n", line: 3,
            "the keyword DOMAIN_MIN comes after the table has started")
        assertMalformed(
            "DOMAIN_MIN 0 0.5 0\nDOMAIN_MAX 1 0.5 1\nLUT_3D_SIZE 2\n" + Self.eightEntries, line: 2,
            "the domain's minimum must lie below its maximum in every channel")
    }

    func testErrorsQuotingControlCharactersStayOneLine() {
        // Found by harbeth-fuzz-cube: a vertical tab inside a field was
        // printed raw, breaking the message's line.
        assertMalformed(
            "LUT_3D_SIZE 2\n0 0\u{0B}1 0\n", line: 2, "'0\u{0B}1' is not a finite number (in a table entry)")
        XCTAssertEqual(
            FilterResourceError.malformed(path: "test.cube", line: 2, reason: "'0\u{0B}1' is not a finite number")
                .description,
            "test.cube:2: '0\\u{0B}1' is not a finite number")
        XCTAssertEqual(FilterResourceError.unreadable(path: "a\nb.cube").description, "cannot read a\\nb.cube")
    }

    func testErrorsPrintAsOneLine() {
        XCTAssertEqual(
            FilterResourceError.malformed(path: "/luts/a.cube", line: 7, reason: "'x' is not a finite number")
                .description,
            "/luts/a.cube:7: 'x' is not a finite number")
    }
}
