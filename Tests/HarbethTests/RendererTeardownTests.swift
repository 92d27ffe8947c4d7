import Dispatch
import Foundation
import HarbethTestSupport
import XCTest

@testable import Harbeth

/// After renders of every kind, letting go of the renderer and its context
/// destroys the device with nothing left alive: the validation layer,
/// whose log outlives the context, reports no object at vkDestroyDevice
/// or vkDestroyInstance (GPUContextTeardownTests shows that it would).
final class RendererTeardownTests: XCTestCase {
    func testNoVulkanObjectOutlivesTheContextAfterRenders() throws {
        let folder = NSTemporaryDirectory() + "harbeth-teardown-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cube = folder + "/identity.cube"
        try Data(
            ("LUT_3D_SIZE 2\n" + (0..<8).map { "\($0 & 1) \($0 >> 1 & 1) \($0 >> 2)" }.joined(separator: "\n"))
                .utf8
        ).write(to: URL(fileURLWithPath: cube))

        let log = ValidationLog()
        let lastReleased = DispatchSemaphore(value: 0)
        weak var weakContext: GPUContext?
        weak var weakRenderer: Renderer?
        var rendered = 0
        do {
            var options = GPUTestEnvironment.options()
            options.validation = true
            options.validationLog = log
            let context = try GPUContext(options: options)
            let renderer = Renderer(context: context, options: .init(framesInFlight: 2))
            weakContext = context
            weakRenderer = renderer

            // Fused, neighbourhood (intermediate images), table data in a
            // storage buffer, geometry; from every input layout.
            let chains = ["sepia", "gaussian_blur=sigma=2,vignette", "lut3d=file=\(cube)", "rotate=angle=90,invert"]
            for layout in PixelLayout.allCases {
                let frame = try Fixtures.frame(layout)
                for chain in chains {
                    _ = try ImageNode(frame).applying(try FilterChain(parsing: chain)).makeFrame(on: renderer)
                    rendered += 1
                }
            }
            // More plans than the renderer keeps: the oldest are dropped.
            let frame = try Fixtures.frame(.yuv420p)
            for width in 0..<(Renderer.planLimit + 4) {
                _ = try ImageNode(frame).applying(.resize(width: 64 + 2 * width, height: -1)).makeFrame(on: renderer)
                rendered += 1
            }
            XCTAssertEqual(renderer.statistics.framesRendered, rendered)
            // A submission cancelled while its GPU work may still run, and
            // output frames still held when the renderer goes.
            let held = try (0..<3).map { _ in try ImageNode(frame).applying(.sepia()).makeFrame(on: renderer) }
            ImageNode(frame).applying(.invert).transmitFrame(on: renderer).cancel()
            // Submissions start in order on the renderer's queue, so this one
            // reaches the GPU after the cancelled one's work, if that ran.
            _ = try ImageNode(frame).applying(.invert).makeFrame(on: renderer)
            XCTAssertEqual(held.count, 3)
            GPUTestEnvironment.assertNoValidationMessages(context)
            // Finished GPU work is let go in submission order after its
            // completion ran, and may hold the context's last reference: a
            // last submission tells when all of it, and so the context, went.
            let last = try context.makeCommandBuffer()
            try last.record { _ in }
            try context.submit(last, retaining: [Sentinel { lastReleased.signal() }]) { _ in }
        }
        XCTAssertEqual(lastReleased.wait(timeout: .now() + 30), .success, "the last GPU work was never let go")
        XCTAssertNil(weakRenderer, "the renderer was released")
        XCTAssertNil(weakContext, "everything made from the context was released, so the device was destroyed")
        let leftAlive = log.all.filter { message in
            message.identifier.hasPrefix("VUID-vkDestroyDevice-")
                || message.identifier.hasPrefix("VUID-vkDestroyInstance-")
                || message.text.contains("has not been destroyed")
        }
        XCTAssertEqual(leftAlive, [], "objects left alive at device destruction")
        XCTAssertEqual(log.failures, [])
    }
}

/// Calls `body` when released.
private final class Sentinel: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    deinit { body() }
}
