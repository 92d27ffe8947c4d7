import Harbeth
import HarbethTestSupport
import XCTest

/// The filtergraph text form: FFmpeg's syntax with this catalog's filters,
/// and errors that name the label or the column.
final class FilterGraphTests: XCTestCase {
    func testChainsLabelsAndInputsLinkAsFFmpegsDo() throws {
        let graph = try FilterGraph(
            parsing: "[0]sepia[a];[1]resize=w=160:h=120:method=bilinear[b];[a][b]overlay=x=16:y='10+t*20'[out]")
        XCTAssertEqual(graph.inputCount, 2)
        XCTAssertEqual(graph.outputs.map(\.label), ["out"])
        let overlay = graph.steps[2]
        XCTAssertEqual(overlay.filter?.name, "overlay")
        XCTAssertEqual(overlay.inputs, [.step(0), .step(1)])
        XCTAssertTrue(overlay.filter!.isAnimated)

        // Unlabeled pads of a chain's first filter take the inputs nobody
        // names, in order; a chain's next filter takes the one before.
        let plain = try FilterGraph(parsing: "xfade=transition=wipeleft:duration=0.5:offset=1,sepia")
        XCTAssertEqual(plain.steps[0].inputs, [.input(0), .input(1)])
        XCTAssertEqual(plain.steps[1].inputs, [.step(0)])
        XCTAssertEqual(plain.outputs.map(\.label), [""])
        XCTAssertEqual(plain.outputs.map(\.step), [1])
        let spare = try FilterGraph(parsing: "[1:v]invert[x];[x]hstack")
        XCTAssertEqual(spare.steps[1].inputs, [.step(0), .input(0)])

        // A label may be used before the chain that makes it; split makes two.
        let forward = try FilterGraph(parsing: "[a][b]vstack[out];[0]split[a][b]")
        XCTAssertEqual(forward.steps[0].inputs, [.step(1), .step(1)])
        XCTAssertEqual(forward.inputCount, 1)
        let three = try FilterGraph(parsing: "[0]split=3[a][b][c];[a][b]hstack[top];[top][c]vstack")
        XCTAssertEqual(three.outputs.count, 1)

        // FFmpeg's overlay: x:y first (the image is the next input, not a
        // file), W and H (main_w, main_h) the frame's size, w and h
        // (overlay_w, overlay_h) the image's.
        let placed = try FilterGraph(parsing: "[0][1]overlay=W-w-10:main_h-overlay_h:0.5").steps[0].filter!
        var sizes = ExpressionVariables(w: 160, h: 120)
        sizes.overlayWidth = 80
        sizes.overlayHeight = 60
        XCTAssertEqual(placed.resolved(sizes).description, "overlay=x=70:y=60:opacity=0.5")
        XCTAssertEqual(try FilterGraph(parsing: "[0][1]overlay=16:8").steps[0].filter?.description, "overlay=x=16:y=8")
    }

    func testTheGraphBuildsTheNodesItDescribes() throws {
        let graph = try FilterGraph(parsing: "[0]invert[a];[1]crop=w=100:h=100:x=0:y=0[b];[a][b]hstack=padding=2")
        let a = try VideoFrame(rgba: [UInt8](repeating: 10, count: 8 * 6 * 4), width: 8, height: 6)
        let b = try VideoFrame(rgba: [UInt8](repeating: 200, count: 200 * 150 * 4), width: 200, height: 150)
        let node = try graph.node(inputs: [a, b], time: FrameTime(index: 0, seconds: 0))
        XCTAssertEqual(node.chain.filters.map(\.name), ["invert", "hstack"])
        XCTAssertEqual(node.inputs[1]?.first?.chain.filters.map(\.name), ["crop"])
        let format = try node.outputFormat()
        XCTAssertEqual([format.width, format.height], [8 + 2 + 100, 100])
    }

