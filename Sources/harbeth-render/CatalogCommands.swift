import Harbeth

/// `--list-filters`, `--describe` and `--list-devices`.
enum CatalogCommands {
    /// One block per filter: name and kind, then one line per parameter.
    static func listFilters(_ catalog: FilterCatalog = .standard) -> String {
        var text = "\(catalog.descriptors.count) filters (harbeth-render --describe NAME for details)\n"
        var kind: FilterKind?
        for descriptor in catalog.descriptors.sorted(by: { ($0.kind.order, $0.name) < ($1.kind.order, $1.name) }) {
            if descriptor.kind != kind {
                kind = descriptor.kind
                text += "\n\(descriptor.kind.heading):\n"
            }
            text +=
                "  \(descriptor.name)" + String(repeating: " ", count: max(1, 22 - descriptor.name.count))
                + descriptor.summary + "\n"
            for parameter in descriptor.parameters {
                text += "      \(parameter.name): \(parameter.type), \(parameter.defaultAndRange)\n"
            }
        }
        let aliases = FilterCatalog.aliases.filter { catalog.descriptor(named: $0.value) != nil }.sorted {
            $0.key < $1.key
        }
        if !aliases.isEmpty {
            text +=
                "\naliases (Harbeth's names): " + aliases.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
                + "\n"
        }
        return text
    }

    /// Everything about one filter, or nil when there is none of that name.
    static func describe(_ name: String, catalog: FilterCatalog = .standard) -> String? {
        guard let descriptor = catalog.descriptor(named: name) else { return nil }
        var text = "\(descriptor.name) (\(descriptor.kind.rawValue)): \(descriptor.summary)\n\n"
        text += "formula: \(descriptor.formula)\n\n"
        if descriptor.parameters.isEmpty {
            text += "parameters: none\n"
        } else {
            text += "parameters (positional in this order, or name=value):\n"
            for parameter in descriptor.parameters {
                text += "  \(parameter.name): \(parameter.type), \(parameter.defaultAndRange) - \(parameter.summary)"
                switch parameter.type {
                case .number, .integer:
                    if !parameter.isStructural {
                        text += " (can be animated)"
                    } else if parameter.movesWhenGiven.isEmpty {
                        text += " (constant: it decides the shader or size)"
                    } else {
                        text +=
                            " (constant: it decides the size; with "
                            + parameter.movesWhenGiven.joined(separator: " and ") + " given it can be animated)"
                    }
                default: break
                }
                text += "\n"
            }
            if descriptor.parameters.contains(where: {
                [.number, .integer].contains($0.type) && (!$0.isStructural || !$0.movesWhenGiven.isEmpty)
            }) {
                text +=
                    "  animated: an expression of t, n, w, h ('0.2*sin(2*PI*t)') or keyframes ('0@0;1@2', "
                    + "with :ease=linear|in|out|in_out|step)\n"
            }
        }
        if descriptor.isLook, let look = try? Filter(descriptor) {
            // The chain a look stands for, as the text form writes it.
            text +=
                "\nexpands to (at the defaults): " + look.expanded().map(\.description).joined(separator: ",") + "\n"
        }
        if (try? Filter(descriptor))?.readsNeighbouringFrames == true {
            text +=
                "\ninterlaced video: the first filter of a chain; it reads each frame's neighbours and flags,"
                + " and the output is tagged progressive\n"
        } else if descriptor.kind == .geometric || descriptor.kind == .neighborhood {
            // The frame is filtered as it is, both fields together.
            text +=
                "\ninterlaced video: applied to the frame as it is, both fields together; the field order tag "
                + "is kept (deinterlace first for a progressive result)\n"
        }
        // A file parameter's value is a placeholder naming it (FILE, MASK).
        let example =
            descriptor.parameters.first.map { parameter in
                let value = parameter.type == .text ? parameter.name.uppercased() : "\(parameter.defaultValue)"
                return "\(descriptor.name)=\(parameter.name)=\(value)"
            } ?? descriptor.name
        let count = descriptor.nodeInputs.count
        if count > 0 {
            // The other videos come from the graph: [0] is the frame, [1]... the others.
            let labels = (0...count).map { "[\($0)]" }.joined()
            let inputs = (0...count).map { "-i in\($0).mp4" }.joined(separator: " ")
            if case .required = descriptor.nodeInputs {
                text += "\ninputs: the frame and \(count) more video\(count == 1 ? "" : "s"), in a graph only\n"
            } else {
                text += "\ninputs: the frame and \(count) more video\(count == 1 ? "" : "s") in a graph, or files\n"
            }
            let graphExample = descriptor.nodeInputs == .optional(count: count) ? descriptor.name : example
            text += "\nexample: harbeth-render \(inputs) --graph '\(labels)\(graphExample)' -o out.mp4\n"
            if case .required = descriptor.nodeInputs { return text }
        }
        text += "\nexample: harbeth-render --filter '\(example)' in.mp4\n"
        return text
    }

    /// The devices, a line each, and the notes on their drivers (for
    /// standard error).
    static func listDevices() throws(GPUError) -> (list: String, notes: [String]) {
        let devices = try GPUContext.availableDevices()
        guard !devices.isEmpty else { return ("no Vulkan device with compute support\n", []) }
        return (devices.map { $0.description + "\n" }.joined(), GPUContext.driverNotes(for: devices))
    }
}

extension FilterKind {
    fileprivate var order: Int {
        switch self {
        case .pointwise: return 0
        case .neighborhood: return 1
        case .geometric: return 2
        case .multiInput: return 3
        case .look: return 4
        }
    }

    fileprivate var heading: String {
        switch self {
        case .pointwise: return "Colour (pointwise, fused into one pass)"
        case .neighborhood: return "Neighbourhood"
        case .geometric: return "Geometric"
        case .multiInput: return "Multi-input"
        case .look: return "Looks (presets that expand to chains of the filters above)"
        }
    }
}
