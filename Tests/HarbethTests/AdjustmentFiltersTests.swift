import Harbeth
import HarbethTestSupport
import XCTest

/// Harbeth's temperature, warmth, channel_control, color_vector,
/// highlights, shadows and vignette_blend against the numpy references
/// (within 2/255), and their Swift initialisers.
final class AdjustmentFiltersTests: XCTestCase {
    func testTemperatureWarmthAndChannels() throws {
        for chain in [
            "temperature", "temperature=0.6", "temperature=-0.8:tint=0.5", "temperature=1:tint=-1:color_shift=0.7",
            "temperature=0.3:color_shift=-0.6:intensity=0.5", "warmth=0.5", "warmth=-1", "warmth",
            "channel_control=red=0.5:green=-0.5:blue=1", "channel_control=red=-1:alpha=0.5:blend=0.4",
            "channel_control=blue=1:blend=0", "color_vector=vector=0.1/-0.2/0.3/-0.5",
            "color_vector=vector=1/1/-1/0:intensity=0.25",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testHighlightsShadowsAndVignetteBlend() throws {
        for chain in [
            "highlights=0.5", "highlights=-0.7", "shadows=0.6", "shadows=-1", "highlights=0.3,shadows=0.3",
            "vignette_blend", "vignette_blend=mode=multiply:color=1/0.5/0.2",
            "vignette_blend=center=0.3/0.6:start=0.1:end=0.5:color=#ff8000:mode=overlay",
            "vignette_blend=start=0:end=0.6:color=0.2/0.4/0.9:mode=soft_light",
            "vignette_blend=start=0.4:end=0.2:color=1/1/1",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// The grain is exact against the reference's integer hash at every
    /// time, and differs from one frame time to the next.
    func testGranularity() throws {
        for time in [0.0, 0.04, 1.5] {
            for chain in ["granularity", "granularity=1", "granularity=0.05,contrast=1.5"] {
                try assertMatchesReference(chain, .pointwise, time: time)
            }
        }
        let renderer = try Fixtures.renderer()
        func render(at time: Double) throws -> [UInt8] {
            var frame = try Fixtures.frame(.rgba8, index: 3)
            frame.time = time
            return try ImageNode(frame).applying(Filter.granularity(0.5)).makeFrame(on: renderer).packedBytes(plane: 0)
        }
        XCTAssertTrue(try render(at: 0.04) != render(at: 0.08), "the grain of two frames")
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() throws {
        XCTAssertEqual(Filter.temperature(2, tint: -0.5).description, "temperature=temperature=1:tint=-0.5")
        XCTAssertEqual(Filter.warmth(-3).description, "warmth=warmth=-1")
        XCTAssertEqual(
            Filter.channelControl(red: 0.5, alpha: 2, blend: 0.5).description,
            "channel_control=red=0.5:blend=0.5")
        XCTAssertEqual(
            Filter.colorVector([0.1, 0, 0, 5], intensity: 0.5).description,
            "color_vector=vector=0.1/0/0/1:intensity=0.5")
        XCTAssertEqual(Filter.highlights(0.4).description, "highlights=amount=0.4")
        XCTAssertEqual(Filter.shadows(-2).description, "shadows=amount=-1")
        XCTAssertEqual(
            Filter.vignetteBlend(end: 0.5, mode: .softLight).description, "vignette_blend=end=0.5:mode=soft_light")
        for text in ["temperature=temperature=0.5:intensity=0.5", "vignette_blend=color=1/0/0:mode=overlay"] {
            XCTAssertEqual(try FilterChain(parsing: text).description, text)
        }
    }
}
