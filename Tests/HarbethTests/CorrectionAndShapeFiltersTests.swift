import Harbeth
import HarbethTestSupport
import XCTest

/// clarity, color_correction, luminance_adaptive_contrast, color_space,
/// morphology, rgba_dilation, color_packing and transform against the
/// numpy references (2/255 pointwise, PSNR >= 45 dB otherwise; the
/// integer ones exactly), the transform's errors, and the initialisers.
final class CorrectionAndShapeFiltersTests: XCTestCase {
    func testCorrections() throws {
        for chain in [
            "color_correction=levels=0.5", "color_correction=levels=-1:curves=0.6", "color_correction=curves=-1",
            "color_correction=balance=0.8", "color_correction=levels=0.3:curves=0.3:balance=-0.5",
            "luminance_adaptive_contrast", "luminance_adaptive_contrast=amount=-1:adaptivity=0.5",
            "color_space", "color_space=rgb_to_yuv", "color_space=rgb_to_yiq,color_space=yiq_to_rgb",
            "color_space=rgb_to_yuv,color_space=yuv_to_rgb",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
        for chain in ["clarity", "clarity=intensity=2:sigma=3", "clarity=intensity=-1:sigma=15"] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testShapes() throws {
        for operation in ["erode", "dilate", "open", "close", "gradient", "top_hat", "black_hat"] {
            try assertMatchesReference("morphology=\(operation)", .psnr(60))
            try assertMatchesReference("morphology=\(operation):radius=3", .psnr(60))
        }
        for chain in ["rgba_dilation", "rgba_dilation=radius=5:axis=y", "color_packing", "color_packing=dx=3:dy=0"] {
            try assertMatchesReference(chain, .psnr(60))
        }
    }

    func testTransforms() throws {
        for chain in [
            "transform", "transform=matrix=0.8/0.2/10/-0.2/0.8/-5", "transform=matrix=1.5/0/0/0/1.5/0:anchor=0/0",
            "transform=matrix=1/0/0/0/1/0/0.0011/0.0003/1:fill=1/0/0/1",
            "transform=corners=0.1/0.05/0.9/0.2/1/0.95/0/0.8",
            "transform=corners=0.2/0/0.8/0/1/1/0/1:fill=0/0/1/1",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
        let frame = try Fixtures.frame(.rgba8, index: 3)
        for (text, reason) in [
            ("transform=corners=0/0/1/0", "corners takes 8 numbers"), ("transform=matrix=0/0/0/0/0/0", "inverted"),
            // Three corners on one line: the frame would collapse onto it.
            ("transform=corners=0/0/0.5/0.5/1/1/0/1", "cannot be inverted"),
        ] {
            XCTAssertThrowsError(try ImageNode(frame).applying(FilterChain(parsing: text)).makeFrame(), text) {
                XCTAssertTrue("\($0)".contains(reason), "\(text): \($0)")
            }
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() {
        XCTAssertEqual(Filter.clarity(5).description, "clarity=intensity=2")
        XCTAssertEqual(Filter.colorCorrection(levels: 0.5).description, "color_correction=levels=0.5")
        XCTAssertEqual(
            Filter.luminanceAdaptiveContrast(adaptivity: 0.5).description,
            "luminance_adaptive_contrast=adaptivity=0.5")
        XCTAssertEqual(Filter.colorSpace(.yuvToRGB).description, "color_space=conversion=yuv_to_rgb")
        XCTAssertEqual(Filter.morphology(.topHat, radius: 99).description, "morphology=operation=top_hat:radius=32")
        XCTAssertEqual(Filter.rgbaDilation(vertical: true).description, "rgba_dilation=axis=y")
        XCTAssertEqual(Filter.colorPacking(dx: 2).description, "color_packing=dx=2")
        XCTAssertEqual(
            Filter.transform(affine: [2, 0, 0, 0, 2, 0], anchor: (0, 0)).description,
            "transform=matrix=2/0/0/0/2/0:anchor=0/0")
        XCTAssertEqual(
            Filter.transform(corners: [(0, 0), (1, 0), (1, 1), (0, 1)]).description,
            "transform=corners=0/0/1/0/1/1/0/1")
    }
}
