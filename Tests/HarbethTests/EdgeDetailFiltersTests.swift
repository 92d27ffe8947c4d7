import Harbeth
import HarbethTestSupport
import XCTest

/// canny, edge_detect, comic_strip, detail_enhancer, edge_aware_sharpen, edge_glow,
/// sharpen_detail, sticker_outline and threshold_sketch against the numpy
/// references. The two that draw lines (canny, threshold_sketch) are held
/// to lines within a pixel of the reference's (`assertLinesAgree`); the
/// rest to the catalog's PSNR >= 45 dB (2/255 for comic_strip).
final class EdgeDetailFiltersTests: XCTestCase {
    func testContinuousFilters() throws {
        try assertMatchesReference("comic_strip", .pointwise)
        try assertMatchesReference("comic_strip=0.4", .pointwise)
        for chain in [
            "detail_enhancer", "detail_enhancer=amount=3:threshold=0", "detail_enhancer=amount=2:threshold=0.2",
            "edge_aware_sharpen", "edge_aware_sharpen=amount=5:threshold=0.2", "edge_aware_sharpen=threshold=0",
            "sharpen_detail", "sharpen_detail=sharpen=1:clarity=0:detail=0",
            "sharpen_detail=sharpen=0:clarity=1:detail=1",
            "sticker_outline", "sticker_outline=thickness=1:color=1/0/0", "sticker_outline=thickness=6",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
        // An edge is a threshold on a Laplacian that multiplies the input's
        // rounding by nine: in half-precision intermediates, pixels within
        // half a code value of it may go either way. In float they agree.
        let float = Renderer(context: try GPUTestEnvironment.context(), options: .init(precision: .float))
        for time in [0.0, 0.3, 1.1] {
            try assertMatchesReference("edge_glow", .neighborhood, time: time)
            try assertMatchesReference(
                "edge_glow=threshold=0.1:speed=2:color=#ff00ff", .neighborhood, time: time, renderer: float)
        }
    }

    /// FFmpeg's edgedetect as edge_detect on an RGBA frame (wires on the
    /// BT.709 limited Y codes, colormix on R, G, B) against numpy's
    /// whole-number Canny, held to 90 dB: the arithmetic is on whole codes
    /// (the stretch to full range rounded down instead of to the nearest
    /// gives 30 dB). EdgedetectCLITests holds it to FFmpeg's own.
    func testFFmpegsEdgeDetect() throws {
        let float = Renderer(context: try GPUTestEnvironment.context(), options: .init(precision: .float))
        for chain in [
            "edge_detect", "edge_detect=high=0.3:low=0.05", "edge_detect=mode=colormix",
            "edgedetect=0.4:0.1:colormix", "edgedetect=low=0:high=0.02",
        ] {
            try assertMatchesReference(chain, .psnr(90), renderer: float)
        }
    }

    func testLineDrawings() throws {
        for chain in [
            "canny", "canny=sigma=2:low=0.05:high=0.2", "canny=sigma=0.5:low=0.3:high=0.6", "threshold_sketch",
            "threshold_sketch=strength=3:threshold=0.5",
        ] {
            try assertLinesAgree(chain)
        }
    }

    /// Lines agree when each white pixel of one image has a white pixel
    /// of the other within one pixel (edge detectors are compared so: a
    /// line may move by a pixel where a gradient tie goes the other way),
    /// for all but 2% of the white pixels, and lines are drawn at all.
    private func assertLinesAgree(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let chain = try FilterChain(parsing: text)
        let output = try ImageNode(frame).applying(chain).makeFrame(on: renderer).packedBytes(plane: 0)
        let reference = try Reference.apply(
            chain, to: frame.packedBytes(plane: 0), width: frame.width, height: frame.height)
        let (width, height) = (frame.width, frame.height)
        let ours = (0..<width * height).map { output[$0 * 4] > 127 }
        let theirs = (0..<width * height).map { reference.pixels[$0 * 4] > 0.5 }
        func unmatched(_ a: [Bool], in b: [Bool]) -> Int {
            var count = 0
            for y in 0..<height {
                for x in 0..<width where a[y * width + x] {
                    let near = (max(0, y - 1)...min(height - 1, y + 1)).contains { yy in
                        (max(0, x - 1)...min(width - 1, x + 1)).contains { xx in b[yy * width + xx] }
                    }
                    if !near { count += 1 }
                }
            }
            return count
        }
        // Which colour the lines are: canny draws white on black, threshold_sketch black on white.
        let white = ours.filter { $0 }.count
        let lines = white < width * height / 2 ? (ours, theirs) : (ours.map { !$0 }, theirs.map { !$0 })
        let drawn = lines.0.filter { $0 }.count
        XCTAssertTrue(drawn > width * height / 200, "\(text): \(drawn) line pixels", file: file, line: line)
        for (a, b, name) in [(lines.0, lines.1, "ours"), (lines.1, lines.0, "the reference's")] {
            let missing = unmatched(a, in: b)
            XCTAssertLessThanOrEqual(
                Double(missing), 0.02 * Double(a.filter { $0 }.count),
                "\(text): \(name) line pixels with none of the other's near", file: file, line: line)
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() {
        XCTAssertEqual(Filter.canny(sigma: 20, high: 0.5).description, "canny=sigma=10:high=0.5")
        XCTAssertEqual(Filter.comicStrip(intensity: 0.5).description, "comic_strip=intensity=0.5")
        XCTAssertEqual(Filter.detailEnhancer(amount: 9).description, "detail_enhancer=amount=5")
        XCTAssertEqual(Filter.edgeAwareSharpen(threshold: 1).description, "edge_aware_sharpen=threshold=0.99")
        XCTAssertEqual(Filter.edgeGlow(color: (1, 0, 0)).description, "edge_glow=color=1/0/0")
        XCTAssertEqual(Filter.sharpenDetail(clarity: 0).description, "sharpen_detail=clarity=0")
        XCTAssertEqual(Filter.stickerOutline(thickness: 40).description, "sticker_outline=thickness=16")
        XCTAssertEqual(Filter.thresholdSketch(strength: 2).description, "threshold_sketch=strength=2")
    }
}
