import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's nlmeans (`s`, `p`, `pc`, `r`, `rc`, by name or in that order)
/// is denoise, whose model is FFmpeg 5.1's: weights lighter than 1/255
/// (a patch distance past ln(255) h^2) count for nothing, and a research
/// offset whose partner lies outside the frame is skipped, not read from
/// the clamped edge. On 8-bit planar YUV with p and r up to the defaults
/// (denoise on the planes) every sample is within one code of FFmpeg's,
/// and nearly all are equal. Before, nlmeans was an unknown filter, and
/// denoise kept the light weights and the edge's partners: up to 13 codes
/// from FFmpeg's frames.
final class NlmeansCLITests: XCTestCase {
    private static func noisy() throws -> String {
        try TestMedia.clip(
            "nlmeans-noisy.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=25,noise=alls=20:allf=t+u", "-t", "0.2", "-c:v",
                "ffv1", "-pix_fmt", "yuv420p",
            ])
    }

    func testFFmpegsNlmeansIsWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [try Self.noisy()])
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(
            ["nlmeans=s=3:p=3:r=7", "nlmeans=s=5", "nlmeans=2:5:0:9", "nlmeans=s=8:p=5:pc=5:r=5:rc=5"],
            inputs: ["nlmeans-noisy.mkv"], in: folder, plan: "denoise on the planes", fraction: 0.002)
    }

    func testWhatFFmpegRefusesOrWeDoNotTakeIsOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "nlmeans=s=0.5", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'nlmeans=s=0.5': nlmeans s='0.5' is invalid at column 11; expected a number 1...30")
        try Tool.assertUsageError(
            ["-vf", "nlmeans=p=5:pc=3", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'nlmeans=p=5:pc=3': nlmeans pc='3' is invalid at column 16; expected 0 or p (5): one"
                + " patch size for every plane here")
    }
}
