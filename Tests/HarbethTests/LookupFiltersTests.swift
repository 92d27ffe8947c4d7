import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

/// lut3d (.cube files) and lookup (Harbeth's lookup images) against the
/// numpy references, which parse and decode the files themselves.
final class LookupFiltersTests: XCTestCase {
    /// A renderer on the shared context whose loader decodes images.
    private static let imageRenderer = Result {
        Renderer(context: try GPUTestEnvironment.context(), options: .init(resources: FFmpegImageLoader()))
    }

    /// Writes a `.cube` file of `size` whose entry at (r, g, b) in 0...1 is
    /// `function`, with `header` lines before the table.
    static func writeCube(
        _ name: String, size: Int, header: [String] = [], lineEnd: String = "\n",
        _ function: (Double, Double, Double) -> (Double, Double, Double)
    ) throws -> String {
        var lines = header + ["LUT_3D_SIZE \(size)"]
        let step = 1 / Double(size - 1)
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    let (r, g, b) = function(Double(red) * step, Double(green) * step, Double(blue) * step)
                    lines.append("\(r) \(g) \(b)")
                }
            }
        }
        let path = TestMedia.directory + "/" + name
        try Data((lines.joined(separator: lineEnd) + lineEnd).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes a 512x512 lookup PNG (via ffmpeg) whose entry at the 64-steps
    /// (r, g, b) is `function`, rounded to 8 bits.
    static func writeLookupImage(_ name: String, _ function: (Double, Double, Double) -> (Double, Double, Double))
        throws -> String
    {
        var pixels = [UInt8](repeating: 255, count: 512 * 512 * 4)
        for blue in 0..<64 {
            for green in 0..<64 {
                for red in 0..<64 {
                    let (r, g, b) = function(Double(red) / 63, Double(green) / 63, Double(blue) / 63)
                    let x = (blue % 8) * 64 + red
                    let y = (blue / 8) * 64 + green
                    let at = (y * 512 + x) * 4
                    for (channel, value) in [r, g, b].enumerated() {
                        pixels[at + channel] = UInt8((min(max(value, 0), 1) * 255).rounded())
                    }
                }
            }
        }
        let raw = TestMedia.directory + "/" + name + ".rgba"
        try Data(pixels).write(to: URL(fileURLWithPath: raw))
        let path = TestMedia.directory + "/" + name
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "512x512", "-i", raw, "-frames:v", "1",
                path,
            ])
        return path
    }

    /// A smooth, clearly non-identity grade.
    static func grade(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        (0.1 + 0.8 * g * g, (0.3 * r + 0.7 * b).squareRoot(), 1 - 0.6 * r + 0.2 * b * g)
    }

    func testCubeFilesOfSeveralSizes() throws {
        let identity = try Self.writeCube("identity.cube", size: 2) { ($0, $1, $2) }
        let graded = try Self.writeCube(
            "graded.cube", size: 17, header: ["# a test grade", "TITLE \"graded\"", ""], Self.grade)
        let wide = try Self.writeCube(
            "wide.cube", size: 9, header: ["DOMAIN_MIN -0.1 0 0.05", "DOMAIN_MAX 1.2 1 0.9"], lineEnd: "\r\n"
        ) { r, g, b in (1 - r, g * g, 0.5 + 0.5 * b) }
        let resolve = try Self.writeCube(
            "resolve.cube", size: 5, header: ["LUT_3D_INPUT_RANGE 0.0 1.5"]
        ) { r, g, b in (b, r, g) }
        for chain in [
            "lut3d=file=\(identity)", "lut3d=file=\(graded)", "lut3d=\(graded):0.5", "lut3d=\(graded):intensity=0",
            "lut3d=file=\(wide)", "lut3d=file=\(resolve)", "brightness=0.2,lut3d=file=\(graded),contrast=1.2",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testTheLargestCubeFile() throws {
        let largest = try Self.writeCube("largest.cube", size: 65, Self.grade)
        try assertMatchesReference("lut3d=file=\(largest):intensity=0.8", .pointwise)
    }

    func testLookupImages() throws {
        let renderer = try Self.imageRenderer.get()
        let identity = try Self.writeLookupImage("identity-lookup.png") { ($0, $1, $2) }
        let graded = try Self.writeLookupImage("graded-lookup.png", Self.grade)
        let cube = try Self.writeCube("identity-3.cube", size: 3) { ($0, $1, $2) }
        for chain in [
            "lookup=file=\(identity)", "lookup=file=\(graded)", "lookup=\(graded):0.3", "lookup=\(graded):0",
            "saturation=1.4,lookup=file=\(graded),lut3d=file=\(cube)",
        ] {
            try assertMatchesReference(chain, .pointwise, renderer: renderer)
        }
    }

    /// Writes an Autodesk `.3dl` of `size` with entries of `bits` bits
    /// (blue fastest), the shaper line first.
    static func write3DL(
        _ name: String, size: Int, bits: Int, _ function: (Double, Double, Double) -> (Double, Double, Double)
    ) throws -> String {
        let top = Double((1 << bits) - 1)
        var lines = ["# a test grade", (0..<size).map { String($0 * 1023 / (size - 1)) }.joined(separator: " ")]
        let step = 1 / Double(size - 1)
        for red in 0..<size {
            for green in 0..<size {
                for blue in 0..<size {
                    let (r, g, b) = function(Double(red) * step, Double(green) * step, Double(blue) * step)
                    lines.append(
                        [r, g, b].map { String(Int((min(max($0, 0), 1) * top).rounded())) }.joined(separator: " "))
                }
            }
        }
        let path = TestMedia.directory + "/" + name
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A Hald CLUT of `level` graded by an FFmpeg chain (haldclutsrc makes
    /// the identity).
    static func writeHald(_ name: String, level: Int, grade: String) throws -> String {
        let path = TestMedia.directory + "/" + name
        try TestMedia.run(
            "ffmpeg",
            ["-v", "error", "-y", "-f", "lavfi", "-i", "haldclutsrc=level=\(level)," + grade, "-frames:v", "1", path])
        return path
    }

    func testThreeDLAndHaldFiles() throws {
        let renderer = try Self.imageRenderer.get()
        let twelve = try Self.write3DL("graded.3dl", size: 17, bits: 12, Self.grade)
        let ten = try Self.write3DL("small.3dl", size: 9, bits: 10) { r, g, b in (b, 1 - g, r * r) }
        let hald = try Self.writeHald("graded-hald.png", level: 8, grade: "hue=h=40:s=1.3,eq=gamma=1.3,format=rgb24")
        let small = try Self.writeHald("small-hald.png", level: 4, grade: "negate,format=rgb24")
        for chain in [
            "lut3d=file=\(twelve)", "lut3d=file=\(ten):intensity=0.5", "hald_clut=file=\(hald)",
            "hald_clut=file=\(small):intensity=0.7", "contrast=1.3,hald_clut=\(hald),lut3d=\(twelve)",
        ] {
            try assertMatchesReference(chain, .pointwise, renderer: renderer)
        }
    }

    /// FFmpeg's own lut3d (.3dl) and haldclut on the same frame agree with
    /// ours: a second, independent reference (its 3dl scale is 1/4096 for
    /// 12 bits where ours is 1/4095, within the bound).
    func testThreeDLAndHaldAgreeWithFFmpeg() throws {
        let renderer = try Self.imageRenderer.get()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let input = TestMedia.directory + "/lut-frame.rgba"
        try Data(frame.packedBytes(plane: 0)).write(to: URL(fileURLWithPath: input))
        let raw = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(frame.width)x\(frame.height)"]
        let threeDL = try Self.write3DL("ffmpeg.3dl", size: 17, bits: 12, Self.grade)
        let hald = try Self.writeHald("ffmpeg-hald.png", level: 8, grade: "hue=h=-60,format=rgb24")
        for (ours, theirs, inputs) in [
            ("lut3d=file=\(threeDL)", "[0]lut3d=file=\(threeDL):interp=trilinear", [String]()),
            ("hald_clut=file=\(hald)", "[0][1]haldclut=interp=trilinear", ["-i", hald]),
        ] {
            let output = try ImageNode(frame).applying(FilterChain(parsing: ours)).makeFrame(on: renderer)
            let result = TestMedia.directory + "/lut-ffmpeg.rgba"
            try TestMedia.run(
                "ffmpeg",
                ["-v", "error", "-y"] + raw + ["-i", input] + inputs
                    + ["-filter_complex", theirs + ",format=rgba", "-frames:v", "1", "-f", "rawvideo", result])
            let expected = try [UInt8](Data(contentsOf: URL(fileURLWithPath: result)))
            let got = output.packedBytes(plane: 0)
            XCTAssertEqual(expected.count, got.count, ours)
            let worst =
                zip(expected, got).enumerated().filter { $0.offset % 4 != 3 }.map {
                    abs(Int($0.element.0) - Int($0.element.1))
                }.max() ?? 99
            XCTAssertLessThanOrEqual(worst, 2, "\(ours) against FFmpeg, in 8-bit steps")
        }
    }

    func testBadThreeDLAndHaldFilesAreClearErrors() throws {
        let renderer = try Self.imageRenderer.get()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let truncated = TestMedia.directory + "/truncated.3dl"
        try Data("0 512 1023\n0 0 0\n4095 4095 4095\n".utf8).write(to: URL(fileURLWithPath: truncated))
        let words = TestMedia.directory + "/words.3dl"
        try Data("0 1023\n0 0 zero\n".utf8).write(to: URL(fileURLWithPath: words))
        let square = TestMedia.directory + "/not-hald.png"
        try TestMedia.run(
            "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:size=100x100", "-frames:v", "1", square])
        for (chain, message) in [
            ("lut3d=file=\(truncated)", "a table of 3^3 = 27 entries, found 2"),
            ("lut3d=file=\(words)", "words.3dl:2: expected whole numbers"),
            ("hald_clut=file=\(square)", "side of L^3"), ("hald_clut", "name the file"),
        ] {
            XCTAssertThrowsError(
                try ImageNode(frame).applying(FilterChain(parsing: chain)).makeFrame(on: renderer), chain
            ) { error in
                XCTAssertTrue("\(error)".contains(message), "\(chain): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), "one line")
            }
        }
    }

    func testAnIdentityLookupImageLeavesTheFrameAlmostUnchanged() throws {
        // Independent of the reference: the identity table is the input to
        // within its 8-bit rounding and the interpolation between 64 steps.
        let renderer = try Self.imageRenderer.get()
        let identity = try Self.writeLookupImage("identity-lookup-2.png") { ($0, $1, $2) }
        let frame = try Fixtures.frame(.rgba8)
        let output = try ImageNode(frame).applying(try FilterChain(parsing: "lookup=file=\(identity)"))
            .makeFrame(on: renderer)
        let input = frame.packedBytes(plane: 0)
        let result = output.packedBytes(plane: 0)
        let worst = zip(input, result).map { abs(Int($0) - Int($1)) }.max()!
        XCTAssertLessThanOrEqual(worst, 2)
    }

    func testUnusableFilesAreClearErrors() throws {
        let frame = try Fixtures.frame(.rgba8)
        let broken = TestMedia.directory + "/broken.cube"
        try Data("LUT_3D_SIZE 2\n0 0 0\n1 0 x\n".utf8).write(to: URL(fileURLWithPath: broken))
        let small = TestMedia.directory + "/small.png"
        try TestMedia.run(
            "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:size=64x64", "-frames:v", "1", small])
        let cases: [(chain: String, renderer: Renderer, message: String)] = [
            (
                "lut3d=file=\(broken)", try Fixtures.renderer(),
                "lut3d: \(broken):3: 'x' is not a finite number (in a table entry)"
            ),
            ("lut3d=file=/nonexistent/a.cube", try Fixtures.renderer(), "lut3d: cannot read /nonexistent/a.cube"),
            ("lut3d", try Fixtures.renderer(), "lut3d: name the file, as in lut3d=file=look.cube"),
            (
                "lookup=file=\(small)", try Self.imageRenderer.get(),
                "lookup: \(small): a lookup image is 512x512 (8x8 tiles of 64x64), not 64x64"
            ),
            (
                "lookup=file=\(small)", try Fixtures.renderer(),
                "lookup: cannot decode the image \(small): no image decoder is available here"
            ),
        ]
        for (chain, renderer, message) in cases {
            let node = ImageNode(frame).applying(try FilterChain(parsing: chain))
            XCTAssertThrowsError(try node.makeFrame(on: renderer), chain) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    func testTextFormRoundTrip() throws {
        for text in [
            "lut3d=file=/luts/film.cube:intensity=0.5", "lookup=file=/luts/amatorka.png", "lut3d=file='a:b.cube'",
        ] {
            let chain = try FilterChain(parsing: text)
            XCTAssertEqual(chain.description, text)
            XCTAssertEqual(try FilterChain(parsing: chain.description), chain)
        }
        XCTAssertEqual(Filter.lut3d(file: "x.cube", intensity: 4).description, "lut3d=file=x.cube")
        XCTAssertEqual(Filter.lookup(file: "x.png", intensity: 0.5).description, "lookup=file=x.png:intensity=0.5")
    }
}
