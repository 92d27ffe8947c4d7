import Harbeth
import HarbethTestSupport
import XCTest

final class SmokeTests: XCTestCase {
    func testSepiaRGBA() throws {
        let context = try GPUTestEnvironment.context()
        let renderer = Renderer(context: context)
        let width = 37, height = 19
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i * 31 + 7) }
        let frame = try VideoFrame(rgba: bytes, width: width, height: height)
        let node = ImageNode(frame).applying(.sepia())
        let out = try node.makeFrame(on: renderer)
        XCTAssertEqual(out.width, width)
        let packed = out.packedBytes(plane: 0)
        var worst = 0
        for p in 0..<(width * height) {
            let r = Double(bytes[p*4]) / 255, g = Double(bytes[p*4+1]) / 255, b = Double(bytes[p*4+2]) / 255
            let er = min(1, 0.3588*r + 0.7044*g + 0.1368*b)
            worst = max(worst, abs(Int((er * 255).rounded()) - Int(packed[p*4])))
            worst = max(worst, abs(Int(bytes[p*4+3]) - Int(packed[p*4+3])))
        }
        XCTAssertLessThanOrEqual(worst, 1)
        print(try renderer.summary(for: node))
        GPUTestEnvironment.assertNoValidationMessages(context)
    }

    func testYUVIdentityAndBlur() throws {
        let context = try GPUTestEnvironment.context()
        let renderer = Renderer(context: context)
        let width = 64, height = 48
        for layout in PixelLayout.allCases where layout.isYUV {
            var planes: [[UInt8]] = []
            for i in 0..<layout.planeCount {
                let size = layout.planeSize(i, width: width, height: height)
                let rowBytes = layout.minimumBytesPerRow(i, width: width)
                var plane = [UInt8](repeating: 0, count: rowBytes * size.height)
                for y in 0..<size.height {
                    for x in 0..<rowBytes {
                        if layout == .yuv420p10 {
                            let sample = 64 + ((x / 2 * 13 + y * 7 + i * 100) % 800)
                            plane[y * rowBytes + x] = x % 2 == 0 ? UInt8(sample & 0xFF) : UInt8(sample >> 8)
                        } else {
                            plane[y * rowBytes + x] = UInt8(16 + (x * 3 + y * 5 + i * 40) % 200)
                        }
                    }
                }
                planes.append(plane)
            }
            let frame = try VideoFrame(width: width, height: height, layout: layout, planeBytes: planes)
            let out = try ImageNode(frame).makeFrame(on: renderer)
            for i in 0..<layout.planeCount {
                let a = frame.packedBytes(plane: i), b = out.packedBytes(plane: i)
                var worst = 0
                var step = layout == .yuv420p10 ? 2 : 1
                if i == 0 { step = step * 1 }
                var k = 0
                while k < a.count {
                    let va = layout == .yuv420p10 ? Int(a[k]) | Int(a[k+1]) << 8 : Int(a[k])
                    let vb = layout == .yuv420p10 ? Int(b[k]) | Int(b[k+1]) << 8 : Int(b[k])
                    if i == 0 { worst = max(worst, abs(va - vb)) }
                    k += step
                }
                print(layout, "plane", i, "luma worst", worst)
            }
            let blurred = try ImageNode(frame).applying(.gaussianBlur(sigma: 2)).applying(.sepia()).makeFrame(on: renderer)
            XCTAssertEqual(blurred.layout, layout)
            print(try renderer.summary(for: ImageNode(frame).applying(.gaussianBlur(sigma: 2)).applying(.sepia())))
        }
        GPUTestEnvironment.assertNoValidationMessages(context)
    }
}
