import CFFmpeg

/// HDR10's static metadata: the display the video was mastered on
/// (SMPTE ST 2086) and its light levels (CTA-861.3). Read from the stream,
/// or else from the first frame's SEI; written to the output's stream when
/// the output stays HDR.
public struct HDRMetadata: Sendable, Hashable, CustomStringConvertible {
    /// A CIE 1931 xy chromaticity.
    public struct Chromaticity: Sendable, Hashable {
        /// x, 0...1.
        public var x: Double
        /// y, 0...1.
        public var y: Double

        /// The chromaticity (x, y).
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The mastering display's colour volume.
    public struct MasteringDisplay: Sendable, Hashable {
        /// The red, green and blue primaries, in that order.
        public var primaries: [Chromaticity]
        /// The white point.
        public var white: Chromaticity
        /// The darkest it shows, in nits.
        public var minLuminance: Double
        /// The brightest it shows, in nits.
        public var maxLuminance: Double

        /// A display with these primaries (red, green, blue), white point and luminance range in nits.
        public init(primaries: [Chromaticity], white: Chromaticity, minLuminance: Double, maxLuminance: Double) {
            self.primaries = primaries
            self.white = white
            self.minLuminance = minLuminance
            self.maxLuminance = maxLuminance
        }
    }

    /// The mastering display, when given.
    public var masteringDisplay: MasteringDisplay?
    /// MaxCLL: the brightest pixel of the content, in nits; nil when not given.
    public var maxContentLightLevel: Int?
    /// MaxFALL: the brightest frame average, in nits; nil when not given.
    public var maxFrameAverageLightLevel: Int?

    /// Metadata from its parts; each may be nil.
    public init(
        masteringDisplay: MasteringDisplay? = nil, maxContentLightLevel: Int? = nil,
        maxFrameAverageLightLevel: Int? = nil
    ) {
        self.masteringDisplay = masteringDisplay
        self.maxContentLightLevel = maxContentLightLevel
        self.maxFrameAverageLightLevel = maxFrameAverageLightLevel
    }

    /// The content's peak in nits: MaxCLL, else the mastering display's
    /// peak; nil when neither is given.
    public var peakLuminance: Double? {
        if let cll = maxContentLightLevel, cll > 0 { return Double(cll) }
        if let peak = masteringDisplay?.maxLuminance, peak > 0 { return peak }
        return nil
    }

