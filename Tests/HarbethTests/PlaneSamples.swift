import Harbeth
import XCTest

/// A frame's planes as rows of samples, and colours as code values: the
/// independent side of the tests that hold passes on the planes exact.
enum PlaneSamples {
    /// A plane as rows of samples (RGBA pixels as one sample).
    typealias Plane = [[UInt32]]

    static func planes(of frame: VideoFrame) -> [Plane] {
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

    /// The code values of an RGBA colour in each plane of `layout`
    /// (BT.601; RGBA as one packed sample).
    static func codes(of rgba: [Double], layout: PixelLayout) -> [UInt32] {
        let (r, g, b, a) = (rgba[0], rgba[1], rgba[2], rgba.count > 3 ? rgba[3] : 1)
        func code(_ value: Double) -> UInt32 { UInt32(max(0, value.rounded())) }
        if layout == .rgba8 {
            return [[r, g, b, a].enumerated().reduce(UInt32(0)) { $0 | code($1.element * 255) << (8 * $1.offset) }]
        }
        let luma = 0.299 * r + 0.587 * g + 0.114 * b
        let maximum = Double((1 << layout.bitDepth) - 1)
        if layout.isGray { return [code(luma * maximum)] }
        let step = Double(1 << (layout.bitDepth - 8))
        let cb = (b - luma) / 1.772
        let cr = (r - luma) / 1.402
        let planes = [code((16 + 219 * luma) * step), code((128 + 224 * cb) * step), code((128 + 224 * cr) * step)]
        return layout.planeCount == 4 ? planes + [code(a * maximum)] : planes
    }

    /// How many samples of a plane lie more than one code from the
    /// expected plane's, and the last of them described.
    static func misses(_ actual: Plane, _ expected: Plane) -> (count: Int, example: String) {
        var count = 0
        var example = ""
        for y in expected.indices {
            for x in expected[y].indices where abs(Int(actual[y][x]) - Int(expected[y][x])) > 1 {
                count += 1
                example = "(\(x), \(y)): \(actual[y][x]), not \(expected[y][x])"
            }
        }
        return (count, example)
    }

    /// Within one code of `expected` (each byte of an RGBA sample).
    static func within(_ actual: UInt32, _ expected: UInt32, layout: PixelLayout) -> Bool {
        let lanes = layout == .rgba8 ? 4 : 1
        let bits = layout == .rgba8 ? 8 : 32
        return (0..<lanes).allSatisfy { lane in
            let shift = UInt32(lane * bits)
            let mask: UInt64 = bits == 32 ? 0xFFFF_FFFF : 0xFF
            let a = Int((UInt64(actual) >> UInt64(shift)) & mask)
            let e = Int((UInt64(expected) >> UInt64(shift)) & mask)
            return abs(a - e) <= 1
        }
    }
}

extension XCTestCase {
    /// Renders `chain` on a `width` x `height` crop of a decoded frame in
    /// `layout`, checks that it is the one pass `pass` on the planes at the
    /// same size, and holds each plane within one code of `reference`
    /// (given the input plane, its index and the largest code).
    func assertOnePassOnThePlanes(
        _ chain: String, layout: PixelLayout, width: Int, height: Int, pass: String,
        reference: (PlaneSamples.Plane, Int, Double) -> PlaneSamples.Plane,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let frame = try Fixtures.crop(layout, width: width, height: height)
        let what = "\(layout) \(width)x\(height) \(chain)"
        let node = ImageNode(frame).applying(try FilterChain(parsing: chain))
        XCTAssertEqual(try Fixtures.renderer().summary(for: node).passes, [pass], what, file: file, line: line)
        let output = try node.makeFrame(on: Fixtures.renderer())
        XCTAssertEqual([output.width, output.height], [width, height], what, file: file, line: line)
        let maximum = Double((1 << layout.bitDepth) - 1)
        let planes = PlaneSamples.planes(of: frame)
        for (index, got) in PlaneSamples.planes(of: output).enumerated() {
            let (off, example) = PlaneSamples.misses(got, reference(planes[index], index, maximum))
            XCTAssertEqual(
                off, 0, "\(what) plane \(index): samples more than one code off, e.g. \(example)", file: file,
                line: line)
        }
    }
}
