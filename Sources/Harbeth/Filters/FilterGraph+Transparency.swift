extension FilterGraph {
    /// True when `output`'s frames have an alpha below 1 somewhere as the
    /// graph is written, its inputs opaque but for `inputsWithAlpha`: a
    /// filter on its way makes it (`Filter.makesTransparentAsWritten`, a
    /// key), or an input with alpha reaches it without being composed over
    /// another. A composition shows its first input's alpha (an overlay
    /// on an opaque video is opaque, whatever its second input's), a stack,
    /// a concat and an xfade every input's; a split and a pass-on step
    /// their input's. The output of a key is rendered with alpha for it.
    public func makesTransparentAsWritten(_ output: Output, inputsWithAlpha: Set<Int> = []) -> Bool {
        var known: [Int: Bool] = [:]
        func transparent(_ source: Source) -> Bool {
            let index: Int
            switch source {
            case .input(let input): return inputsWithAlpha.contains(input)
            case .step(let step): index = step
            }
            if let value = known[index] { return value }
            let step = steps[index]
            let value: Bool
            switch step.kind {
            case .split, .passOn: value = transparent(step.inputs[0])
            case .stack, .concat: value = step.inputs.contains(where: transparent)
            case .filter(let filter, _):
                if step.inputs.count > 1, Self.showsEveryInput.contains(filter.name) {
                    value = step.inputs.contains(where: transparent)
                } else {
                    value = filter.makesTransparentAsWritten || transparent(step.inputs[0])
                }
            }
            known[index] = value
            return value
        }
        return transparent(.step(output.step))
    }

    /// The filters of several inputs that show each input's own pixels,
    /// alpha included, rather than compose one over the first.
    private static let showsEveryInput: Set<String> = ["xfade", "hstack", "vstack"]
}