    /// `mastering display ... L(min, max), MaxCLL N, MaxFALL N`, what is given.
    public var description: String {
        var parts: [String] = []
        if let display = masteringDisplay {
            let xy = (display.primaries + [display.white]).map { "(\($0.x), \($0.y))" }.joined(separator: " ")
            parts.append("mastering display \(xy) \(display.minLuminance)-\(display.maxLuminance) nits")
        }
        if let cll = maxContentLightLevel { parts.append("MaxCLL \(cll)") }
        if let fall = maxFrameAverageLightLevel { parts.append("MaxFALL \(fall)") }
        return parts.joined(separator: ", ")
    }
}

extension HDRMetadata {
    /// The metadata of a stream's side data, else of a decoded frame's.
    static func read(stream: UnsafeMutablePointer<AVStream>, frame: UnsafeMutablePointer<AVFrame>) -> HDRMetadata? {
        var metadata = HDRMetadata()
        var size = 0
        if let data = av_stream_get_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size),
            size >= MemoryLayout<AVMasteringDisplayMetadata>.size
        {
            metadata.masteringDisplay = data.withMemoryRebound(to: AVMasteringDisplayMetadata.self, capacity: 1) {
                display($0.pointee)
            }
        } else if let side = av_frame_get_side_data(frame, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA) {
            metadata.masteringDisplay = side.pointee.data.withMemoryRebound(
                to: AVMasteringDisplayMetadata.self, capacity: 1
            ) { display($0.pointee) }
        }
        var light: AVContentLightMetadata?
        if let data = av_stream_get_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size),
            size >= MemoryLayout<AVContentLightMetadata>.size
        {
            light = data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { $0.pointee }
        } else if let side = av_frame_get_side_data(frame, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL) {
            light = side.pointee.data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { $0.pointee }
        }
        if let light {
            metadata.maxContentLightLevel = light.MaxCLL > 0 ? Int(light.MaxCLL) : nil
            metadata.maxFrameAverageLightLevel = light.MaxFALL > 0 ? Int(light.MaxFALL) : nil
        }
        let empty =
            metadata.masteringDisplay == nil && metadata.maxContentLightLevel == nil
            && metadata.maxFrameAverageLightLevel == nil
        return empty ? nil : metadata
    }

    private static func display(_ raw: AVMasteringDisplayMetadata) -> MasteringDisplay? {
        guard raw.has_primaries != 0 || raw.has_luminance != 0 else { return nil }
        func value(_ rational: AVRational) -> Double { rational.den == 0 ? 0 : av_q2d(rational) }
        let primaries = withUnsafeBytes(of: raw.display_primaries) { bytes in
            let values = bytes.bindMemory(to: AVRational.self)
            return (0..<3).map { Chromaticity(x: value(values[$0 * 2]), y: value(values[$0 * 2 + 1])) }
        }
        let white = withUnsafeBytes(of: raw.white_point) { bytes in
            let values = bytes.bindMemory(to: AVRational.self)
            return Chromaticity(x: value(values[0]), y: value(values[1]))
        }
        return MasteringDisplay(
            primaries: raw.has_primaries != 0 ? primaries : [],
            white: white, minLuminance: raw.has_luminance != 0 ? value(raw.min_luminance) : 0,
            maxLuminance: raw.has_luminance != 0 ? value(raw.max_luminance) : 0)
    }

    /// Adds the metadata to an output stream's side data, which the
    /// Matroska and MP4 muxers write (Colour/MasteringMetadata, mdcv/clli).
    func write(to stream: UnsafeMutablePointer<AVStream>) {
        if let display = masteringDisplay,
            let data = av_stream_new_side_data(
                stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, MemoryLayout<AVMasteringDisplayMetadata>.size)
        {
            data.withMemoryRebound(to: AVMasteringDisplayMetadata.self, capacity: 1) { raw in
                raw.initialize(to: AVMasteringDisplayMetadata())
                // The units SMPTE ST 2086 codes them in: 0.00002 for xy, 0.0001 nits.
                func xy(_ value: Double) -> AVRational { AVRational(num: Int32((value * 50000).rounded()), den: 50000) }
                func nits(_ value: Double) -> AVRational {
                    AVRational(num: Int32((value * 10000).rounded()), den: 10000)
                }
                if display.primaries.count == 3 {
                    withUnsafeMutableBytes(of: &raw.pointee.display_primaries) { bytes in
                        let values = bytes.bindMemory(to: AVRational.self)
                        for (index, primary) in display.primaries.enumerated() {
                            values[index * 2] = xy(primary.x)
                            values[index * 2 + 1] = xy(primary.y)
                        }
                    }
                    withUnsafeMutableBytes(of: &raw.pointee.white_point) { bytes in
                        let values = bytes.bindMemory(to: AVRational.self)
                        values[0] = xy(display.white.x)
                        values[1] = xy(display.white.y)
                    }
                    raw.pointee.has_primaries = 1
                }
                if display.maxLuminance > 0 {
                    raw.pointee.min_luminance = nits(display.minLuminance)
                    raw.pointee.max_luminance = nits(display.maxLuminance)
                    raw.pointee.has_luminance = 1
                }
            }
        }
        if maxContentLightLevel != nil || maxFrameAverageLightLevel != nil,
            let data = av_stream_new_side_data(
                stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, MemoryLayout<AVContentLightMetadata>.size)
        {
            data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { raw in
                raw.initialize(
                    to: AVContentLightMetadata(
                        MaxCLL: UInt32(maxContentLightLevel ?? 0), MaxFALL: UInt32(maxFrameAverageLightLevel ?? 0)))
            }
        }
    }
}
