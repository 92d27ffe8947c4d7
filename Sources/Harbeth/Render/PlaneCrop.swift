/// A chain of crops written to the source's own layout, whose rectangle
/// starts on the chroma grid, needs no GPU pass: the output is the source's
/// planes seen from the rectangle's corner, as FFmpeg's crop moves its data
/// pointers. Nothing is copied or converted, so the pixels are the
/// source's exactly.
enum PlaneCrop {
    /// The rectangle the crops cut from a frame of `format` written as
    /// `outputLayout`, or nil when they need a pass.
    static func region(format: FrameFormat, filters: [Filter], outputLayout: PixelLayout) throws -> (
        x: Int, y: Int, size: FrameSize
    )? {
        guard !filters.isEmpty, outputLayout == format.layout,
            filters.allSatisfy({ $0.descriptor == GeometryFilters.crop && $0.nodeInputSizes.isEmpty })
        else { return nil }
        var x = 0
        var y = 0
        var size = FrameSize(width: format.width, height: format.height)
        for filter in filters {
            let cut = try GeometryFilters.cropRegion(filter.values, input: size)
            x += cut.x
            y += cut.y
            size = FrameSize(width: cut.width, height: cut.height)
        }
        let shift = format.layout.chromaShift
        guard x % (1 << shift.x) == 0, y % (1 << shift.y) == 0, size.width > 0, size.height > 0 else { return nil }
        return (x, y, size)
    }

    /// `source` cropped by `filters` without a pass, or nil when they need one.
    static func frame(_ source: VideoFrame, filters: [Filter], outputLayout: PixelLayout) throws -> VideoFrame? {
        guard let (x, y, size) = try region(format: source.format, filters: filters, outputLayout: outputLayout)
        else { return nil }
        let layout = source.layout
        let shift = layout.chromaShift
        let planes = source.planes.enumerated().map { index, plane in
            // The bytes of one column of this plane, and where the corner is in it.
            let unit = 1 << shift.x
            let columnBytes =
                layout.minimumBytesPerRow(index, width: unit) / layout.planeSize(index, width: unit, height: 1).width
            let subsampled = layout.planeSize(index, width: unit, height: 1).width < unit
            let column = subsampled ? x >> shift.x : x
            let row = subsampled ? y >> shift.y : y
            return FramePlane(
                storage: plane.storage, offset: plane.offset + row * plane.bytesPerRow + column * columnBytes,
                bytesPerRow: plane.bytesPerRow)
        }
        do {
            return try VideoFrame(
                width: size.width, height: size.height, layout: layout, planes: planes,
                colorimetry: layout.isYUV ? source.format.conversionColorimetry : nil, time: source.time)
        } catch {
            throw RenderError.invalidFilterSetup(filter: "crop", reason: "\(error)")
        }
    }
}
