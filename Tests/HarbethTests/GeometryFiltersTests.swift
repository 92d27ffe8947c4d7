import Harbeth
import HarbethTestSupport
import XCTest

/// Lanczos resizing, pad, transpose and rotate against the numpy
/// references; the first filters' resize methods are in FirstFiltersTests.
final class GeometryFiltersTests: XCTestCase {
    func testResizeLanczos() throws {
        // Lanczos and bicubic results differ by only about 45 dB on this
        // frame, so the usual bound could not tell them apart; the GPU
        // matches its reference to over 60 dB.
        for chain in [
            "resize=w=200:h=150:method=lanczos", "resize=w=640:h=480:method=lanczos",
            "resize=w=97:h=-1:method=lanczos", "resize=w=1:h=1:method=lanczos",
            // One axis kept: the separable resize runs only the other pass.
            "resize=w=200:h=240:method=lanczos", "resize=w=320:h=100:method=lanczos",
        ] {
            try assertMatchesReference(chain, .psnr(55))
        }
    }

    /// Bicubic as two separable passes, and with either axis kept, against
    /// the reference (the numpy one is a 2D kernel of the same weights).
    func testResizeBicubicSeparable() throws {
        for chain in [
            "resize=w=640:h=480", "resize=w=200:h=240", "resize=w=320:h=100", "resize=w=1000:h=37",
        ] {
            try assertMatchesReference(chain, .psnr(55))
        }
        let summary = try Fixtures.renderer().summary(
            for: FrameFormat(width: 320, height: 240, layout: .rgba8),
            chain: try FilterChain(parsing: "resize=w=640:h=480"))
        XCTAssertEqual(
            summary.passes.filter { $0.contains("resize") }.count, 2, "rows, then columns: \(summary.passes)")
    }

