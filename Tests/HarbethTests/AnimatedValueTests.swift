import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

/// Parameters that move: expressions of t, n, w, h and keyframes with
/// easing, evaluated per frame on the CPU into the parameter block.
final class AnimatedValueTests: XCTestCase {
    private func value(_ text: String, _ variables: ExpressionVariables = ExpressionVariables()) throws -> Double {
        try ParameterExpression(parsing: text).value(variables)
    }

    func testExpressionsFollowFFmpegsIdiom() throws {
        let at = ExpressionVariables(t: 0.25, n: 7, w: 640, h: 360)
        XCTAssertEqual(try value("0.2*sin(2*PI*t)", at), 0.2, accuracy: 1e-12)
        XCTAssertEqual(try value("1 + 2 * 3 - 4 / 2"), 5)
        XCTAssertEqual(try value("2^3^2"), 512, "power is right-associative")
        XCTAssertEqual(try value("-2^2"), -4, "unary minus binds looser than power")
        XCTAssertEqual(try value("n/2 + w/h", at), 3.5 + 640.0 / 360.0, accuracy: 1e-12)
        XCTAssertEqual(try value("clip(5, 0, 1)"), 1)
        XCTAssertEqual(try value("lerp(10, 20, 0.25)"), 12.5)
        XCTAssertEqual(try value("if(gt(t, 0.2), 3, 4)", at), 3)
        XCTAssertEqual(try value("if(lt(t, 0.2), 3)", at), 0, "if without an else is 0")
        XCTAssertEqual(try value("between(n, 5, 10) + not(0) + eq(2, 2)", at), 3)
        XCTAssertEqual(try value("mod(-7, 3)"), -1, "the remainder keeps the dividend's sign, as in FFmpeg")
        XCTAssertEqual(try value("floor(-1.5) + abs(-2) + max(1, 4, 2) + min(3, 2)"), -2 + 2 + 4 + 2)
        XCTAssertEqual(try value("1e-3 * 1000 + .5"), 1.5)
        XCTAssertEqual(try value("1/0"), 0, "a result that is not finite is 0")
        XCTAssertTrue(try ParameterExpression(parsing: "w/2").isConstantOverTime)
        XCTAssertFalse(try ParameterExpression(parsing: "w*t").isConstantOverTime)
        XCTAssertTrue(try ParameterExpression(parsing: "(out_w-iw)/2").isConstantOverTime)
        XCTAssertTrue(try ParameterExpression(parsing: "(ow-iw)/2").usesOutputSize)
        XCTAssertFalse(try ParameterExpression(parsing: "iw/2").usesOutputSize)
    }

    func testABadExpressionSaysWhatAndWhere() {
        let cases: [(String, String, Int)] = [
            ("0.2*sin(2*PI*t", "expected ',' or ')' in sin(...), found the end", 15),
            ("sine(t)", "unknown function 'sine'", 1),
            (
                "2*x",
                "unknown name 'x' (the variables are t, n, w (or iw, in_w), h (or ih, in_h), ow (or out_w), oh (or"
                    + " out_h); the constants PI, E, PHI, NAN)",
                3
            ),
            ("1 +", "expected a value, found the end", 4),
            ("(1 + 2", "expected ')' to close the '(' at column 1, found the end", 7),
            ("clip(1, 2)", "clip takes 3 arguments, not 2", 1),
            ("1 2", "expected an operator, found '2'", 3),
            ("", "an empty expression", 1),
        ]
        for (text, reason, column) in cases {
            XCTAssertThrowsError(try ParameterExpression(parsing: text), text) { error in
                XCTAssertEqual(error as? ExpressionError, ExpressionError(reason, column: column), text)
            }
        }
    }

