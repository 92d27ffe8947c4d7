import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

/// The graph's YUV -> RGB conversion against the FFmpeg CLI's own
/// conversion of the same decoded frames to rgb24.
final class ColourConversionTests: XCTestCase {
    /// Converts raw planes with ffmpeg to rgb24. `neighbor` makes swscale
    /// take each pixel's chroma from the sample that covers it, as the graph
    /// does; that is already its default for planar 8-bit YUV, while for
    /// NV12 and 10-bit its default path interpolates chroma instead.
    private func ffmpegRGB(_ frame: VideoFrame, scale: String? = nil) throws -> [UInt8] {
        let raw = TestMedia.directory + "/\(UUID().uuidString).yuv"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        var bytes: [UInt8] = []
        for index in 0..<frame.layout.planeCount { bytes += frame.packedBytes(plane: index) }
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", Fixtures.ffmpegName(frame.layout),
            "-s", "\(frame.width)x\(frame.height)", "-i", raw, "-sws_flags", "neighbor",
        ]
        if let scale { arguments += ["-vf", scale] }
        arguments += ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        return [UInt8](try TestMedia.run("ffmpeg", arguments))
    }

    /// Largest difference and RMS difference in 8-bit code values.
    private func difference(_ ours: VideoFrame, _ theirs: [UInt8]) -> (worst: Int, rms: Double) {
        let bytes = ours.packedBytes(plane: 0)
        var worst = 0
        var squared = 0.0
        for pixel in 0..<(ours.width * ours.height) {
            for channel in 0..<3 {
                let delta = abs(Int(bytes[pixel * 4 + channel]) - Int(theirs[pixel * 3 + channel]))
                worst = max(worst, delta)
                squared += Double(delta * delta)
            }
        }
        return (worst, (squared / Double(ours.width * ours.height * 3)).squareRoot())
    }

    // Tolerance: FFmpeg converts in fixed point with its own rounding, we in
    // float; on real frames the two agree within 3 code values, and on
    // average within about one.
    private let worstAllowed = 3
    private let rmsAllowed = 1.5

    func testEveryAcceptedLayoutMatchesFFmpeg() throws {
        let renderer = try Fixtures.renderer()
        for layout in PixelLayout.allCases where layout.isYUV {
            let frame = try Fixtures.frame(layout)
            let ours = try ImageNode(frame).makeFrame(on: renderer, output: .rgba8)
            let (worst, rms) = difference(ours, try ffmpegRGB(frame))
            XCTAssertLessThanOrEqual(worst, worstAllowed, "\(layout)")
            XCTAssertLessThanOrEqual(rms, rmsAllowed, "\(layout)")
        }
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }

    func testMatricesAndRangesAreHonoured() throws {
        let renderer = try Fixtures.renderer()
        let cases: [(Colorimetry, String, String)] = [
            (
                Colorimetry(matrix: .bt709, range: .limited), "scale=out_color_matrix=bt709:out_range=tv",
                "scale=in_color_matrix=bt709:in_range=tv"
            ),
            (
                Colorimetry(matrix: .bt2020, range: .limited), "scale=out_color_matrix=bt2020:out_range=tv",
                "scale=in_color_matrix=bt2020:in_range=tv"
            ),
            (
                Colorimetry(matrix: .bt601, range: .full), "scale=out_color_matrix=bt601:out_range=pc",
                "scale=in_color_matrix=bt601:in_range=pc"
            ),
            (
                Colorimetry(matrix: .bt709, range: .full), "scale=out_color_matrix=bt709:out_range=pc",
                "scale=in_color_matrix=bt709:in_range=pc"
            ),
        ]
        for (colorimetry, encode, decode) in cases {
            let frame = try Fixtures.frame(.yuv444p, filters: encode, colorimetry: colorimetry)
            let ours = try ImageNode(frame).makeFrame(on: renderer, output: .rgba8)
            let (worst, rms) = difference(ours, try ffmpegRGB(frame, scale: decode))
            XCTAssertLessThanOrEqual(worst, worstAllowed, "\(colorimetry)")
            XCTAssertLessThanOrEqual(rms, rmsAllowed, "\(colorimetry)")
        }
    }

    func testUntaggedIsBT601LimitedAndTheOutputIsTagged() throws {
        let renderer = try Fixtures.renderer()
        let untagged = try Fixtures.frame(.yuv420p)
        XCTAssertNil(untagged.colorimetry)
        let output = try ImageNode(untagged).applying(.sepia()).makeFrame(on: renderer)
        XCTAssertEqual(output.colorimetry, Colorimetry(matrix: .bt601, range: .limited))
        let tagged = try Fixtures.frame(
            .yuv420p, filters: "scale=out_color_matrix=bt709:out_range=tv",
            colorimetry: Colorimetry(matrix: .bt709, range: .limited))
        XCTAssertEqual(try ImageNode(tagged).makeFrame(on: renderer).colorimetry, tagged.colorimetry)
    }

    func testAnEmptyChainRoundTripsYUV() throws {
        let renderer = try Fixtures.renderer()
        for layout in PixelLayout.allCases where layout.isYUV {
            // Softened so every pixel is inside the RGB gamut: out-of-gamut
            // YUV is clamped in RGB and cannot come back unchanged.
            let frame = try Fixtures.frame(layout, filters: "eq=saturation=0.6:contrast=0.8")
            let output = try ImageNode(frame).makeFrame(on: renderer)
            XCTAssertEqual(output.layout, layout)
            let sampleBytes = layout.bytesPerSample
            for plane in 0..<layout.planeCount {
                let a = frame.packedBytes(plane: plane)
                let b = output.packedBytes(plane: plane)
                XCTAssertEqual(a.count, b.count)
                var worst = 0
                for index in stride(from: 0, to: a.count, by: sampleBytes) {
                    let va = sampleBytes == 2 ? Int(a[index]) | Int(a[index + 1]) << 8 : Int(a[index])
                    let vb = sampleBytes == 2 ? Int(b[index]) | Int(b[index + 1]) << 8 : Int(b[index])
                    worst = max(worst, abs(va - vb))
                }
                // Tolerance: all but 0.5% of samples come back within one
                // code value; the rest are compression ringing at sharp edges
                // that leaves the RGB gamut even softened, and is clamped.
                var beyondOne = 0
                for index in stride(from: 0, to: a.count, by: sampleBytes) {
                    let va = sampleBytes == 2 ? Int(a[index]) | Int(a[index + 1]) << 8 : Int(a[index])
                    let vb = sampleBytes == 2 ? Int(b[index]) | Int(b[index + 1]) << 8 : Int(b[index])
                    if abs(va - vb) > 1 { beyondOne += 1 }
                }
                XCTAssertLessThanOrEqual(
                    Double(beyondOne) / Double(a.count / sampleBytes), 0.005, "\(layout) plane \(plane)")
                XCTAssertLessThanOrEqual(worst, layout == .yuv420p10 ? 80 : 20, "\(layout) plane \(plane)")
            }
        }
    }
}
