/// A filter with its parameter values: one step of a chain.
public struct Filter: Sendable, Hashable, CustomStringConvertible {
    /// What the filter is: its name, parameters and shader stages.
    public let descriptor: FilterDescriptor
    /// Every parameter's value, defaults filled in.
    public let values: FilterValues
    /// The sizes of the images a multi-input filter takes from other nodes
    /// of the graph (`ImageNode.overlay(_:)`, `xfade`, `hstack`), in order;
    /// empty when it takes none. Set by the renderer when it has rendered
    /// those nodes: their sizes decide the plan, as a structural value does.
    var nodeInputSizes: [FrameSize] = []
    /// For a deinterlacer: the field this frame's output shows (set by
    /// `ImageNode.deinterlacing`); nil otherwise.
    var fieldWindow: FieldWindow?
    /// FFmpeg's timeline (`enable='between(t,2,5)'`): the filter runs only
    /// on frames where this expression of `t`, `n`, `w` and `h` is not 0,
    /// and the others go through it unchanged; nil for every frame. Set
    /// with `enabled(when:)`.
    public internal(set) var enable: ParameterExpression?

    /// A filter from explicit values, each checked against its parameter.
    /// Unknown names, wrong types and values out of range are errors.
    public init(_ descriptor: FilterDescriptor, values: [String: FilterValue] = [:]) throws(FilterChainError) {
        var complete: [String: FilterValue] = [:]
        for (name, value) in values {
            guard let parameter = descriptor.parameter(named: name) else {
                throw .unknownParameter(
                    filter: descriptor.name, parameter: name, valid: descriptor.parameters.map(\.name), column: nil)
            }
            try Self.validate(value, for: parameter, filter: descriptor.name)
            complete[name] = value
        }
        for parameter in descriptor.parameters where complete[parameter.name] == nil {
            complete[parameter.name] = parameter.defaultValue
        }
        // A structural value moves only where the size is given without it.
        for parameter in descriptor.parameters where !parameter.movesWhenGiven.isEmpty {
            guard complete[parameter.name]?.animated?.changesOverTime == true else { continue }
            let sized = parameter.movesWhenGiven.allSatisfy { name in
                switch complete[name] {
                case .number(let value)?: return value != 0
                case .animated(let animated)?: return !animated.changesOverTime
                default: return false
                }
            }
            guard sized else {
                throw .movesOnlyAtGivenSize(
                    filter: descriptor.name, parameter: parameter.name, sizes: parameter.movesWhenGiven, column: nil)
            }
        }
        // An overlay's image size is known where the image is a graph's
        // input, not a file's.
        let namesAFile = complete.values.contains { value in
            if case .text(let path) = value { return !path.isEmpty }
            return false
        }
        for parameter in descriptor.parameters where parameter.expressionNames == .placement && namesAFile {
            guard let animated = complete[parameter.name]?.animated, animated.usesOverlaySize else { continue }
            throw .invalidExpression(
                filter: descriptor.name, parameter: parameter.name, text: animated.description,
                reason: "w and h (overlay_w, overlay_h) are the size of a graph's second input, not of a file:"
                    + " give the image as one ([0][1]\(descriptor.name))", column: nil)
        }
        let values = FilterValues(parameters: descriptor.parameters, values: complete)
        try descriptor.checkValues?(values)
        self.descriptor = descriptor
        self.values = values
    }

    /// A filter whose values are clamped into range, as Harbeth's property
    /// wrappers do. Used by the Swift initialisers (`Filter.sepia(...)`).
    public init(clamping descriptor: FilterDescriptor, values: [String: FilterValue] = [:]) {
        var complete: [String: FilterValue] = [:]
        for parameter in descriptor.parameters {
            let given = values[parameter.name].flatMap(parameter.clamped)
            complete[parameter.name] = given ?? parameter.defaultValue
        }
        self.descriptor = descriptor
        self.values = FilterValues(parameters: descriptor.parameters, values: complete)
    }

