import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's colortemperature (`temperature`, `mix`, `pl`, by name or in
/// that order) is color_temperature, FFmpeg 5.1's model: each channel
/// scaled by the colour of a black body at that temperature (Tanner
/// Helland's fit), mixed with the input by `mix`, and by `pl` scaled back
/// to the input's max + min. On RGB input every sample is within one code
/// of FFmpeg's: FFmpeg truncates to 8 bits where we round. Catalog
/// `temperature` (Harbeth's) is another filter. Before, colortemperature
/// was an unknown filter (`did you mean 'temperature'?`).
final class ColorTemperatureCLITests: XCTestCase {
    func testFFmpegsColorTemperatureOnRGBIsWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("temperature-rgb.mkv", size: "160x120", format: "bgr0")
        ])
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(
            [
                "colortemperature=3000", "colortemperature=temperature=9000:mix=0.7",
                "colortemperature=4500:pl=0.6", "colortemperature=20000:0.5:1",
            ],
            inputs: ["temperature-rgb.mkv"], in: folder, fraction: 0.7)
    }

    func testFFmpegsLimitsAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "colortemperature=500", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'colortemperature=500': colortemperature temperature='500' is invalid at column 18;"
                + " expected a number 1000...40000")
    }
}
