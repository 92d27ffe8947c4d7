import Harbeth
import HarbethTestSupport
import XCTest

/// Folded colour maths: a run of affine colour filters is one map, and a
/// chain of only such filters on YUV planes never leaves YUV. Held to the
/// unfolded plan (every filter its own pass, float intermediates) on real
/// decoded frames within 1/1023, and, on the planes, to the filters'
/// formulas worked out here in double precision.
final class ColorFoldTests: XCTestCase {
    /// Every affine filter, with values away from its defaults.
    private static let affine = [
        "brightness=0.08", "contrast=1.3", "saturation=1.4", "exposure=0.4", "sepia=0.6", "hue=40",
        "color_matrix=matrix=0.9/0.1/0/0/0.05/0.8/0.1/0.2/0/0.2/0.7/0/0/0/0/1:offset=0.02/0/-0.03/0:intensity=0.7",
        "channel_mixer=r=0.8/0.2/0/0.03:g=0.1/0.9/0/0:b=0/0.3/0.6/-0.02", "invert",
        "color_rgba=color=1.2/0.9/0.7:intensity=0.6", "opacity=0.5",
    ]

    private let unfolded = Result {
        Renderer(
            context: try GPUTestEnvironment.context(), options: Renderer.Options(fusion: false, precision: .float))
    }

    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    /// Each affine filter folded with another is its own shader's map: a
    /// pass with one folded stage, 16-bit RGBA within 1/1023 of every
    /// filter in its own pass.
    func testEachAffineFilterFoldsToWhatItsShaderComputes() throws {
        let frame = try Fixtures.frame(.yuv420p)
        for text in Self.affine {
            let chain = try FilterChain(parsing: text + ",brightness=-0.02,gamma=1.1")
            let node = ImageNode(frame).applying(chain)
            let name = try FilterChain(parsing: text).filters[0].name
            XCTAssertEqual(
                try Fixtures.renderer().summary(for: node, output: .layout(.rgba16)).passes,
                ["yuv->rgb+fold(\(name),brightness)+gamma"], text)
            let folded = try node.makeFrame(on: Fixtures.renderer(), output: .layout(.rgba16))
            let reference = try node.makeFrame(on: unfolded.get(), output: .layout(.rgba16))
            let worst =
                zip(Self.shorts(folded, plane: 0), Self.shorts(reference, plane: 0))
                .map { abs($0 - $1) }.max() ?? .max
            XCTAssertLessThanOrEqual(worst, 65535 / 1023, text)
        }
    }