    /// A built-in filter by name, with values checked as the text form does.
    public init(named name: String, values: [String: FilterValue] = [:]) throws(FilterChainError) {
        guard let descriptor = FilterCatalog.standard.descriptor(named: name) else {
            throw .unknownFilter(name: name, suggestion: FilterCatalog.standard.suggestion(for: name), column: nil)
        }
        try self.init(descriptor, values: values)
    }

    /// The descriptor's name, as the chain's text form spells it (e.g. "sepia"; "shader" for a custom shader).
    public var name: String { descriptor.name }

    /// The filter in the chain's text form, with the values that differ from
    /// the defaults: `sepia=intensity=0.5`; a custom shader's path comes
    /// first: `shader=grade.glsl:amount=0.5`.
    public var description: String {
        let path = descriptor.sourcePath.map { [FilterChain.quoteIfNeeded($0)] } ?? []
        let changed = descriptor.parameters.compactMap { parameter -> String? in
            guard let value = values.values[parameter.name], value != parameter.defaultValue else { return nil }
            return "\(parameter.name)=\(FilterChain.quoteIfNeeded(value.description))"
        }
        // The keyframed values' easing, written once for the filter.
        let easing = descriptor.parameters.lazy.compactMap { self.values.values[$0.name]?.animated?.easing }
            .first { $0 != .linear }
        let eased = easing.map { ["ease=\($0.rawValue)"] } ?? []
        let enabled = enable.map { ["enable=" + FilterChain.quoteIfNeeded($0.text)] } ?? []
        let arguments = path + changed + eased + enabled
        return arguments.isEmpty ? name : name + "=" + arguments.joined(separator: ":")
    }

    /// True when a value changes from frame to frame.
    public var isAnimated: Bool { values.values.values.contains { $0.animated != nil } }

    /// True when a value changes from frame to frame: keyframes, or an
    /// expression of `t` or `n` (one of the sizes alone is the same on
    /// every frame of a size).
    public var changesOverTime: Bool {
        values.values.values.contains { $0.animated?.changesOverTime ?? false }
            || enable?.isConstantOverTime == false
    }

    /// This filter running only on the frames where `expression` (of `t`,
    /// `n`, `w` and `h`, FFmpeg's idiom) is not 0, as FFmpeg's `enable`
    /// option does: `try Filter.sepia().enabled(when: "between(t,2,5)")`.
    /// Other frames go through it unchanged, so a filter that changes the
    /// frame's size (crop, resize, pad, a stack) or its timing (a
    /// deinterlacer) is refused.
    public func enabled(when expression: String) throws(FilterChainError) -> Filter {
        let switchable =
            descriptor.keepsSize && descriptor != DeinterlaceFilter.descriptor
            && (descriptor.expansion?(values).allSatisfy(\.descriptor.keepsSize) ?? true)
        guard switchable else {
            let reason =
                descriptor == DeinterlaceFilter.descriptor ? "its timing" : "the frame's size"
            throw .invalidValue(
                filter: name, parameter: "enable", text: expression,
                expected: "no enable: \(name) changes \(reason), which cannot change from frame to frame",
                column: nil)
        }
        var copy = self
        do {
            copy.enable = try ParameterExpression(parsing: expression)
        } catch {
            throw .invalidExpression(
                filter: name, parameter: "enable", text: expression, reason: error.reason, column: error.column)
        }
        return copy
    }

    /// Whether the filter runs on a frame with these variables: no
    /// `enable`, or one that is not 0 (NaN counts as 0, as in FFmpeg).
    func isEnabled(_ variables: ExpressionVariables) -> Bool {
        guard let enable else { return true }
        let value = enable.value(variables)
        return !value.isNaN && value != 0
    }

