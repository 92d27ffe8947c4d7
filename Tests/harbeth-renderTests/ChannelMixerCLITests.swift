import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's colorchannelmixer (its sixteen weights by name or in order)
/// is channel_mixer's rows: the well-known sepia and grey recipes and
/// channel swaps give FFmpeg's frames within 38 dB as shown (measured 39.0
/// to 50.1 at the worst frame). Both mix RGB made from the YUV and convert
/// back, each with its own conversions, so the codes differ by a level or
/// two. The alpha weights,
/// which FFmpeg does not apply to video, and colour preservation are
/// refused in one line. Before, colorchannelmixer was an unknown filter.
final class ChannelMixerCLITests: XCTestCase {
    func testFFmpegsColorChannelMixerIsFFmpegsAsShown() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FFmpegParity.assertNearFFmpegs(
            [
                "colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131",
                "colorchannelmixer=.3:.4:.3:0:.3:.4:.3:0:.3:.4:.3",
                "colorchannelmixer=rr=0:rb=1:br=1:bb=0",
                "colorchannelmixer=gg=0.5:gb=0.5:pc=none:aa=1",
            ],
            inputs: ["cli-clip.mp4"], in: folder, minimum: 38, asShown: true)
        try Tool.assertUsageError(
            ["-vf", "colorchannelmixer=ra=0.5", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'colorchannelmixer=ra=0.5': colorchannelmixer ra='0.5' is invalid at column 22; expected 0:"
                + " video is mixed without its alpha, as in FFmpeg")
    }
}
