import XCTest

@testable import Kakapos

/// An audio filter chain is checked when it is made: every filter it
/// names is one libavfilter has, found past labels, instance names,
/// quotes and escapes.
final class AudioFilterChainTests: XCTestCase {
    func testTheNamesAreFoundInFFmpegsSyntax() {
        XCTAssertEqual(AudioFilterChain.filterNames(in: "volume=0.5"), ["volume"])
        XCTAssertEqual(
            AudioFilterChain.filterNames(in: "[in] atempo=1.5 , volume@loud=2,aresample"),
            ["atempo", "volume", "aresample"])
        // A comma inside quotes or after a backslash is part of a value.
        XCTAssertEqual(
            AudioFilterChain.filterNames(in: "aeval='val(0),val(0)',pan=stereo|c0=c0\\,x"), ["aeval", "pan"])
    }

    func testAChainNamingAMissingFilterIsRefused() throws {
        XCTAssertEqual(try AudioFilterChain("volume=0.5,atempo=2").text, "volume=0.5,atempo=2")
        XCTAssertThrowsError(try AudioFilterChain("volume=2,volum=2")) { error in
            XCTAssertEqual(error as? MediaError, .unknownAudioFilter(chain: "volume=2,volum=2", name: "volum"))
            XCTAssertEqual(
                "\(error)", "audio filter chain 'volume=2,volum=2': libavfilter has no filter 'volum'")
        }
        XCTAssertThrowsError(try AudioFilterChain(" ")) { error in
            XCTAssertEqual(error as? MediaError, .audioFilterRefused(chain: " ", reason: "it names no filter"))
        }
    }
}