    /// The filter for one frame: every animated value evaluated with
    /// `variables`, clamped into its parameter's range (integers rounded).
    /// A filter without animated values is returned as it is.
    public func resolved(_ variables: ExpressionVariables) -> Filter {
        guard isAnimated else { return self }
        var constant = values.values
        var animatedNames: Set<String> = []
        var moving: Set<String> = []
        for parameter in descriptor.parameters {
            if let animated = constant[parameter.name]?.animated {
                constant[parameter.name] = parameter.resolve(animated, variables)
                animatedNames.insert(parameter.name)
                if animated.changesOverTime { moving.insert(parameter.name) }
            }
        }
        return Filter(
            descriptor: descriptor,
            values: FilterValues(
                parameters: descriptor.parameters, values: constant, animated: animatedNames, moving: moving),
            nodeInputSizes: nodeInputSizes, fieldWindow: fieldWindow)
    }

    /// The filter for one frame when a value reads its output size (`ow`,
    /// `oh`, as FFmpeg's `crop=w:h:(iw-ow)/2` does): the size is what the
    /// filter makes with those values at their defaults, then every value
    /// is evaluated with it. Otherwise `resolved(_:)`.
    func resolved(_ variables: ExpressionVariables, input: FrameSize) throws -> Filter {
        guard isAnimated else { return self }
        let readers = descriptor.parameters.filter { values.values[$0.name]?.animated?.usesOutputSize == true }
        guard !readers.isEmpty else { return resolved(variables) }
        var sizing = values.values
        for parameter in readers { sizing[parameter.name] = parameter.defaultValue }
        let sized = Filter(
            descriptor: descriptor, values: FilterValues(parameters: descriptor.parameters, values: sizing),
            nodeInputSizes: nodeInputSizes, fieldWindow: fieldWindow
        ).resolved(variables)
        let output = try sized.stages(input: input).last?.outputSize ?? input
        var withOutput = variables
        withOutput.ow = Double(output.width)
        withOutput.oh = Double(output.height)
        return resolved(withOutput)
    }

    /// This filter with `parameter` set to an animated value, e.g.
    /// `try Filter.brightness(0).animating("amount", "0.2*sin(2*PI*t)")`.
    public func animating(_ parameter: String, _ value: AnimatedNumber) throws(FilterChainError) -> Filter {
        var given = values.values
        given[parameter] = .animated(value)
        var animated = try Filter(descriptor, values: given)
        animated.enable = enable
        return animated
    }

    /// This filter with `parameter` set to the expression or keyframes
    /// `text`, as the text form writes them.
    public func animating(_ parameter: String, _ text: String, easing: Easing = .linear) throws(FilterChainError)
        -> Filter
    {
        let animated: AnimatedNumber
        do {
            let names = descriptor.parameter(named: parameter)?.expressionNames ?? .frame
            animated = try AnimatedNumber(parsing: text, easing: easing, names: names)
        } catch {
            throw .invalidExpression(
                filter: name, parameter: parameter, text: text, reason: error.reason, column: error.column)
        }
        return try animating(parameter, animated)
    }

    private init(
        descriptor: FilterDescriptor, values: FilterValues, nodeInputSizes: [FrameSize], fieldWindow: FieldWindow?
    ) {
        self.descriptor = descriptor
        self.values = values
        self.nodeInputSizes = nodeInputSizes
        self.fieldWindow = fieldWindow
    }

    /// This filter taking images of these sizes from other nodes.
    func takingNodeInputs(of sizes: [FrameSize]) -> Filter {
        var copy = Filter(descriptor: descriptor, values: values, nodeInputSizes: sizes, fieldWindow: fieldWindow)
        copy.enable = enable
        return copy
    }

    /// This filter showing `window`'s field (a deinterlacer's per-frame state).
    func showing(_ window: FieldWindow) -> Filter {
        var copy = Filter(descriptor: descriptor, values: values, nodeInputSizes: nodeInputSizes, fieldWindow: window)
        copy.enable = enable
        return copy
    }

    /// The filters this one stands for: a look's chain for its values
    /// (animated values evaluated with `variables`), or the filter itself.
    public func expanded(_ variables: ExpressionVariables = ExpressionVariables()) -> [Filter] {
        guard let expansion = descriptor.expansion else { return [self] }
        let filters = expansion(resolved(variables).values)
        guard isAnimated else { return filters }
        // Values that follow an animated look plan as animated values do
        // (a blur's radius for a range of sigmas, not one plan per frame).
        return filters.map { filter in
            let moving = Set(filter.descriptor.parameters.map(\.name))
            return Filter(
                descriptor: filter.descriptor,
                values: FilterValues(
                    parameters: filter.values.parameters, values: filter.values.values, animated: moving),
                nodeInputSizes: filter.nodeInputSizes, fieldWindow: filter.fieldWindow)
        }
    }

