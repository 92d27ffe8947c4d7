extension Renderer {
    private static let sharedRenderer = Locked<Result<Renderer, GPUError>?>(nil)

    /// The renderer for code that does not bring its own: made on first use
    /// with the default options and device choice (the `HARBETH_DEVICE`
    /// variable, else the best device), then kept for the process. Throws
    /// when no Vulkan device can run it; a later call tries again.
    public static var shared: Renderer {
        get throws(GPUError) {
            let result = sharedRenderer.withLock { stored -> Result<Renderer, GPUError> in
                if let stored, case .success = stored { return stored }
                let made = Result { () throws(GPUError) in try Renderer() }
                stored = made
                return made
            }
            return try result.get()
        }
    }
}
