import Dispatch
import Foundation
import Kakapos

/// `harbeth-render --gallery SHEET.png INPUT`: one frame of INPUT (the
/// first, or the one at `--start`) through every catalog filter and a
/// custom shader, each tile labelled with the filter's name, written as
/// one picture.
struct GalleryCommand {
    let options: CommandLineOptions
    let console: Console
    let interrupts: Interrupts

    func run() throws(ToolError) {
        let inputPath = options.input!
        let sheetPath = options.gallery!
        console.alias(inputPath)
        console.alias(sheetPath)
        var info = stat()
        if stat(inputPath, &info) != 0 && (errno == ENOENT || errno == ENOTDIR) {
            throw .media(.fileNotFound(path: inputPath))
        }
        try OutputTarget.check(sheetPath, input: inputPath, overwrite: options.overwrite)
        let sheetURL = URL(fileURLWithPath: sheetPath)
        guard OutputTarget.stillExtensions.contains(PathName(sheetPath).pathExtension.lowercased()),
            (try? RecorderSink(url: sheetURL)) != nil
        else {
            throw .usage(
                UsageError(message: "--gallery writes a picture: give a .png or .jpg name, not '\(sheetPath)'"))
        }

        let resources = MediaResourceLoader(maxPixels: options.maxPixels ?? AssetSource.defaultMaxPixels)
        let frame = try firstFrame(of: inputPath)
        try interrupts.check(output: sheetPath)
        let renderer: Renderer
        do {
            renderer = try Renderer(
                options: .init(
                    framesInFlight: 1, fusion: options.fusion, precision: options.precision == .float ? .float : .half,
                    resources: resources),
                contextOptions: GPUContext.Options(device: options.device.map { DeviceSelector(parsing: $0) }))
        } catch {
            if case .deviceNotFound(let selector, let available) = error {
                throw .deviceNotFound(selector: selector, available: available)
            }
            throw .gpu(error)
        }
        defer {
            renderer.context.savePipelineCache()
            if let log = renderer.context.validationLog {
                for message in log.failures { console.note("vulkan validation: \(message)") }
            }
        }

        let samples = try GallerySamples()
        defer { samples.remove() }
        let tileHeight = ContactSheet.tileHeight(frameWidth: frame.width, frameHeight: frame.height)
        let tiles = samples.tiles(tileWidth: ContactSheet.tileWidth, tileHeight: tileHeight)
        let title =
            "harbeth-render --gallery: \(tiles.count - 1) filters on "
            + PathName(inputPath).name
        var sheet = ContactSheet(tiles: tiles.count, tileHeight: tileHeight, title: title)
        let started = ContinuousClock.now
        for tile in tiles {
            // Each tile is one render; a signal stops between them.
            try interrupts.check(output: sheetPath)
            let image = try render(tile, frame: frame, tileHeight: tileHeight, renderer: renderer, resources: resources)
            sheet.place(image, label: tile.label)
            if options.verbose { console.note("gallery: \(tile.label)") }
        }
        try StillImage.write(sheet.canvas.frame(), to: sheetURL, overwrite: options.overwrite)
        if !options.quiet {
            let size = "\(sheet.canvas.width)x\(sheet.canvas.height)"
            let elapsed = (ContinuousClock.now - started).seconds
            console.note(
                "wrote \(sheetPath): \(tiles.count) tiles (\(tiles.count - 1) filters) of "
                    + "\(ContactSheet.tileWidth)x\(tileHeight), \(size), in \(String(format: "%.2f", elapsed)) s")
        }
    }

