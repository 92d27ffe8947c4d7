/// A chain of crops and vertical flips written to the source's own layout,
/// whose rectangle starts on the chroma grid, needs no GPU pass: the output
/// is the source's planes seen from the rectangle's corner, as FFmpeg's crop
/// moves its data pointers, and read from the last row up when the flips
/// are odd in number, as FFmpeg's vflip makes the strides negative.
/// Nothing is copied or converted, so the pixels are the source's exactly.
/// A colour filter whose constant values change no colour (`brightness=0`,
/// `contrast=1`: `ColorFold.isIdentity`) is no pass either, as FFmpeg's eq
/// copies the frame at its defaults.
enum PlaneView {
    /// The source's rectangle that the filters show, and whether its rows
    /// are read from the bottom up.
    struct Region: Equatable {
        var x: Int
        var y: Int
        var size: FrameSize
        var flipped: Bool
    }

    /// The region the filters show of a frame of `format` written as
    /// `outputLayout`, or nil when they need a pass. No filters need one
    /// (a conversion through RGB) unless `emptyIsView`: filters switched
    /// off for this frame (`Filter.enable`) give it back as it came.
    static func region(format: FrameFormat, filters: [Filter], outputLayout: PixelLayout, emptyIsView: Bool = false)
        throws -> Region?
    {
        guard !filters.isEmpty || emptyIsView, outputLayout == format.layout,
            filters.allSatisfy({ isView($0) && $0.nodeInputSizes.isEmpty })
        else { return nil }
        var region = Region(x: 0, y: 0, size: FrameSize(width: format.width, height: format.height), flipped: false)
        for filter in filters {
            guard filter.descriptor == GeometryFilters.crop else {
                if isFlip(filter) { region.flipped.toggle() }
                continue
            }
            // A crop's rectangle is in the view's coordinates: from the
            // bottom of the source's rectangle when it is flipped.
            let cut = try GeometryFilters.cropRegion(filter.values, input: region.size)
            region.x += cut.x
            region.y += region.flipped ? region.size.height - cut.y - cut.height : cut.y
            region.size = FrameSize(width: cut.width, height: cut.height)
        }
        let shift = format.layout.chromaShift
        guard region.x % (1 << shift.x) == 0, region.y % (1 << shift.y) == 0, region.size.width > 0,
            region.size.height > 0
        else { return nil }
        return region
    }

    /// The views that start a chain that goes on with other filters: how
    /// many (the most whose region is on the chroma grid) and the region
    /// they show; nil when the chain starts with none. The rest of the
    /// chain renders from that region of the source, so a crop before a
    /// blur or a resize costs no pass either.
    static func leading(format: FrameFormat, filters: [Filter]) throws -> (count: Int, region: Region)? {
        var found: (count: Int, region: Region)?
        for count in 1..<max(filters.count, 1) {
            guard isView(filters[count - 1]),
                let region = try region(format: format, filters: Array(filters[..<count]), outputLayout: format.layout)
            else { break }
            found = (count, region)
        }
        return found
    }

    /// The format the rest of `filters` renders from after their leading
    /// views (`leading`), and that rest; `format` nil: none are views.
    static func leadingFormat(_ format: FrameFormat?, filters: [Filter]) throws -> (FrameFormat?, [Filter]) {
        guard let format, let (count, region) = try leading(format: format, filters: filters) else {
            return (nil, filters)
        }
        return (self.format(of: region, in: format), Array(filters.dropFirst(count)))
    }

    /// The format of `region` of frames of `format`.
    static func format(of region: Region, in format: FrameFormat) -> FrameFormat {
        FrameFormat(
            width: region.size.width, height: region.size.height, layout: format.layout,
            colorimetry: format.layout.isYUV ? format.conversionColorimetry : nil)
    }

    /// A crop, which when it moves over time moves its corner alone (its
    /// size is structural): every frame is the same size, and a view when
    /// its corner is on the chroma grid.
    static func movesOnlyItsCorner(_ filter: Filter) -> Bool {
        filter.descriptor == GeometryFilters.crop
    }

    /// A crop, a flip of the rows alone, or a colour filter that changes nothing.
    private static func isView(_ filter: Filter) -> Bool {
        filter.descriptor == GeometryFilters.crop || isFlip(filter) || ColorFold.isIdentity(filter)
    }

    private static func isFlip(_ filter: Filter) -> Bool {
        filter.descriptor == GeometryFilters.flip && filter.values.text("direction") == "vertical"
    }

    /// `source` seen through `filters` without a pass, or nil when they need one.
    static func frame(_ source: VideoFrame, filters: [Filter], outputLayout: PixelLayout, emptyIsView: Bool = false)
        throws -> VideoFrame?
    {
        guard
            let region = try region(
                format: source.format, filters: filters, outputLayout: outputLayout, emptyIsView: emptyIsView)
        else { return nil }
        let layout = source.layout
        let shift = layout.chromaShift
        let planes = source.planes.enumerated().map { index, plane in
            // The bytes of one column of this plane, and where the corner is in it.
            let unit = 1 << shift.x
            let columnBytes =
                layout.minimumBytesPerRow(index, width: unit) / layout.planeSize(index, width: unit, height: 1).width
            let subsampled = layout.planeSize(index, width: unit, height: 1).width < unit
            let column = subsampled ? region.x >> shift.x : region.x
            let row = subsampled ? region.y >> shift.y : region.y
            let corner = plane.offset + row * plane.bytesPerRow + column * columnBytes
            guard region.flipped else {
                return FramePlane(storage: plane.storage, offset: corner, bytesPerRow: plane.bytesPerRow)
            }
            // The plane's own last row of the rectangle first.
            let rows = layout.planeSize(index, width: region.size.width, height: region.size.height).height
            return FramePlane(
                storage: plane.storage, offset: corner + (rows - 1) * plane.bytesPerRow,
                bytesPerRow: -plane.bytesPerRow)
        }
        do {
            return try VideoFrame(
                width: region.size.width, height: region.size.height, layout: layout, planes: planes,
                colorimetry: layout.isYUV ? source.format.conversionColorimetry : nil, time: source.time)
        } catch {
            throw RenderError.invalidFilterSetup(filter: filters.first?.name ?? "view", reason: "\(error)")
        }
    }
}
