// handles: what a render submission promises. Each one returns a handle at
// once and ends exactly once: completed, cancelled by its caller, or
// discarded by the system with a reason.
//
//   swift run handles
import Foundation
import Harbeth

var rgba = [UInt8](repeating: 255, count: 256 * 256 * 4)
for pixel in 0..<256 * 256 {
    rgba[pixel * 4] = UInt8(pixel % 256)
    rgba[pixel * 4 + 1] = UInt8(pixel / 256)
}
let frame = try VideoFrame(rgba: rgba, width: 256, height: 256)
let renderer = try Renderer.shared

// 1. Keep the handle, await its value, read its snapshot.
let handle = (frame ->> .gaussianBlur(sigma: 3)).transmitFrame(on: renderer)
let blurred = try await handle.value
print("1. \(handle.snapshot.state): a \(blurred.width)x\(blurred.height) frame")

// 2. Latest only: a slider moving faster than the GPU. Each new submission
//    in the scope replaces the one still waiting; the newest always runs.
let slider = (0..<20).map { step in
    (frame ->> .brightness(Double(step) / 40)).transmitFrame(on: renderer, policy: .latestOnly(scope: "preview"))
}
let outcomes = slider.map { $0.wait() }
let superseded = slider.filter { $0.snapshot.reason == .superseded }.count
let newest = if case .success = outcomes.last! { "rendered" } else { "not rendered" }
print("2. \(superseded) of 20 superseded; the newest was \(newest)")

// 3. Cancel: idempotent; the first reason is kept, and no result arrives.
let cancelled = (frame ->> .kuwahara(radius: 4)).transmitFrame(on: renderer)
cancelled.cancel()
cancelled.cancel(reason: .deadlineExceeded)
let snapshot = cancelled.snapshot
print("3. \(snapshot.state) (\(snapshot.reason!)), delivery suppressed: \(snapshot.deliverySuppressed)")

// 4. Cancelling the awaiting task cancels the submission.
let task = Task { try await (frame ->> .median(.five)).transmitFrame(on: renderer).value }
task.cancel()
switch await task.result {
case .success: print("4. finished before the cancel arrived")
case .failure(let error): print("4. \(error)")
}

// The cancelled work may still be running on the GPU; wait for it before
// the program ends, so it ends with nothing in flight.
await renderer.waitUntilIdle()
