// still: one image, one line.
//
//   swift run still photo.png photo-graded.png
//
// Reads a PNG, JPEG, TIFF or WebP (8 or 16 bits, with alpha), filters it on
// the GPU with the shared renderer, and writes the result with the same
// atomic write as a video: the output appears whole or not at all.
import Foundation
import Kakapos

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: still INPUT OUTPUT")
    exit(2)
}
let input = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])

do {
    // The one line: the chain's text form, as harbeth-render -vf takes it.
    try VideoFrame(contentsOf: input).filtered("sepia,gaussian_blur=sigma=2").write(to: output)

    // The same chain as Swift values, with the ->> operator.
    let photo = try VideoFrame(contentsOf: input)
    let graded = try (photo ->> .sepia() ->> .gaussianBlur(sigma: 2)).makeFrame()
    print("wrote \(output.lastPathComponent), \(graded.width)x\(graded.height) \(graded.layout)")
} catch {
    print("still: \(error)")
    exit(1)
}
