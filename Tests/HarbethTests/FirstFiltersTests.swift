import Harbeth
import HarbethTestSupport
import XCTest

/// The graph's first filters against the numpy references.
final class FirstFiltersTests: XCTestCase {
    func testPointwiseColourFilters() throws {
        for chain in [
            "brightness=0.15", "brightness=-0.3", "contrast=1.8", "contrast=0.4", "saturation=0", "saturation=1.7",
            "exposure=1.2", "exposure=-2", "gamma=0.45", "gamma=2.2", "sepia", "sepia=0.35", "grayscale",
            "grayscale=mode=average", "grayscale=desaturate", "invert",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// FFmpeg's eq on the RGB path (an RGBA frame): its 8-bit BT.709
    /// limited codes through FFmpeg's tables, read between entries (numpy builds
    /// the tables from FFmpeg's C on its own). The planes path is held to
    /// FFmpeg's own output bit for bit (EqCLITests).
    func testEqOnTheRGBPath() throws {
        for chain in [
            "eq=brightness=0.1:contrast=1.3:saturation=1.5", "eq=contrast=-0.5",
            "eq=gamma=1.6:contrast=1.2:brightness=-0.05", "eq=gamma_r=1.5:gamma_b=0.8:saturation=0",
            "eq=gamma=0.7:gamma_weight=0.5", "eq",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
        XCTAssertEqual(Filter.eq(contrast: 1.2, saturation: 4).description, "eq=contrast=1.2:saturation=3")
    }

    /// FFmpeg's hue as yuv_hue on the RGB path (an RGBA frame): the
    /// chroma of BT.709 limited turned and scaled, the luma moved, against
    /// numpy's rotation of (Cb, Cr) on the codes. FFmpeg's own output is
    /// the reference for the CLI (HueCLITests).
    func testYUVHueOnTheRGBPath() throws {
        for chain in [
            "yuv_hue=degrees=90:saturation=0.5", "yuv_hue=saturation=0", "yuv_hue=degrees=-135:saturation=1.4",
            "yuv_hue=brightness=-1.5:saturation=0.8", "yuv_hue=degrees=400:saturation=-1:brightness=2", "yuv_hue",
            "hue=h=30:s=0.6:b=0.5", "hue=H=PI/3",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
        XCTAssertEqual(
            Filter.yuvHue(degrees: 30, saturation: 20).description, "yuv_hue=degrees=30:saturation=10")
    }

    /// FFmpeg's monochrome as yuv_monochrome on the RGB path (an RGBA
    /// frame), against numpy's on BT.709 limited codes. FFmpeg's own output
    /// is the reference for the CLI (MonochromeCLITests).
    func testYUVMonochromeOnTheRGBPath() throws {
        for chain in [
            "yuv_monochrome", "yuv_monochrome=cb=0.5:cr=-0.3:size=2", "yuv_monochrome=cb=-1:cr=1:size=0.1:high=1",
            "monochrome=cb=0.2:high=0.5",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// FFmpeg's hue parses by its options (h degrees, s, H radians, b;
    /// positional in that order) as yuv_hue; catalog hue's own value
    /// (`hue=90`, `hue=degrees=90`) stays catalog hue. Before, `hue=s=0`
    /// was an unknown parameter.
    func testFFmpegsHueIsYUVHue() throws {
        for (ffmpeg, ours) in [
            ("hue=s=0", "yuv_hue=saturation=0"), ("hue=h=90:s=0.5", "yuv_hue=degrees=90:saturation=0.5"),
            ("hue=30:0.6", "yuv_hue=degrees=30:saturation=0.6"), ("hue=b=-2", "yuv_hue=brightness=-2"),
            ("hue=90:s=2:b=1", "yuv_hue=degrees=90:saturation=2:brightness=1"),
            ("hue=H=1", "yuv_hue=degrees=\(180 / Double.pi)"), ("hue=90", "hue=degrees=90"),
            ("hue=degrees=45", "hue=degrees=45"),
        ] {
            XCTAssertEqual(try FilterChain(parsing: ffmpeg), try FilterChain(parsing: ours), ffmpeg)
        }
        let radians = try FilterChain(parsing: "hue=H='PI/2*t'").filters[0]
        XCTAssertEqual(radians.name, "yuv_hue")
        XCTAssertEqual(radians.resolved(ExpressionVariables(t: 0.5)).values.number("degrees"), 45, accuracy: 1e-9)
        for (text, message) in [
            ("hue=h=10:H=1", "hue H='1' is invalid at column 10; expected h or H, not both"),
            ("hue=s=11", "out of range"), ("hue=1:2:3:4:5", "hue takes at most 4 values"),
            ("hue=h=1:x=2", "hue has no parameter 'x' at column 9; valid: h, s, H, b"),
            ("hue=H='PI*(t'", "hue H='PI*(t'"),
        ] {
            XCTAssertThrowsError(try FilterChain(parsing: text), text) { error in
                XCTAssertTrue("\(error)".contains(message), "\(text): \(error)")
            }
        }
    }

    /// FFmpeg's lutyuv and lutrgb as lut_yuv and lut_rgb on the RGB path
    /// (an RGBA frame), against numpy's tables of the same expressions
    /// (Python evaluates them). The planes path is held to FFmpeg's own
    /// output bit for bit (LutCLITests).
    func testLutYUVAndLutRGBOnTheRGBPath() throws {
        for chain in [
            "lut_yuv", "lut_yuv=y=negval:u=128:v=128", "lut_yuv=y='gammaval(0.6)':u='clip(val*1.4-51,16,240)'",
            "lut_yuv=y=val*1.3-20:v=maxval", "lut_rgb=r=negval:g=negval:b=negval", "lut_rgb=r=0:g=val/2+40",
            "lut_rgb=b='gammaval(1.8)'", "lutyuv=y=val+0.7:c1=minval", "lutrgb=c0=255-val",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// An expression of a sample takes FFmpeg lut's variables and the
    /// frame's size, not the time; a broken one is one error with its
    /// column in the chain. FFmpeg's names parse as ours; its alpha table
    /// is not taken. Before, lutyuv and lutrgb were unknown filters.
    func testLutExpressions() throws {
        XCTAssertEqual(
            try FilterChain(parsing: "lutyuv=negval:c1=128:v=w/10"),
            try FilterChain(parsing: "lut_yuv=y=negval:u=128:v=w/10"))
        XCTAssertEqual(try FilterChain(parsing: "lutrgb=g=0"), try FilterChain(parsing: "lut_rgb=g=0"))
        for (text, message) in [
            ("lut_yuv=y=val*t", "unknown name 't' (the variables are val, clipval, minval, maxval, negval"),
            ("lut_yuv=y='val*(2'", "found the end at column 18"), ("brightness='val*2'", "unknown name 'val'"),
            ("brightness='gammaval(2)'", "unknown function 'gammaval'"),
            ("lutyuv=a=val", "lutyuv has no parameter 'a'"), ("lutrgb=y=val", "lutrgb has no parameter 'y'"),
            ("lutyuv=y=1:c0=2", "lutyuv y is given twice at column 12"),
        ] {
            XCTAssertThrowsError(try FilterChain(parsing: text), text) { error in
                XCTAssertTrue("\(error)".contains(message), "\(text): \(error)")
            }
        }
    }

    func testPointwiseChainsAccumulateWithoutClampingBetweenFilters() throws {
        // brightness pushes values past 1; contrast brings some back. A
        // clamp between them would differ from the float reference.
        try assertMatchesReference("brightness=0.6,contrast=0.5,saturation=1.5,gamma=1.4,sepia=0.5", .pointwise)
    }

    func testGaussianBlur() throws {
        // 0.6 and 2 run at full size; 5.5, 13 and 40 on a reduced image.
        for sigma in ["0.6", "2", "5.5", "13", "40"] {
            try assertMatchesReference("gaussian_blur=sigma=\(sigma)", .neighborhood)
        }
    }

    func testResize() throws {
        for chain in [
            "resize=w=200:h=150:method=bilinear", "resize=w=200:h=150:method=bicubic",
            "resize=w=480:h=-1:method=bicubic",
            "resize=w=101:h=77:method=nearest", "resize=w=640:h=480:method=bilinear",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testCropAndFlip() throws {
        for chain in ["crop=w=100:h=60:x=10:y=20", "crop=w=160:h=120", "flip", "flip=vertical", "flip=both"] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testMixedChains() throws {
        try assertMatchesReference(
            "crop=w=200:h=160:x=40:y=30,sepia,gaussian_blur=sigma=1.5,brightness=0.05,flip", .neighborhood)
    }

    func testCropOutsideTheFrameIsAClearError() throws {
        let frame = try Fixtures.frame(.rgba8)
        let node = ImageNode(frame).applying(try FilterChain(parsing: "crop=w=400:h=10:x=0:y=0"))
        XCTAssertThrowsError(try node.makeFrame(on: try Fixtures.renderer())) { error in
            XCTAssertEqual(
                "\(error)", "crop: the region 400x10 at 0,0 is not inside the 320x240 input")
        }
    }
}