    func testKeyframesEaseAsTheirClosedForms() throws {
        let points = [Keyframes.Point(value: 0, time: 1), .init(value: 1, time: 3), .init(value: 0.5, time: 4)]
        let closedForms: [(Easing, (Double) -> Double)] = [
            (.linear, { $0 }), (.in, { $0 * $0 }), (.out, { 1 - (1 - $0) * (1 - $0) }),
            (.inOut, { $0 < 0.5 ? 2 * $0 * $0 : 1 - 2 * (1 - $0) * (1 - $0) }), (.step, { $0 < 1 ? 0 : 1 }),
        ]
        for (easing, form) in closedForms {
            let keyframes = try Keyframes(points, easing: easing)
            XCTAssertEqual(keyframes.value(at: 0), 0, "\(easing): before the first, the first's value")
            XCTAssertEqual(keyframes.value(at: 9), 0.5, "\(easing): after the last, the last's value")
            for time in stride(from: 1.0, through: 4.0, by: 0.125) {
                let expected =
                    time <= 3 ? form((time - 1) / 2) : 1 + (0.5 - 1) * form(time - 3)
                XCTAssertEqual(keyframes.value(at: time), expected, accuracy: 1e-12, "\(easing) at \(time)")
            }
        }
        XCTAssertThrowsError(try Keyframes(parsing: "0@0;1@2;2@2")) { error in
            XCTAssertEqual(
                error as? ExpressionError, ExpressionError("keyframe times must rise: 2 comes after 2", column: 9))
        }
        XCTAssertThrowsError(try Keyframes(parsing: "0@0;1")) { error in
            XCTAssertEqual(
                error as? ExpressionError, ExpressionError("expected a keyframe VALUE@SECONDS, found '1'", column: 5))
        }
    }

    func testTheTextFormTakesAnimatedValuesAndPrintsThemBack() throws {
        let chain = try FilterChain(parsing: "brightness='0.2*sin(2*PI*t)',contrast=1@0;2@1:ease=in_out,sepia")
        XCTAssertTrue(chain.isAnimated)
        XCTAssertEqual(
            chain.description, "brightness=brightness=0.2*sin(2*PI*t),contrast=contrast=1@0;2@1:ease=in_out,sepia")
        XCTAssertEqual(try FilterChain(parsing: chain.description), chain)
        let quoted = try FilterChain(parsing: "brightness='max(0, t - 1)'")
        XCTAssertEqual(quoted.description, "brightness=brightness='max(0, t - 1)'")

        // One frame's constants: clamped into range, integers rounded.
        let frame = try chain.resolved(
            at: FrameTime(index: 3, seconds: 0.5), input: FrameFormat(width: 8, height: 8, layout: .rgba8))
        XCTAssertFalse(frame.isAnimated)
        XCTAssertEqual(frame.filters[0].values.number("brightness"), 0.2 * sin(Double.pi), accuracy: 1e-12)
        XCTAssertEqual(frame.filters[1].values.number("contrast"), 1.5, accuracy: 1e-12)
        let loud = try FilterChain(parsing: "brightness=t*10")
            .resolved(at: FrameTime(index: 0, seconds: 1), input: FrameFormat(width: 8, height: 8, layout: .rgba8))
        XCTAssertEqual(loud.filters[0].values.number("brightness"), 1, "clamped into -1...1")

        // A value that decides the output size cannot move with time.
        XCTAssertThrowsError(try FilterChain(parsing: "resize=w='w/2+t'")) { error in
            XCTAssertEqual(error as? FilterChainError, .notAnimatable(filter: "resize", parameter: "w", column: 10))
            XCTAssertTrue("\(error)".contains("give a constant or an expression of w and h"), "\(error)")
        }
        XCTAssertThrowsError(try FilterChain(parsing: "rotate=angle=0@0;90@1"))
    }

