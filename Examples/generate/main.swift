// generate: a program's own frames and audio, into an mp4.
//
//   swift run generate sweep.mp4
//
// Two seconds of a colour sweep made on the CPU and graded on the GPU, with
// a 440 Hz tone, encoded as H.264 and AAC.
import Foundation
import Kakapos

guard CommandLine.arguments.count == 2 else {
    print("usage: generate OUTPUT.mp4")
    exit(2)
}
let (width, height, frameRate, seconds) = (320, 240, 25, 2)
let sampleRate = 48000

/// Frame `index`: a horizontal gradient whose colour moves with time.
func makeFrame(_ index: Int) throws -> VideoFrame {
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let offset = (y * width + x) * 4
            rgba[offset] = UInt8((x + index * 4) % 256)
            rgba[offset + 1] = UInt8(y * 255 / height)
            rgba[offset + 2] = UInt8(255 - (x * 255 / width))
        }
    }
    return try VideoFrame(rgba: rgba, width: width, height: height)
}

do {
    let recorder = try RecorderSink(url: URL(fileURLWithPath: CommandLine.arguments[1]))
    let first = try makeFrame(0)
    try recorder.begin(
        firstFrame: first, frameRate: Rational(Int32(frameRate), 1),
        audio: PCMAudioFormat(sampleRate: sampleRate, channelCount: 1))
    let samplesPerFrame = sampleRate / frameRate
    for index in 0..<frameRate * seconds {
        let graded = try (makeFrame(index) ->> .vignette() ->> .contrast(1.2)).makeFrame()
        try recorder.append(graded, at: index)
        // This frame's share of the tone, in float samples -1...1.
        let tone = (0..<samplesPerFrame).map { sample -> Float in
            let time = Double(index * samplesPerFrame + sample) / Double(sampleRate)
            return Float(0.3 * sin(2 * Double.pi * 440 * time))
        }
        try recorder.appendAudio(tone)
    }
    let clip = try recorder.finishRecording()
    print(
        "wrote \(clip.url.lastPathComponent): \(clip.frameCount) frames, \(clip.codecName), audio \(clip.audio ?? "none")"
    )
} catch {
    print("generate: \(error)")
    exit(1)
}
