import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's convolution (`convolution='0 -1 0 -1 5 -1 0 -1 0'`, `0m=...:1m=...`,
/// `0bias`, `0mode=row`) is convolution_planes, FFmpeg 5.1's own: a matrix
/// per plane, square (3x3 to 7x7), row or column, mirrored at the edges
/// (the right and bottom ones as FFmpeg 5.1 does: with the edge sample
/// repeated for a 3x3 square only),
/// whole-number sums divided by the matrix's sum in float and cut, run on
/// the planes for planar YUV and grey, so every frame is FFmpeg's exactly
/// (each frame's MD5): 4:2:0 even and odd, 4:2:2 10 bits, alpha, grey; on
/// RGB video FFmpeg's on planar RGB. FFmpeg 5.1 divides by the matrix's
/// sum whatever rdiv says: an rdiv other than that is refused, as is a
/// matrix its mode cannot take. Catalog `convolution=kernel=...` is
/// Harbeth's. Before, FFmpeg's syntax failed with "expected list".
final class ConvolutionCLITests: XCTestCase {
    private let recipes = [
        "convolution=0 -1 0 -1 5 -1 0 -1 0:0 -1 0 -1 5 -1 0 -1 0:0 -1 0 -1 5 -1 0 -1 0:0 -1 0 -1 5 -1 0 -1 0",
        "convolution=0m='1 1 1 1 1 1 1 1 1':0rdiv=1/9:1m='-1 -1 -1 -1 8 -1 -1 -1 -1':1bias=128",
        "convolution=0m='1 4 6 4 1 4 16 24 16 4 6 24 36 24 6 4 16 24 16 4 1 4 6 4 1':2m='1 2 3 2 1':2mode=column",
        "convolution=1m='" + Array(repeating: "1", count: 49).joined(separator: " ") + "':2m='1 2 1':2mode=column",
        "convolution=0m='1 2 1':0mode=row:3m='0 1 0 1 -4 1 0 1 0':3bias=20",
    ]

    func testFFmpegsConvolutionOnThePlanesIsFFmpegsExactly() throws {
        let inputs = try Clips.planeLayouts("convolution")
        let folder = try Clips.folder(with: inputs.paths)
        try FFmpegParity.assertExactlyFFmpegs(
            recipes,
            inputs: inputs.names,
            in: folder, plan: "on the planes")
    }

    func testFFmpegsConvolutionOnRGBIsFFmpegsExactly() throws {
        let rgb = try Clips.testPattern("convolution-gbrp.mkv", size: "100x70", format: "gbrp")
        let folder = try Clips.folder(with: [rgb])
        // FFV1 keeps RGB at 8 bits as bgr0 only (FFmpeg would pick gbrp9).
        try FFmpegParity.assertExactlyFFmpegs(
            recipes.dropLast().map { $0 + ",format=bgr0" }, inputs: ["convolution-gbrp.mkv"], in: folder)
    }

    func testFFmpegsLimitsAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "convolution=0m='1 1 1 1 1 1 1 1 1':0rdiv=1", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'convolution=0m='1 1 1 1 1 1 1 1 1':0rdiv=1': convolution 0rdiv='1' is invalid at column"
                + " 42; expected 0 or 1/9: FFmpeg 5.1 divides by the matrix's sum whatever rdiv says")
        try Tool.assertUsageError(
            ["-vf", "convolution=0m='1 1 1 1'", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'convolution=0m='1 1 1 1'': convolution 0m='1 1 1 1' is invalid at column 16; expected 9,"
                + " 25 or 49 numbers for a square")
    }
}
