import Harbeth
import HarbethTestSupport
import XCTest

/// `deinterlace` against FFmpeg's bwdif (and yadif, `method=yadif`) on the same decoded frames of an
/// interlaced clip (testsrc2 woven by tinterlace, so every field moves):
/// each output field made from the window of three frames and rendered
/// back to the clip's layout must equal bwdif's output rendered the same
/// way (an identity render: both pass the same RGB conversion, which
/// clamps colours outside RGB) within one code value and at >= 50 dB.
/// Measured: identical in all six cases (infinite PSNR).
final class DeinterlaceTests: XCTestCase {
    private static let width = 160
    private static let height = 120
    private static let frameCount = 5

    /// A woven clip: each frame's top field from one picture, its bottom
    /// field from the next, in a lossless file so FFmpeg and we read the
    /// same frames.
    private static func clip() throws -> String {
        try TestMedia.clip(
            "woven-\(width)x\(height).mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=50:duration=\(Double(frameCount) / 25)",
                "-vf", "tinterlace=mode=interleave_top,setfield=tff", "-c:v", "ffv1", "-pix_fmt", "yuv444p",
            ])
    }

    private static func frames(_ format: String, filters: String? = nil) throws -> [UInt8] {
        [UInt8](
            try TestMedia.run(
                "ffmpeg",
                ["-hide_banner", "-loglevel", "error", "-i", try clip()] + (filters.map { ["-vf", $0] } ?? [])
                    + ["-f", "rawvideo", "-pix_fmt", format, "-"]))
    }

    private func split(_ bytes: [UInt8], layout: PixelLayout) throws -> [VideoFrame] {
        let size = (0..<layout.planeCount).reduce(0) {
            $0 + layout.minimumBytesPerRow($1, width: Self.width)
                * layout.planeSize($1, width: Self.width, height: Self.height).height
        }
        XCTAssertEqual(bytes.count % size, 0)
        return try stride(from: 0, to: bytes.count, by: size).map {
            try Fixtures.frame(
                bytes: Array(bytes[$0..<($0 + size)]), layout: layout, width: Self.width, height: Self.height)
        }
    }

    /// Ours for every output bwdif makes with `options`, compared plane by plane.
    private func assertMatchesBwdif(
        _ layout: PixelLayout, fieldRate: Bool, topFieldFirst: Bool, yadif: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let name = Fixtures.ffmpegName(layout)
        let parity = topFieldFirst ? "tff" : "bff"
        let decoded = try split(try Self.frames(name), layout: layout)
        XCTAssertEqual(decoded.count, Self.frameCount, file: file, line: line)
        let mode = fieldRate ? "send_field" : "send_frame"
        let reference = try split(
            try Self.frames(name, filters: "format=\(name),\(yadif ? "yadif" : "bwdif")=mode=\(mode):parity=\(parity)"),
            layout: layout)
        let perFrame = fieldRate ? 2 : 1
        XCTAssertEqual(reference.count, decoded.count * perFrame, file: file, line: line)
        let renderer = try Fixtures.renderer()
        let filter = Filter.deinterlace(fieldRate: fieldRate, topFieldFirst: topFieldFirst, yadif: yadif)
        var worst = 0
        var squared = 0.0
        var samples = 0
        for (output, expected) in reference.enumerated() {
            let index = output / perFrame
            let second = output % perFrame == 1
            // bwdif makes the run's first field, and at the field rate its
            // last, from the field alone.
            let window = FieldWindow(
                topFieldFirst: true, isSecondField: second,
                spatialOnly: output == 0 || (fieldRate && output == reference.count - 1))
            let node = try ImageNode.deinterlacing(
                decoded[index], previous: index > 0 ? decoded[index - 1] : nil,
                next: index + 1 < decoded.count ? decoded[index + 1] : nil, window: window, filter: filter)
            let ours = try node.makeFrame(on: renderer, output: .layout(layout))
            let converted = try ImageNode(expected).makeFrame(on: renderer, output: .layout(layout))
            for plane in 0..<layout.planeCount {
                let a = Self.samples(ours, plane: plane)
                let b = Self.samples(converted, plane: plane)
                for (x, y) in zip(a, b) {
                    worst = max(worst, abs(x - y))
                    squared += Double((x - y) * (x - y))
                }
                samples += a.count
            }
        }
        let peak = Double((1 << layout.bitDepth) - 1)
        let psnr = squared == 0 ? Double.infinity : 10 * log10(peak * peak / (squared / Double(samples)))
        XCTAssertLessThanOrEqual(worst, 1, "\(layout) \(parity) \(mode): \(psnr) dB", file: file, line: line)
        XCTAssertGreaterThanOrEqual(psnr, 50, "\(layout) \(parity) \(mode)", file: file, line: line)
    }

    private static func samples(_ frame: VideoFrame, plane: Int) -> [Int] {
        let bytes = frame.packedBytes(plane: plane)
        guard frame.layout.bytesPerSample == 2 else { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
    }

    func testFieldRateFromFourTwoZeroMatchesBwdif() throws {
        try assertMatchesBwdif(.yuv420p, fieldRate: true, topFieldFirst: true)
    }

    func testFrameRateBottomFieldFirstMatchesBwdif() throws {
        try assertMatchesBwdif(.yuv420p, fieldRate: false, topFieldFirst: false)
    }

    func testTenBitFourTwoTwoMatchesBwdif() throws {
        try assertMatchesBwdif(.yuv422p10, fieldRate: true, topFieldFirst: true)
    }

    func testRGBAMatchesBwdifOnEachChannel() throws {
        try assertMatchesBwdif(.rgba8, fieldRate: false, topFieldFirst: true)
    }

    func testYadifMatchesFFmpegsAtBothRatesAndDepths() throws {
        try assertMatchesBwdif(.yuv420p, fieldRate: true, topFieldFirst: true, yadif: true)
        try assertMatchesBwdif(.yuv444p10, fieldRate: false, topFieldFirst: false, yadif: true)
    }

    func testWithoutItsNeighboursOrOnAnOddFourTwoZeroFrameItIsOneClearError() throws {
        let frame = try Fixtures.frame(.yuv420p)
        XCTAssertThrowsError(try ImageNode(frame).applying(.deinterlace()).makeFrame(on: Fixtures.renderer())) {
            XCTAssertEqual(
                "\($0)",
                "deinterlace: it needs the previous and next frames: build the node with ImageNode.deinterlacing")
        }
        let odd = try VideoFrame(
            width: 4, height: 5, layout: .yuv420p,
            planeBytes: [
                [UInt8](repeating: 16, count: 20), [0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0],
            ])
        XCTAssertThrowsError(try ImageNode.deinterlacing(odd, previous: nil, next: nil, window: FieldWindow())) {
            XCTAssertTrue("\($0)".contains("a yuv420p frame of odd height (5) has a chroma row shared by two fields"))
        }
        XCTAssertThrowsError(
            try ImageNode.deinterlacing(frame, previous: odd, next: nil, window: FieldWindow())
        ) { XCTAssertTrue("\($0)".contains("differ in size or layout"), "\($0)") }
        XCTAssertEqual(
            Filter.deinterlace(fieldRate: true, topFieldFirst: false).description,
            "deinterlace=mode=send_field:parity=bff")
        XCTAssertEqual(Filter.deinterlace(onlyInterlaced: true).description, "deinterlace=deint=interlaced")
    }
}
