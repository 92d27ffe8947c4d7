import Foundation
import XCTest

@testable import Kakapos

/// The delivery contract of `AssetSource`: the fence, stop, and the single
/// finish. Order is observed through an event log and semaphores; nothing
/// sleeps.
final class AssetSourceTests: XCTestCase {
    static func describe(_ event: SourceEvent) -> String {
        switch event {
        case .frame(let frame): return "frame \(frame.index)"
        case .finish(let finish):
            switch finish.reason {
            case .endOfStream: return "finish end"
            case .stopped: return "finish stopped"
            case .failed(let error): return "finish failed \(error)"
            }
        }
    }

    func testStopWaitsForTheRunningDeliveryDropsQueuedFramesAndFinishesOnce() throws {
        let source = try AssetSource(url: MediaFixtures.clip)
        let log = EventLog()
        let inDelivery = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let decoderWaiting = DispatchSemaphore(value: 0)
        source.setTestHooks(
            SourceTestHooks(
                stopWillWaitForDelivery: {
                    log.append("stop waits for delivery")
                    release.signal()
                },
                decoderWaitingForRoom: { index in if index == 2 { decoderWaiting.signal() } },
                stopPassedTheFence: { log.append("stop passed the fence") }))
        try source.start { event in
            log.append(AssetSourceTests.describe(event) + " begins")
            if case .frame(let frame) = event, frame.index == 0 {
                inDelivery.signal()
                release.wait()
            }
            log.append(AssetSourceTests.describe(event) + " returns")
        }
        inDelivery.wait()
        // Frame 1 is queued, and the decoder waits for room for frame 2.
        decoderWaiting.wait()
        log.append("stop called")
        source.stop()
        log.append("stop returned")
        // Anything still queued on the delivery queue has run by now.
        source.deliveryQueue.sync {}

        XCTAssertEqual(
            log.events,
            [
                "frame 0 begins", "stop called", "stop waits for delivery", "frame 0 returns",
                "stop passed the fence", "finish stopped begins", "finish stopped returns", "stop returned",
            ])
        XCTAssertEqual(source.summary.framesDelivered, 1)
        XCTAssertEqual(source.summary.framesDroppedOnStop, 1)

        // A second stop has nothing left to do and sends nothing.
        source.stop()
        source.deliveryQueue.sync {}
        XCTAssertEqual(log.events.last, "stop returned")
    }

    func testAtTheNaturalEndEveryFrameHappensBeforeTheSingleFinish() throws {
        let source = try AssetSource(url: MediaFixtures.clip)
        let log = EventLog()
        let finished = DispatchSemaphore(value: 0)
        try source.start { event in
            log.append(AssetSourceTests.describe(event))
            if case .finish = event { finished.signal() }
        }
        finished.wait()
        source.stop()
        source.deliveryQueue.sync {}
        XCTAssertEqual(log.events, (0..<25).map { "frame \($0)" } + ["finish end"])
        XCTAssertEqual(source.summary.framesDelivered, 25)
        XCTAssertEqual(source.summary.warningCount, 0)
    }