    /// The stages that run on an input of `size`, each with the size it
    /// makes (for a multi-input filter, from its node inputs' sizes too).
    func stages(input size: FrameSize) throws -> [SizedStage] {
        try descriptor.stages(for: values, input: size, nodeInputs: nodeInputSizes)
    }

    /// The values that decide the generated code and sizes, for plan keys;
    /// one that moves (as rotate's angle may at a given size) is the same
    /// on every frame.
    var structuralKey: [FilterValue] {
        descriptor.parameters.filter(\.isStructural).map { parameter in
            values.moving.contains(parameter.name) ? .choice("moving") : values.values[parameter.name]!
        }
    }

    static func validate(_ value: FilterValue, for parameter: FilterParameter, filter: String) throws(FilterChainError)
    {
        let outOfRange = { (number: Double) throws(FilterChainError) in
            if let range = parameter.range, !range.contains(number) || number.isNaN {
                throw .valueOutOfRange(
                    filter: filter, parameter: parameter.name, value: FilterValue.format(number), range: range,
                    column: nil)
            }
        }
        switch (parameter.type, value) {
        case (.number, .animated(let animated)), (.integer, .animated(let animated)):
            // A value that decides the plan may follow the input's size (the
            // same on every frame of one size), not the time.
            if parameter.isStructural, parameter.movesWhenGiven.isEmpty {
                guard case .expression(let expression) = animated.form, expression.isConstantOverTime else {
                    throw .notAnimatable(filter: filter, parameter: parameter.name, column: nil)
                }
            }
            if case .keyframes(let keyframes) = animated.form {
                for point in keyframes.points { try outOfRange(point.value) }
            }
        case (.number, .number(let number)):
            guard number.isFinite else {
                throw .invalidValue(
                    filter: filter, parameter: parameter.name, text: "\(number)", expected: "a finite number",
                    column: nil)
            }
            try outOfRange(number)
        case (.integer, .number(let number)):
            guard number == number.rounded() else {
                throw .invalidValue(
                    filter: filter, parameter: parameter.name, text: FilterValue.format(number),
                    expected: "a whole number", column: nil)
            }
            try outOfRange(number)
        case (.boolean, .number(let number)):
            guard number == 0 || number == 1 else {
                throw .invalidValue(
                    filter: filter, parameter: parameter.name, text: FilterValue.format(number), expected: "0 or 1",
                    column: nil)
            }
        case (.choice(let names), .choice(let name)):
            guard names.contains(name) else {
                throw .invalidValue(
                    filter: filter, parameter: parameter.name, text: name,
                    expected: "one of \(names.joined(separator: ", "))",
                    column: nil)
            }
        case (.list(let count), .list(let numbers)):
            guard count.contains(numbers.count) else {
                throw .invalidValue(
                    filter: filter, parameter: parameter.name, text: FilterValue.list(numbers).description,
                    expected: parameter.type.description + " numbers", column: nil)
            }
            for number in numbers {
                guard number.isFinite else {
                    throw .invalidValue(
                        filter: filter, parameter: parameter.name, text: "\(number)", expected: "finite numbers",
                        column: nil)
                }
                try outOfRange(number)
            }
        case (.text, .text):
            break
        case (.expression(let names), .text(let text)):
            do {
                if !(names == .planes && text.isEmpty) { _ = try ParameterExpression(parsing: text, names: names) }
            } catch {
                throw .invalidExpression(
                    filter: filter, parameter: parameter.name, text: text, reason: error.reason, column: nil)
            }
        default:
            throw .invalidValue(
                filter: filter, parameter: parameter.name, text: value.description,
                expected: parameter.type.description,
                column: nil)
        }
    }
}
