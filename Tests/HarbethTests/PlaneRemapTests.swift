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

    /// A plane as rows of samples (RGBA pixels as one sample).
    private typealias Plane = [[UInt32]]

    private static func planes(of frame: VideoFrame) -> [Plane] {
        let layout = frame.layout
        let bytes = layout == .rgba8 ? 4 : layout.bitDepth > 8 ? 2 : 1
        return (0..<layout.planeCount).map { index in
            let size = layout.planeSize(index, width: frame.width, height: frame.height)
            let data = frame.packedBytes(plane: index)
            return (0..<size.height).map { y in
                (0..<size.width).map { x in
                    let at = (y * size.width + x) * bytes
                    return (0..<bytes).reduce(UInt32(0)) { $0 | UInt32(data[at + $1]) << (8 * $1) }
                }
            }
        }
    }

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
        ]
        for layout in [PixelLayout.yuv420p, .yuv422p, .yuv444p10, .yuva444p10, .gray8, .rgba8, .yuv420p10] {
            let frame = try Fixtures.frame(layout)
            for chain in chains {
                let text = chain.joined(separator: ",")
                let node = ImageNode(frame).applying(try FilterChain(parsing: text))
                let summary = try Fixtures.renderer().summary(for: node)
                let transposes = chain.contains { $0 == "transpose" || $0 == "rotate=90" || $0 == "rotate=270" }
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
                let expected = Self.planes(of: frame).map { plane in chain.reduce(plane) { Self.moved($0, by: $1) } }
                XCTAssertEqual(Self.planes(of: output), expected, "\(layout) \(text)")
            }
        }
    }
}