    func testConcurrentStopsDeliverOneFinishAndBothWaitForIt() throws {
        let source = try AssetSource(url: MediaFixtures.clip)
        let log = EventLog()
        let started = DispatchSemaphore(value: 0)
        try source.start { event in
            if case .frame(let frame) = event, frame.index == 2 { started.signal() }
            log.append(AssetSourceTests.describe(event))
        }
        started.wait()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            source.stop()
            // Every stop returns only after the finish was delivered.
            XCTAssertEqual(log.events.last, "finish stopped")
        }
        XCTAssertEqual(log.count { $0.hasPrefix("finish") }, 1)
    }

    func testStopInsideADeliveryFinishesThereAndDeliversNothingMore() throws {
        let source = try AssetSource(url: MediaFixtures.clip)
        let log = EventLog()
        let finished = DispatchSemaphore(value: 0)
        try source.start { event in
            log.append(AssetSourceTests.describe(event))
            switch event {
            case .frame(let frame) where frame.index == 3:
                source.stop()
                log.append("stop returned inside frame 3")
            case .finish:
                finished.signal()
            default:
                break
            }
        }
        finished.wait()
        source.deliveryQueue.sync {}
        XCTAssertEqual(
            log.events, ["frame 0", "frame 1", "frame 2", "frame 3", "finish stopped", "stop returned inside frame 3"])
    }

    func testStopBeforeStartSendsNothingAndStartIsRefusedAfterwards() throws {
        let source = try AssetSource(url: MediaFixtures.clip)
        source.stop()
        XCTAssertThrowsError(try source.start { _ in XCTFail("no event expected") }) { error in
            XCTAssertEqual(error as? MediaError, .sourceAlreadyStarted(path: MediaFixtures.clip.path))
        }
    }

    func testLatestOnlyKeepsTheNewestWaitingFrame() throws {
        let (log, summary) = try deliverWithSlowFirstFrame(policy: .latestOnly)
        // Whichever frame was delivered first (the decoder may have replaced
        // a few before the delivery queue ran), only the newest frame was
        // waiting after it; every other frame was replaced.
        XCTAssertTrue(log.count == 2 || log.count == 3, "\(log)")
        XCTAssertEqual(Array(log.suffix(2)), ["frame 24", "finish end"])
        XCTAssertEqual(summary.framesDelivered, log.count - 1)
        XCTAssertEqual(summary.framesDroppedByPolicy, 25 - summary.framesDelivered)
    }

    func testBoundedDropNewestKeepsTheOldestWaitingFrames() throws {
        let (log, summary) = try deliverWithSlowFirstFrame(policy: .boundedDropNewest(2))
        // The oldest frames are never dropped: frames 0 and 1 are delivered,
        // and one more that found room while frame 0 was being delivered;
        // every other frame found the queue full.
        XCTAssertEqual(log.count, 4, "\(log)")
        XCTAssertEqual(Array(log.prefix(2)), ["frame 0", "frame 1"])
        XCTAssertEqual(log.last, "finish end")
        XCTAssertEqual(summary.framesDroppedByPolicy, 22)
    }

    /// Holds the first delivery until the decoder has offered every frame.
    private func deliverWithSlowFirstFrame(policy: DeliveryPolicy) throws -> ([String], SourceSummary) {
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(delivery: policy))
        let log = EventLog()
        let decoderEnded = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let first = Box(true)
        source.setTestHooks(SourceTestHooks(decoderEnded: { decoderEnded.signal() }))
        try source.start { event in
            log.append(AssetSourceTests.describe(event))
            switch event {
            case .frame:
                if first.current {
                    first.set(false)
                    decoderEnded.wait()
                }
            case .finish: finished.signal()
            }
        }
        finished.wait()
        return (log.events, source.summary)
    }

    func testTrimSeeksAndDeliversOnlyTheWindow() throws {
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(start: 0.4, duration: 0.2))
        let frames = try collectFrames(source)
        XCTAssertEqual(frames.map(\.seconds), [0.4, 0.44, 0.48, 0.52, 0.56].map { $0 }, accuracy: 1e-9)
        XCTAssertEqual(frames.map(\.index), Array(0..<5))

        let limited = try collectFrames(AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 3)))
        XCTAssertEqual(limited.map(\.pts), [0, 512, 1024])
    }

    func testMetadataDescribesTheClipBeforeDelivery() throws {
        let metadata = try AssetSource(url: MediaFixtures.clip).metadata
        XCTAssertEqual(metadata.width, 160)
        XCTAssertEqual(metadata.height, 120)
        XCTAssertEqual(metadata.codecName, "h264")
        XCTAssertEqual(metadata.averageFrameRate, Rational(25, 1))
        XCTAssertEqual(metadata.realFrameRate, Rational(25, 1))
        XCTAssertEqual(metadata.timeBase, Rational(1, 12800))
        XCTAssertEqual(metadata.duration ?? 0, 1.0, accuracy: 1e-9)
        XCTAssertEqual(metadata.frameCount, 25)
        XCTAssertEqual(metadata.pixelFormat, "yuv420p")
        XCTAssertEqual(metadata.layout, .yuv420p)
        XCTAssertNil(metadata.conversion)
        XCTAssertEqual(
            metadata.colorimetry, Colorimetry(matrix: .bt709, range: .limited, primaries: .bt709, transfer: .bt709))
        XCTAssertEqual(metadata.colorPrimaries, "bt709")
        XCTAssertEqual(metadata.rotation, 0)
        XCTAssertEqual(metadata.audio?.codecName, "aac")
        XCTAssertEqual(metadata.audio?.sampleRate, 48000)
        XCTAssertFalse(metadata.isStillImage)

        // FFmpeg 5.1 stores `rotate=90` as a display matrix of +90 degrees (ffprobe: rotation=90).
        XCTAssertEqual(try AssetSource(url: MediaFixtures.rotated).metadata.rotation, 90)
        XCTAssertFalse(try AssetSource(url: MediaFixtures.silentMKV).metadata.hasAudio)
    }

    func testFramesCarryTheSourceTimestampsAndTimeBase() throws {
        let frames = try collectFrames(AssetSource(url: MediaFixtures.vfr))
        let expected = try MediaTool.framePTSTimes(MediaFixtures.vfr).map { Double($0)! }
        XCTAssertEqual(frames.count, 30)
        XCTAssertEqual(frames.map(\.seconds), expected, accuracy: 1e-6)
        XCTAssertEqual(frames.map { $0.frame.time ?? -1 }, expected, accuracy: 1e-6)
        XCTAssertEqual(frames.first?.timeBase, Rational(1, 1000))
    }

    func testStillImagesDeliverOneFrame() throws {
        let png = try AssetSource(url: MediaFixtures.png)
        XCTAssertTrue(png.metadata.isStillImage)
        XCTAssertEqual(png.metadata.pixelFormat, "rgb24")
        XCTAssertEqual(png.metadata.layout, .rgba8)
        XCTAssertEqual(try collectFrames(png).count, 1)

        let jpeg = try AssetSource(url: MediaFixtures.jpeg)
        XCTAssertTrue(jpeg.metadata.isStillImage)
        XCTAssertEqual(jpeg.metadata.layout, .yuv420p)
        XCTAssertEqual(jpeg.metadata.colorimetry?.range, .full)
        XCTAssertEqual(try collectFrames(jpeg).count, 1)
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// An overload of XCTest's own assertion, so it keeps XCTest's name.
func XCTAssertEqual(
    _ actual: [Double], _ expected: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line
) {
    guard actual.count == expected.count else {
        XCTFail("\(actual) has \(actual.count) values, expected \(expected.count): \(expected)", file: file, line: line)
        return
    }
    for (index, (a, e)) in zip(actual, expected).enumerated() where abs(a - e) > accuracy {
        XCTFail("value \(index): \(a) != \(e) in \(actual)", file: file, line: line)
        return
    }
}
