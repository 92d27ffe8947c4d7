// exit-while-rendering: renders on another thread without pause and calls
// `exit(0)` from the main thread while that work is in flight, as a program
// that ends without waiting for its renderer does. ProcessExitTests runs it
// with the validation layer on and expects a clean exit.
import Foundation
import Harbeth

let size = 64
let frame = try VideoFrame(rgba: [UInt8](repeating: 128, count: size * size * 4), width: size, height: size)
let renderer = try Renderer.shared
// The plan's first frame, so the steady state is what is in flight at exit.
_ = try (frame ->> .brightness(0.1)).transmitFrame(on: renderer).wait().get()

let started = DispatchSemaphore(value: 0)
let busy = Thread {
    var step = 0
    while true {
        let handle = (frame ->> .brightness(Double(step % 10) / 10)).transmitFrame(on: renderer)
        if step == 0 { started.signal() }
        _ = handle.wait()
        step += 1
    }
}
busy.start()
started.wait()
print("exiting with a render in flight")
exit(0)
