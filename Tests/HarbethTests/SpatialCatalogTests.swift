import Harbeth
import HarbethTestSupport
import XCTest

/// The neighbourhood, stylising, geometric, distortion and multi-input
/// filters as a catalog: each renders from YUV with the validation layer
/// quiet, and each documents itself.
final class SpatialCatalogTests: XCTestCase {
    private static let names = [
        "box_blur", "bilateral", "median", "motion_blur", "zoom_blur", "sharpen", "unsharp_mask", "sobel",
        "laplacian", "emboss", "convolution", "kuwahara", "toon", "sketch", "crosshatch", "dilate", "erode",
        "pixellate", "halftone", "polka_dot", "pad", "transpose", "rotate", "swirl", "bulge", "pinch",
        "sphere_refraction", "blend", "overlay", "mask_blend",
    ]

    func testEveryFilterDescribesItsFormulaSourceAndRanges() throws {
        for name in Self.names {
            let descriptor = try XCTUnwrap(FilterCatalog.standard.descriptor(named: name), name)
            XCTAssertFalse(descriptor.summary.isEmpty, name)
            XCTAssertFalse(descriptor.formula.isEmpty, name)
            for parameter in descriptor.parameters {
                switch parameter.type {
                case .number, .integer, .list: XCTAssertNotNil(parameter.range, "\(name).\(parameter.name)")
                default: break
                }
            }
        }
    }

    func testEveryFilterRendersFromYUVWithValidationQuiet() throws {
        // yuv420p in and out: conversions on both ends, odd output sizes
        // (pad, rotate) padded to whole chroma blocks.
        let layer = try BlendTestImages.layer()
        let renderer = try BlendTestImages.renderer()
        let arguments = [
            "pad": "w=331:h=251:x=5:y=7", "rotate": "angle=33:expand=1", "blend": "file=\(layer):mode=soft_light",
            "overlay": "file=\(try BlendTestImages.smallLayer()):x=200:y=150",
            "mask_blend": "mask=\(layer):color=#204080",
        ]
        let frame = try Fixtures.frame(.yuv420p)
        for name in Self.names {
            let text = arguments[name].map { "\(name)=\($0)" } ?? name
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            let output = try node.makeFrame(on: renderer)
            let expected = try node.outputFormat()
            XCTAssertEqual([output.width, output.height], [expected.width, expected.height], text)
            XCTAssertEqual(output.layout, .yuv420p, text)
        }
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }
}
