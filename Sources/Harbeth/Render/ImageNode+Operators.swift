infix operator ->> : AdditionPrecedence

extension ImageNode {
    /// `frame ->> .sepia() ->> .vignette()`: a node with the filter
    /// appended, in the spirit of Harbeth's `image ->> filter`.
    public static func ->> (node: ImageNode, filter: Filter) -> ImageNode { node.applying(filter) }

    /// A node with every filter of `chain` appended.
    public static func ->> (node: ImageNode, chain: FilterChain) -> ImageNode { node.applying(chain) }
}

extension VideoFrame {
    /// `frame ->> .sepia()`: the frame as a node with one filter.
    public static func ->> (frame: VideoFrame, filter: Filter) -> ImageNode { ImageNode(frame).applying(filter) }

    /// The frame as a node with a chain of filters.
    public static func ->> (frame: VideoFrame, chain: FilterChain) -> ImageNode { ImageNode(frame).applying(chain) }

    /// The frame through `chain` (its text form, e.g.
    /// `"sepia,gaussian_blur=sigma=2"`) on the shared renderer: one line for
    /// one image. Throws the chain's parse error, or the render's.
    public func filtered(_ chain: String, output: RenderOutput = .sameAsSource) throws -> VideoFrame {
        try ImageNode(self).applying(FilterChain(parsing: chain)).makeFrame(on: Renderer.shared, output: output)
    }

    /// The frame through `chain` on the shared renderer.
    public func filtered(_ chain: FilterChain, output: RenderOutput = .sameAsSource) throws -> VideoFrame {
        try ImageNode(self).applying(chain).makeFrame(on: Renderer.shared, output: output)
    }
}

extension FilterChain: ExpressibleByArrayLiteral {
    /// `let chain: FilterChain = [.sepia(), .gaussianBlur(sigma: 2)]`.
    public init(arrayLiteral filters: Filter...) {
        self.init(filters)
    }
}
