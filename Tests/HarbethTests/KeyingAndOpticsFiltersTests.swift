import Harbeth
import HarbethTestSupport
import XCTest

/// despill, luma_key, color_key, colorize, depth_luminance, dither, rgba_shift,
/// lens_correction, kaleidoscope and adaptive_threshold against the numpy
/// references (2/255 for pointwise filters, PSNR >= 45 dB for the rest;
/// the thresholds at float precision; adaptive_threshold's offset is never
/// 0 here, where a flat area's pixels equal their mean and float sums fall
/// either side); despill, rgba_shift and color_key (as FFmpeg's
/// colorkey) also against FFmpeg's own filters on the same frame (within
/// 1/255: FFmpeg truncates to 8 bits). Before, colorkey was unknown.
final class KeyingAndOpticsFiltersTests: XCTestCase {
    func testKeyingAndToning() throws {
        for chain in [
            "despill", "despill=type=blue:mix=0.2:expand=0.5:red=0.5:blue=-1:brightness=0.3:alpha=1",
            "luma_key=threshold=0.5:tolerance=0.1", "luma_key=threshold=0.2:tolerance=0.05:softness=0.2",
            "color_key=color=0.2/0.6/0.3:similarity=0.2:blend=0.15", "color_key=color=#d0d0d0:similarity=0.3",
            "colorkey=0x3060c0:0.25:0.5",
            "colorize", "colorize=hue=200:saturation=0.8:lightness=0.3:mix=0.5", "colorize=hue=40:mix=0",
            "depth_luminance", "depth_luminance=offset=0.2:range=0.5", "dither", "dither=levels=2:matrix=2",
            "dither=levels=6:matrix=4",
        ] {
            try assertMatchesReference(chain, .pointwise, renderer: try Self.floatRenderer())
        }
    }

    func testOptics() throws {
        for chain in [
            "rgba_shift=rh=5:gv=-3:bh=-7:bv=2", "rgba_shift=rh=250:av=4:edge=wrap", "lens_correction=k1=-0.3",
            "lens_correction=center=0.3/0.6:k1=0.2:k2=0.3", "kaleidoscope",
            "kaleidoscope=center=0.4/0.5:segments=3:angle=30",
            "adaptive_threshold", "adaptive_threshold=radius=1:offset=0.02",
        ] {
            try assertMatchesReference(chain, .psnr(45), renderer: try Self.floatRenderer())
        }
    }

    /// FFmpeg's pixelize as yuv_pixelize on the RGB path (an RGBA frame),
    /// against numpy's on BT.709 limited codes (PixelizeCLITests holds it
    /// to FFmpeg's own).
    func testYUVPixelize() throws {
        for chain in [
            "yuv_pixelize", "yuv_pixelize=width=5:height=7", "yuv_pixelize=8:4", "pixelize=w=1", "pixelize=3:2:avg",
        ] {
            try assertMatchesReference(chain, .psnr(45), renderer: try Self.floatRenderer())
        }
    }

    /// FFmpeg's chromakey as yuv_chroma_key on the RGB path (an RGBA frame),
    /// against numpy's on BT.709 limited codes. FFmpeg's own output is the
    /// reference for the CLI (ChromakeyCLITests).
    func testYUVChromaKey() throws {
        for chain in [
            "yuv_chroma_key=color=0/1/0:similarity=0.1:blend=0.2", "yuv_chroma_key=color=#20c040:similarity=0.05",
            "yuv_chroma_key=color=0.3/0.4/0.6:similarity=0.02:blend=0.3:yuv=1", "chromakey=green:0.15:0.1",
        ] {
            try assertMatchesReference(chain, .psnr(45), renderer: try Self.floatRenderer())
        }
    }

    /// The same frame through FFmpeg's despill and rgbashift.
    func testDespillAndRGBAShiftAgreeWithFFmpeg() throws {
        let frame = try Fixtures.frame(.rgba8)
        for (ours, theirs) in [
            ("despill=mix=0.3:expand=0.2:green=-0.8", "despill=mix=0.3:expand=0.2:green=-0.8"),
            ("rgba_shift=rh=5:gv=-3:bh=-7:bv=2", "rgbashift=rh=5:gv=-3:bh=-7:bv=2"),
            ("rgba_shift=rh=20:bv=-9:edge=wrap", "rgbashift=rh=20:bv=-9:edge=wrap"),
            // FFmpeg's colorkey, by its own name and values: the alpha it
            // replaces is truncated to 8 bits there.
            (
                "colorkey=color=0x30a040:similarity=0.2:blend=0.3",
                "colorkey=color=0x30a040:similarity=0.2:blend=0.3"
            ),
            ("colorkey=color=white:similarity=0.4:blend=0.2", "colorkey=color=white:similarity=0.4:blend=0.2"),
        ] {
            let output = try ImageNode(frame).applying(try FilterChain(parsing: ours))
                .makeFrame(on: try Self.floatRenderer()).packedBytes(plane: 0)
            let peer = try TestMedia.frame(
                of: try TestMedia.standardClip(), index: 3, pixelFormat: "rgba", filters: "format=rgba," + theirs)
            XCTAssertEqual(output.count, peer.count)
            let worst = zip(output, peer).map { abs(Int($0) - Int($1)) }.max() ?? 99
            XCTAssertLessThanOrEqual(worst, 1, ours)
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() {
        XCTAssertEqual(Filter.despill(blue: true, mix: 2).description, "despill=type=blue:mix=1")
        XCTAssertEqual(Filter.dither(levels: 3, matrix: 5).description, "dither=levels=3")
        XCTAssertEqual(Filter.kaleidoscope(segments: 100).description, "kaleidoscope=segments=64")
        XCTAssertEqual(
            Filter.rgbaShift(red: (400, 0), wrap: true).description, "rgba_shift=rh=255:edge=wrap")
    }

    private static func floatRenderer() throws -> Renderer {
        try shared.get()
    }

    private static let shared = Result {
        Renderer(context: try GPUTestEnvironment.context(), options: .init(precision: .float))
    }
}
