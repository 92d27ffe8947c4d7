import Foundation
import Kakapos
import XCTest

/// Which streams each input carries when one input's video is filtered and
/// others give streams (`AddedStreamsSource.carriedStreams`): FFmpeg's
/// default picks the audio with the most channels (the first input's on a
/// tie); maps choose per input; a map naming a missing stream or another
/// input's video is refused.
final class AddedStreamsSourceTests: XCTestCase {
    private let video: [StreamInfo] = [
        StreamInfo(index: 0, kind: .video, indexInKind: 0, codecName: "h264"),
        StreamInfo(index: 1, kind: .audio, indexInKind: 0, codecName: "aac", channels: 2),
        StreamInfo(index: 2, kind: .subtitle, indexInKind: 0, codecName: "mov_text"),
    ]

    private func audio(channels: Int) -> [StreamInfo] {
        [StreamInfo(index: 0, kind: .audio, indexInKind: 0, codecName: "flac", channels: channels)]
    }

    private func carried(_ others: [Int: [StreamInfo]], maps: [String] = [], videoInput: Int = 0) throws -> [Int: [Int]]
    {
        try AddedStreamsSource.carriedStreams(
            videoInput: videoInput, videoStreams: video, videoStream: 0, others: others,
            maps: try maps.map { try StreamMap(parsing: $0) })
    }

    func testTheDefaultTakesTheAudioWithTheMostChannels() throws {
        // A tie keeps the video's own sound and its subtitles.
        XCTAssertEqual(try carried([1: audio(channels: 2)]), [0: [1, 2]])
        // More channels elsewhere: that sound, and the video's subtitles.
        XCTAssertEqual(try carried([1: audio(channels: 6)]), [0: [2], 1: [0]])
        // The first of two equal ones.
        XCTAssertEqual(try carried([1: audio(channels: 6), 2: audio(channels: 6)]), [0: [2], 1: [0]])
        // The video from input 1: input 0's sound wins a tie, being first.
        XCTAssertEqual(try carried([0: audio(channels: 2)], videoInput: 1), [1: [2], 0: [0]])
    }

    func testMapsChooseEachInputsStreams() throws {
        XCTAssertEqual(try carried([1: audio(channels: 1)], maps: ["0:v", "1:a"]), [0: [], 1: [0]])
        // An input no map names gives nothing but its video.
        XCTAssertEqual(try carried([1: audio(channels: 1)], maps: ["1:a"]), [1: [0]])
        XCTAssertEqual(
            try carried([1: audio(channels: 1)], maps: ["0:v", "0:a", "1:a?", "0:s"]), [0: [1, 2], 1: [0]])
        XCTAssertEqual(try carried([1: audio(channels: 1)], maps: ["0:v", "1:s?"]), [0: []])
    }

    func testAMapOfAMissingStreamOrAnotherVideoIsRefused() throws {
        XCTAssertThrowsError(try carried([1: audio(channels: 1)], maps: ["0:v", "1:a:1"])) { error in
            XCTAssertEqual(
                error as? MediaError, .invalidStreamMap("--map 1:a:1: input 1 has no audio stream 1 (it has 1)"))
        }
        let second: [StreamInfo] = [StreamInfo(index: 0, kind: .video, indexInKind: 0, codecName: "h264")]
        XCTAssertThrowsError(try carried([1: second], maps: ["0:v", "1"])) { error in
            XCTAssertEqual(
                error as? MediaError,
                .invalidStreamMap(
                    "--map 1:v:0: only input 0's video is filtered; a --graph combines the videos of several inputs"))
        }
    }
}
