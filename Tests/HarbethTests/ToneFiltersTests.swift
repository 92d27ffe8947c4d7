import Harbeth
import HarbethTestSupport
import XCTest

/// hue, vibrance, white_balance and opacity against the numpy references,
/// and the text form and Swift initialisers of every tone filter.
final class ToneFiltersTests: XCTestCase {
    func testHueVibranceWhiteBalanceAndOpacity() throws {
        for chain in [
            "hue=0", "hue", "hue=-360", "hue=360", "hue=137.5", "vibrance=-1.2", "vibrance=1.2", "vibrance=0.4",
            "white_balance=4000", "white_balance=8000", "white_balance=6500:tint=-200", "white_balance=tint=200",
            "opacity=0", "opacity=0.4", "opacity=1",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testTextFormRoundTrip() throws {
        for text in [
            "hue=degrees=-42.5", "vibrance=vibrance=0.7", "white_balance=temperature=6200:tint=-15",
            "opacity=opacity=0.25",
            "levels=in_black=0.1/0/0.2:gamma=1.4", "curves=master=0/0/0.5/0.6/1/1:b=0/0.1/1/0.9",
            "highlights_shadows=shadows=0.3:highlights=0.8",
            "color_balance=shadows=0.1/0/-0.1:highlights=0/0/0.2:preserve_lightness=1",
            "hsl=hue=30:saturation=-0.5:lightness=0.2",
        ] {
            let chain = try FilterChain(parsing: text)
            XCTAssertEqual(chain.description, text)
            XCTAssertEqual(try FilterChain(parsing: chain.description), chain)
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() throws {
        XCTAssertEqual(Filter.hue(degrees: 1000).description, "hue=degrees=360")
        XCTAssertEqual(Filter.vibrance(-5).description, "vibrance=vibrance=-1.2")
        XCTAssertEqual(
            Filter.whiteBalance(temperature: 100, tint: 20).description, "white_balance=temperature=4000:tint=20")
        XCTAssertEqual(Filter.opacity(2).description, "opacity")
        XCTAssertEqual(
            Filter.levels(inBlack: 0.1, gamma: 20).description, "levels=in_black=0.1:gamma=10")
        XCTAssertEqual(
            Filter.curves(master: [(0, 0), (0.5, 1.5), (1, 1)]).description, "curves=master=0/0/0.5/1/1/1")
        XCTAssertEqual(
            Filter.highlightsShadows(shadows: -1, highlights: 0.5).description, "highlights_shadows=highlights=0.5")
        XCTAssertEqual(
            Filter.colorBalance(shadows: [2, 0, -0.5], preserveLightness: true).description,
            "color_balance=shadows=1/0/-0.5:preserve_lightness=1")
        XCTAssertEqual(Filter.hsl(hue: -200, lightness: 0.5).description, "hsl=hue=-180:lightness=0.5")
        XCTAssertEqual(
            FilterChain([Filter.hsl(hue: 10), Filter.opacity(0.5)]), try FilterChain(parsing: "hsl=10,opacity=0.5"))
    }
}
