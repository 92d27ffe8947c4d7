import Harbeth
import XCTest

/// FFmpeg's boxblur on the RGB path against the numpy reference
/// (Tests/References/spatial.py, within 2/255) on a real decoded frame;
/// radii as FFmpeg's expressions, refused as FFmpeg refuses them; the Swift
/// initialiser is the text form. (On planar YUV and grey it runs on the
/// planes, FFmpeg's frames exactly: BoxblurCLITests.)
final class BoxblurFilterTests: XCTestCase {
    func testTheRGBPathMatchesTheReference() throws {
        for chain in [
            "boxblur", "boxblur=luma_radius=5:luma_power=1", "boxblur=luma_radius=3:chroma_radius=7:chroma_power=3",
            "boxblur=luma_radius='min(w,h)/10':luma_power=2:alpha_radius=2:alpha_power=1",
            "boxblur=luma_radius=0:chroma_radius=4",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testRadiiAreFFmpegsExpressionsAndPowersDoNotMove() throws {
        XCTAssertNoThrow(try FilterChain(parsing: "boxblur=luma_radius='min(cw,ch)/hsub'"))
        XCTAssertThrowsError(try FilterChain(parsing: "boxblur=luma_radius='2*t'")) { error in
            XCTAssertEqual(
                "\(error)",
                "boxblur luma_radius='2*t': unknown name 't' (the variables are w, h, cw, ch, hsub, vsub; the"
                    + " constants PI, E, PHI, NAN) at column 24")
        }
        XCTAssertThrowsError(try FilterChain(parsing: "boxblur=luma_power='1+n'")) { error in
            XCTAssertEqual(
                "\(error)",
                "boxblur luma_power cannot change from frame to frame at column 20: it decides the shader or the"
                    + " output size; give a constant or an expression of w and h")
        }
    }

    func testARadiusPastHalfThePlaneFailsWhenTheFrameComes() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8, index: 0)
        let half = min(frame.width, frame.height) / 2
        XCTAssertNoThrow(
            try ImageNode(frame).applying(try FilterChain(parsing: "boxblur=\(half):1")).makeFrame(on: renderer))
        XCTAssertThrowsError(
            try ImageNode(frame).applying(try FilterChain(parsing: "boxblur=\(half + 1):1")).makeFrame(on: renderer)
        ) { error in
            XCTAssertTrue(
                "\(error)".contains("luma radius \(half + 1) must be 0...\(half)"), "\(error)")
        }
    }

    func testSwiftInitialiserIsTheTextForm() throws {
        let filter = try Filter.boxblur(luma: (10, 1), chroma: (3, 2))
        XCTAssertEqual(
            filter.description, "boxblur=luma_radius=10:luma_power=1:chroma_radius=3:chroma_power=2")
        XCTAssertEqual(try FilterChain(parsing: "boxblur=lr=10:lp=1:cr=3:cp=2").description, filter.description)
        XCTAssertEqual(try FilterChain(parsing: "boxblur=10:1:3:2").description, filter.description)
    }
}
