import Foundation
import XCTest

@testable import Kakapos

/// Images decoded for filters that name files (blend, overlay, mask_blend, lookup).
final class MediaResourceLoaderTests: XCTestCase {
    private func make(_ name: String, _ arguments: [String]) throws -> String {
        let url = MediaFixtures.outputDirectory().appendingPathComponent(name)
        try MediaTool.ffmpeg(arguments + ["-frames:v", "1", url.path])
        return url.path
    }

    func testAPNGKeepsItsSizeAndAlpha() throws {
        let path = try make("half-red.png", ["-f", "lavfi", "-i", "color=c=red@0.5:s=40x30,format=rgba"])
        let frame = try MediaResourceLoader().image(at: path)
        XCTAssertEqual(frame.layout, .rgba8)
        XCTAssertEqual(frame.width, 40)
        XCTAssertEqual(frame.height, 30)
        let bytes = frame.packedBytes(plane: 0)
        XCTAssertEqual(bytes.count, 40 * 30 * 4)
        XCTAssertEqual(Array(bytes.prefix(4)), [255, 0, 0, 127])
        XCTAssertEqual(Array(bytes.suffix(4)), [255, 0, 0, 127])
    }

    func testAnRGBPNGAndAJPEGBecomeOpaqueRGBA() throws {
        let png = try make("green.png", ["-f", "lavfi", "-i", "color=c=0x00ff00:s=16x8,format=rgb24"])
        let green = try MediaResourceLoader().image(at: png).packedBytes(plane: 0)
        XCTAssertEqual(Array(green.prefix(4)), [0, 255, 0, 255])

        // A full-range yuvj420p JPEG of mid grey comes back grey and opaque.
        let jpeg = try make("grey.jpg", ["-f", "lavfi", "-i", "color=c=0x808080:s=32x16"])
        XCTAssertEqual(try AssetSource(url: URL(fileURLWithPath: jpeg)).metadata.pixelFormat, "yuvj420p")
        let frame = try MediaResourceLoader().image(at: jpeg)
        XCTAssertEqual([frame.width, frame.height], [32, 16])
        let grey = frame.packedBytes(plane: 0)
        for channel in 0..<3 { XCTAssertEqual(Double(grey[channel]), 128, accuracy: 2) }
        XCTAssertEqual(grey[3], 255)
    }

    func testAMissingOrNonImageFileIsAMediaErrorNamingIt() throws {
        XCTAssertThrowsError(try MediaResourceLoader().image(at: "/nonexistent/logo.png")) { error in
            XCTAssertEqual(error as? MediaError, .fileNotFound(path: "/nonexistent/logo.png"))
        }
        XCTAssertThrowsError(try MediaResourceLoader().image(at: MediaFixtures.text.path)) { error in
            XCTAssertEqual(error as? MediaError, .notMediaFile(path: MediaFixtures.text.path))
        }
    }

    func testFilesAreReadAsBytes() throws {
        let path = MediaFixtures.outputDirectory().appendingPathComponent("look.cube").path
        try Data("LUT_3D_SIZE 2\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try MediaResourceLoader().data(at: path), Array("LUT_3D_SIZE 2\n".utf8))
    }
}
