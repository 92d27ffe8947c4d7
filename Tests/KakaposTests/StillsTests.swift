import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// Stills in one line: `VideoFrame(contentsOf:)` keeps what the file holds
/// (alpha, 16 bits, grey), `write(to:)` keeps it again where the format can,
/// with the recorder's atomic write, and `filtered` runs a chain between.
final class StillsTests: XCTestCase {
    private func make(_ name: String, _ arguments: [String]) throws -> URL {
        let url = MediaFixtures.url(name)
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1"] + arguments + [url.path])
        return url
    }

    func testStillsLoadInTheirOwnLayout() throws {
        let cases: [(String, [String], PixelLayout)] = [
            ("alpha.png", ["-vf", "format=rgba,colorchannelmixer=aa=0.5"], .rgba8),
            ("deep.png", ["-pix_fmt", "rgb48be"], .rgba16),
            ("grey.png", ["-pix_fmt", "gray"], .gray8),
            ("photo.jpg", [], .yuv420p),
            ("deep.tiff", ["-pix_fmt", "rgb48le"], .rgba16),
            ("picture.webp", [], .yuv420p),
        ]
        for (name, arguments, layout) in cases {
            let frame = try VideoFrame(contentsOf: try make(name, arguments))
            XCTAssertEqual(frame.layout, layout, name)
            XCTAssertEqual(frame.width, 64, name)
            XCTAssertEqual(frame.height, 48, name)
        }
        let alpha = try VideoFrame(contentsOf: MediaFixtures.url("alpha.png")).packedBytes(plane: 0)
        XCTAssertEqual(alpha[3], 128, "alpha comes through")
        XCTAssertEqual(
            try VideoFrame(contentsOf: MediaFixtures.url("photo.jpg")).colorimetry,
            Colorimetry(matrix: .bt601, range: .full))
        XCTAssertThrowsError(try VideoFrame(contentsOf: MediaFixtures.url("missing.png"))) {
            XCTAssertEqual($0 as? MediaError, .fileNotFound(path: MediaFixtures.url("missing.png").path))
        }
    }

    func testStillsWriteAtomicallyAndKeepTheirDepth() throws {
        let folder = MediaFixtures.outputDirectory()
        let deep = try VideoFrame(contentsOf: try make("source16.png", ["-pix_fmt", "rgba64be"]))
        for name in ["out.png", "out.tiff"] {
            let url = folder.appendingPathComponent(name)
            try deep.write(to: url)
            let again = try VideoFrame(contentsOf: url)
            XCTAssertEqual(again.layout, .rgba16, name)
            XCTAssertTrue(again.packedBytes(plane: 0) == deep.packedBytes(plane: 0), "\(name): 16 bits round trip")
        }
        let webp = folder.appendingPathComponent("out.webp")
        try deep.write(to: webp)
        XCTAssertEqual(try MediaTool.probe("stream=codec_name", of: webp), ["webp"])
        // An existing file is not replaced without overwrite.
        XCTAssertThrowsError(try deep.write(to: folder.appendingPathComponent("out.png"))) {
            XCTAssertEqual($0 as? MediaError, .outputExists(path: folder.appendingPathComponent("out.png").path))
        }
        try deep.write(to: folder.appendingPathComponent("out.png"), options: .init(overwrite: true))
        XCTAssertThrowsError(try deep.write(to: folder.appendingPathComponent("out.mkv"))) {
            XCTAssertEqual(
                $0 as? MediaError,
                .notAStillImage(path: folder.appendingPathComponent("out.mkv").path, container: "mkv"))
        }
        XCTAssertEqual(folderEntries(folder), ["out.png", "out.tiff", "out.webp"], "no temporary file left")
    }

    func testOneImageInOneLine() throws {
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("sepia.png")
        try VideoFrame(contentsOf: try make("line.png", [])).filtered("sepia,gaussian_blur=sigma=2").write(to: url)
        let pixels = try VideoFrame(contentsOf: url)
        XCTAssertEqual(pixels.width, 64)
        // Sepia: red at least green at least blue, almost everywhere.
        let bytes = pixels.packedBytes(plane: 0)
        let step = pixels.layout == .rgba16 ? 8 : 4
        var warm = 0
        for index in stride(from: 0, to: bytes.count, by: step) where bytes[index] >= bytes[index + step / 4] {
            warm += 1
        }
        XCTAssertGreaterThan(Double(warm) / Double(bytes.count / step), 0.9)
    }
}