    func testPadIsExact() throws {
        for chain in [
            "pad", "pad=w=400:h=300", "pad=w=401:h=301", "pad=w=400:h=300:x=0:y=60:color=#ff8000",
            "pad=w=321:h=240:x=1:y=0:color=0.2/0.4/0.6/0.5", "pad=w=16384:h=241:x=16064:y=1",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testTransposeAndQuarterTurnsAreExact() throws {
        for chain in [
            "transpose", "transpose=dir=clock", "transpose=2", "transpose=clock_flip", "rotate", "rotate=180",
            "rotate=270", "rotate=-90", "rotate=0", "rotate=-360",
            "crop=w=301:h=199:x=3:y=5,rotate=90,transpose",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testRotateByAnyAngle() throws {
        for chain in [
            "rotate=30", "rotate=angle=-45:fill=1/1/1:expand=1", "rotate=angle=137.5:fill=#336699:expand=1",
            "rotate=angle=359.5:fill=0/0/0/0", "rotate=angle=90.25:expand=1",
            // A size of its own: a quarter turn samples into it.
            "rotate=angle=90:w=320:h=240", "rotate=angle=180:w=300:h=200:fill=1/0/0",
            "rotate=angle=30:w=100:h=400:expand=1",
            // As far as FFmpeg's rotate takes the picture.
            "rotate=angle=30:edge=ffmpeg", "rotate=angle=-20:w=200:h=300:edge=ffmpeg:fill=0.2/0.4/0.6",
            "rotate=angle=90:w=320:h=240:edge=ffmpeg",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testRemappingKernelsFirstReadThePlanesDirectly() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        for text in ["transpose,sepia", "pad=w=400:h=300,sepia"] {
            let summary = try renderer.summary(for: ImageNode(frame).applying(try FilterChain(parsing: text)))
            XCTAssertEqual(summary.dispatchesPerFrame, 1, text)
        }
        let rotated = try renderer.summary(for: ImageNode(frame).applying(try FilterChain(parsing: "rotate=90")))
        XCTAssertEqual([rotated.output.width, rotated.output.height], [240, 320])
    }

    /// Crops on the chroma grid, written to the source's layout, take no
    /// pass and give the source's samples exactly; an odd corner on 4:2:0,
    /// another layout or another filter take the GPU pass.
    func testCropsOnTheChromaGridNeedNoPass() throws {
        let renderer = try Fixtures.renderer()
        for layout in [PixelLayout.yuv420p, .nv12, .yuv422p10, .yuva444p10, .rgba8, .gray16] {
            let frame = try Fixtures.frame(layout)
            let node = ImageNode(frame).applying(try FilterChain(parsing: "crop=w=150:h=101:x=20:y=10,crop=x=4:y=2"))
            XCTAssertEqual(try renderer.summary(for: node).dispatchesPerFrame, 0, "\(layout)")
            let before = renderer.statistics.dispatches
            let cropped = try node.makeFrame(on: renderer)
            XCTAssertEqual(renderer.statistics.dispatches, before, "\(layout): no dispatch")
            XCTAssertEqual([cropped.width, cropped.height, cropped.layout.planeCount], [146, 99, layout.planeCount])
            let shift = layout.chromaShift
            for plane in 0..<layout.planeCount {
                let subsampled = (plane == 1 || plane == 2) && layout.planeSize(plane, width: 2, height: 2).width < 2
                let (x, y) = subsampled ? (24 >> shift.x, 12 >> shift.y) : (24, 12)
                let columnBytes =
                    layout.minimumBytesPerRow(plane, width: 2) / layout.planeSize(plane, width: 2, height: 1).width
                let rowBytes = layout.minimumBytesPerRow(plane, width: frame.width)
                let size = layout.planeSize(plane, width: 146, height: 99)
                let source = frame.packedBytes(plane: plane)
                var expected: [UInt8] = []
                for row in 0..<size.height {
                    let start = (y + row) * rowBytes + x * columnBytes
                    expected += source[start..<(start + size.width * columnBytes)]
                }
                XCTAssertTrue(cropped.packedBytes(plane: plane) == expected, "\(layout) plane \(plane)")
            }
        }
        let frame = try Fixtures.frame(.yuv420p)
        for (text, output) in [
            ("crop=w=100:h=100:x=3:y=2", RenderOutput.sameAsSource), ("crop=w=100:h=100:x=4:y=2", .rgba8),
            ("crop=w=100:h=100:x=4:y=2,sepia", .sameAsSource),
        ] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            XCTAssertEqual(try renderer.summary(for: node, output: output).dispatchesPerFrame, 1, text)
            XCTAssertEqual(try node.makeFrame(on: renderer, output: output).width, 100, text)
        }
    }

    /// A vertical flip, alone or among crops on the chroma grid, written to
    /// the source's layout, takes no pass either, as FFmpeg's vflip: the
    /// planes are read from their last row up (a negative stride). Each
    /// plane is the source's rows of the rectangle, reversed, with the
    /// chroma of an odd height flipped over its own rows as FFmpeg does.
    /// The frame goes on into a pass (sepia over the flipped view) as the
    /// flip with a pass of its own does, and packs the same bytes.
    func testVerticalFlipsNeedNoPass() throws {
        let renderer = try Fixtures.renderer()
        let chains: [(text: String, x: Int, y: Int, width: Int, height: Int)] = [
            ("flip=direction=vertical", 0, 0, 320, 240),
            ("crop=w=150:h=101:x=20:y=10,flip=direction=vertical,crop=w=146:h=99:x=4:y=2", 24, 10, 146, 99),
            ("flip=direction=vertical,crop=w=100:h=52:x=2:y=6,flip=direction=vertical", 2, 182, 100, 52),
        ]
        for layout in [PixelLayout.yuv420p, .nv12, .yuv422p10, .yuva444p10, .rgba8, .gray16] {
            let frame = try Fixtures.frame(layout)
            for chain in chains {
                let what = "\(layout) \(chain.text)"
                let node = ImageNode(frame).applying(try FilterChain(parsing: chain.text))
                XCTAssertEqual(try renderer.summary(for: node).dispatchesPerFrame, 0, what)
                let before = renderer.statistics.dispatches
                let flipped = try node.makeFrame(on: renderer)
                XCTAssertEqual(renderer.statistics.dispatches, before, "\(what): no dispatch")
                XCTAssertEqual([flipped.width, flipped.height], [chain.width, chain.height], what)
                let shift = layout.chromaShift
                let reversed = chain.text.split(separator: ",").filter { $0.hasPrefix("flip") }.count % 2 == 1
                for plane in 0..<layout.planeCount {
                    let subsampled =
                        (plane == 1 || plane == 2) && layout.planeSize(plane, width: 2, height: 2).width < 2
                    let (x, y) = subsampled ? (chain.x >> shift.x, chain.y >> shift.y) : (chain.x, chain.y)
                    let columnBytes =
                        layout.minimumBytesPerRow(plane, width: 2) / layout.planeSize(plane, width: 2, height: 1).width
                    let rowBytes = layout.minimumBytesPerRow(plane, width: frame.width)
                    let size = layout.planeSize(plane, width: chain.width, height: chain.height)
                    let source = frame.packedBytes(plane: plane)
                    var rows: [[UInt8]] = (0..<size.height).map { row in
                        let start = (y + row) * rowBytes + x * columnBytes
                        return Array(source[start..<(start + size.width * columnBytes)])
                    }
                    if reversed { rows.reverse() }
                    XCTAssertTrue(flipped.packedBytes(plane: plane) == rows.flatMap { $0 }, "\(what) plane \(plane)")
                }
            }
            // The flipped view feeds a pass as the frame it stands for.
            let viewed = try ImageNode(try ImageNode(frame).applying(.flip(.vertical)).makeFrame(on: renderer))
                .applying(.sepia()).makeFrame(on: renderer)
            let passed = try ImageNode(frame).applying(try FilterChain(parsing: "flip=direction=vertical,sepia"))
                .makeFrame(on: renderer)
            for plane in 0..<layout.planeCount {
                XCTAssertTrue(viewed.packedBytes(plane: plane) == passed.packedBytes(plane: plane), "\(layout) sepia")
            }
        }
        // An odd height that moves the rectangle off the chroma grid, and
        // a flip to another layout, take the pass.
        let frame = try Fixtures.frame(.yuv420p)
        for (text, output) in [
            ("crop=w=100:h=101:x=4:y=2,flip=direction=vertical,crop=w=100:h=100:x=0:y=0", RenderOutput.sameAsSource),
            ("flip=direction=vertical", .rgba8), ("flip=direction=both", .sameAsSource),
        ] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            XCTAssertGreaterThan(try renderer.summary(for: node, output: output).dispatchesPerFrame, 0, text)
        }
    }

    func testPadThatCannotHoldTheInputIsAClearError() throws {
        let frame = try Fixtures.frame(.rgba8)
        for (text, message) in [
            ("pad=w=100:h=300", "pad: the 100x300 canvas is smaller than the 320x240 input"),
            ("pad=w=400:h=300:x=90:y=0", "pad: the 320x240 input at 90,0 does not fit on the 400x300 canvas"),
        ] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            XCTAssertThrowsError(try node.makeFrame(on: try Fixtures.renderer()), text) { error in
                XCTAssertEqual("\(error)", message)
                guard case .invalidFilterSetup = error as? RenderError else {
                    return XCTFail("\(error) is not invalidFilterSetup")
                }
            }
        }
    }

    func testSwiftInitialisers() {
        XCTAssertEqual(
            Filter.resize(width: 10, height: 20, method: .lanczos).description, "resize=w=10:h=20:method=lanczos")
        XCTAssertEqual(Filter.rotate(degrees: 400).description, "rotate=angle=360")
        XCTAssertEqual(
            Filter.pad(width: 400, height: 300, color: [2, 0.5, 0]).description, "pad=w=400:h=300:color=1/0.5/0")
        XCTAssertEqual(Filter.transpose.description, "transpose")
        XCTAssertEqual(Filter.transpose(.clockFlip).description, "transpose=dir=clock_flip")
        XCTAssertEqual(try FilterChain(parsing: "transpose=2").filters, [Filter.transpose(.cclock)])
        // Numbers past the names are refused, as FFmpeg's 4...7 are (deprecated there).
        XCTAssertThrowsError(try FilterChain(parsing: "transpose=4"))
    }
}
