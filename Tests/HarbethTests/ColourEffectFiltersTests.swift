import Harbeth
import HarbethTestSupport
import XCTest

/// posterize, monochrome, false_color, color_matrix and channel_mixer against
/// the numpy references, and the text form and Swift initialisers of every
/// colour effect.
final class ColourEffectFiltersTests: XCTestCase {
    func testPosterizeMonochromeFalseColor() throws {
        for chain in [
            "posterize=1", "posterize=4", "posterize", "posterize=255", "monochrome",
            "monochrome=color=#3366cc:intensity=0.5", "monochrome=intensity=0", "monochrome=1/1/1", "false_color",
            "false_color=dark=1/1/0:light=0/0/1",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// Harbeth's nostalgic, luminance_range_reduction, color_rgba and highlight_shadow_tint.
    func testNostalgicLuminanceRangeReductionAndColorRGBA() throws {
        for chain in [
            "nostalgic", "nostalgic=0.4", "nostalgic=0",
            // Fused with color_matrix, whose shader it runs with its own values.
            "color_matrix=matrix=2/0/0/0/0/2/0/0/0/0/2/0/0/0/0/1:intensity=0.5,nostalgic=0.7",
            "luminance_range_reduction", "luminance_range_reduction=1",
            "luminance_range_reduction=0", "color_rgba", "color_rgba=color=1.5/0.5/0",
            "color_rgba=#ff8000:intensity=0.3",
            "color_rgba=4/4/4", "highlight_shadow_tint",
            "highlight_shadow_tint=shadow_intensity=1:highlight_intensity=0",
            "highlight_shadow_tint=shadow=#204060:shadow_intensity=0.7:highlight=1/0.9/0.5:highlight_intensity=1",
            "highlight_shadow_tint=shadow_intensity=0:highlight_intensity=0",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
        XCTAssertEqual(Filter.nostalgic(intensity: 3).description, "nostalgic")
        XCTAssertEqual(Filter.luminanceRangeReduction(-1).description, "luminance_range_reduction=factor=0")
        XCTAssertEqual(
            Filter.colorRGBA((red: 9, green: 0.5, blue: 1), intensity: 0.5).description,
            "color_rgba=color=4/0.5/1:intensity=0.5")
        XCTAssertEqual(
            Filter.highlightShadowTint(shadowIntensity: 2, highlightIntensity: 0).description,
            "highlight_shadow_tint=shadow_intensity=1:highlight_intensity=0")
    }

    func testColorMatrixAndChannelMixer() throws {
        for chain in [
            "color_matrix", "color_matrix=matrix=0/1/0/0/0/0/1/0/1/0/0/0/0/0/0/1:offset=0.1/-0.1/0/0",
            "color_matrix=matrix=0.5/0.5/0/0/-10/10/0/0/0/0/1/0.2/0.3/0/0/0.5:offset=0/0/-1/-0.3:intensity=0.6",
            "color_matrix=matrix=2/0/0/0/0/2/0/0/0/0/2/0/0/0/0/1:intensity=0",
            "channel_mixer", "channel_mixer=r=0.393/0.769/0.189/0:g=0.349/0.686/0.168/0:b=0.272/0.534/0.131/0",
            "channel_mixer=r=-2/2/0/0.5:g=0/0/0/1:b=2/-2/2/-2",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testTextFormRoundTrip() throws {
        for text in [
            "posterize=levels=6", "monochrome=color=0.2/0.4/0.6:intensity=0.5", "false_color=dark=1/1/0",
            "color_matrix=matrix=0/1/0/0/1/0/0/0/0/0/1/0/0/0/0/1:offset=0.1/0/0/0:intensity=0.5",
            "channel_mixer=r=0.5/0.5/0/0:b=0/0/1/0.1", "luminance_threshold=threshold=0.3",
            "chroma_key=color=0/0/1:threshold=0.3:smoothing=0", "vignette=center=0.4/0.6:start=0.2:color=1/1/1",
            "fade=color=1/1/1:in_duration=0:out_start=12.5:out_duration=2", "haze=distance=-0.1:slope=0.2",
        ] {
            let chain = try FilterChain(parsing: text)
            XCTAssertEqual(chain.description, text)
            XCTAssertEqual(try FilterChain(parsing: chain.description), chain)
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() throws {
        XCTAssertEqual(Filter.posterize(levels: 0).description, "posterize=levels=1")
        XCTAssertEqual(
            Filter.monochrome(color: (2, 0.5, -1), intensity: 0.5).description,
            "monochrome=color=1/0.5/0:intensity=0.5")
        XCTAssertEqual(Filter.falseColor(light: (0, 1, 0)).description, "false_color=light=0/1/0")
        XCTAssertEqual(
            Filter.colorMatrix([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 20], offset: [0, 0, 0, 3]).description,
            "color_matrix=matrix=0/1/0/0/1/0/0/0/0/0/1/0/0/0/0/10:offset=0/0/0/1")
        XCTAssertEqual(Filter.channelMixer(red: [3, 0, 0, 0]).description, "channel_mixer=r=2/0/0/0")
        XCTAssertEqual(Filter.luminanceThreshold(1.5).description, "luminance_threshold=threshold=1")
        XCTAssertEqual(
            Filter.chromaKey(color: (0, 0, 1), smoothing: 0).description,
            "chroma_key=color=0/0/1:smoothing=0")
        XCTAssertEqual(Filter.vignette(end: 9).description, "vignette=end=1.5")
        XCTAssertEqual(
            Filter.fade(inDuration: 0, outStart: 5, outDuration: 1).description,
            "fade=in_duration=0:out_start=5:out_duration=1")
        XCTAssertEqual(Filter.haze(distance: 1).description, "haze=distance=0.3")
    }
}