    /// A value that decides the plan may be an expression of the input's
    /// size and constants, as FFmpeg's crop and scale take them (`iw`,
    /// `in_w` and `w` are one variable): it is the same on every frame of
    /// one size. Before, `crop=in_w/2:in_h/2` and `rotate=angle=w/h*67.5`
    /// were refused. (An angle with PI in it is FFmpeg's rotate, in radians:
    /// RotateCLITests.)
    func testAValueThatDecidesThePlanMayBeAnExpressionOfTheInputsSize() throws {
        let input = FrameFormat(width: 320, height: 240, layout: .yuv420p)
        for (text, width, height) in [
            ("crop=in_w/2:in_h/2", 160, 120), ("crop=w=iw-64:h=ih/3*2", 256, 160), ("resize=w=w/4:h=-1", 80, 60),
            ("rotate=angle=w/h*67.5", 240, 320), ("pad=w=iw+2*16:h=ih+32", 352, 272),
        ] {
            let chain = try FilterChain(parsing: text)
            let output = try chain.outputFormat(for: input)
            XCTAssertEqual([output.width, output.height], [width, height], text)
        }
        // The expression is the filter's input size, after the filters before it.
        let after = try FilterChain(parsing: "resize=w=160:h=120,crop=w=iw/2:h=ih/2").outputFormat(for: input)
        XCTAssertEqual([after.width, after.height], [80, 60])
    }

    func testAnAnimatedValueThatDoesNotParseIsOneErrorWithTheChainsColumn() {
        XCTAssertThrowsError(try FilterChain(parsing: "sepia,brightness='0.2*sine(t)'")) { error in
            XCTAssertEqual(
                error as? FilterChainError,
                .invalidExpression(
                    filter: "brightness", parameter: "brightness", text: "0.2*sine(t)",
                    reason: "unknown function 'sine'",
                    column: 23))
            XCTAssertEqual(
                "\(error)", "brightness brightness='0.2*sine(t)': unknown function 'sine' at column 23")
        }
        XCTAssertThrowsError(try FilterChain(parsing: "brightness=1@0;1@0")) { error in
            guard case .invalidExpression(_, _, _, let reason, let column) = error as? FilterChainError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(reason, "keyframe times must rise: 0 comes after 0")
            XCTAssertEqual(column, 16)
        }
        XCTAssertThrowsError(try FilterChain(parsing: "contrast=1@0;2@1:ease=sideways")) { error in
            XCTAssertEqual(
                error as? FilterChainError,
                .invalidValue(
                    filter: "contrast", parameter: "ease", text: "sideways",
                    expected: "one of linear, in, out, in_out, step", column: 23))
        }
        XCTAssertThrowsError(try FilterChain(parsing: "brightness=bright")) { error in
            guard case .invalidValue(_, _, _, let expected, _) = error as? FilterChainError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(expected, "number, or an expression of t, n, w, h")
        }
    }

    /// Brightness following `0.3*sin(2*PI*t)` over eight frames 0.1 s apart:
    /// each frame matches the numpy reference of brightness at that value,
    /// and the one plan serves every frame.
    func testAnAnimatedBrightnessMatchesTheReferenceEveryFrameAndCompilesOnce() throws {
        try assertEachFrameMatchesItsConstant(
            "brightness='0.3*sin(2*PI*t)'", frames: 8, every: 0.1
        ) { seconds, _, _ in "brightness=\(0.3 * sin(2 * Double.pi * seconds))" }
    }

    /// rotate's angle decides the output size, so it moves only when w and
    /// h are given: then `angle=t*75:w=iw:h=ih` (a quarter turn, exact, at
    /// 1.2 s) matches the reference of each frame's constant angle, and
    /// one plan serves every frame. Without w and h it is refused.
    func testARotationMovesInAGivenSizeOnOnePlan() throws {
        try assertEachFrameMatchesItsConstant(
            "rotate=angle=t*75:w=iw:h=ih", frames: 7, every: 0.2
        ) { seconds, width, height in "rotate=angle=\(seconds * 75):w=\(width):h=\(height)" }
        XCTAssertThrowsError(try FilterChain(parsing: "rotate=angle=t*75:w=iw")) { error in
            XCTAssertEqual(
                error as? FilterChainError,
                .movesOnlyAtGivenSize(filter: "rotate", parameter: "angle", sizes: ["w", "h"], column: 14))
        }
    }

