import Foundation
import HarbethTestSupport
import XCTest

/// The mpv shaders in docs/examples/mpv against the reference
/// implementation on the same device: FFmpeg's libplacebo filter
/// (`custom_shader_path`, on lavapipe through `-init_hw_device vulkan`), on
/// the same 4:4:4 frames, compared as RGBA at PSNR >= 40 dB. Measured: the
/// LUMA sharpen 67 dB, the CHROMA saturation 61, the SAVE/BIND glow 95, the
/// compute pass 97, the 2x upscaler 94. Debian's libplacebo (4.208) predates `//!PARAM`, so its
/// copy of the sharpen has the parameter as a `#define` of the same value.
final class MpvShaderPeerTests: XCTestCase {
    private static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/examples/mpv")

    private static func clip() throws -> String {
        try TestMedia.clip(
            "mpv-peer-444.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=0.3", "-pix_fmt", "yuv444p", "-c:v",
                "ffv1", "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range",
                "tv",
            ])
    }

    private func compare(
        _ shader: String, peerShader: String? = nil, scale: Int = 1, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let folder = try Clips.folder(with: [try Self.clip()])
        let path = Self.examples.appendingPathComponent(shader).path
        let size = scale == 1 ? "" : ":w=\(160 * scale):h=\(120 * scale)"
        let run = try Tool.run(["--shader", path + size, "-o", "ours%02d.png", "mpv-peer-444.mkv"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        let peer = peerShader ?? path
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-init_hw_device", "vulkan=vk", "-filter_hw_device", "vk", "-i",
                folder.appendingPathComponent("mpv-peer-444.mkv").path, "-vf",
                "hwupload,libplacebo=w=iw*\(scale):h=ih*\(scale):custom_shader_path=\(peer):format=rgba:dithering=none,"
                    + "hwdownload,format=rgba",
                folder.appendingPathComponent("peer%02d.png").path,
            ])
        let log = String(
            decoding: try TestMedia.run(
                "sh",
                [
                    "-c",
                    "ffmpeg -hide_banner -i \"$0/ours%02d.png\" -i \"$0/peer%02d.png\" -lavfi '[0][1]psnr' -f null - 2>&1",
                    folder.path,
                ]),
            as: UTF8.self)
        let psnr = log.components(separatedBy: "average:").last.flatMap {
            $0.hasPrefix("inf") ? Double.infinity : Double($0.prefix { "0123456789.".contains($0) })
        }
        XCTAssertGreaterThanOrEqual(psnr ?? 0, 40, "\(shader): \(log.suffix(300))", file: file, line: line)
    }

    func testALumaSharpenWithAParameter() throws {
        let text = try String(contentsOf: Self.examples.appendingPathComponent("luma-sharpen.glsl"), encoding: .utf8)
        let start = text.range(of: "//!PARAM")!.lowerBound
        let hook = text.range(of: "//!HOOK")!.lowerBound
        let peer = TestMedia.directory + "/luma-sharpen-\(UUID().uuidString).glsl"
        let body = String(text[hook...]).replacingOccurrences(
            of: "//!DESC luma sharpen\n", with: "//!DESC luma sharpen\n#define strength 0.6\n")
        try Data((String(text[..<start]) + body).utf8).write(to: URL(fileURLWithPath: peer))
        try compare("luma-sharpen.glsl", peerShader: peer)
    }

    func testAChromaPass() throws {
        try compare("chroma-saturate.glsl")
    }

    func testTwoPassesJoinedBySaveAndBind() throws {
        try compare("two-pass-glow.glsl")
    }

    func testAComputePass() throws {
        try compare("compute-box.glsl")
    }

    func testA2xUpscalerSizedByExpressions() throws {
        try compare("upscale-2x.glsl", scale: 2)
    }
}