    /// The frame resized to the tile, then the tile's filter, fitted back
    /// into the tile when the filter changed the size; RGBA out.
    private func render(
        _ tile: GallerySamples.Tile, frame: VideoFrame, tileHeight: Int, renderer: Renderer,
        resources: any FilterResourceLoader
    ) throws(ToolError) -> VideoFrame {
        let sheet = options.gallery!
        do {
            var source = frame
            if let time = tile.time { source.time = time }
            let resize = try FilterChain(parsing: "resize=w=\(ContactSheet.tileWidth):h=\(tileHeight)")
            var node = ImageNode(source).applying(resize)
            let filters = try FilterChain(parsing: tile.chain.isEmpty ? "" : tile.chain, resources: resources)
            for filter in filters.filters {
                if filter.readsNeighbouringFrames {
                    // A deinterlacer shows the frame woven with itself moved
                    // right, its fields made again from their own lines.
                    let woven = try Self.woven(try node.makeFrame(on: renderer, output: .rgba8), shift: 6)
                    node = try ImageNode.deinterlacing(
                        woven, previous: nil, next: nil, window: FieldWindow(spatialOnly: true), filter: filter)
                } else if case .required(let count) = filter.descriptor.nodeInputs {
                    // A filter of two videos shows the frame with itself,
                    // mirrored and inverted.
                    let other = node.applying(try FilterChain(parsing: "flip,invert"))
                    node = try node.combining(filter, with: Array(repeating: other, count: count))
                } else {
                    node = node.applying(filter)
                }
            }
            let made = try node.outputFormat(.rgba8)
            let fitted = ContactSheet.fit(width: made.width, height: made.height, tileHeight: tileHeight)
            if fitted != (made.width, made.height) {
                node = node.applying(try FilterChain(parsing: "resize=w=\(fitted.width):h=\(fitted.height)"))
            }
            return try node.makeFrame(on: renderer, output: .rgba8)
        } catch {
            throw .galleryTileFailed(sheet: sheet, filter: tile.label, reason: "\(error)")
        }
    }

    /// An RGBA frame whose odd rows are its own moved `shift` pixels right:
    /// two fields of a moving picture.
    static func woven(_ frame: VideoFrame, shift: Int) throws -> VideoFrame {
        var bytes = frame.packedBytes(plane: 0)
        let row = frame.width * 4
        for y in stride(from: 1, to: frame.height, by: 2) {
            let start = y * row
            let line = Array(bytes[start..<(start + row)])
            for x in 0..<frame.width {
                let from = max(x - shift, 0) * 4
                for c in 0..<4 { bytes[start + x * 4 + c] = line[from + c] }
            }
        }
        return try VideoFrame(rgba: bytes, width: frame.width, height: frame.height, time: frame.time)
    }

    /// Decodes one frame: the first, or the first at `--start`.
    private func firstFrame(of path: String) throws(ToolError) -> VideoFrame {
        let source: AssetSource
        do {
            source = try AssetSource(
                url: URL(fileURLWithPath: path),
                options: .init(
                    start: options.start, frameLimit: 1,
                    maxPixels: options.maxPixels ?? AssetSource.defaultMaxPixels, strict: options.strict))
        } catch {
            throw .media(error)
        }
        let result = FirstFrame(path: path)
        do {
            try source.start { event in result.take(event) }
        } catch {
            throw .media(error)
        }
        switch result.wait() {
        case .success(let frame): return frame
        case .failure(let error): throw .media(error)
        }
    }
}

/// Keeps the first frame a source delivers and the reason it finished.
private final class FirstFrame: @unchecked Sendable {
    // @unchecked: `frame` and `finish` are only touched under `lock`.
    private let path: String
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var frame: VideoFrame?
    private var finish: SourceFinish?

    init(path: String) { self.path = path }

    func take(_ event: SourceEvent) {
        switch event {
        case .frame(let timed):
            lock.withLock { if frame == nil { frame = timed.frame } }
        case .finish(let end):
            lock.withLock { finish = end }
            finished.signal()
        }
    }

    /// Waits for the finish; the frame, or why there is none.
    func wait() -> Result<VideoFrame, MediaError> {
        finished.wait()
        return lock.withLock {
            if case .failed(let error)? = finish?.reason { return .failure(error) }
            // No frame at all: the start is past the end, or none decoded.
            guard let frame else {
                return .failure(
                    .noDecodableFrames(path: path, undecodablePackets: finish?.summary.undecodableFrames ?? 0))
            }
            return .success(frame)
        }
    }
}
