extension FilterChain {
    /// The filters that average or resample pixels, which `linearized()`
    /// runs in linear light.
    public static let linearLightFilters: Set<String> = [
        "gaussian_blur", "box_blur", "motion_blur", "zoom_blur", "circle_blur", "tilt_shift", "local_blur", "resize",
        "rotate", "transform",
    ]

    /// The chain with each run of blurs and resizes (`linearLightFilters`)
    /// between a `linearize` and a `delinearize`, so they average light,
    /// not code values (`--linear`); the other filters see the frame as
    /// before. Looks are expanded first.
    public func linearized() -> FilterChain {
        var result: [Filter] = []
        var inLinear = false
        for filter in filters.flatMap({ $0.expanded() }) {
            let averaging = Self.linearLightFilters.contains(filter.descriptor.name)
            if averaging && !inLinear {
                result.append(Filter(clamping: ColorManagementFilters.linearize, values: [:]))
            } else if !averaging && inLinear {
                result.append(Filter(clamping: ColorManagementFilters.delinearize, values: [:]))
            }
            inLinear = averaging
            result.append(filter)
        }
        if inLinear { result.append(Filter(clamping: ColorManagementFilters.delinearize, values: [:])) }
        return FilterChain(result)
    }
}
