/// Test hooks that make the next GPU allocation or submission fail as a real
/// fault would. Off unless armed, by code or by `HARBETH_INJECT_FAULT`:
/// `oom@alloc:N` fails the N-th allocation from now with out-of-memory,
/// `lost@submit:N` loses the device at the N-th submission from now, and
/// `lost@pipeline:N` (or `oom@pipeline:N`) fails the N-th compute pipeline
/// made from now.
package final class FaultInjector: Sendable {
    /// A fault that can be injected.
    package enum Fault: String, Sendable {
        case outOfDeviceMemory = "oom"
        case deviceLost = "lost"
    }

    private struct Armed {
        var allocation: (fault: Fault, countdown: Int)?
        var submission: (fault: Fault, countdown: Int)?
        var pipeline: (fault: Fault, countdown: Int)?
    }

    private let armed = Locked(Armed())
    /// Called when a device-lost fault fires, so the queue can act lost.
    let onDeviceLost = Locked<(@Sendable () -> Void)?>(nil)

    init() {}

    /// Parses `HARBETH_INJECT_FAULT` text, e.g. "lost@submit:3".
    init(environment value: String?) {
        guard let value else { return }
        for part in value.split(separator: ",") {
            let pieces = part.split(whereSeparator: { $0 == "@" || $0 == ":" }).map(String.init)
            guard pieces.count == 3, let fault = Fault(rawValue: pieces[0]), let count = Int(pieces[2]), count >= 1
            else { continue }
            if pieces[1] == "alloc" { armAllocation(fault, after: count) }
            if pieces[1] == "submit" { armSubmission(fault, after: count) }
            if pieces[1] == "pipeline" { armPipelineCreation(fault, after: count) }
        }
    }

    /// The `count`-th allocation from now fails with `fault` (1 = the next).
    package func armAllocation(_ fault: Fault, after count: Int = 1) {
        armed.withLock { $0.allocation = (fault, count) }
    }

    /// The `count`-th submission from now fails with `fault` (1 = the next).
    package func armSubmission(_ fault: Fault, after count: Int = 1) {
        armed.withLock { $0.submission = (fault, count) }
    }

    /// The `count`-th compute pipeline made from now fails with `fault`.
    package func armPipelineCreation(_ fault: Fault, after count: Int = 1) {
        armed.withLock { $0.pipeline = (fault, count) }
    }

    func checkAllocation() throws(GPUError) {
        try check(\.allocation, call: "memory allocation (injected)")
    }

    func checkSubmit() throws(GPUError) {
        try check(\.submission, call: "vkQueueSubmit (injected)")
    }

    func checkPipelineCreation() throws(GPUError) {
        try check(\.pipeline, call: "vkCreateComputePipelines (injected)")
    }

    /// Counts one event down; fires the fault when its count is reached.
    private func check(_ point: WritableKeyPath<Armed, (fault: Fault, countdown: Int)?>, call: String)
        throws(GPUError)
    {
        let fault: Fault? = armed.withLock { state in
            guard var entry = state[keyPath: point] else { return nil }
            entry.countdown -= 1
            state[keyPath: point] = entry.countdown > 0 ? entry : nil
            return entry.countdown > 0 ? nil : entry.fault
        }
        if let fault { try fire(fault, call: call) }
    }

    private func fire(_ fault: Fault, call: String) throws(GPUError) {
        switch fault {
        case .outOfDeviceMemory:
            throw .outOfDeviceMemory(call: call)
        case .deviceLost:
            onDeviceLost.withLock { $0 }?()
            throw .deviceLost(call: call)
        }
    }
}
