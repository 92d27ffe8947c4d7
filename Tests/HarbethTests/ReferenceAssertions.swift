import Harbeth
import HarbethTestSupport
import XCTest

/// The catalog's accuracy rule: pointwise filters within 2/255 of a float
/// reference; neighbourhood and geometric filters at PSNR >= 45 dB against
/// a reference with the same border rule.
enum Tolerance {
    case pointwise
    case psnr(Double)

    static let neighborhood = Tolerance.psnr(45)
}

extension XCTestCase {
    /// Renders `chain` on a real decoded RGBA frame of the test clip and
    /// compares it with the numpy reference (Tests/References/reference.py).
    /// `renderer` defaults to the shared one (half precision, files read
    /// but images not decoded).
    func assertMatchesReference(
        _ chainText: String, _ tolerance: Tolerance, frameIndex: Int = 3, time: Double = 0, renderer: Renderer? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let renderer = try renderer ?? Fixtures.renderer()
        var frame = try Fixtures.frame(.rgba8, index: frameIndex)
        frame.time = time
        let chain = try FilterChain(parsing: chainText)
        let output = try ImageNode(frame).applying(chain).makeFrame(on: renderer)
        let reference = try Reference.apply(
            chain, to: frame.packedBytes(plane: 0), width: frame.width, height: frame.height, time: time)
        XCTAssertEqual(output.width, reference.width, "\(chainText): width", file: file, line: line)
        XCTAssertEqual(output.height, reference.height, "\(chainText): height", file: file, line: line)
        guard output.width == reference.width, output.height == reference.height else { return }
        let (maxError, psnr) = Reference.compare(output, with: reference)
        switch tolerance {
        case .pointwise:
            XCTAssertLessThanOrEqual(
                maxError * 255, 2, "\(chainText): largest error in 8-bit steps", file: file, line: line)
        case .psnr(let minimum):
            XCTAssertGreaterThanOrEqual(psnr, minimum, "\(chainText): PSNR in dB", file: file, line: line)
        }
    }
}
