import Kakapos
import XCTest

@testable import harbeth_render

/// The frames a graph's run makes, estimated before it starts for the
/// progress line's total: by the end rule, from the inputs' lengths, the
/// xfade offsets and a concat's segments one after another. Before, a run
/// of several inputs that ends with its longest had no total (no
/// percentage, no time left).
final class GraphRunLengthTests: XCTestCase {
    func testTheEstimateFollowsTheEndRule() {
        let rule = SynchronizedSource.EndRule.longest
        // Two inputs, the second from 1.5 s (an xfade): it ends at 3.5 s.
        XCTAssertEqual(
            rule.estimatedFrames(lengths: [2, 2], offsets: [0, 1.5], frameRate: 25), 88)
        // A concat of three: 1 + 2 + 0.6 s.
        XCTAssertEqual(
            rule.estimatedFrames(
                lengths: [1, 2, 0.6], offsets: [0, 0, 0], startsAfter: [1: [0], 2: [1]], frameRate: 25), 90)
        // An inset shown until its end does not hold the run.
        XCTAssertEqual(
            rule.estimatedFrames(lengths: [1, 4], offsets: [0, 0], shownUntilTheirEnd: [1], frameRate: 25), 25)
        // -t ends it first.
        XCTAssertEqual(rule.estimatedFrames(lengths: [1, 4], offsets: [0, 0], frameRate: 25, duration: 2), 50)
        XCTAssertEqual(
            SynchronizedSource.EndRule.shortest.estimatedFrames(lengths: [3, 1.2], offsets: [0, 0], frameRate: 25), 30)
        XCTAssertEqual(
            SynchronizedSource.EndRule.first.estimatedFrames(lengths: [3, 5], offsets: [0, 0], frameRate: 25), 75)
        // An input of unknown or endless length leaves it unknown.
        XCTAssertNil(rule.estimatedFrames(lengths: [1, nil], offsets: [0, 0], frameRate: 25))
        XCTAssertNil(rule.estimatedFrames(lengths: [1, 2], offsets: [0, 0], frameRate: nil))
    }
}
