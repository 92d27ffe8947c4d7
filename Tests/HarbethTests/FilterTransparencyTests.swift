import Harbeth
import HarbethTestSupport
import XCTest

/// `Filter.canMakeTransparent`, which lets an opaque input keep a format
/// without alpha, held to the shaders themselves on a decoded frame that
/// is opaque everywhere: a filter that says it cannot make a pixel
/// transparent does not, at its defaults; and each condition of the
/// table, met, does.
final class FilterTransparencyTests: XCTestCase {
    private func lowestAlpha(_ chain: String, on frame: VideoFrame, renderer: Renderer) throws -> UInt8 {
        let output = try ImageNode(frame).applying(try FilterChain(parsing: chain)).makeFrame(
            on: renderer, output: .layout(.rgba8))
        let bytes = output.packedBytes(plane: 0)
        return stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] }.min() ?? 0
    }

    /// A translucent image (alpha 0.5 everywhere) of `size`, through ffmpeg.
    private static func translucentImage(_ name: String, size: String) throws -> String {
        let path = TestMedia.directory + "/" + name
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x80a0c0@0.5:size=\(size),format=rgba",
                "-frames:v", "1", path,
            ])
        return path
    }

    func testAFilterThatSaysItKeepsOpaqueFramesOpaqueDoesAtItsDefaults() throws {
        let renderer = Renderer(
            context: try GPUTestEnvironment.context(), options: .init(resources: FFmpegImageLoader()))
        let frame = try Fixtures.crop(.rgba8, width: 64, height: 48)
        XCTAssertEqual(try lowestAlpha("brightness='0*t'", on: frame, renderer: renderer), 255)
        // The filters that need a file get one, and their images are
        // translucent: a lookup's own alpha must not reach the frame.
        let cube = try LookupFiltersTests.writeCube("transparency-identity.cube", size: 2) { ($0, $1, $2) }
        let square = try Self.translucentImage("transparency-512.png", size: "512x512")
        let curve = try Self.translucentImage("transparency-curve.png", size: "256x1")
        let arguments = [
            "lut3d": "file=\(cube)", "lookup": "file=\(square)", "hald_clut": "file=\(square)",
            "lookup_1d": "file=\(curve)",
            "multi_zone_lookup": "shadows=\(curve):midtones=\(curve):highlights=\(curve)", "resize": "w=32:h=24",
        ]
        var kept: [String] = []
        var unrendered: [String] = []
        for descriptor in FilterCatalog.standard.descriptors {
            let filter = try Filter(descriptor)
            guard !filter.canMakeTransparent else { continue }
            // Multi-input filters take nodes or files whose alpha the table
            // covers (the second test); deinterlace is a node of three frames
            // (ImageNode.deinterlacing) that mixes their pixels, alpha too.
            guard case .none = descriptor.nodeInputs, descriptor.name != "deinterlace" else { continue }
            let chain = arguments[descriptor.name].map { "\(descriptor.name)=\($0)" } ?? descriptor.name
            do {
                let alpha = try lowestAlpha(chain, on: frame, renderer: renderer)
                XCTAssertEqual(alpha, 255, chain)
                kept.append(descriptor.name)
            } catch {
                unrendered.append("\(chain): \(error)")
            }
        }
        XCTAssertGreaterThan(kept.count, 120, "\(kept)")
        XCTAssertEqual(unrendered, [], "filters the check could not render")
    }

    func testEachConditionOfTheTableMetMakesSomePixelTransparent() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.crop(.rgba8, width: 64, height: 48)
        for chain in [
            "opacity=0.5", "channel_control=alpha=0.5", "color_vector=vector=0/0/0/-0.5",
            "color_matrix=offset=0/0/0/-0.5", "chroma_key=color=1/1/1:threshold=1",
            "color_key=color=0.5/0.5/0.5:similarity=0.5",
            "luma_key=threshold=0.5:tolerance=0.5", "despill=alpha=1", "color_packing",
            "transform=matrix=0.5/0/0/0/0.5/0", "rotate=angle=45:fill=0/0/0/0", "pad=w=80:h=60:color=0/0/0/0.5",
            "lens_correction=k1=0.5", "sphere_refraction", "glass_sphere", "solid=color=1/0/0/0.5",
            "gradient=from=0/0/0/0", "colorlevels=aomax=0.5", "colorlevels=aimin=0.2:aimax=0.2",
        ] {
            XCTAssertTrue(try FilterChain(parsing: chain).filters.allSatisfy(\.canMakeTransparent), chain)
            XCTAssertFalse(try FilterChain(parsing: chain).keepsOpaqueFramesOpaque, chain)
            XCTAssertLessThan(try lowestAlpha(chain, on: frame, renderer: renderer), 255, chain)
        }
        // The same filters with the condition not met keep the frame opaque.
        for chain in [
            "opacity=1", "channel_control=alpha=0.5:blend=0", "color_vector=vector=0/0/0/0.5",
            "color_matrix=intensity=0", "chroma_key=threshold=0:smoothing=0", "despill",
            "transform=fill=0/0/0/1:matrix=0.5/0/0/0/0.5/0", "rotate=angle=45", "rotate=angle=90:fill=0/0/0/0",
            "pad=w=80:h=60", "lens_correction", "solid=color=1/0/0", "gradient", "blend=mode=normal",
            "colorlevels=aimax=0.5:rimin=0.2",
        ] {
            let parsed = try FilterChain(parsing: chain)
            XCTAssertTrue(parsed.keepsOpaqueFramesOpaque, chain)
            if parsed.filters.first?.name != "blend" {
                XCTAssertEqual(try lowestAlpha(chain, on: frame, renderer: renderer), 255, chain)
            }
        }
        // An animated value of a filter in the table is taken at its worst;
        // a custom shader's code is the user's.
        XCTAssertFalse(try FilterChain(parsing: "opacity='1+0*t'").keepsOpaqueFramesOpaque)
        XCTAssertTrue(try FilterChain(parsing: "brightness='0.1*sin(t)'").keepsOpaqueFramesOpaque)
        let shader = FileManager.default.temporaryDirectory.appendingPathComponent("keeps-\(UUID().uuidString).glsl")
        try Data("vec4 filter(vec4 rgba, ivec2 pos) { return rgba; }\n".utf8).write(to: shader)
        defer { try? FileManager.default.removeItem(at: shader) }
        XCTAssertFalse(try FilterChain(parsing: "shader=\(shader.path)").keepsOpaqueFramesOpaque)
    }

    /// Which outputs of a graph a key reaches: an output after a key, or
    /// after a stack, concat or xfade of one, has alpha; a key composed
    /// over an opaque video does not, nor does an xfade or stack of opaque
    /// inputs (whose filters the table lists as "can", for their second
    /// image's alpha). An input with alpha counts as a key.
    func testAGraphOutputHasAlphaWhereAKeyReachesIt() throws {
        let graph = try FilterGraph(
            parsing: "[1]colorkey=green:0.3,split=4[k][l][m][n];[0][l]overlay[over];[0][m]hstack[side];"
                + "[0][n]xfade=duration=1:offset=1[fade];[0][1]xfade=duration=1:offset=1[plain];[0][1]vstack[stack];"
                + "[1]sepia[p]")
        func alpha(_ label: String, _ inputsWithAlpha: Set<Int> = []) throws -> Bool {
            graph.makesTransparentAsWritten(try graph.output(named: label), inputsWithAlpha: inputsWithAlpha)
        }
        for label in ["k", "side", "fade"] { XCTAssertTrue(try alpha(label), label) }
        for label in ["over", "plain", "stack", "p"] { XCTAssertFalse(try alpha(label), label) }
        XCTAssertTrue(try alpha("p", [1]))
        XCTAssertTrue(try alpha("stack", [0]))
        XCTAssertFalse(try alpha("over", [1]))
        XCTAssertTrue(try alpha("over", [0]))
    }
}
