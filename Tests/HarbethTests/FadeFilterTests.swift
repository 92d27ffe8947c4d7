import Harbeth
import HarbethTestSupport
import XCTest

/// fade, the time-aware filter, against the numpy reference at several
/// frame times; and the colour effects fused into one pass.
final class FadeFilterTests: XCTestCase {
    func testFadeReadsTheFrameTime() throws {
        // Fade in from black over the first second (the defaults).
        for time in [0, 0.25, 0.5, 0.999, 1, 3] {
            try assertMatchesReference("fade", .pointwise, time: time)
        }
        // Fade out to white from 2 s over half a second, no fade in.
        for time in [1.5, 2, 2.2, 2.45, 4] {
            try assertMatchesReference(
                "fade=color=#ffffff:in_duration=0:out_start=2:out_duration=0.5", .pointwise, time: time)
        }
        // Both, overlapping: the stronger one wins.
        for time in [0.5, 1.2, 1.9] {
            try assertMatchesReference(
                "fade=color=0.2/0.4/0.6:in_start=0.5:in_duration=1:out_start=1:out_duration=1", .pointwise, time: time)
        }
    }

    /// unit=frames counts the frame's number as the seconds count its time
    /// (FFmpeg's start_frame and nb_frames).
    func testFadeInFramesReadsTheFrameNumber() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8)
        let byFrames = try FilterChain(parsing: "fade=in_start=2:in_duration=4:out_start=8:out_duration=2:unit=frames")
        let bySeconds = try FilterChain(parsing: "fade=in_start=2:in_duration=4:out_start=8:out_duration=2")
        var outputs: [[UInt8]] = []
        for index in [0, 3, 5, 7, 9, 12] {
            let counted = try ImageNode(frame, time: FrameTime(index: index, seconds: 100)).applying(byFrames)
                .makeFrame(on: renderer).packedBytes(plane: 0)
            let timed = try ImageNode(frame, time: FrameTime(index: 0, seconds: Double(index))).applying(bySeconds)
                .makeFrame(on: renderer).packedBytes(plane: 0)
            XCTAssertEqual(counted, timed, "frame \(index)")
            outputs.append(counted)
        }
        XCTAssertEqual(Set(outputs).count, 5, "0 and 12 are both the colour; the others differ")
    }

    func testFadeChangesWithTimeWithoutANewPlan() throws {
        let renderer = try Fixtures.renderer()
        let chain = try FilterChain(parsing: "fade=in_duration=2")
        var frame = try Fixtures.frame(.rgba8)
        frame.time = 0.1
        _ = try ImageNode(frame).applying(chain).makeFrame(on: renderer)
        let compiled = renderer.statistics.plansCompiled
        var means: [Double] = []
        for time in [0.5, 1.0, 1.5] {
            frame.time = time
            let output = try ImageNode(frame).applying(chain).makeFrame(on: renderer)
            let bytes = output.packedBytes(plane: 0)
            means.append(Double(bytes.reduce(0) { $0 + Int($1) }) / Double(bytes.count))
        }
        XCTAssertEqual(renderer.statistics.plansCompiled, compiled, "time is data, not structure")
        XCTAssertLessThan(means[0], means[1])
        XCTAssertLessThan(means[1], means[2])
    }

    func testFusedEffects() throws {
        try assertMatchesReference(
            "contrast=1.4,monochrome=0.7/0.5/0.2:0.5,channel_mixer=r=0.9/0.1/0/0.02,vignette=start=0.2:end=0.9"
                + ",haze=-0.1:0.1,false_color=dark=0.1/0/0.2:light=1/0.9/0.6,color_matrix=offset=0/0/0/-0.2"
                + ",chroma_key=color=0.5/0.2/0.1:threshold=0.05:smoothing=0.2",
            .pointwise)
    }
}
