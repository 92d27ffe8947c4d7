import CFFmpeg
import Foundation
import XCTest

@testable import Kakapos

/// Pixel formats: handed over without copying, converted to the nearest
/// layout, or refused by name; and the colour tags that come with them.
final class AssetSourceFormatTests: XCTestCase {
    private let width = MediaFixtures.rawWidth
    private let height = MediaFixtures.rawHeight

    private func collect(_ source: AssetSource) throws -> [TimedFrame] { try collectFrames(source) }

    private func allPlaneBytes(_ frame: VideoFrame) -> [UInt8] {
        (0..<frame.layout.planeCount).flatMap { frame.packedBytes(plane: $0) }
    }

    func testSupportedLayoutsAreHandedOverWithoutCopying() throws {
        let pixels = width * height
        let cases: [(String, PixelLayout, Int)] = [
            ("yuv420p", .yuv420p, pixels * 3 / 2), ("yuv422p", .yuv422p, pixels * 2), ("yuv444p", .yuv444p, pixels * 3),
            ("nv12", .nv12, pixels * 3 / 2), ("yuv420p10le", .yuv420p10, pixels * 3), ("rgba", .rgba8, pixels * 4),
            ("yuv422p10le", .yuv422p10, pixels * 4), ("yuv444p10le", .yuv444p10, pixels * 6),
            ("yuva444p10le", .yuva444p10, pixels * 8), ("yuv444p12le", .yuv444p12, pixels * 6),
            ("yuva444p12le", .yuva444p12, pixels * 8), ("gray", .gray8, pixels), ("gray16le", .gray16, pixels * 2),
            ("rgba64le", .rgba16, pixels * 8),
        ]
        for (format, layout, frameBytes) in cases {
            let (url, bytes) = MediaFixtures.raw(format, frameBytes: frameBytes)
            let source = try AssetSource(url: url)
            XCTAssertEqual(source.metadata.pixelFormat, format)
            XCTAssertEqual(source.metadata.layout, layout, format)
            XCTAssertNil(source.metadata.conversion, format)
            let frames = try collect(source)
            XCTAssertEqual(frames.count, 3, format)
            for (index, timed) in frames.enumerated() {
                XCTAssertEqual(timed.frame.layout, layout)
                // The planes are the decoder's own buffers, not copies.
                XCTAssertTrue(timed.frame.planes.allSatisfy { $0.storage is DecodedPlaneStorage }, format)
                let expected = Array(bytes[index * frameBytes..<(index + 1) * frameBytes])
                XCTAssertEqual(allPlaneBytes(timed.frame), expected, "\(format) frame \(index)")
            }
        }
    }

    func testOtherFormatsAreConvertedToTheNearestLayout() throws {
        let pixels = width * height
        let cases: [(String, PixelLayout, Int)] = [
            ("rgb24", .rgba8, pixels * 3), ("bgra", .rgba8, pixels * 4), ("ya8", .rgba8, pixels * 2),
            ("pal8", .rgba8, pixels + 1024), ("yuv420p12le", .yuv420p10, pixels * 3),
            ("yuv411p", .yuv422p, pixels * 3 / 2),
            // Deep, grey and alpha formats keep their depth, grey and alpha.
            ("rgb48le", .rgba16, pixels * 6), ("gray10le", .gray16, pixels * 2),
            ("yuva420p", .yuva444p10, pixels * 5 / 2),
            ("yuv422p12le", .yuv422p10, pixels * 4),
        ]
        for (format, layout, frameBytes) in cases {
            let (url, bytes) = MediaFixtures.raw(format, frameBytes: frameBytes)
            let source = try AssetSource(url: url)
            XCTAssertEqual(source.metadata.layout, layout, format)
            XCTAssertEqual(source.metadata.conversion, "\(format) -> \(layout) (swscale)")
            let frames = try collect(source)
            XCTAssertEqual(frames.count, 3, format)
            XCTAssertTrue(frames.allSatisfy { $0.frame.layout == layout && $0.frame.width == width })
            let first = allPlaneBytes(frames[0].frame)
            switch format {
            case "rgb24":
                let expected: [UInt8] = stride(from: 0, to: pixels * 3, by: 3).flatMap { index -> [UInt8] in
                    [bytes[index], bytes[index + 1], bytes[index + 2], 255]
                }
                XCTAssertEqual(first, expected)
            case "bgra":
                let expected: [UInt8] = stride(from: 0, to: pixels * 4, by: 4).flatMap { index -> [UInt8] in
                    [bytes[index + 2], bytes[index + 1], bytes[index], bytes[index + 3]]
                }
                XCTAssertEqual(first, expected)
            default:
                break
            }
        }
    }

    func testFormatsSwscaleCannotReadAreRefusedByName() throws {
        XCTAssertNil(FFPixelFormat.nearestLayout(for: av_get_pix_fmt("nv16")))
        XCTAssertNil(FFPixelFormat.nearestLayout(for: av_get_pix_fmt("vaapi")))
        XCTAssertEqual(
            MediaError.unsupportedPixelFormat(path: "/x/clip.mov", format: "nv16").description,
            "/x/clip.mov: pixel format nv16 is not supported and cannot be converted")
    }

    func testFullRangeJPEGFormatsMapToTheirLayoutsWithFullRange() throws {
        for (url, layout) in [
            (MediaFixtures.jpeg, PixelLayout.yuv420p), (MediaFixtures.mjpeg422, .yuv422p),
            (MediaFixtures.mjpeg444, .yuv444p),
        ] {
            let source = try AssetSource(url: url)
            XCTAssertEqual(source.metadata.layout, layout)
            XCTAssertNil(source.metadata.conversion)
            XCTAssertEqual(
                source.metadata.colorimetry, Colorimetry(matrix: .bt601, range: .full), url.lastPathComponent)
            let frames = try collect(source)
            XCTAssertTrue(frames.allSatisfy { $0.frame.colorimetry == Colorimetry(matrix: .bt601, range: .full) })
        }
    }

    func testColourTagsMapToColorimetry() throws {
        let tenBit = try AssetSource(url: MediaFixtures.tenBit)
        XCTAssertEqual(tenBit.metadata.layout, .yuv420p10)
        XCTAssertEqual(
            tenBit.metadata.colorimetry,
            Colorimetry(matrix: .bt2020, range: .limited, primaries: .bt2020, transfer: .pq))
        XCTAssertEqual(tenBit.metadata.colorTransfer, "smpte2084")
        XCTAssertEqual(
            try collect(tenBit).first?.frame.colorimetry,
            Colorimetry(matrix: .bt2020, range: .limited, primaries: .bt2020, transfer: .pq))

        // Untagged video stays untagged.
        let untagged = try AssetSource(url: MediaFixtures.silentMKV)
        XCTAssertNil(untagged.metadata.colorimetry)
        XCTAssertNil(try collect(untagged).first?.frame.colorimetry)
    }
}
