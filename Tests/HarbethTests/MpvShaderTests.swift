import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

/// mpv user shaders: what the directives do (sizes, conditions, saved
/// textures, parameters, embedded textures, compute passes, the LUMA,
/// CHROMA and ALPHA views)
/// checked exactly against the frame on the CPU, and every refusal naming
/// its line. libplacebo on the same frames is the peer in
/// harbeth-renderTests' MpvShaderPeerTests.
final class MpvShaderTests: XCTestCase {
    private func write(_ text: String, name: String = "mpv.glsl") throws -> String {
        let path = TestMedia.directory + "/\(UUID().uuidString)-\(name)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func render(_ chain: String, frame: VideoFrame? = nil) throws -> VideoFrame {
        let source = try frame ?? Fixtures.frame(.rgba8)
        return try ImageNode(source).applying(try FilterChain(parsing: chain)).makeFrame(on: try Fixtures.renderer())
    }

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/mpv")

    func testAPassThroughIsExactAndTexOffShiftsByPixels() throws {
        let frame = try Fixtures.frame(.rgba8)
        let same = try write("//!HOOK MAIN\n//!BIND HOOKED\nvec4 hook() { return HOOKED_tex(HOOKED_pos); }\n")
        XCTAssertTrue(try render("shader=\(same)").packedBytes(plane: 0) == frame.packedBytes(plane: 0))
        let shifted = try write(
            "//!HOOK MAIN\n//!BIND HOOKED\nvec4 hook() { return HOOKED_texOff(vec2(2.0, -1.0)); }\n")
        let output = try render("shader=\(shifted)").packedBytes(plane: 0)
        let input = frame.packedBytes(plane: 0)
        var wrong = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let sx = min(x + 2, frame.width - 1)
                let sy = max(y - 1, 0)
                for c in 0..<4 where output[(y * frame.width + x) * 4 + c] != input[(sy * frame.width + sx) * 4 + c] {
                    wrong += 1
                }
            }
        }
        XCTAssertEqual(wrong, 0, "HOOKED_texOff(2, -1) reads the pixel 2 right and 1 up, clamped at the edges")
    }

    func testParametersAreFilterParametersAndReachTheShader() throws {
        let path = try write(
            """
            //!PARAM gain
            //!DESC how bright
            //!TYPE float
            //!MINIMUM 0
            //!MAXIMUM 2
            1.0

            //!PARAM mode
            //!TYPE ENUM int
            keep
            invert

            //!HOOK MAIN
            //!BIND HOOKED
            vec4 hook() {
                vec4 c = HOOKED_tex(HOOKED_pos) * gain;
                return mode == invert ? vec4(1.0 - c.rgb, c.a) : c;
            }
            """)
        let descriptor = try CustomShader.descriptor(path: path, resources: FileResourceLoader())
        XCTAssertEqual(descriptor.parameters.map(\.name), ["gain", "mode", "w", "h"])
        XCTAssertEqual(descriptor.parameter(named: "gain")?.range, 0...2)
        XCTAssertEqual(descriptor.parameter(named: "gain")?.summary, "how bright")
        let input = try Fixtures.frame(.rgba8).packedBytes(plane: 0)
        let half = try render("shader=\(path):gain=0.5").packedBytes(plane: 0)
        let inverted = try render("shader=\(path):mode=invert").packedBytes(plane: 0)
        var worst = 0.0
        for index in input.indices where index % 4 != 3 {
            worst = max(worst, abs(Double(half[index]) - Double(input[index]) / 2))
            worst = max(worst, abs(Double(inverted[index]) - Double(255 - input[index])))
        }
        XCTAssertLessThanOrEqual(worst, 1, "8-bit rounding")
        XCTAssertThrowsError(try FilterChain(parsing: "shader=\(path):gain=3")) { error in
            XCTAssertTrue("\(error)".contains("allowed 0...2"), "\(error)")
        }
    }

    /// WIDTH and HEIGHT size a pass; WHEN skips it; w and h are OUTPUT's
    /// size, to which the result is scaled when the passes did not make it.
    func testSizesConditionsAndTheOutputSize() throws {
        let frame = try Fixtures.frame(.rgba8)
        let upscaler = Self.examples.appendingPathComponent("upscale-2x.glsl").path
        let doubled = try render("shader=\(upscaler):w=\(frame.width * 2):h=\(frame.height * 2)")
        XCTAssertEqual(doubled.width, frame.width * 2)
        XCTAssertEqual(doubled.height, frame.height * 2)
        // At 1:1 the upscaler's WHEN is false: the frame passes unchanged.
        XCTAssertTrue(try render("shader=\(upscaler)").packedBytes(plane: 0) == frame.packedBytes(plane: 0))
        let halfSize = try write(
            """
            //!HOOK MAIN
            //!BIND HOOKED
            //!WIDTH HOOKED.w 2 /
            //!HEIGHT HOOKED.h 2 / 1 +
            vec4 hook() { return HOOKED_tex(HOOKED_pos); }
            """)
        let scaledBack = try render("shader=\(halfSize)")
        XCTAssertEqual(scaledBack.width, frame.width, "scaled to OUTPUT, the input's size by default")
        let small = try render("shader=\(halfSize):w=\(frame.width / 2):h=\(frame.height / 2 + 1)")
        XCTAssertEqual(small.width, frame.width / 2)
        XCTAssertEqual(small.height, frame.height / 2 + 1)
    }

    /// A pass saved under a name is bound by a later one; HOOKED is still
    /// the frame: the second pass averages the saved copy's inverse with
    /// the frame, which makes mid-grey.
    func testSavedTexturesAreBoundByName() throws {
        let path = try write(
            """
            //!HOOK MAIN
            //!BIND HOOKED
            //!SAVE INVERSE
            vec4 hook() { vec4 c = HOOKED_tex(HOOKED_pos); return vec4(1.0 - c.rgb, c.a); }

            //!HOOK MAIN
            //!BIND HOOKED
            //!BIND INVERSE
            vec4 hook() { return vec4(0.5 * (HOOKED_tex(HOOKED_pos).rgb + INVERSE_tex(INVERSE_pos).rgb), 1.0); }

            //!HOOK MAIN
            //!BIND NO_SUCH_TEXTURE
            vec4 hook() { return vec4(1.0, 0.0, 0.0, 1.0); }
            """)
        let output = try render("shader=\(path)").packedBytes(plane: 0)
        XCTAssertTrue(
            output.enumerated().allSatisfy { $0.offset % 4 == 3 || (127...128).contains($0.element) },
            "mid-grey everywhere; the pass binding an unknown texture is skipped, as in mpv")
    }

    func testEmbeddedTexturesAreBound() throws {
        let path = try write(
            """
            //!TEXTURE COLORS
            //!SIZE 2 1
            //!FORMAT rgba8
            //!FILTER LINEAR
            ff000080 00ff00ff

            //!HOOK MAIN
            //!BIND HOOKED
            //!BIND COLORS
            vec4 hook() { return HOOKED_pos.x < 0.5 ? COLORS_tex(vec2(0.25, 0.5)) : COLORS_tex(vec2(0.75, 0.5)); }
            """)
        let frame = try render("shader=\(path)")
        let output = frame.packedBytes(plane: 0)
        XCTAssertEqual(Array(output[0..<4]), [255, 0, 0, 128])
        XCTAssertEqual(Array(output[(frame.width - 1) * 4..<frame.width * 4]), [0, 255, 0, 255])
    }

    /// Float textures (halves, or 32-bit floats as mpv-prescalers writes
    /// them) are read NEAREST or LINEAR, negative values too; a shader
    /// with one keeps its parameters (they move to the data buffer with it).
    func testFloatTexturesAreReadThroughTheSamplingFunctions() throws {
        // Texels (0.25, -0.5, 1.5, 1) and (0.75, 0.5, -1, 1) as halves.
        let halves = "0034 00b8 003e 003c 003a 0038 00bc 003c"
        // The same as 32-bit floats.
        let floats = "0000803e 000000bf 0000c03f 0000803f 0000403f 0000003f 000080bf 0000803f"
        for (data, format) in [(halves, "rgba16f"), (floats, "rgba16f"), (floats, "rgba32f")] {
            let path = try write(
                """
                //!PARAM gain
                //!TYPE float
                1.0

                //!TEXTURE T
                //!SIZE 2 1
                //!FORMAT \(format)
                //!FILTER NEAREST
                \(data)

                //!TEXTURE L
                //!SIZE 2 1
                //!FORMAT \(format)
                //!FILTER LINEAR
                \(data)

                //!HOOK MAIN
                //!BIND HOOKED
                //!BIND T
                //!BIND L
                vec4 hook() {
                    // Nearest: texel 0, texel 1; linear halfway: their mean.
                    vec4 a = texture(T, vec2(0.2, 0.5)), b = T_tex(vec2(0.9, 0.5));
                    vec4 c = texelFetch(T, ivec2(1, 0), 0), m = textureLod(L, vec2(0.5, 0.5), 0.0);
                    float size = float(textureSize(T, 0).x - 2);
                    // (0.25, 0, 0.25, 0.5): 64, 0, 64, 128 as bytes.
                    return gain * vec4(a.r, a.g + 0.5 + size, (b.b + 1.0) + c.g * 0.5, m.r);
                }
                """)
            let output = try render("shader=\(path):gain=1").packedBytes(plane: 0)
            XCTAssertEqual(Array(output[0..<4]), [64, 0, 64, 128], "\(format): \(data.prefix(8))")
        }
    }

    /// The same 3x3 mean as a fragment pass and as compute passes, with one
    /// invocation per pixel and with 8x8 invocations covering 16x16 pixels.
    func testComputePassesMatchTheFragmentPass() throws {
        let fragment = try write(
            """
            //!HOOK MAIN
            //!BIND HOOKED
            vec4 hook() {
                vec4 sum = vec4(0.0);
                for (int y = -1; y <= 1; y++)
                    for (int x = -1; x <= 1; x++)
                        sum += HOOKED_texOff(vec2(x, y));
                return sum / 9.0;
            }
            """)
        let tiled = try write(
            """
            //!HOOK MAIN
            //!BIND HOOKED
            //!COMPUTE 16 16 8 8
            void hook() {
                for (int dy = 0; dy < 2; dy++)
                    for (int dx = 0; dx < 2; dx++) {
                        ivec2 pixel = ivec2(gl_WorkGroupID.xy) * 16 + ivec2(gl_LocalInvocationID.xy) * 2 + ivec2(dx, dy);
                        vec2 pos = (vec2(pixel) + 0.5) * HOOKED_pt;
                        vec4 sum = vec4(0.0);
                        for (int y = -1; y <= 1; y++)
                            for (int x = -1; x <= 1; x++)
                                sum += HOOKED_tex(pos + HOOKED_pt * vec2(x, y));
                        if (all(lessThan(pixel, ivec2(target_size)))) imageStore(out_image, pixel, sum / 9.0);
                    }
            }
            """)
        let expected = try render("shader=\(fragment)").packedBytes(plane: 0)
        let shared = Self.examples.appendingPathComponent("compute-box.glsl").path
        for (name, path) in [("shared-memory tiles", shared), ("2x2 pixels per invocation", tiled)] {
            let output = try render("shader=\(path)").packedBytes(plane: 0)
            // The passes compute the same texel positions by different
            // arithmetic; the sampler's sub-texel rounding may differ by 1.
            XCTAssertLessThanOrEqual(zip(output, expected).map { abs(Int($0) - Int($1)) }.max() ?? 99, 1, name)
        }
    }

    /// A LUMA pass sees Y' coded as the luma plane is; handing it back
    /// unchanged changes nothing, and a constant makes every pixel's luma
    /// that value while the chroma stays.
    func testLumaPassesSeeAndReplaceY() throws {
        // Muted colours, so that most stay inside RGB at any luma.
        let frame = try Fixtures.frame(
            .yuv444p, filters: "hue=s=0.25", colorimetry: Colorimetry(matrix: .bt709, range: .limited))
        let identity = try write("//!HOOK LUMA\n//!BIND HOOKED\nvec4 hook() { return HOOKED_tex(HOOKED_pos); }\n")
        // Against the same trip through RGB without the shader (RGB clips
        // what lies outside it, the same way both times; `vibrance=0` is
        // exact and, unlike brightness, does not fold onto the planes).
        let before = try render("vibrance=0", frame: frame)
        let after = try render("shader=\(identity)", frame: frame)
        for plane in 0..<3 {
            let a = before.packedBytes(plane: plane)
            let b = after.packedBytes(plane: plane)
            XCTAssertLessThanOrEqual(zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0, 1, "plane \(plane)")
        }
        let flat = try write(
            "//!HOOK LUMA\n//!BIND HOOKED\nvec4 hook() { return vec4(126.0 / 255.0, 0.0, 0.0, 1.0); }\n")
        let luma = try render("shader=\(flat)", frame: frame).packedBytes(plane: 0)
        // Y' = 126 wherever the chroma leaves RGB inside 0...1 at that luma:
        // most pixels of the muted frame, not all.
        let hits = luma.filter { (125...127).contains($0) }.count
        XCTAssertGreaterThan(Double(hits) / Double(luma.count), 0.9)
    }

    /// A CHROMA pass sees Cb, Cr coded as the planes are (x, y; neutral at
    /// 128/255): handing them back changes nothing, neutral chroma makes
    /// every pixel grey with its luma kept; a chroma upscaler's `//!WHEN
    /// CHROMA.w LUMA.w <` skips the pass (the frame is 4:4:4), as mpv does.
    func testChromaPassesSeeAndReplaceCbCr() throws {
        let frame = try Fixtures.frame(
            .yuv444p, filters: "hue=s=0.25", colorimetry: Colorimetry(matrix: .bt709, range: .limited))
        let before = try render("vibrance=0", frame: frame)
        for text in [
            "//!HOOK CHROMA\n//!BIND HOOKED\nvec4 hook() { return HOOKED_tex(HOOKED_pos); }\n",
            "//!HOOK CHROMA\n//!BIND HOOKED\n//!BIND LUMA\n//!WHEN CHROMA.w LUMA.w <\n"
                + "vec4 hook() { return vec4(0.0); }\n",
        ] {
            let after = try render("shader=\(try write(text))", frame: frame)
            for plane in 0..<3 {
                let a = before.packedBytes(plane: plane)
                let b = after.packedBytes(plane: plane)
                XCTAssertLessThanOrEqual(zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0, 1, "plane \(plane)")
            }
        }
        let neutral = try write(
            "//!HOOK CHROMA\n//!BIND HOOKED\nvec4 hook() { return vec4(128.0 / 255.0, 128.0 / 255.0, 0.0, 1.0); }\n")
        let grey = try render("shader=\(neutral)", frame: frame)
        XCTAssertLessThanOrEqual(grey.packedBytes(plane: 1).map { abs(Int($0) - 128) }.max() ?? 99, 1)
        XCTAssertLessThanOrEqual(grey.packedBytes(plane: 2).map { abs(Int($0) - 128) }.max() ?? 99, 1)
        let luma = zip(grey.packedBytes(plane: 0), before.packedBytes(plane: 0)).map { abs(Int($0) - Int($1)) }
        XCTAssertLessThanOrEqual(luma.max() ?? 99, 1, "the luma stays")
    }

    /// An ALPHA pass sees the alpha (x) and replaces it; the colours stay.
    func testAlphaPassesSeeAndReplaceAlpha() throws {
        let path = try write(
            "//!HOOK ALPHA\n//!BIND HOOKED\nvec4 hook() { return vec4(HOOKED_tex(HOOKED_pos).x * 0.5); }\n")
        let frame = try Fixtures.frame(.rgba8)
        let input = frame.packedBytes(plane: 0)
        let output = try render("shader=\(path)", frame: frame).packedBytes(plane: 0)
        var worst = 0
        for index in input.indices {
            let expected = index % 4 == 3 ? Double(input[index]) * 0.5 : Double(input[index])
            worst = max(worst, Int(abs(Double(output[index]) - expected).rounded(.up)))
        }
        XCTAssertLessThanOrEqual(worst, 1, "alpha halved, colours kept within the RGB <-> Y'CbCr round trip")
    }

    /// A LINEAR pass sees linear light (BT.1886 for the BT.709 frame):
    /// halving it there scales the code values by 0.5^(1/2.4).
    func testLinearPassesSeeLinearLight() throws {
        let path = try write(
            "//!HOOK LINEAR\n//!BIND HOOKED\nvec4 hook() { vec4 c = HOOKED_tex(HOOKED_pos); return vec4(c.rgb * 0.5, c.a); }\n"
        )
        let input = try Fixtures.frame(.rgba8).packedBytes(plane: 0)
        let output = try render("shader=\(path)").packedBytes(plane: 0)
        var worst = 0.0
        for index in input.indices where index % 4 != 3 {
            worst = max(worst, abs(Double(output[index]) - Double(input[index]) * pow(0.5, 1 / 2.4)))
        }
        XCTAssertLessThanOrEqual(worst, 1, "8-bit rounding")
    }

    func testRefusalsNameTheLine() throws {
        let hook = "//!HOOK MAIN\n//!BIND HOOKED\nvec4 hook() { return HOOKED_tex(HOOKED_pos); }\n"
        for (text, expected) in [
            ("//!HOOK CHROMA_SCALED\n//!BIND HOOKED\nvec4 hook() { return vec4(0.0); }\n", ":1: //!HOOK CHROMA_SCALED"),
            ("//!HOOK XYZ\n//!BIND HOOKED\nvec4 hook() { return vec4(0.0); }\n", ":1: //!HOOK XYZ"),
            (
                "//!HOOK MAIN\n//!BIND HOOKED\n//!SIZE 2\nvec4 hook() { return vec4(0.0); }\n",
                ":3: the directive //!SIZE"
            ),
            ("//!BUFFER data\n//!VAR float x\n00000000\n" + hook, ":1: //!BUFFER"),
            (
                "//!HOOK MAIN\n//!BIND HOOKED\n//!COMPONENTS 7\n" + "vec4 hook() { return vec4(0.0); }\n",
                ":3: COMPONENTS"
            ),
            ("//!HOOK MAIN\n//!BIND HOOKED\n\nvoid main() {}\n", ":3: the pass defines no vec4 hook()"),
            ("//!PARAM k\n//!TYPE float\n//!MAXIMUM 1\n2\n" + hook, ":1: k's initial value is above its MAXIMUM"),
            ("//!PARAM k\n//!TYPE vec2\n0\n" + hook, ":2: the parameter TYPE 'vec2'"),
            ("//!TEXTURE LUT\n//!SIZE 1 1\n//!FORMAT rgba16\n0000\n" + hook, ":3: the texture FORMAT rgba16 "),
            ("//!TEXTURE LUT\n//!SIZE 1 1\n//!FORMAT r8\n//!FILTER NEAREST\n00\n" + hook, ":4: FILTER NEAREST"),
            ("//!TEXTURE LUT\n//!SIZE 2 1\n//!FORMAT rgba8\nff00\n" + hook, ":1: LUT has 2 bytes"),
            (
                "//!HOOK MAIN\n//!BIND HOOKED\n//!OFFSET ALIGN\n" + "vec4 hook() { return vec4(0.0); }\n",
                ":1: //!OFFSET ALIGN"
            ),
            ("//!HOOK MAIN\n//!WIDTH HOOKED.w 2x *\nvec4 hook() { return vec4(0.0); }\n", ":2: WIDTH: '2x'"),
        ] {
            let path = try write(text)
            XCTAssertThrowsError(try FilterChain(parsing: "shader=\(path)"), expected) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains(path + expected), "\(message) should contain \(expected)")
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
        // An expression that names no texture fails when the frame's size is known.
        let broken = try write(
            "//!HOOK MAIN\n//!BIND HOOKED\n//!WHEN NOPE.w 2 >\n" + "vec4 hook() { return vec4(0.0); }\n")
        XCTAssertThrowsError(try render("shader=\(broken)")) { error in
            XCTAssertTrue("\(error)".contains(":1: no texture named NOPE"), "\(error)")
        }
    }
}
