import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

/// solid, gradient, lookup_1d and multi_zone_lookup against the numpy
/// references (2/255), generators as a graph's source, and the errors.
final class GeneratorAndLookupFiltersTests: XCTestCase {
    private static let imageRenderer = Result {
        Renderer(context: try GPUTestEnvironment.context(), options: .init(resources: FFmpegImageLoader()))
    }

    /// An N x 3 lookup PNG whose entry i of N is `function(i / (N - 1))` per channel.
    private static func writeLookup1D(
        _ name: String, width: Int, _ function: (Double) -> (Double, Double, Double)
    ) throws -> String {
        var pixels: [UInt8] = []
        for _ in 0..<3 {
            for i in 0..<width {
                let (r, g, b) = function(Double(i) / Double(width - 1))
                pixels += [r, g, b].map { UInt8((min(max($0, 0), 1) * 255).rounded()) } + [255]
            }
        }
        let raw = TestMedia.directory + "/" + name + ".rgba"
        try Data(pixels).write(to: URL(fileURLWithPath: raw))
        let path = TestMedia.directory + "/" + name
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x3", "-i", raw, "-frames:v",
                "1", path,
            ])
        return path
    }

    func testGenerators() throws {
        for chain in [
            "solid", "solid=color=#ff8000", "solid=color=0.2/0.4/0.6/0.5:w=64:h=48", "gradient",
            "gradient=from=1/0/0:to=0/0/1:angle=45", "gradient=angle=-120:w=100:h=30", "gradient=mode=radial",
            "gradient=mode=radial:center=0.3/0.7:radius=0.2:from=1/1/1/1:to=0/0/0/0", "sepia,solid=color=1/1/1",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// A generated frame is a source in a graph: here a gradient blended
    /// over the video by multiply equals the numpy product.
    func testAGeneratorFeedsAGraph() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let ramp = ImageNode(frame).applying(Filter.gradient(from: [1, 1, 1, 1], to: [0, 0, 0, 1], angle: 90))
        let output = try ImageNode(frame).blend(ramp, mode: .multiply).makeFrame(on: renderer).packedBytes(plane: 0)
        let input = frame.packedBytes(plane: 0)
        let (width, height) = (frame.width, frame.height)
        var worst = 0
        for y in 0..<height {
            let t = min(max((Double(y) + 0.5) / Double(height) - 0.5 + 0.5, 0), 1)
            for x in 0..<width {
                for channel in 0..<3 {
                    let at = (y * width + x) * 4 + channel
                    let expected = Double(input[at]) * (1 - t)
                    worst = max(worst, abs(Int(expected.rounded()) - Int(output[at])))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 2)
    }

    func testLookups() throws {
        let renderer = try Self.imageRenderer.get()
        let curve = try Self.writeLookup1D("curve.png", width: 256) { x in (x * x, x.squareRoot(), 1 - x) }
        let short = try Self.writeLookup1D("short.png", width: 16) { x in (0.2 + 0.6 * x, x, x * x * x) }
        let lift = try Self.writeLookup1D("lift.png", width: 16) { x in (0.1 + 0.9 * x, 0.1 + 0.9 * x, 0.2 + 0.8 * x) }
        let warm = try Self.writeLookup1D("warm.png", width: 16) { x in (min(1, x * 1.1), x, x * 0.9) }
        let cool = try Self.writeLookup1D("cool.png", width: 16) { x in (x * 0.9, x, min(1, x * 1.1)) }
        for chain in [
            "lookup_1d=file=\(curve)", "lookup_1d=file=\(short):intensity=0.6",
            "multi_zone_lookup=shadows=\(lift):midtones=\(warm):highlights=\(cool)",
            "multi_zone_lookup=shadows=\(cool):midtones=\(lift):highlights=\(warm):shadow=0.2:highlight=0.9:transition=0.3:intensity=0.5",
        ] {
            try assertMatchesReference(chain, .pointwise, renderer: renderer)
        }
        let frame = try Fixtures.frame(.rgba8, index: 3)
        for (chain, message) in [
            ("lookup_1d", "name the file"), ("multi_zone_lookup=shadows=\(lift)", "name all three images"),
            ("multi_zone_lookup=shadows=\(lift):midtones=\(curve):highlights=\(warm)", "equally wide"),
            ("solid=w=0", "empty frame"),
        ] {
            XCTAssertThrowsError(try ImageNode(frame).applying(FilterChain(parsing: chain)).makeFrame(on: renderer)) {
                XCTAssertTrue("\($0)".contains(message), "\(chain): \($0)")
            }
        }
    }

    func testSwiftInitialisers() {
        XCTAssertEqual(Filter.solid([1, 0, 0, 1]).description, "solid=color=1/0/0/1")
        XCTAssertEqual(
            Filter.solid([0, 0, 1], size: FrameSize(width: 8, height: 4)).description, "solid=color=0/0/1:w=8:h=4")
        XCTAssertEqual(Filter.gradient(angle: 90).description, "gradient=angle=90")
        XCTAssertEqual(Filter.gradient(radial: true, radius: 9).description, "gradient=mode=radial:radius=4")
        XCTAssertEqual(Filter.lookup1D(file: "c.png").description, "lookup_1d=file=c.png")
    }
}