    /// FFmpeg's end options of overlay and blend: `shortest=1` and
    /// `eof_action=endall` the shortest, `shortest=0` the longest;
    /// `eof_action=pass` and `repeatlast=0` drop the second input once it
    /// is over (the first passes on), and that input holds the run open
    /// only where something else reads it.
    func testOverlaysEndOptionsSayTheRunsEnd() throws {
        XCTAssertNil(try FilterGraph(parsing: "[0][1]overlay").endsWithShortest)
        XCTAssertEqual(try FilterGraph(parsing: "[0][1]overlay=shortest=1").endsWithShortest, true)
        XCTAssertEqual(try FilterGraph(parsing: "[0][1]overlay=eof_action=endall").endsWithShortest, true)
        XCTAssertEqual(try FilterGraph(parsing: "[0][1]blend=mode=screen:shortest=0").endsWithShortest, false)

        let pass = try FilterGraph(parsing: "[1]hflip[i];[0][i]overlay=8:8:eof_action=pass")
        guard case .filter(_, dropsEndedInputs: true) = pass.steps[1].kind else {
            return XCTFail("the overlay drops its ended input: \(pass.steps[1].kind)")
        }
        XCTAssertEqual(pass.inputsShownUntilTheirEnd, [1])
        XCTAssertEqual(try FilterGraph(parsing: "[0][1]blend=repeatlast=0").inputsShownUntilTheirEnd, [1])
        XCTAssertEqual(try FilterGraph(parsing: "[0][1]overlay").inputsShownUntilTheirEnd, [])
        let alsoStacked = try FilterGraph(parsing: "[1]split[a][b];[0][a]overlay=eof_action=pass[c];[c][b]hstack")
        XCTAssertEqual(alsoStacked.inputsShownUntilTheirEnd, [], "the stack holds input 1")

        let frames = [
            try VideoFrame(rgba: [UInt8](repeating: 10, count: 8 * 6 * 4), width: 8, height: 6),
            try VideoFrame(rgba: [UInt8](repeating: 200, count: 4 * 2 * 4), width: 4, height: 2),
        ]
        let time = FrameTime(index: 0, seconds: 0)
        let shown = try pass.node(inputs: frames, time: time)
        XCTAssertEqual(shown.chain.filters.map(\.name), ["overlay"])
        let over = try pass.node(inputs: frames, time: time, ended: [1])
        XCTAssertEqual(over.chain.filters.map(\.name), [], "the video as it came")
        XCTAssertEqual(over.source.packedBytes(plane: 0), frames[0].packedBytes(plane: 0))
    }

