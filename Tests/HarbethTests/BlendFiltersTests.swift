import Harbeth
import HarbethTestSupport
import XCTest

/// blend, overlay and mask_blend against the numpy references, with images
/// made by the ffmpeg CLI and decoded by `FFmpegImageLoader`.
final class BlendFiltersTests: XCTestCase {
    private var renderer: Renderer { get throws { try BlendTestImages.renderer() } }

    func testModesCompositeWithTheImagesAlphaAndOpacity() throws {
        let layer = try BlendTestImages.layerWithAlpha()
        for (mode, opacity) in [
            ("normal", "1"), ("normal", "0"), ("multiply", "0.6"), ("soft_light", "0.35"), ("hue", "1"),
            ("color_dodge", "0.8"), ("dissolve", "0.7"), ("mask", "0.5"),
        ] {
            try assertMatchesReference(
                "blend=file=\(layer):mode=\(mode):opacity=\(opacity)", .pointwise, renderer: renderer)
        }
    }

    func testModesOverATransparentFrame() throws {
        // mask mode makes the frame's alpha vary; the later blends then
        // composite over a partly transparent backdrop.
        let layer = try BlendTestImages.layerWithAlpha()
        let opaque = try BlendTestImages.layer()
        try assertMatchesReference(
            "blend=file=\(opaque):mode=mask,blend=file=\(layer):mode=screen,blend=file=\(layer):mode=luminosity:opacity=0.7",
            .pointwise, renderer: renderer)
    }

    func testPlacingAnImageOfAnotherSize() throws {
        let small = try BlendTestImages.smallLayer()
        for fit in ["stretch", "fit", "fill", "center"] {
            try assertMatchesReference("blend=file=\(small):mode=overlay:fit=\(fit)", .pointwise, renderer: renderer)
        }
        // Centred on an odd margin, the offset rounds towards zero.
        try assertMatchesReference(
            "crop=w=301:h=239:x=0:y=0,blend=file=\(small):mode=hard_light:fit=center", .pointwise, renderer: renderer)
        // After a size change the image is placed on the new frame.
        try assertMatchesReference(
            "resize=w=200:h=300:method=bilinear,blend=file=\(small):fit=fit", .neighborhood, renderer: renderer)
    }

    func testChromaKey() throws {
        let layer = try BlendTestImages.layer()
        for chain in [
            "blend=file=\(layer):mode=chroma_key", "blend=file=\(layer):mode=chroma_key:key=1/0/0:similarity=0.2",
            "blend=file=\(layer):mode=chroma_key:key=0/0/1:similarity=0.1:smoothness=0.5:opacity=0.5",
        ] {
            try assertMatchesReference(chain, .pointwise, renderer: renderer)
        }
        try assertMatchesReference(
            "blend=file=\(layer):mode=chroma_key:similarity=0.3:smoothness=0", .neighborhood, renderer: renderer)
    }

    func testOverlayPlacesAWatermarkUnscaled() throws {
        let mark = try BlendTestImages.image(
            "watermark.png", width: 64, height: 48, "geq=r='255*X/W':g='60':b='255*Y/H':a='255*(X+Y)/(W+H)'")
        for chain in [
            "overlay=file=\(mark):x=10:y=20", "overlay=file=\(mark):x=-20:y=-10:opacity=0.5",
            "overlay=file=\(mark):x=300:y=220", "overlay=file=\(mark):x=1000:y=0", "overlay=file=\(mark):opacity=0",
            "sepia,overlay=file=\(mark):x=100:y=100,gaussian_blur=sigma=1",
        ] {
            try assertMatchesReference(
                chain, chain.contains("gaussian") ? .neighborhood : .pointwise, renderer: renderer)
        }
    }

    func testMaskBlend() throws {
        let mask = try BlendTestImages.image("mask.png", "geq=r='255*X/W':g='255*X/W':b='255*X/W':a='255*Y/H'")
        let smallMask = try BlendTestImages.image(
            "mask-small.png", width: 80, height: 60, "geq=r='255*(X+Y)/(W+H)':g='r(X,Y)':b='r(X,Y)':a=255")
        let layer = try BlendTestImages.layer()
        for chain in [
            "mask_blend=mask=\(mask):file=\(layer)", "mask_blend=mask=\(mask):color=#ff8000",
            "mask_blend=mask=\(mask):color=0.2/0.4/0.6/0.5:invert=1", "mask_blend=mask=\(smallMask):file=\(layer)",
        ] {
            try assertMatchesReference(chain, .pointwise, renderer: renderer)
        }
    }

