import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

final class CustomShaderTests: XCTestCase {
    private func write(_ text: String, name: String = "effect.glsl") throws -> String {
        let path = TestMedia.directory + "/\(UUID().uuidString)-\(name)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAPointwiseShaderFusesAndTakesItsUniformsAsParameters() throws {
        let path = try write(
            """
            uniform float amount = 0.5; // range 0...1
            uniform vec3 tint = vec3(1.0, 0.5, 0.25);

            vec4 filter(vec4 rgba, ivec2 pos) {
                return vec4(mix(rgba.rgb, rgba.rgb * tint, amount), rgba.a);
            }
            """)
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8)
        let chain = try FilterChain(parsing: "sepia,shader=\(path):amount=0.8,invert")
        let node = ImageNode(frame).applying(chain)
        XCTAssertEqual(try renderer.summary(for: node).dispatchesPerFrame, 1, "fused with the built-ins")
        let output = try node.makeFrame(on: renderer).packedBytes(plane: 0)
        // The same arithmetic on the CPU, on the output of sepia.
        let sepia = try ImageNode(frame).applying(.sepia()).makeFrame(on: renderer).packedBytes(plane: 0)
        var worst = 0.0
        for pixel in 0..<(frame.width * frame.height) {
            for (channel, tint) in [1.0, 0.5, 0.25].enumerated() {
                let value = Double(sepia[pixel * 4 + channel]) / 255
                let expected = 1 - (value * 0.2 + value * tint * 0.8)
                worst = max(worst, abs(expected - Double(output[pixel * 4 + channel]) / 255))
            }
        }
        // Tolerance: sepia's own 8-bit rounding in the two-step CPU version.
        XCTAssertLessThanOrEqual(worst * 255, 2.5)
        XCTAssertThrowsError(try FilterChain(parsing: "shader=\(path):amount=3")) { error in
            XCTAssertTrue("\(error)".contains("allowed 0...1"), "\(error)")
        }
    }

    func testAKernelShaderReadsNeighbours() throws {
        let path = try write(
            """
            vec4 kernel(ivec2 pos) {
                return 0.5 * (hb_load(pos + ivec2(1, 0)) + hb_load(pos - ivec2(1, 0)));
            }
            """)
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8)
        let input = frame.packedBytes(plane: 0)
        let output = try ImageNode(frame).applying(try FilterChain(parsing: "shader=\(path)")).makeFrame(on: renderer)
            .packedBytes(plane: 0)
        let width = frame.width
        var worst = 0
        for y in 0..<frame.height {
            for x in 0..<width {
                let left = max(0, x - 1)
                let right = min(width - 1, x + 1)
                for channel in 0..<3 {
                    let expected =
                        (Int(input[(y * width + left) * 4 + channel]) + Int(input[(y * width + right) * 4 + channel]))
                    let actual = Int(output[(y * width + x) * 4 + channel]) * 2
                    worst = max(worst, abs(expected - actual))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "within one 8-bit step of the average")
    }

    func testAWholeKernelUsesTheDocumentedBindings() throws {
        let path = try write(
            """
            uniform float gain = 2.0;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                if (p.x >= hb_out_size.x || p.y >= hb_out_size.y) return;
                imageStore(hb_output, p, vec4(hb_load(p).rgb * gain, 1.0));
            }
            """)
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8)
        let input = frame.packedBytes(plane: 0)
        let output = try ImageNode(frame).applying(try FilterChain(parsing: "shader=\(path):gain=0.5")).makeFrame(
            on: renderer
        )
        .packedBytes(plane: 0)
        let worst =
            (0..<input.count).filter { $0 % 4 != 3 }.map { abs(Int(input[$0]) - 2 * Int(output[$0])) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 1)
    }

    func testACompileErrorPointsAtTheUsersFileAndLine() throws {
        let path = try write(
            """
            uniform float amount;

            vec4 filter(vec4 rgba, ivec2 pos) {
                return rgba * notDeclared;
            }
            """, name: "broken.glsl")
        let node = ImageNode(try Fixtures.frame(.rgba8)).applying(try FilterChain(parsing: "shader=\(path)"))
        XCTAssertThrowsError(try node.makeFrame(on: try Fixtures.renderer())) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("\(path):4:"), text)
            XCTAssertTrue(text.contains("notDeclared"), text)
        }
    }

    func testMalformedShaderFilesAreRejectedBeforeCompiling() throws {
        let noEntry = try write("float helper() { return 1.0; }\n")
        XCTAssertThrowsError(try FilterChain(parsing: "shader=\(noEntry)")) { error in
            XCTAssertTrue("\(error)".contains("defines none of"), "\(error)")
        }
        let badUniform = try write("uniform mat4 grade;\nvec4 filter(vec4 c, ivec2 p) { return c; }\n")
        XCTAssertThrowsError(try FilterChain(parsing: "shader=\(badUniform)")) { error in
            XCTAssertTrue("\(error)".contains(":1: uniform type 'mat4' is not supported"), "\(error)")
        }
        XCTAssertThrowsError(try FilterChain(parsing: "shader=/no/such/file.glsl")) { error in
            XCTAssertTrue("\(error)".contains("cannot read the shader /no/such/file.glsl"), "\(error)")
        }
    }

    func testAnEntryPointWithTheWrongParametersIsRejectedAtItsLine() throws {
        let cases: [(text: String, message: String)] = [
            (
                "// filter (vec3) is not it\nvec4 filter(vec3 rgb) {\n    return vec4(rgb, 1.0);\n}\n",
                "a.glsl:2: the entry point takes (vec3); it must be vec4 filter(vec4 rgba, ivec2 pos)"
            ),
            (
                "vec4 kernel(ivec2 pos, float r) { return vec4(r); }\n",
                "a.glsl:1: the entry point takes (ivec2, float); it must be vec4 kernel(ivec2 pos)"
            ),
            ("\nvoid main(int x) {}\n", "a.glsl:2: the entry point takes (int); it must be void main()"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try CustomShader.descriptor(name: "a.glsl", text: text)) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
        // Qualifiers, spacing, a list over two lines and `(void)` are all fine.
        for text in [
            "vec4 filter (const in vec4 c,\n             ivec2 p) { return c; }\n",
            "vec4  filter(highp vec4 c, ivec2 p) { return c; }\n",
            "void main(void) {}\n",
        ] {
            XCTAssertNoThrow(try CustomShader.descriptor(name: "a.glsl", text: text), text)
        }
    }

    func testProblemsQuotingControlCharactersStayOneLine() {
        // Found by the fuzz targets (Fuzz/): quoted text was printed raw.
        XCTAssertThrowsError(
            try CustomShader.descriptor(name: "a.glsl", text: "uniform float x = \u{0C}1;\nvoid main() {}\n")
        ) { error in
            XCTAssertEqual("\(error)", "a.glsl:1: cannot read the default '\\u{0C}1'")
        }
        XCTAssertEqual(
            "\(CustomShader.Problem.noEntryPoint(path: "line\u{85}break.glsl"))",
            "line\\u{0085}break.glsl defines none of vec4 filter(vec4, ivec2), vec4 kernel(ivec2) or void main()")
    }

    func testACustomShaderPrintsItsPathSoTheChainParsesBack() throws {
        // Found by harbeth-fuzz-chain: the text form dropped the path
        // (`shader=amount=0.8`), which does not parse.
        let path = try write(
            "uniform float amount = 0.5; // range 0...1\nvec4 filter(vec4 c, ivec2 p) { return c * amount; }\n",
            name: "grade one.glsl")
        for text in ["sepia,shader=\(path):amount=0.8,invert", "shader=\(path)", "shader=file=\(path):0.25"] {
            let chain = try FilterChain(parsing: text)
            XCTAssertEqual(try FilterChain(parsing: chain.description), chain, chain.description)
        }
        XCTAssertEqual(
            try FilterChain(parsing: "sepia,shader='\(path)':amount=0.8").description,
            "sepia,shader='\(path)':amount=0.8")
    }

    func testUniformsOnLinesEndedByCROrCRLFAreParameters() throws {
        // Found by harbeth-fuzz-shader: only LF ended a line, so a file with
        // CR LF line ends was one line and its uniforms were not parameters.
        let crlf = try CustomShader.descriptor(
            name: "a.glsl", text: "uniform float a = 0.5;\r\nuniform int b = 2;\r\nvoid main() {}\r\n")
        XCTAssertEqual(crlf.parameters.map(\.name), ["a", "b"])
        let cr = try CustomShader.descriptor(name: "a.glsl", text: "void main() {}\runiform vec2 c = vec2(1.0, 2.0);")
        XCTAssertEqual(cr.parameters.map(\.name), ["c"])
        XCTAssertThrowsError(
            try CustomShader.descriptor(name: "a.glsl", text: "uniform float a;\r\n\r\runiform mat4 b;\nvoid main() {}")
        ) { error in
            XCTAssertEqual(
                "\(error)", "a.glsl:4: uniform type 'mat4' is not supported (float, int, bool, vec2, vec3, vec4)")
        }
    }

    func testTwoUniformsOfOneNameAreRejected() {
        // Found by harbeth-fuzz-shader: both became parameters named 't',
        // sharing one value in the text form, and the shader failed to
        // compile only when first rendered.
        XCTAssertThrowsError(
            try CustomShader.descriptor(
                name: "a.glsl", text: "uniform float t;\nuniform float u;\nuniform vec2 t;\nvoid main() {}\n")
        ) { error in
            XCTAssertEqual("\(error)", "a.glsl:3: a second uniform named 't'")
        }
    }

    func testUniformsSeparatedByTabsAreParameters() throws {
        // Found by harbeth-fuzz-shader: 'uniform\tfloat a;' and a bare
        // 'uniform' were left in the GLSL, failing to compile only when the
        // filter was first rendered.
        let descriptor = try CustomShader.descriptor(
            name: "a.glsl", text: "uniform\tfloat a = 0.5;\n\tuniform vec2\tb;\nvoid main() {}\n")
        XCTAssertEqual(descriptor.parameters.map(\.name), ["a", "b"])
        XCTAssertThrowsError(try CustomShader.descriptor(name: "a.glsl", text: "void main() {}\n  uniform \n")) {
            error in
            XCTAssertEqual("\(error)", "a.glsl:2: a uniform declaration ends with ';'")
        }
    }

    func testDefaultsAndRangesAreFiniteAndDefaultsLieInTheRange() throws {
        // Found by harbeth-fuzz-shader: vec defaults outside the range or
        // infinite (1.1e3000) made parameters whose own default the text
        // form rejects. 'int n = nan' and an int range beyond Int's stopped
        // the process (Int(nan), Int(1e300)).
        func parameter(_ declaration: String) throws -> FilterParameter {
            try CustomShader.descriptor(name: "a.glsl", text: declaration + "\nvoid main() {}\n").parameters[0]
        }
        func assertProblem(_ declaration: String, _ reason: String, line: UInt = #line) {
            XCTAssertThrowsError(try parameter(declaration), line: line) { error in
                XCTAssertEqual("\(error)", "a.glsl:1: " + reason, line: line)
            }
        }
        XCTAssertEqual(
            try parameter("uniform vec3 d = vec3(6.0, 0.0, -9.0); // range -5...5").defaultValue, .list([5, 0, -5]))
        XCTAssertEqual(try parameter("uniform vec4 d = vec4(0.01e300);").defaultValue, .list([1e6, 1e6, 1e6, 1e6]))
        XCTAssertEqual(try parameter("uniform int n = 7; // range -3...3").defaultValue, .number(3))
        assertProblem("uniform vec3 a = vec3(1.1e3000);", "cannot read the default 'vec3(1.1e3000)'")
        assertProblem("uniform float a = nan;", "cannot read the default 'nan'")
        assertProblem("uniform int n = nan;", "cannot read the default 'nan'")
        assertProblem("uniform vec3 c = vec3(1.0, x, 2.0, 3.0);", "cannot read the default 'vec3(1.0, x, 2.0, 3.0)'")
        assertProblem("uniform float a = 1.0, 2.0;", "float takes one default value")
        assertProblem("uniform float a; // range 0...1e999", "a range's bounds are finite numbers")
        assertProblem("uniform float a; // range x...0...1", "a range is written 'range MIN...MAX'")
        assertProblem(
            "uniform int n; // range 1e300...1e301", "an int's range is whole numbers within -2147483648...2147483647")
        assertProblem(
            "uniform int n; // range 0.5...3.5", "an int's range is whole numbers within -2147483648...2147483647")
    }
}
