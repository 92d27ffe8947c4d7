import Harbeth
import HarbethTestSupport
import XCTest

/// Flips, transposes and quarter turns written back in the frame's layout
/// are one pass on the planes that moves samples: every plane of the
/// output is the input's plane moved, exactly (held to the moves done here
/// one filter at a time, on real decoded frames).
final class PlaneRemapTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    private typealias Plane = PlaneSamples.Plane

    /// One filter's move of one plane, from its formula.
    private static func moved(_ plane: Plane, by text: String) -> Plane {
        let (h, w) = (plane.count, plane[0].count)
        func make(_ width: Int, _ height: Int, _ source: (Int, Int) -> (Int, Int)) -> Plane {
            (0..<height).map { y in
                (0..<width).map { x in
                    let s = source(x, y)
                    return plane[s.1][s.0]
                }
            }
        }
        switch text {
        case "flip=direction=horizontal": return make(w, h) { (w - 1 - $0, $1) }
        case "flip=direction=vertical": return make(w, h) { ($0, h - 1 - $1) }
        case "flip=direction=both": return make(w, h) { (w - 1 - $0, h - 1 - $1) }
        case "transpose": return make(h, w) { ($1, $0) }
        case "transpose=clock": return make(h, w) { ($1, h - 1 - $0) }
        case "transpose=cclock": return make(h, w) { (w - 1 - $1, $0) }
        case "transpose=clock_flip": return make(h, w) { (w - 1 - $1, h - 1 - $0) }
        case "rotate=90": return make(h, w) { ($1, h - 1 - $0) }
        case "rotate=180": return make(w, h) { (w - 1 - $0, h - 1 - $1) }
        case "rotate=270": return make(h, w) { (w - 1 - $1, $0) }
        default: preconditionFailure(text)
        }
    }

    func testEveryPlaneIsTheInputsMovedExactly() throws {
        let chains = [
            ["flip=direction=horizontal"], ["flip=direction=vertical"], ["flip=direction=both"], ["transpose"],
            ["rotate=90"], ["rotate=180"], ["rotate=270"], ["transpose", "flip=direction=horizontal", "rotate=90"],
            ["transpose=clock"], ["transpose=cclock"], ["transpose=clock_flip", "transpose=clock"],
        ]
        for layout in [PixelLayout.yuv420p, .yuv422p, .yuv444p10, .yuva444p10, .gray8, .rgba8, .yuv420p10] {
            let frame = try Fixtures.frame(layout)
            for chain in chains {
                let text = chain.joined(separator: ",")
                let node = ImageNode(frame).applying(try FilterChain(parsing: text))
                let summary = try Fixtures.renderer().summary(for: node)
                let transposes = chain.contains { $0.hasPrefix("transpose") || $0 == "rotate=90" || $0 == "rotate=270" }
                if layout == .yuv422p && transposes {
                    // 4:2:2 turned a quarter is 4:4:0: it takes the RGB path.
                    XCTAssertFalse(summary.passes.joined().contains("on the planes"), text)
                    continue
                }
                let names = try FilterChain(parsing: text).filters.map(\.name).joined(separator: "+")
                // A vertical flip alone is a view of the planes (PlaneView): no pass at all.
                let passes = text == "flip=direction=vertical" ? [] : ["\(names) on the planes"]
                XCTAssertEqual(summary.passes, passes, "\(layout) \(text)")
                let output = try node.makeFrame(on: Fixtures.renderer())
                let expected = PlaneSamples.planes(of: frame).map { plane in
                    chain.reduce(plane) { Self.moved($0, by: $1) }
                }
                XCTAssertEqual(PlaneSamples.planes(of: output), expected, "\(layout) \(text)")
            }
        }
    }

    /// A pad on the chroma grid is a move of the planes too: each plane of
    /// the canvas is the input's plane at the corner (x, y over the plane's
    /// subsampling), exactly, and the rest the canvas colour's code value,
    /// from BT.601's formulas here (limited range for the untagged YUV
    /// frames, full for grey; within one code of rounding). With flips and
    /// quarter turns before or after, still one pass. A corner off the
    /// chroma grid takes the RGB path.
    func testPadsOnTheChromaGridAreMovesOfThePlanes() throws {
        let chains = [
            ["pad=w=400:h=300:x=40:y=20:color=1/0.5/0/0.75"], ["pad=w=360:h=264", "flip=direction=horizontal"],
            ["pad=w=360:h=264:x=-1:y=-1", "flip=direction=horizontal"],
            ["rotate=90", "pad=w=301:h=400:x=30:y=40:color=0/0/1"],
        ]
        let fill = UInt32.max
        for layout in [PixelLayout.yuv420p, .yuv422p, .yuv444p10, .yuva444p10, .gray8, .rgba8, .yuv420p10] {
            let frame = try Fixtures.frame(layout)
            let shift = layout.chromaShift
            for chain in chains {
                let text = chain.joined(separator: ",")
                if layout == .yuv422p && chain.contains("rotate=90") { continue }
                let node = ImageNode(frame).applying(try FilterChain(parsing: text))
                let names = try FilterChain(parsing: text).filters.map(\.name).joined(separator: "+")
                XCTAssertEqual(try Fixtures.renderer().summary(for: node).passes, ["\(names) on the planes"], text)
                let output = try node.makeFrame(on: Fixtures.renderer())
                var size = FrameSize(width: frame.width, height: frame.height)
                var planes = PlaneSamples.planes(of: frame)
                var color: [Double] = [0, 0, 0, 1]
                for step in chain {
                    guard step.hasPrefix("pad") else {
                        planes = planes.map { Self.moved($0, by: step) }
                        if step == "rotate=90" { size = FrameSize(width: size.height, height: size.width) }
                        continue
                    }
                    var values: [String: String] = [:]
                    for pair in step.dropFirst(4).split(separator: ":") {
                        let parts = pair.split(separator: "=")
                        values[String(parts[0])] = String(parts[1])
                    }
                    let canvas = FrameSize(width: Int(values["w"]!)!, height: Int(values["h"]!)!)
                    // FFmpeg's pad: the top-left corner by default, a negative edge centred.
                    let givenX = values["x"].flatMap { Int($0) } ?? 0
                    let givenY = values["y"].flatMap { Int($0) } ?? 0
                    let x = givenX < 0 ? (canvas.width - size.width) / 2 : givenX
                    let y = givenY < 0 ? (canvas.height - size.height) / 2 : givenY
                    color = values["color"].map { $0.split(separator: "/").map { Double($0)! } } ?? color
                    planes = planes.enumerated().map { index, plane in
                        let subsampled = (index == 1 || index == 2) && layout.isYUV && !layout.isGray
                        let (sx, sy) = subsampled ? (shift.x, shift.y) : (0, 0)
                        let width = (canvas.width + (1 << sx) - 1) >> sx
                        let height = (canvas.height + (1 << sy) - 1) >> sy
                        var padded = Plane(repeating: [UInt32](repeating: fill, count: width), count: height)
                        for (row, samples) in plane.enumerated() {
                            padded[row + (y >> sy)].replaceSubrange(
                                (x >> sx)..<((x >> sx) + samples.count), with: samples)
                        }
                        return padded
                    }
                    size = canvas
                }
                let codes = PlaneSamples.codes(of: color, layout: layout)
                for (index, (actual, expected)) in zip(PlaneSamples.planes(of: output), planes).enumerated() {
                    XCTAssertEqual(actual.count, expected.count, "\(layout) \(text) plane \(index) rows")
                    var wrong = 0
                    for (a, e) in zip(actual.joined(), expected.joined()) {
                        if e != fill {
                            if a != e { wrong += 1 }
                        } else if !PlaneSamples.within(a, codes[index], layout: layout) {
                            wrong += 1
                        }
                    }
                    XCTAssertEqual(wrong, 0, "\(layout) \(text) plane \(index)")
                }
            }
        }
        let node = ImageNode(try Fixtures.frame(.yuv420p)).applying(try FilterChain(parsing: "pad=w=400:h=300:x=3:y=2"))
        XCTAssertNotEqual(try Fixtures.renderer().summary(for: node).passes, ["pad on the planes"])
    }
}
