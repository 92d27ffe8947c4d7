import Harbeth
import HarbethTestSupport

/// The images the blend tests use, made once per test process, and a
/// renderer that can decode them.
enum BlendTestImages {
    /// A renderer whose loader decodes images (the shared one cannot).
    private static let shared = Result {
        Renderer(
            context: try GPUTestEnvironment.context(), options: Renderer.Options(resources: FFmpegImageLoader()))
    }

    static func renderer() throws -> Renderer { try shared.get() }

    /// A PNG made by ffmpeg from `filter` applied to a black canvas.
    static func image(_ name: String, width: Int = 320, height: Int = 240, _ filter: String) throws -> String {
        try TestMedia.clip(
            name,
            [
                "-f", "lavfi", "-i", "color=black:size=\(width)x\(height)", "-frames:v", "1", "-vf",
                "format=rgba,\(filter)", "-pix_fmt", "rgba",
            ])
    }

    /// Opaque ramps and waves, so every mode meets values across 0...1.
    static func layer() throws -> String {
        try image("blend-layer.png", "geq=r='255*X/W':g='128+127*sin(Y/7)':b='255*(1-Y/H)':a=255")
    }

    /// The same colours with alpha rising from left to right.
    static func layerWithAlpha() throws -> String {
        try image("blend-layer-alpha.png", "geq=r='255*X/W':g='128+127*sin(Y/7)':b='255*(1-Y/H)':a='255*X/W'")
    }

    /// A smaller, tall image with alpha falling from top to bottom.
    static func smallLayer() throws -> String {
        try image(
            "blend-small.png", width: 100, height: 150,
            "geq=r='128+127*cos(X/5)':g='255*Y/H':b='200':a='255*(1-Y/H/2)'")
    }
}
