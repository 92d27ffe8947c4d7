import Foundation
import Kakapos
import XCTest

@testable import harbeth_render

/// Default output names, the refusals, and the progress line's text.
final class OutputTargetTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "harbeth-render-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTheDefaultNameIsBesideTheInputAfterTheFirstFilter() {
        XCTAssertEqual(OutputTarget.defaultPath(input: "in.mp4", firstFilter: "sepia"), "in.sepia.mp4")
        XCTAssertEqual(OutputTarget.defaultPath(input: "clips/a.b.mov", firstFilter: "invert"), "clips/a.b.invert.mov")
        XCTAssertEqual(OutputTarget.defaultPath(input: "/x/photo.JPG", firstFilter: "sepia"), "/x/photo.sepia.JPG")
        // The recorder writes transport streams, FLV and NUT too; extensions
        // it cannot write become mp4, or png for stills.
        XCTAssertEqual(OutputTarget.defaultPath(input: "in.ts", firstFilter: "sepia"), "in.sepia.ts")
        XCTAssertEqual(OutputTarget.defaultPath(input: "in.mpg", firstFilter: "sepia"), "in.sepia.mp4")
        XCTAssertEqual(OutputTarget.defaultPath(input: "scan.tiff", firstFilter: "sepia"), "scan.sepia.tiff")
        // An animated GIF in, an animated GIF out; a BMP, a BMP.
        XCTAssertEqual(OutputTarget.defaultPath(input: "anim.gif", firstFilter: "sepia"), "anim.sepia.gif")
        XCTAssertEqual(OutputTarget.defaultPath(input: "scan.bmp", firstFilter: "sepia"), "scan.sepia.bmp")
        XCTAssertEqual(OutputTarget.defaultPath(input: "noext", firstFilter: "sepia"), "noext.sepia.mp4")
    }

    func testACustomShaderNamesTheOutputShader() throws {
        let shader = folder + "/grade.glsl"
        try Data("vec4 filter(vec4 rgba, ivec2 pos) { return rgba; }\n".utf8).write(to: URL(fileURLWithPath: shader))
        let chain = try FilterChain(parsing: "shader=\(shader),sepia")
        XCTAssertEqual(OutputTarget.nameForOutput(of: chain), "shader")
        XCTAssertEqual(OutputTarget.nameForOutput(of: try FilterChain(parsing: "gaussian_blur=3")), "gaussian_blur")
    }

    func testTheInputIsRecognisedThroughLinks() throws {
        let input = folder + "/in.mp4"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: input))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.mp4", withDestinationPath: input)
        XCTAssertEqual(link(input, folder + "/hard.mp4"), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/dir", withDestinationPath: folder)
        for alias in [input, folder + "/link.mp4", folder + "/hard.mp4", folder + "/dir/in.mp4", folder + "/./in.mp4"] {
            XCTAssertTrue(OutputTarget.isSameFile(alias, input), alias)
            XCTAssertThrowsError(try OutputTarget.check(alias, input: input, overwrite: true)) { error in
                guard case .outputIsInput? = error as? ToolError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertFalse(OutputTarget.isSameFile(folder + "/other.mp4", input))
    }

    func testExistingMissingAndDirectoryOutputs() throws {
        let input = folder + "/in.mp4"
        let existing = folder + "/out.mp4"
        try Data([1]).write(to: URL(fileURLWithPath: input))
        try Data([2]).write(to: URL(fileURLWithPath: existing))
        XCTAssertThrowsError(try OutputTarget.check(existing, input: input, overwrite: false)) { error in
            XCTAssertEqual(
                (error as? ToolError)?.description,
                "error: \(existing): already exists; use -y to replace it or -o to choose another name")
        }
        XCTAssertNoThrow(try OutputTarget.check(existing, input: input, overwrite: true))
        XCTAssertThrowsError(try OutputTarget.check(folder + "/missing/out.mp4", input: input, overwrite: false)) {
            XCTAssertEqual(
                ($0 as? ToolError)?.description,
                "error: \(folder!)/missing/out.mp4: the folder \(folder!)/missing does not exist")
        }
        XCTAssertThrowsError(try OutputTarget.check(folder, input: input, overwrite: true)) {
            guard case .outputIsDirectory? = $0 as? ToolError else { return XCTFail("\($0)") }
        }
    }

    /// sysfs takes no new files, not even from root, whose access() check
    /// passes there: the folder is refused by trying to make a file in it.
    func testAFolderWhereNoFileCanBeMadeIsRefusedEvenForRoot() throws {
        let input = folder + "/in.mp4"
        try Data([1]).write(to: URL(fileURLWithPath: input))
        XCTAssertThrowsError(try OutputTarget.check("/sys/out.mp4", input: input, overwrite: false)) {
            XCTAssertEqual(
                ($0 as? ToolError)?.description, "error: /sys/out.mp4: cannot write in /sys (Permission denied)")
        }
        XCTAssertNil(OutputTarget.cannotCreateFile(in: folder))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["in.mp4"], "the probe is removed")
    }

    func testTheProgressLine() {
        var progress = PipelineProgress()
        progress.framesDone = 12
        progress.totalFrames = 48
        progress.elapsed = 2
        XCTAssertEqual(ProgressLine.text(progress, frameRate: 24), "frame 12/48   25%  6.0 fps  0.25x  ETA 0:00:06")
        progress.totalFrames = nil
        XCTAssertEqual(ProgressLine.text(progress, frameRate: nil), "frame 12  6.0 fps")
        XCTAssertEqual(ProgressLine.text(progress, frameRate: nil, dropped: 3), "frame 12  6.0 fps  3 dropped")
        XCTAssertEqual(ProgressLine.clock(3725), "1:02:05")
        progress.totalFrames = 500
        progress.framesDone = 499
        XCTAssertTrue(ProgressLine.text(progress, frameRate: nil).hasPrefix("frame 499/500   99%"))
    }

    func testUprightRotationIsAClockwiseTurn() throws {
        XCTAssertEqual(try ChainSetup.upright(rotation: 0).description, "")
        XCTAssertEqual(try ChainSetup.upright(rotation: 90).description, "rotate=angle=270")
        XCTAssertEqual(try ChainSetup.upright(rotation: 270).description, "rotate")
        XCTAssertEqual(try ChainSetup.upright(rotation: 180).description, "rotate=angle=180")
        XCTAssertEqual(try ChainSetup.upright(rotation: 30).description, "rotate=angle=330:expand=1")
    }
}
