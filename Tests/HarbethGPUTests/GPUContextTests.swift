import HarbethGPU
import HarbethTestSupport
import XCTest

final class GPUContextTests: XCTestCase {
    func testTheChosenDeviceIsDescribed() throws {
        let context = try GPUTestEnvironment.context()
        XCTAssertFalse(context.info.name.isEmpty)
        XCTAssertTrue(context.info.apiVersion.hasPrefix("1."), context.info.apiVersion)
        XCTAssertEqual(context.info.pipelineCacheUUID.count, 32)
        XCTAssertNotNil(context.validationLog, "tests run with validation on")
        XCTAssertTrue(context.features.robustBufferAccess || !context.info.supportsRobustBufferAccess)
    }

    func testSelectingByIndexAndNameFindsTheSameDevice() throws {
        GPUTestEnvironment.configure()
        let devices = try GPUContext.availableDevices()
        let first = try XCTUnwrap(devices.first)
        let byIndex = try GPUContext(options: GPUTestEnvironment.options().with(device: .index(first.index)))
        XCTAssertEqual(byIndex.info, first)
        let fragment = String(first.name.prefix(4)).uppercased()
        let byName = try GPUContext(options: GPUTestEnvironment.options().with(device: .nameContaining(fragment)))
        XCTAssertEqual(byName.info.name, first.name)
    }

    func testAnUnknownDeviceNameIsATypedError() throws {
        XCTAssertThrowsError(
            try GPUContext(options: GPUTestEnvironment.options().with(device: .nameContaining("no-such-gpu-xyz")))
        ) { error in
            guard case .deviceNotFound(let selector, let available)? = error as? GPUError else {
                return XCTFail("expected deviceNotFound, got \(error)")
            }
            XCTAssertEqual(selector, "no-such-gpu-xyz")
            XCTAssertFalse(available.isEmpty)
        }
    }

    func testDeviceSelectorParsesEnvironmentText() {
        XCTAssertEqual(DeviceSelector(parsing: ""), .automatic)
        XCTAssertEqual(DeviceSelector(parsing: " 1 "), .index(1))
        XCTAssertEqual(DeviceSelector(parsing: "llvmpipe"), .nameContaining("llvmpipe"))
    }

    func testMappedUploadBufferRoundTripsThroughTheGPU() throws {
        let context = try GPUTestEnvironment.context()
        let upload = try context.makeBuffer(size: 4096, location: .upload)
        let device = try context.makeBuffer(size: 4096, location: .device)
        let readback = try context.makeBuffer(size: 4096, location: .readback)
        upload.withUnsafeMutableBytes { bytes in
            for index in 0..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index * 7) }
        }
        let commands = try context.makeCommandBuffer()
        try commands.record { recorder in
            recorder.copy(from: upload, to: device)
            recorder.computeBarrier()
            recorder.copy(from: device, to: readback)
            recorder.hostReadBarrier()
        }
        try context.submitAndWait(commands)
        readback.withUnsafeBytes { bytes in
            XCTAssertEqual(bytes[4095], UInt8(truncatingIfNeeded: 4095 * 7))
            XCTAssertEqual(bytes[100], UInt8(truncatingIfNeeded: 700))
        }
        GPUTestEnvironment.assertNoValidationMessages(context)
    }
}

extension GPUContext.Options {
    func with(device: DeviceSelector) -> Self {
        var copy = self
        copy.device = device
        return copy
    }
}