    func testErrorsNameTheLabelOrTheColumn() {
        let cases: [(String, String)] = [
            ("[0]sepia[a];[c]invert", "[c] is used at column 13 but never made"),
            ("[0]sepia[a];[a]invert;[a]grayscale", "[a] is used again at column 23: split it first ([a]split[a1][a2])"),
            ("[0]sepia[a];[1]invert[a]", "[a] is made again at column 22"),
            ("[a]sepia[b];[b]invert[a]", "the graph loops: [b], [a] feed each other"),
            ("[0][1]sepia", "sepia at column 7 takes 1 input, given 2"),
            ("[0]sepia,[1][2]overlay", "overlay at column 16 takes 2 inputs, given 3"),
            (
                "[0]sepia[a",
                "malformed filter chain at column 11: expected ']' to close the label at column 9, found the end"
            ),
            ("[0]sepai", "unknown filter 'sepai' at column 4; did you mean 'sepia'?"),
            ("[0]sepia[a][b]", "malformed filter chain at column 12: expected one output label after sepia, found [b]"),
            ("", "the filtergraph is empty"),
            (
                "[0][1]overlay=file=a.png",
                "overlay file='a.png' is invalid at column 20; expected no file in a graph, where the image is"
                    + " the filter's next input ([0][1]overlay)"
            ),
            ("[0][1]overlay=1:2:1:9", "overlay takes at most 3 values at column 21"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try FilterGraph(parsing: text), text) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
        XCTAssertThrowsError(try FilterGraph(parsing: "[0]sepia;[2]invert").check(inputCount: 2)) { error in
            XCTAssertEqual("\(error)", "input 2 (column 10) does not exist: the run has 2 inputs")
        }
        XCTAssertThrowsError(try FilterGraph(parsing: "[0]sepia[a];[0]invert[b]").output(named: nil)) { error in
            XCTAssertEqual("\(error)", "the graph has 2 outputs ([a], [b]): choose one with --map '[LABEL]'")
        }
        // The library's graphs filter video; the tool takes an audio chain out first.
        XCTAssertThrowsError(try FilterGraph(parsing: "[0][1]overlay[v];[0:a]volume=2[a]")) { error in
            XCTAssertEqual(
                "\(error)",
                "[0:a] at column 18 is an input's sound: a filtergraph here filters video; the run's sound is input"
                    + " 0's or --audio-from K's, filtered with -af")
        }
        XCTAssertThrowsError(try FilterGraph(parsing: "[0]sepia[a]").output(named: "[b]")) { error in
            XCTAssertEqual("\(error)", "the graph has no output [b]; its outputs: [a]")
        }
    }

    /// FFmpeg's xstack places: a grid row by row (each row below its first
    /// input), positions as sums of pixels and the inputs' sizes, the
    /// canvas as large as what they cover.
    /// FFmpeg's concat: its segments play one after another. An input a
    /// later segment reads starts once the inputs of the segment before it
    /// are over (`startsAfter`), and the node is the first segment not yet
    /// over. Before, `concat` was an unknown filter.
    func testConcatPlaysItsSegmentsInARow() throws {
        XCTAssertEqual(try FilterGraph(parsing: "[0][1][2]concat=n=3").startsAfter, [1: [0], 2: [1]])
        let graph = try FilterGraph(parsing: "[0]hflip[a];[1][2]overlay[b];[a][b]concat=n=2:v=1:a=0,invert")
        XCTAssertEqual(graph.startsAfter, [1: [0], 2: [0]])
        XCTAssertEqual(try FilterGraph(parsing: "[0][1]overlay").startsAfter, [:])
        XCTAssertEqual(try FilterGraph(parsing: "concat").steps[0].inputs, [.input(0), .input(1)])

        let frames = [
            try VideoFrame(rgba: [UInt8](repeating: 10, count: 8 * 6 * 4), width: 8, height: 6),
            try VideoFrame(rgba: [UInt8](repeating: 200, count: 8 * 6 * 4), width: 8, height: 6),
            try VideoFrame(rgba: [UInt8](repeating: 90, count: 4 * 2 * 4), width: 4, height: 2),
        ]
        let time = FrameTime(index: 0, seconds: 0)
        XCTAssertEqual(try graph.node(inputs: frames, time: time).chain.filters.map(\.name), ["flip", "invert"])
        XCTAssertEqual(
            try graph.node(inputs: frames, time: time, ended: [0]).chain.filters.map(\.name), ["overlay", "invert"])
        XCTAssertEqual(
            try graph.node(inputs: frames, time: time, ended: [0, 1, 2]).chain.filters.map(\.name),
            ["overlay", "invert"], "the last segment shows its last frame")

        // The segments are one size (FFmpeg's rule too).
        try graph.checkSegments(inputs: [frames[0], frames[1], frames[2]])
        XCTAssertThrowsError(try FilterGraph(parsing: "[0][2]concat").checkSegments(inputs: frames)) { error in
            XCTAssertEqual(
                "\(error)",
                "concat at column 7 joins segments of different sizes: segment 2 is 4x2, segment 1 8x6; resize"
                    + " them to one size first")
        }
        let cases: [(String, String)] = [
            (
                "[1][0]concat",
                "concat at column 7 plays input 0 after another segment: input 0 times the run and plays from its"
                    + " start; give the inputs in the order they play"
            ),
            (
                "[0][1]concat[c];[c][1]hstack",
                "concat at column 7 plays input 1 after another segment, and hstack at column 23 reads it too, where"
                    + " it would start late as well; give it again as another input"
            ),
            (
                "[0][1]concat[c];[c][2]overlay=shortest=1",
                "shortest at column 31 disagrees with concat at column 7: the run has one end"
                    + " (--end first|shortest|longest)"
            ),
            ("[0][1]concat=v=2", "concat v='2' is invalid at column 16; expected 1: a graph's segments are video"),
            (
                "[0][1]concat=n=2:v=1:a=1",
                "concat a='1' is invalid at column 24; expected 0: a graph filters video (harbeth-render joins the"
                    + " segments' sound itself)"
            ),
            ("[0][1]concat=n=0", "concat n='0' is invalid at column 16; expected a count of 1...64"),
            ("[0][1]concat=unsafe=1", "concat unsafe='1' is invalid at column 21; expected 0: segments are one size"),
            ("[0][1][2]concat", "concat at column 10 takes 2 inputs, given 3"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try FilterGraph(parsing: text), text) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
    }

    func testXstackLayoutsPlaceAsFFmpegsDo() throws {
        let sizes = [
            FrameSize(width: 160, height: 120), FrameSize(width: 80, height: 60), FrameSize(width: 40, height: 90),
            FrameSize(width: 10, height: 10),
        ]
        let grid = try StackLayout(inputs: 4, layout: nil, grid: "2x2").place(sizes)
        XCTAssertEqual(grid.corners.map { [$0.x, $0.y] }, [[0, 0], [160, 0], [0, 120], [40, 120]])
        XCTAssertEqual(grid.canvas, FrameSize(width: 240, height: 210))
        let placed = try StackLayout(inputs: 4, layout: "0_0|w0+5_0|w1+w0_h1+7|3_h0", grid: nil).place(sizes)
        XCTAssertEqual(placed.corners.map { [$0.x, $0.y] }, [[0, 0], [165, 0], [240, 67], [3, 120]])
        XCTAssertEqual(placed.canvas, FrameSize(width: 280, height: 157))
        XCTAssertEqual(try StackLayout(inputs: 2, layout: nil, grid: nil).placement, .grid(columns: 2, rows: 1))
        XCTAssertThrowsError(try StackLayout(inputs: 4, layout: nil, grid: "3x1"))
        XCTAssertThrowsError(try StackLayout(inputs: 2, layout: "0_0|w0_x", grid: nil))
    }
}
