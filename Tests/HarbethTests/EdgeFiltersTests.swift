import Harbeth
import HarbethTestSupport
import XCTest

/// Sharpening, edge filters and user kernels against the numpy references.
final class EdgeFiltersTests: XCTestCase {
    func testSharpen() throws {
        for amount in ["-4", "0.5", "4"] {
            try assertMatchesReference("sharpen=amount=\(amount)", .neighborhood)
        }
    }

    func testUnsharpMask() throws {
        for chain in [
            "unsharp_mask", "unsharp_mask=sigma=0.6:amount=5", "unsharp_mask=sigma=5:amount=1.5:threshold=0.05",
            "unsharp_mask=sigma=20:amount=1:threshold=1", "unsharp_mask=sigma=20:amount=5",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testUnsharpMaskReadsItsOwnInputAfterOtherFilters() throws {
        // The filter's input is the image after sepia, not the frame: the
        // second pass must read the right earlier image.
        try assertMatchesReference("sepia,brightness=0.05,unsharp_mask=sigma=1.5:amount=2,invert", .neighborhood)
        try assertMatchesReference("crop=w=200:h=150:x=30:y=20,unsharp_mask=sigma=3:amount=1", .neighborhood)
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        // Gamma is off the planes, so the chain takes the RGB path, where
        // the mask's second pass reads the image after sepia.
        let chain = try FilterChain(parsing: "sepia,unsharp_mask,gamma=1.2")
        XCTAssertEqual(
            try renderer.summary(for: ImageNode(frame).applying(chain)).passes,
            ["yuv->rgb+sepia", "unsharp_mask", "unsharp_mask+gamma+rgb->yuv"])
    }

    func testUnsharpMaskWithoutFusionMatchesFusion() throws {
        let context = try GPUTestEnvironment.context()
        let unfused = Renderer(context: context, options: Renderer.Options(fusion: false))
        let frame = try Fixtures.frame(.rgba8)
        let node = ImageNode(frame).applying(try FilterChain(parsing: "sepia,unsharp_mask=amount=2,invert"))
        let a = try node.makeFrame(on: try Fixtures.renderer()).packedBytes(plane: 0)
        let b = try node.makeFrame(on: unfused).packedBytes(plane: 0)
        let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 1)
        GPUTestEnvironment.assertNoValidationMessages(context)
    }

    func testEdges() throws {
        for chain in [
            "sobel", "sobel=strength=4", "sobel=strength=0", "laplacian", "laplacian=neighbors=8:strength=3",
            "emboss", "emboss=intensity=4", "emboss=intensity=0",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testConvolution() throws {
        for chain in [
            "convolution", "convolution=kernel=1/2/1/2/4/2/1/2/1",
            "convolution=kernel=-1/-1/-1/-1/8/-1/-1/-1/-1:bias=0.5",
            "convolution=kernel=" + (0..<25).map { "\($0 % 7 - 3)" }.joined(separator: "/") + ":divisor=-9",
            "convolution=kernel=" + [String](repeating: "1", count: 25).joined(separator: "/"),
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testAConvolutionKernelOfTheWrongLengthIsAClearError() throws {
        let frame = try Fixtures.frame(.rgba8)
        for (text, count) in [("1/2/1/2/4/2/1/2", 8), ("1/1/1/1/1/1/1/1/1/1", 10)] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: "convolution=kernel=\(text)"))
            XCTAssertThrowsError(try node.makeFrame(on: try Fixtures.renderer())) { error in
                XCTAssertEqual(
                    error as? RenderError,
                    .invalidFilterSetup(
                        filter: "convolution", reason: "the kernel has \(count) numbers; give 9 (3x3) or 25 (5x5)"))
            }
        }
    }
}
