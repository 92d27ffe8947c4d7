import Harbeth
import XCTest

/// FFmpeg's erosion, dilation, deflate, inflate, edge operators, convolution and limiter on the RGB path against the numpy
/// reference (Tests/References/spatial.py, within 2/255) on a real decoded
/// frame; the Swift initialisers are the text form. (On planar YUV and grey
/// they run on the planes, FFmpeg's frames exactly: MorphologyCLITests.)
final class MorphologyFiltersTests: XCTestCase {
    func testTheRGBPathMatchesTheReference() throws {
        for chain in [
            "erosion", "dilation", "erosion=coordinates=3:threshold1=20", "dilation=coordinates=90:threshold2=5",
            "erosion=threshold0=0:threshold1=0:threshold2=0", "deflate", "inflate", "deflate=threshold0=3:threshold1=1",
            "inflate=threshold2=2:threshold3=0",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// FFmpeg's edge operators on the RGB path (an RGBA frame, the alpha
    /// kept) against numpy's float32 gradients cut to whole codes, held to
    /// 90 dB: rounding instead of cutting gives 59 to 67 dB.
    /// EdgeOperatorCLITests holds the planes and RGB to FFmpeg's frames.
    func testFFmpegsEdgeOperatorsOnRGB() throws {
        for chain in [
            "prewitt", "roberts", "scharr", "kirsch", "sobel_planes", "sobel=planes=5:scale=2:delta=-10",
            "prewitt=planes=2:scale=0.5", "kirsch=scale=0.25:delta=4",
        ] {
            try assertMatchesReference(chain, .psnr(90))
        }
    }

    /// FFmpeg's convolution on the RGB path (an RGBA frame, the alpha kept)
    /// against numpy's whole-number sums and float32 division, held to 90
    /// dB. ConvolutionCLITests holds the planes and RGB to FFmpeg's frames.
    func testFFmpegsConvolutionOnRGB() throws {
        for chain in [
            "convolution=0m='0 -1 0 -1 5 -1 0 -1 0':1m='1 1 1 1 1 1 1 1 1':2m='1 2 1':2mode=row",
            "convolution_planes=m0=1/4/6/4/1:mode0=column:m1=-1/-1/-1/-1/8/-1/-1/-1/-1:bias1=128",
            "convolution=0m='" + Array(repeating: "1", count: 49).joined(separator: " ") + "':2bias=10",
        ] {
            try assertMatchesReference(chain, .psnr(90))
        }
    }

    /// FFmpeg's limiter on the RGB path against numpy's clamp of 8-bit codes.
    func testFFmpegsLimiterOnRGB() throws {
        for chain in ["limiter=min=16:max=235", "limiter=40:180:5", "limiter=max=100:planes=2"] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testSwiftInitialisersAreTheTextForm() throws {
        XCTAssertEqual(
            try Filter.erosion(coordinates: 3, thresholds: [10]).description, "erosion=threshold0=10:coordinates=3")
        XCTAssertEqual(try Filter.dilation(thresholds: [65535, 4]).description, "dilation=threshold1=4")
        XCTAssertThrowsError(try Filter.dilation(coordinates: 256))
        XCTAssertEqual(try Filter.deflate(thresholds: [4]).description, "deflate=threshold0=4")
        XCTAssertEqual(try Filter.inflate().description, "inflate")
    }
}