    /// A chain of only affine filters on planar YUV written back in its
    /// own layout is one pass on the code values. A map that can leave the
    /// RGB cube clips each pixel's colour to it, as the RGB path does: every
    /// sample is the filters' formulas within one code, and the unfolded
    /// plan's. One that keeps the cube inside itself is a matrix on the
    /// codes: the formulas unclipped within one code, and the unfolded
    /// plan's wherever that plan did not clip.
    func testAChainOfOnlyAffineFiltersStaysOnThePlanes() throws {
        let hue = 30 * Double.pi / 180
        let chains: [(text: String, clips: Bool, filters: ([Double]) -> [Double])] = [
            (
                "brightness=0.02,contrast=0.9,saturation=0.8,hue=30", true,
                { rgb in
                    var rgb = rgb.map { 0.5 + ($0 + 0.02 - 0.5) * 0.9 }
                    let l = 0.2125 * rgb[0] + 0.7154 * rgb[1] + 0.0721 * rgb[2]
                    rgb = rgb.map { l + ($0 - l) * 0.8 }
                    let y = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
                    let i = 0.595716 * rgb[0] - 0.274453 * rgb[1] - 0.321263 * rgb[2]
                    let q = 0.211456 * rgb[0] - 0.522591 * rgb[1] + 0.31135 * rgb[2]
                    let i2 = i * cos(hue) + q * sin(hue)
                    let q2 = q * cos(hue) - i * sin(hue)
                    return [
                        y + 0.9563 * i2 + 0.6210 * q2, y - 0.2721 * i2 - 0.6474 * q2, y - 1.1070 * i2 + 1.7046 * q2,
                    ]
                }
            ),
            (
                "contrast=0.9,saturation=0.8", false,
                { rgb in
                    let contrasted = rgb.map { 0.5 + ($0 - 0.5) * 0.9 }
                    let l = 0.2125 * contrasted[0] + 0.7154 * contrasted[1] + 0.0721 * contrasted[2]
                    return contrasted.map { l + ($0 - l) * 0.8 }
                }
            ),
        ]
        for (text, clips, filters) in chains {
            let chain = try FilterChain(parsing: text)
            let names = chain.filters.map(\.name).joined(separator: ",")
            for layout in Self.foldedLayouts {
                let frame = try Fixtures.frame(layout)
                let node = ImageNode(frame).applying(chain)
                XCTAssertEqual(
                    try Fixtures.renderer().summary(for: node).passes, ["fold(\(names)) on the planes"], "\(layout)")
                let folded = try node.makeFrame(on: Fixtures.renderer())
                let unfoldedFrame = try node.makeFrame(on: unfolded.get())
                let reference = Reference(frame: frame, layout: layout, filters: filters, clips: clips)
                var compared = 0
                var total = 0
                for (plane, expected) in reference.planes.enumerated() {
                    let ours = Self.samples(folded, layout: layout, plane: plane)
                    let theirs = Self.samples(unfoldedFrame, layout: layout, plane: plane)
                    XCTAssertEqual(ours.count, expected.count, "\(layout) plane \(plane)")
                    for index in expected.indices {
                        let sample = expected[index]
                        XCTAssertLessThanOrEqual(
                            abs(ours[index] - Int(sample.value.rounded())), 1,
                            "\(text) \(layout) plane \(plane) sample \(index): \(ours[index]) against \(sample.value)")
                        total += 1
                        if clips || sample.insideRGB {
                            compared += 1
                            XCTAssertLessThanOrEqual(
                                abs(ours[index] - theirs[index]), 1, "\(text) \(layout) plane \(plane) sample \(index)")
                        }
                    }
                }
                XCTAssertGreaterThan(compared, total / 4, "\(layout): a good part of the colours stays inside RGB")
            }
        }
    }

    /// A vignette at the end of the chain joins the fold on the planes: each
    /// pixel's colour is mixed towards the tone by its place before it is
    /// coded back (chroma from the mean of its pixels), as the unfolded
    /// plan does; every sample within one code of it.
    func testAVignetteEndingTheChainFoldsOntoThePlanes() throws {
        let chains = [
            "contrast=1.1,vignette", "sepia,vignette=center=0.3/0.6:start=0.1:end=0.5:color=0.2/0.1/0.5",
            "brightness=0.05,saturation=1.3,vignette=start=0.4:end=0.4",
        ]
        for text in chains {
            let chain = try FilterChain(parsing: text)
            let names = chain.filters.map(\.name).joined(separator: ",")
            for layout in Self.foldedLayouts {
                let node = ImageNode(try Fixtures.frame(layout)).applying(chain)
                XCTAssertEqual(
                    try Fixtures.renderer().summary(for: node).passes, ["fold(\(names)) on the planes"], "\(layout)")
                let folded = try node.makeFrame(on: Fixtures.renderer())
                let reference = try node.makeFrame(on: unfolded.get())
                for plane in 0..<3 {
                    let ours = Self.samples(folded, layout: layout, plane: plane)
                    let theirs = Self.samples(reference, layout: layout, plane: plane)
                    let off = zip(ours, theirs).filter { abs($0 - $1) > 1 }.count
                    XCTAssertEqual(off, 0, "\(text) \(layout) plane \(plane): samples more than one code off")
                }
            }
        }
        // Not last, it keeps the RGB path.
        let node = ImageNode(try Fixtures.frame(.yuv420p)).applying(try FilterChain(parsing: "vignette,contrast=1.1"))
        XCTAssertFalse(try Fixtures.renderer().summary(for: node).passes.joined().contains("on the planes"))
    }

    /// A brightness animated to 0 is the identity on the planes: every
    /// code value comes back as it was (the RGB round trip clips colours
    /// outside RGB). It keeps its pass: the plan may not change with time.
    func testTheIdentityFoldKeepsEveryCodeValue() throws {
        for layout in [PixelLayout.yuv420p, .yuv420p10, .yuv422p10, .yuv444p12] {
            let frame = try Fixtures.frame(layout)
            let node = ImageNode(frame).applying(try FilterChain(parsing: "brightness='0*t'"))
            XCTAssertEqual(try Fixtures.renderer().summary(for: node).passes, ["fold(brightness) on the planes"])
            let output = try node.makeFrame(on: Fixtures.renderer())
            for plane in 0..<3 {
                XCTAssertEqual(output.packedBytes(plane: plane), frame.packedBytes(plane: plane), "\(layout) \(plane)")
            }
        }
    }