    /// Renders `chain` on `frames` frames `every` seconds apart: each keeps
    /// the input's size and matches the reference of the chain `constant`
    /// writes for its time (and the input's width and height) within 2
    /// levels, and one plan serves every frame.
    private func assertEachFrameMatchesItsConstant(
        _ chain: String, frames: Int, every step: Double, constant: (Double, Int, Int) -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let renderer = try Fixtures.renderer()
        let before = renderer.statistics.plansCompiled
        let moving = try FilterChain(parsing: chain)
        var source = try Fixtures.frame(.rgba8, index: 2)
        let pixels = source.packedBytes(plane: 0)
        for index in 0..<frames {
            let seconds = Double(index) * step
            source.time = seconds
            let output = try ImageNode(source, chain: moving, time: FrameTime(index: index, seconds: seconds))
                .makeFrame(on: renderer)
            let fixed = constant(seconds, source.width, source.height)
            XCTAssertEqual(
                [output.width, output.height], [source.width, source.height], fixed, file: file, line: line)
            let reference = try Reference.apply(
                try FilterChain(parsing: fixed), to: pixels, width: source.width, height: source.height)
            let (maxError, _) = Reference.compare(output, with: reference)
            XCTAssertLessThanOrEqual(maxError * 255, 2, "frame \(index): \(fixed)", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(
            renderer.statistics.plansCompiled - before, 1, "one plan for every frame", file: file, line: line)
    }

    /// `n` is the frame's index in its run, `w` the filter's input width
    /// (after the filters before it).
    /// A blur whose sigma moves (1 to 13 over seven frames) takes one plan
    /// per pyramid factor and radius bucket, not one per value: four here,
    /// where each value's own radius made seven. Each frame is the blur of
    /// that sigma made as a constant, within one level.
    func testAnAnimatedBlurTakesAPlanPerBucketNotPerValue() throws {
        let renderer = Renderer(context: try GPUTestEnvironment.context())
        let chain = try FilterChain(parsing: "gaussian_blur=sigma='1+8*t'")
        let source = try Fixtures.frame(.rgba8, index: 2)
        var made: [VideoFrame] = []
        for index in 0..<7 {
            let seconds = Double(index) / 4
            made.append(
                try ImageNode(source, chain: chain, time: FrameTime(index: index, seconds: seconds))
                    .makeFrame(on: renderer))
        }
        XCTAssertEqual(renderer.statistics.plansCompiled, 4, "k = 1 (two radius buckets), k = 2 and k = 4")
        for (index, frame) in made.enumerated() {
            let sigma = 1 + 8 * Double(index) / 4
            let constant = try ImageNode(source, chain: [.gaussianBlur(sigma: sigma)]).makeFrame(on: renderer)
            let worst = zip(frame.packedBytes(plane: 0), constant.packedBytes(plane: 0)).map { abs(Int($0) - Int($1)) }
                .max()
            XCTAssertLessThanOrEqual(worst ?? 99, 1, "sigma \(sigma)")
        }
    }

    func testAnimatedValuesReadTheFrameIndexAndTheFiltersInputSize() throws {
        let renderer = try Fixtures.renderer()
        let source = try Fixtures.frame(.rgba8, index: 1)
        // After the resize, w is 32: the brightness is 32/64 = 0.5 at n = 0, 0 at n = 1.
        let chain = try FilterChain(parsing: "resize=w=32:h=24,brightness='w/64*if(eq(n,0),1,0)'")
        let first = try ImageNode(source, chain: chain, time: FrameTime(index: 0, seconds: 0)).makeFrame(on: renderer)
        let second = try ImageNode(source, chain: chain, time: FrameTime(index: 1, seconds: 0)).makeFrame(on: renderer)
        let resized = try ImageNode(source, chain: try FilterChain(parsing: "resize=w=32:h=24"))
            .makeFrame(on: renderer)
        let brightened = try ImageNode(source, chain: try FilterChain(parsing: "resize=w=32:h=24,brightness=0.5"))
            .makeFrame(on: renderer)
        XCTAssertEqual(first.packedBytes(plane: 0), brightened.packedBytes(plane: 0))
        XCTAssertEqual(second.packedBytes(plane: 0), resized.packedBytes(plane: 0))
    }
}
