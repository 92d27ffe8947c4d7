/// A filter with its parameter values: one step of a chain.
public struct Filter: Sendable, Hashable, CustomStringConvertible {
    /// What the filter is: its name, parameters and shader stages.
    public let descriptor: FilterDescriptor
    /// Every parameter's value, defaults filled in.
    public let values: FilterValues

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
        self.descriptor = descriptor
        self.values = FilterValues(parameters: descriptor.parameters, values: complete)
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
            throw .unknownFilter(name: name, suggestion: FilterCatalog.standard.nearestName(to: name), column: nil)
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
        let arguments = path + changed
        return arguments.isEmpty ? name : name + "=" + arguments.joined(separator: ":")
    }

    /// The values that decide the generated code and sizes, for plan keys.
    var structuralKey: [FilterValue] {
        descriptor.parameters.filter(\.isStructural).map { values.values[$0.name]! }
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
        default:
            throw .invalidValue(
                filter: filter, parameter: parameter.name, text: value.description,
                expected: parameter.type.description,
                column: nil)
        }
    }
}