    /// A colour filter whose constant values change nothing needs no pass,
    /// as FFmpeg's eq copies the frame at its defaults: alone, beside
    /// crops and flips (which need none either), or leading a longer chain.
    /// Each such output is the source's code values exactly. An animated
    /// one keeps its pass even at a frame where it is the identity, and
    /// `hue=0`, whose YIQ constants move colours a little, keeps its.
    func testAColorFilterThatChangesNothingIsNoPass() throws {
        let renderer = try Fixtures.renderer()
        func passes(_ text: String, _ frame: VideoFrame) throws -> [String] {
            try renderer.summary(for: ImageNode(frame).applying(try FilterChain(parsing: text))).passes
        }
        for layout in [PixelLayout.yuv420p, .yuv444p10, .rgba8] {
            let frame = try Fixtures.frame(layout)
            for text in [
                "brightness=0", "contrast=1,saturation=1", "exposure=0,sepia=intensity=0,color_matrix=intensity=0",
            ] {
                XCTAssertEqual(try passes(text, frame), [], "\(text) \(layout)")
                let output = try ImageNode(frame).applying(try FilterChain(parsing: text)).makeFrame(on: renderer)
                for plane in frame.planes.indices {
                    XCTAssertTrue(
                        output.packedBytes(plane: plane) == frame.packedBytes(plane: plane),
                        "\(text) \(layout) \(plane)")
                }
            }
            let cropped = try ImageNode(frame).applying(try FilterChain(parsing: "crop=w=64:h=32:x=16:y=8"))
                .makeFrame(on: renderer)
            let viewed = try ImageNode(frame)
                .applying(
                    try FilterChain(
                        parsing: "brightness=0,crop=w=64:h=32:x=16:y=8,flip=direction=vertical,flip=direction=vertical")
                )
            XCTAssertEqual(try renderer.summary(for: viewed).passes, [], "\(layout)")
            let output = try viewed.makeFrame(on: renderer)
            for plane in frame.planes.indices {
                XCTAssertTrue(
                    output.packedBytes(plane: plane) == cropped.packedBytes(plane: plane), "\(layout) \(plane)")
            }
            XCTAssertEqual(
                try passes("contrast=1,gaussian_blur=sigma=2", frame), try passes("gaussian_blur=sigma=2", frame),
                "\(layout)")
            XCTAssertEqual(try passes("brightness='0*t'", frame).count, 1, "\(layout)")
            XCTAssertEqual(try passes("hue=0", frame).count, 1, "\(layout)")
        }
    }

    /// An animated value changes the map, not the plan: each frame is what
    /// the chain with that frame's constant makes.
    func testAnAnimatedFoldKeepsItsPlan() throws {
        let context = try GPUTestEnvironment.context()
        let renderer = Renderer(context: context)
        let frame = try Fixtures.frame(.yuv420p)
        let animated = try FilterChain(parsing: "brightness='0.1*t',saturation=1.2")
        for (index, seconds) in [0.0, 0.5, 1.5].enumerated() {
            let moving = try ImageNode(frame, chain: animated, time: FrameTime(index: index, seconds: seconds))
                .makeFrame(on: renderer)
            let constant = try ImageNode(frame)
                .applying(try FilterChain(parsing: "brightness=\(0.1 * seconds),saturation=1.2"))
                .makeFrame(on: Fixtures.renderer())
            for plane in 0..<3 {
                XCTAssertEqual(moving.packedBytes(plane: plane), constant.packedBytes(plane: plane), "t=\(seconds)")
            }
        }
        XCTAssertEqual(renderer.statistics.plansCompiled, 1)
    }

    /// The layouts a fold runs on: 8-bit 4:2:0, 4:2:2, 4:4:4 and NV12;
    /// 10-bit 4:2:0, 4:2:2, 4:4:4; 12-bit 4:4:4.
    static let foldedLayouts: [PixelLayout] = [
        .yuv420p, .yuv422p, .yuv444p, .nv12, .yuv420p10, .yuv422p10, .yuv444p10, .yuv444p12,
    ]

    // MARK: References

