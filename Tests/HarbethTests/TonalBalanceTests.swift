import Harbeth
import HarbethTestSupport
import XCTest

/// highlights_shadows, color_balance, luma_vibrance, color_temperature and
/// hsl against the numpy references,
/// and every tone filter fused into one pass.
final class TonalBalanceTests: XCTestCase {
    func testHighlightsShadowsAndColorBalance() throws {
        for chain in [
            "highlights_shadows", "highlights_shadows=shadows=1", "highlights_shadows=highlights=0",
            "highlights_shadows=0.5:0.5",
            "color_balance=shadows=0.5/0/-0.5", "color_balance=midtones=-1/1/0",
            "color_balance=highlights=1/1/-1:shadows=-1/-1/1",
            "color_balance=shadows=0.3/-0.2/0.1:midtones=0.2/0/-0.3:highlights=-0.2/0.1/0:preserve_lightness=1",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testLumaVibrance() throws {
        for chain in [
            "luma_vibrance=intensity=0.8", "luma_vibrance=intensity=-1.2:balance=2/0.5/1",
            "luma_vibrance=intensity=1:alternate=1", "luma_vibrance=intensity=2:balance=-3/1/10:luma=0.3/0.6/0.1",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testColorTemperature() throws {
        for chain in [
            "color_temperature=3000", "color_temperature=temperature=9000:mix=0.7",
            "color_temperature=1500:preserve_lightness=1", "color_temperature=40000:0.5:0.6", "color_temperature=1000",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testHSL() throws {
        for chain in [
            "hsl=hue=-180", "hsl=hue=180:lightness=-1", "hsl=hue=40:saturation=-1", "hsl=saturation=1",
            "hsl=lightness=1", "hsl=-75:0.5:-0.3",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testFusedWithValuesOutsideZeroToOne() throws {
        // brightness pushes values out of 0...1 before each filter reads them.
        try assertMatchesReference(
            "brightness=0.3,hue=50,vibrance=0.6,white_balance=7000:tint=40,levels=in_black=0.05:gamma=1.2"
                + ",curves=master=0/0/0.4/0.5/1/1,highlights_shadows=0.4:0.7,color_balance=midtones=0.2/0/-0.1"
                + ",hsl=20:0.2:0.1,opacity=0.8",
            .pointwise)
    }
}
