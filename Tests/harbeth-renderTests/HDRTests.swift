import Foundation
import HarbethTestSupport
import XCTest

/// An HDR10 clip (PQ, BT.2020, 10-bit HEVC made with libx265) tone mapped
/// to SDR: the output is tagged BT.709 in all three tags, and agrees with
/// FFmpeg's CPU pipeline for the same curve (zscale to linear light,
/// tonemap=hable, zscale back to BT.709, whose transfer zimg encodes as
/// BT.1886) at PSNR >= 33 dB, and libplacebo's bt.2390 on the same device
/// at >= 35 dB; without tonemap the PQ tags are kept.
final class HDRTests: XCTestCase {
    private static func hdrClip() throws -> String {
        try TestMedia.clip(
            "cli-hdr10.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=0.5", "-vf",
                "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=smpte2084:m=bt2020nc:p=bt2020:r=tv:npl=600,"
                    + "format=yuv420p10le",
                "-c:v", "libx265", "-x265-params", "lossless=1:log-level=error", "-color_primaries", "bt2020",
                "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
            ])
    }

    /// The same HDR10 clip with a mastering display (P3, 0.0001-1000 nits)
    /// and light levels (MaxCLL 1000, MaxFALL 400) in its SEI.
    private static func hdrClipWithMetadata() throws -> String {
        try TestMedia.clip(
            "cli-hdr10-metadata.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=0.5", "-vf",
                "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=smpte2084:m=bt2020nc:p=bt2020:r=tv:npl=600,"
                    + "format=yuv420p10le",
                "-c:v", "libx265", "-x265-params",
                "log-level=error:hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)"
                    + "L(10000000,1):max-cll=1000,400",
                "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
            ])
    }

    /// FFmpeg's psnr filter's average for two files (0 when it prints none), and what it printed.
    private static func psnr(_ output: String, _ peer: String) throws -> (Double, String) {
        let log = String(
            decoding: try TestMedia.run(
                "sh",
                ["-c", "ffmpeg -hide_banner -i \"$0\" -i \"$1\" -lavfi '[0][1]psnr' -f null - 2>&1", output, peer]),
            as: UTF8.self)
        let value = log.components(separatedBy: "average:").last.flatMap {
            Double($0.prefix { "0123456789.".contains($0) })
        }
        return (value ?? 0, log)
    }

    private static let lightLevels = "stream_side_data=max_content,max_average,max_luminance"

    func testHDR10MetadataIsKeptWhileTheOutputStaysHDR() throws {
        let folder = try Clips.folder(with: [try Self.hdrClipWithMetadata()])
        for (codec, name) in [("ffv1", "kept.mkv"), ("libx265", "kept.mp4")] {
            let run = try Tool.run(
                ["-vf", "brightness=0.01", "--codec", codec, "-o", name, "cli-hdr10-metadata.mkv"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertFalse(run.stderr.contains("HDR10"), run.stderr)
            let probed = try Clips.probe(Self.lightLevels, of: folder.appendingPathComponent(name).path)
            XCTAssertEqual(probed.count, 3, name)
            XCTAssertTrue(probed.contains("1000") && probed.contains("400"), "\(name): \(probed)")
            // Matroska stores the peak as a float, MP4 in ST 2086's units.
            XCTAssertTrue(probed.contains("1000/1") || probed.contains("10000000/10000"), "\(name): \(probed)")
        }
    }

    func testHDR10MetadataIsDroppedWithANoteWhenToneMapped() throws {
        let folder = try Clips.folder(with: [try Self.hdrClipWithMetadata()])
        let run = try Tool.run(
            ["-vf", "tonemap", "--codec", "ffv1", "-o", "sdr.mkv", "cli-hdr10-metadata.mkv"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("dropped the HDR10 metadata"), run.stderr)
        XCTAssertTrue(run.stderr.contains("MaxCLL 1000"), run.stderr)
        XCTAssertEqual(try Clips.probe(Self.lightLevels, of: folder.appendingPathComponent("sdr.mkv").path), [])
    }

    func testTonemapWritesTaggedSDRThatAgreesWithZscaleAndTonemap() throws {
        let folder = try Clips.folder(with: [try Self.hdrClip()])
        let run = try Tool.run(
            ["-vf", "tonemap=curve=hable:peak=1000:gamut=clip", "--codec", "ffv1", "-o", "sdr.mkv", "cli-hdr10.mkv"],
            in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("sdr.mkv").path
        XCTAssertEqual(
            try Clips.probe("stream=color_space,color_transfer,color_primaries", of: output),
            ["bt709", "bt709", "bt709"])
        let peer = folder.appendingPathComponent("peer.mkv").path
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-hdr10.mkv").path, "-vf",
                "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0:peak=10,"
                    + "zscale=t=bt709:m=bt709:r=tv,format=yuv420p10le",
                "-c:v", "ffv1", peer,
            ])
        // The psnr filter prints its average on standard error.
        let (psnr, log) = try Self.psnr(output, peer)
        XCTAssertGreaterThanOrEqual(psnr, 33, log)
    }

    /// Against libplacebo's bt.2390 on the same device (its max(RGB) mode,
    /// no crosstalk, peak detection or desaturation), with its settings:
    /// SDR white at 203 nits, a 1000:1 display (black 0.203 nits), knee
    /// offset 1; the peak from the clip's HDR10 metadata in both. Measured:
    /// 35.6 dB (the blacks differ most: libplacebo lifts them less).
    func testTonemapAgreesWithLibplaceboBT2390() throws {
        let folder = try Clips.folder(with: [try Self.hdrClipWithMetadata()])
        let run = try Tool.run(
            [
                "-vf", "tonemap=curve=bt2390:target=203:black=0.203:knee=1:gamut=clip", "--codec", "ffv1", "-o",
                "sdr.mkv", "cli-hdr10-metadata.mkv",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("sdr.mkv").path
        let peer = folder.appendingPathComponent("placebo.mkv").path
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-init_hw_device", "vulkan=vk", "-filter_hw_device", "vk", "-i",
                folder.appendingPathComponent("cli-hdr10-metadata.mkv").path, "-vf",
                "hwupload,libplacebo=tonemapping=bt.2390:tonemapping_mode=max:tonemapping_crosstalk=0:peak_detect=0"
                    + ":desaturation_strength=0:colorspace=bt709:color_primaries=bt709:color_trc=bt709"
                    + ":dithering=none:format=yuv420p10le,hwdownload,format=yuv420p10le",
                "-c:v", "ffv1", peer,
            ])
        let (psnr, log) = try Self.psnr(output, peer)
        XCTAssertGreaterThanOrEqual(psnr, 35, log)
    }

    func testWithoutTonemapThePQTagsStay() throws {
        let folder = try Clips.folder(with: [try Self.hdrClip()])
        let run = try Tool.run(
            ["-vf", "brightness=0", "--codec", "ffv1", "-o", "hdr.mkv", "cli-hdr10.mkv"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            try Clips.probe(
                "stream=color_space,color_transfer,color_primaries", of: folder.appendingPathComponent("hdr.mkv").path),
            ["bt2020nc", "smpte2084", "bt2020"])
    }
}
