import HarbethGPU
import HarbethShaders
import HarbethTestSupport
import XCTest

final class ComputeKernelTests: XCTestCase {
    /// Harbeth's sepia rows as a column-major 4x4 matrix (alpha kept).
    private let sepia: [Float] = [
        0.3588, 0.2990, 0.2392, 0,
        0.7044, 0.5870, 0.4696, 0,
        0.1368, 0.1140, 0.0912, 0,
        0, 0, 0, 1,
    ]

    func testColourMatrixKernelMatchesCPUAt1080p() throws {
        let context = try GPUTestEnvironment.context()
        let width = 1920
        let height = 1080
        let source = try XCTUnwrap(ShaderLibrary.source("kernels/rgba8_color_matrix.glsl"))
        let pipeline = try context.makePipeline(
            KernelDescriptor(
                source: ShaderSource(name: "kernels/rgba8_color_matrix.glsl", text: source),
                bindings: [.storageBuffer, .storageBuffer], pushConstantSize: 88, workgroupSize: (16, 16, 1)))

        var generator = SplitMix64(seed: 42)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for index in pixels.indices { pixels[index] = UInt32(truncatingIfNeeded: generator.next()) }

        let input = try context.makeBuffer(size: width * height * 4, location: .upload)
        let output = try context.makeBuffer(size: width * height * 4, location: .readback)
        input.withUnsafeMutableBytes { bytes in
            pixels.withUnsafeBytes { bytes.copyMemory(from: $0) }
        }
        let set = try pipeline.makeDescriptorSet()
        set.update([.buffer(input), .buffer(output)])

        let offset: [Float] = [0.01, 0, -0.01, 0]
        var constants = PushConstants()
        for value in sepia + offset { constants.append(value) }
        constants.append(UInt32(width))
        constants.append(UInt32(height))

        let commands = try context.makeCommandBuffer()
        try commands.record { recorder in
            recorder.bind(pipeline, set)
            recorder.pushConstants(constants.bytes)
            recorder.dispatch((width + 15) / 16, (height + 15) / 16)
            recorder.hostReadBarrier()
        }
        try context.submitAndWait(commands)

        let result: [UInt32] = output.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        var worst = 0
        for index in stride(from: 0, to: pixels.count, by: 1) {
            let expected = Self.reference(pixels[index], matrix: sepia, offset: offset)
            let actual = result[index]
            for channel in 0..<4 {
                let a = Int((actual >> (8 * channel)) & 0xFF)
                let e = Int((expected >> (8 * channel)) & 0xFF)
                worst = max(worst, abs(a - e))
            }
        }
        // Tolerance: one 8-bit step, for float rounding at exact .5 boundaries.
        XCTAssertLessThanOrEqual(worst, 1, "largest channel difference against the CPU")
        GPUTestEnvironment.assertNoValidationMessages(context)
    }

    private static func reference(_ pixel: UInt32, matrix: [Float], offset: [Float]) -> UInt32 {
        let input = (0..<4).map { Float((pixel >> (8 * $0)) & 0xFF) / 255 }
        var packed: UInt32 = 0
        for row in 0..<4 {
            var sum = offset[row]
            for column in 0..<4 { sum += matrix[column * 4 + row] * input[column] }
            let byte = UInt32((min(max(sum, 0), 1) * 255).rounded())
            packed |= byte << (8 * row)
        }
        return packed
    }
}

/// Bytes laid out as a std430 push-constant block of 4-byte scalars.
struct PushConstants {
    var bytes: [UInt8] = []
    mutating func append(_ value: Float) { append(value.bitPattern) }
    mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