    func testBlendsFuseWithPointwiseFiltersAndChangingTheModeRecompilesNothing() throws {
        let layer = try BlendTestImages.layer()
        let frame = try Fixtures.frame(.yuv420p)
        let renderer = try self.renderer
        let node = ImageNode(frame).applying(
            try FilterChain(parsing: "sepia,blend=file=\(layer):mode=multiply,overlay=file=\(layer):x=5,invert"))
        XCTAssertEqual(try renderer.summary(for: node).passes, ["yuv->rgb+sepia+blend+overlay+invert+rgb->yuv"])
        _ = try node.makeFrame(on: renderer)
        let compiled = renderer.statistics.plansCompiled
        for mode in ["screen", "hue", "dissolve"] {
            let other = ImageNode(frame).applying(
                try FilterChain(parsing: "sepia,blend=file=\(layer):mode=\(mode),overlay=file=\(layer):x=5,invert"))
            _ = try other.makeFrame(on: renderer)
        }
        XCTAssertEqual(renderer.statistics.plansCompiled, compiled)
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }

    func testAnImageIsLoadedOnceWhileOtherValuesChange() throws {
        let loader = CountingImageLoader()
        let renderer = Renderer(context: try GPUTestEnvironment.context(), options: Renderer.Options(resources: loader))
        let frame = try Fixtures.frame(.rgba8)
        let mark = try BlendTestImages.smallLayer()
        for step in 0..<5 {
            let chain = "overlay=file=\(mark):x=\(step * 10):opacity=\(Double(step) / 4)"
            _ = try ImageNode(frame).applying(try FilterChain(parsing: chain)).makeFrame(on: renderer)
        }
        XCTAssertEqual(loader.count, 1)
        _ = try ImageNode(frame).applying(try FilterChain(parsing: "overlay=file=\(try BlendTestImages.layer())"))
            .makeFrame(on: renderer)
        XCTAssertEqual(loader.count, 2, "a new file is loaded")
    }

    func testMissingOrUnreadableImagesAreClearErrors() throws {
        let frame = try Fixtures.frame(.rgba8)
        let missing = TestMedia.directory + "/no-such-image.png"
        func error(_ chain: String, on renderer: Renderer) throws -> RenderError? {
            let node = ImageNode(frame).applying(try FilterChain(parsing: chain))
            do {
                _ = try node.makeFrame(on: renderer)
                return nil
            } catch {
                return error as? RenderError
            }
        }
        XCTAssertEqual(
            try error("blend", on: renderer),
            .invalidFilterSetup(filter: "blend", reason: "give the image as file=PATH"))
        XCTAssertEqual(
            try error("mask_blend=color=#ffffff", on: renderer),
            .invalidFilterSetup(filter: "mask_blend", reason: "give the image as mask=PATH"))
        guard case .invalidFilterSetup("blend", let reason) = try error("blend=file=\(missing)", on: renderer) else {
            return XCTFail("an unreadable image is not an invalid setup")
        }
        XCTAssertTrue(reason.hasPrefix("cannot read the image \(missing): ffprobe"), reason)
        // Without the media layer's decoder, the loader says so.
        let layer = try BlendTestImages.layer()
        XCTAssertEqual(
            try error("overlay=file=\(layer)", on: try Fixtures.renderer()),
            .invalidFilterSetup(
                filter: "overlay",
                reason:
                    "cannot read the image \(layer): cannot decode the image \(layer): no image decoder is available here"
            ))
    }

    func testSwiftInitialisers() {
        XCTAssertEqual(
            Filter.blend("a.png", mode: .softLight, opacity: 3).description, "blend=file=a.png:mode=soft_light")
        XCTAssertEqual(Filter.overlay("w.png", x: -5, y: 7).description, "overlay=file=w.png:x=-5:y=7")
        XCTAssertEqual(
            Filter.maskBlend(mask: "m.png", color: [1, 1, 1], invert: true).description,
            "mask_blend=mask=m.png:color=1/1/1:invert=1")
        XCTAssertEqual(Filter.BlendMode.allCases.count, 30)
    }
}

/// Counts the images it is asked to decode.
private final class CountingImageLoader: FilterResourceLoader {
    private let decoder = FFmpegImageLoader()
    private let calls = Locked(0)

    var count: Int { calls.withLock { $0 } }

    func data(at path: String) throws -> [UInt8] { try decoder.data(at: path) }

    func image(at path: String) throws -> VideoFrame {
        calls.withLock { $0 += 1 }
        return try decoder.image(at: path)
    }
}
