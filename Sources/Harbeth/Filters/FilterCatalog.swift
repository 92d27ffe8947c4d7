/// The filters a chain's text form can name.
public struct FilterCatalog: Sendable {
    /// Every built-in filter, in catalog order.
    public let descriptors: [FilterDescriptor]
    private let byName: [String: FilterDescriptor]

    /// A catalog of these filters, kept in this order; two with the same name are a programming error.
    public init(_ descriptors: [FilterDescriptor]) {
        self.descriptors = descriptors
        var byName: [String: FilterDescriptor] = [:]
        for descriptor in descriptors {
            precondition(byName[descriptor.name] == nil, "two built-in filters are named \(descriptor.name)")
            byName[descriptor.name] = descriptor
        }
        self.byName = byName
    }

    /// The built-in catalog.
    public static let standard = FilterCatalog(BuiltinFilters.all)

    /// Harbeth's names for filters the catalog has under another: each
    /// reads as the filter it names, with that filter's parameters
    /// (Harbeth's C7Luminance is C7Saturation's formula, C7Pow is gamma's,
    /// and a 4x5 colour matrix is color_matrix's 4x4 and offset).
    public static let aliases: [String: String] = [
        "luminance": "saturation", "pow": "gamma", "color_matrix_4x5": "color_matrix",
    ]

    /// The filter with exactly this name (case-sensitive) or alias, or nil when the catalog has none.
    public func descriptor(named name: String) -> FilterDescriptor? {
        byName[name] ?? Self.aliases[name].flatMap { byName[$0] }
    }

    /// How this catalog writes what FFmpeg's filters of other names do, for
    /// users who type FFmpeg's name: `gblur` is `gaussian_blur`. Hints only:
    /// the parameters are this catalog's. (FFmpeg's `hflip`, `vflip`,
    /// `scale`, `yadif` and `bwdif`, whose values are ours, parse as `flip`,
    /// `resize` and `deinterlace`; `negate`, `colorchannelmixer` and others
    /// are translated, see `FilterChainParser.ffmpegEquivalent`.)
    public static let ffmpegSpellings: [String: String] = [
        "hqdn3d": "denoise"
    ]

    /// FFmpeg's filters that no filter of the catalog replaces: frame
    /// timing (a run's `FrameRateSource` does fps's work), text, subtitles,
    /// pixel formats. No nearest name is suggested for them (`fps` is not
    /// a typo of `cas`).
    public static let ffmpegFiltersWithoutCounterpart: Set<String> = [
        "fps", "framerate", "minterpolate", "trim", "setpts", "select", "drawtext", "subtitles", "ass", "null",
        "copy", "format",
    ]

    /// What to suggest for a name the catalog does not have: how it writes
    /// the FFmpeg filter of that name (`ffmpegSpellings`), nothing for
    /// FFmpeg's filters that have no counterpart here, or the nearest name
    /// (`nearestName(to:)`).
    public func suggestion(for name: String) -> String? {
        let lowered = name.lowercased()
        if let spelling = Self.ffmpegSpellings[lowered] { return spelling }
        return Self.ffmpegFiltersWithoutCounterpart.contains(lowered) ? nil : nearestName(to: name)
    }

    /// The catalog name closest to `name`, if one is close enough to be a
    /// plausible typo.
    public func nearestName(to name: String) -> String? {
        let lowered = name.lowercased()
        if byName[lowered] != nil { return lowered }
        var best: (name: String, distance: Int)?
        for candidate in byName.keys.sorted() {
            let distance = Self.editDistance(lowered, candidate)
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowance = max(2, lowered.count / 3)
        if best.distance <= allowance { return best.name }
        // A prefix ("gauss" for "gaussian_blur") is a good guess too.
        return byName.keys.sorted().first { $0.hasPrefix(lowered) && lowered.count >= 3 }
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                // A swap of neighbours counts as one edit.
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous[j - 1])
                }
            }
            previous = current
        }
        return previous[b.count]
    }
}