    /// A chain of the planes test, in double precision from its formulas:
    /// BT.601 limited range (the untagged clip's), each pixel with the
    /// chroma sample that covers it, its colour clipped to 0...1 when
    /// `clips`; chroma from the mean of its pixels' colours.
    private struct Reference {
        struct Sample {
            let value: Double
            /// True when no colour it comes from left 0...1.
            let insideRGB: Bool
        }
        var planes: [[Sample]] = []

        init(frame: VideoFrame, layout: PixelLayout, filters: ([Double]) -> [Double], clips: Bool) {
            let depth = layout.bitDepth
            let (sx, sy) = (1 << layout.chromaShift.x, 1 << layout.chromaShift.y)
            let luma = ColorFoldTests.samples(frame, layout: layout, plane: 0)
            let cb = ColorFoldTests.samples(frame, layout: layout, plane: 1)
            let cr = ColorFoldTests.samples(frame, layout: layout, plane: 2)
            let (width, height) = (frame.width, frame.height)
            let chromaWidth = (width + sx - 1) / sx
            let chromaHeight = (height + sy - 1) / sy
            let step = Double(1 << (depth - 8))
            let maximum = Double((1 << depth) - 1)
            let (kr, kb) = (0.299, 0.114)
            let kg = 1 - kr - kb
            func filtered(_ x: Int, _ y: Int) -> [Double] {
                let c = (y / sy) * chromaWidth + x / sx
                let yp = (Double(luma[y * width + x]) / step - 16) / 219
                let pb = (Double(cb[c]) / step - 128) / 224
                let pr = (Double(cr[c]) / step - 128) / 224
                let r = yp + 2 * (1 - kr) * pr
                let b = yp + 2 * (1 - kb) * pb
                let rgb = filters([r, (yp - kr * r - kb * b) / kg, b])
                return clips ? rgb.map { min(max($0, 0), 1) } : rgb
            }
            func inside(_ rgb: [Double]) -> Bool { rgb.allSatisfy { $0 >= 0 && $0 <= 1 } }
            func clamped(_ value: Double) -> Double { min(max(value, 0), maximum) }
            func yOf(_ rgb: [Double]) -> Double { kr * rgb[0] + kg * rgb[1] + kb * rgb[2] }
            var lumaOut: [Sample] = []
            for y in 0..<height {
                for x in 0..<width {
                    let rgb = filtered(x, y)
                    lumaOut.append(Sample(value: clamped(step * (16 + 219 * yOf(rgb))), insideRGB: inside(rgb)))
                }
            }
            var cbOut: [Sample] = []
            var crOut: [Sample] = []
            for cy in 0..<chromaHeight {
                for cx in 0..<chromaWidth {
                    var mean = [0.0, 0.0, 0.0]
                    var allInside = true
                    for y in cy * sy..<(cy * sy + sy) {
                        for x in cx * sx..<(cx * sx + sx) {
                            let rgb = filtered(x, y)
                            allInside = allInside && inside(rgb)
                            for k in 0..<3 { mean[k] += rgb[k] / Double(sx * sy) }
                        }
                    }
                    let yp = yOf(mean)
                    cbOut.append(
                        Sample(
                            value: clamped(step * (128 + 224 * (mean[2] - yp) / (2 * (1 - kb)))), insideRGB: allInside))
                    crOut.append(
                        Sample(
                            value: clamped(step * (128 + 224 * (mean[0] - yp) / (2 * (1 - kr)))), insideRGB: allInside))
                }
            }
            planes = [lumaOut, cbOut, crOut]
        }
    }

    /// Plane `plane` (0 Y, 1 Cb, 2 Cr) as code values; NV12's chroma
    /// de-interleaved.
    fileprivate static func samples(_ frame: VideoFrame, layout: PixelLayout, plane: Int) -> [Int] {
        if layout == .nv12 && plane > 0 {
            let interleaved = frame.packedBytes(plane: 1)
            return stride(from: plane - 1, to: interleaved.count, by: 2).map { Int(interleaved[$0]) }
        }
        if layout.bitDepth > 8 { return shorts(frame, plane: plane) }
        return frame.packedBytes(plane: plane).map(Int.init)
    }

    /// Little-endian 16-bit samples of a plane.
    fileprivate static func shorts(_ frame: VideoFrame, plane: Int) -> [Int] {
        let bytes = frame.packedBytes(plane: plane)
        return stride(from: 0, to: bytes.count, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
    }
}
