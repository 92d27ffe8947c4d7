import Foundation
import Kakapos

/// The run's renderer, made (and the Vulkan device started) the first time
/// a frame or a report needs it, once: a run whose frames need no GPU pass
/// (`NoPassProcessor`) never starts a device, which costs about 0.1 s and
/// 60 MiB on lavapipe.
final class DeviceOnDemand: @unchecked Sendable {
    // @unchecked: `made` is only touched under `lock`, and `make` is only
    // called under it.
    private let make: () throws(ToolError) -> Renderer
    private let lock = NSLock()
    private var made: Renderer?

    init(_ make: @escaping () throws(ToolError) -> Renderer) {
        self.make = make
    }

    /// The renderer, made now if it was not.
    func renderer() throws(ToolError) -> Renderer {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let renderer = try make()
        made = renderer
        return renderer
    }

    /// The renderer if it was made.
    var started: Renderer? {
        lock.lock()
        defer { lock.unlock() }
        return made
    }
}
