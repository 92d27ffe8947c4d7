import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

/// The graph's YUV -> RGB conversion against the FFmpeg CLI's own
/// conversion of the same decoded frames to rgb24.
final class ColorConversionTests: XCTestCase {
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
                XCTAssertLessThanOrEqual(worst, 20 << (layout.bitDepth - 8), "\(layout) plane \(plane)")
            }
        }
    }

    /// 16-bit RGBA and 10-bit alpha come through a render whole: an empty
    /// chain gives back the samples (16 bits are exact through float math),
    /// and the alpha plane is what it was.
    func testSixteenBitRGBAAndAlphaSurvive() throws {
        let renderer = try Fixtures.renderer()
        let deep = try Fixtures.frame(.rgba16)
        let same = try ImageNode(deep).makeFrame(on: renderer)
        XCTAssertEqual(same.layout, .rgba16)
        XCTAssertTrue(same.packedBytes(plane: 0) == deep.packedBytes(plane: 0), "16-bit RGBA round trips exactly")
        // Down to 8 bits: each sample is the 16-bit one over 257, rounded.
        let samples = deep.packedBytes(plane: 0)
        let shallow = try ImageNode(deep).makeFrame(on: renderer, output: .rgba8).packedBytes(plane: 0)
        XCTAssertEqual(shallow.count * 2, samples.count)
        var worst = 0.0
        for index in 0..<shallow.count {
            let sixteen = Double(Int(samples[index * 2]) | Int(samples[index * 2 + 1]) << 8)
            worst = max(worst, abs(Double(shallow[index]) - sixteen / 257))
        }
        XCTAssertLessThanOrEqual(worst, 0.51)

        // An alpha ramp (a = 3x in 10-bit codes), kept through yuva444p10 and into RGBA.
        let alpha = try Fixtures.frame(
            .yuva444p10, filters: "format=yuva444p10le,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='3*X'")
        let kept = try ImageNode(alpha).makeFrame(on: renderer)
        XCTAssertTrue(kept.packedBytes(plane: 3) == alpha.packedBytes(plane: 3), "the alpha plane round trips")
        let rgba = try ImageNode(alpha).makeFrame(on: renderer, output: .rgba8).packedBytes(plane: 0)
        let plane = alpha.packedBytes(plane: 3)
        var alphaWorst = 0.0
        for pixel in 0..<(alpha.width * alpha.height) {
            let code = Double(Int(plane[pixel * 2]) | Int(plane[pixel * 2 + 1]) << 8)
            alphaWorst = max(alphaWorst, abs(Double(rgba[pixel * 4 + 3]) - code / 1023 * 255))
        }
        XCTAssertLessThanOrEqual(alphaWorst, 0.51)
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }
}
