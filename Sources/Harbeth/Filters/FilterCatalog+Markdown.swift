extension FilterCatalog {
    /// The catalog as a Markdown document: an index, then every filter's
    /// kind, summary, parameters (type, default, range) and formula.
    /// `docs/FILTERS.md` is this text for the standard catalog, and a test
    /// keeps the two equal.
    public func markdown() -> String {
        var text = """
            # Filters

            Generated from the catalog's metadata by `FilterCatalog.markdown()`; do not edit by hand.
            Filters are written `name=value:value` or `name=parameter=value:parameter=value` and chained with
            commas; lists as `a/b/c`, colours also as `#rrggbb`.

            | filter | kind | summary |
            | --- | --- | --- |

            """
        for descriptor in descriptors {
            text +=
                "| [`\(descriptor.name)`](#\(descriptor.name)) | \(descriptor.kind.rawValue) | "
                + Self.cell(descriptor.summary) + " |\n"
        }
        for descriptor in descriptors {
            text += "\n## \(descriptor.name)\n\n"
            text += "\(descriptor.kind.rawValue). \(descriptor.summary)\n\n"
            if descriptor.parameters.isEmpty {
                text += "No parameters.\n\n"
            } else {
                text += "| parameter | type | default | range | summary |\n| --- | --- | --- | --- | --- |\n"
                for parameter in descriptor.parameters {
                    let cells = [
                        "`\(parameter.name)`", Self.cell(parameter.type.description), Self.defaultText(parameter),
                        Self.rangeText(parameter), Self.cell(parameter.summary),
                    ]
                    text += "| " + cells.joined(separator: " | ") + " |\n"
                }
                text += "\n"
            }
            text += "Formula: `\(descriptor.formula)`\n"
        }
        let aliases = Self.aliases.filter { descriptor(named: $0.value) != nil }.sorted { $0.key < $1.key }
        if !aliases.isEmpty {
            text += "\n## Aliases\n\nHarbeth's names for filters above, with their parameters:\n\n"
            for (alias, name) in aliases { text += "- `\(alias)`: [`\(name)`](#\(name))\n" }
        }
        return text
    }

    /// Table cells cannot hold a bare `|`.
    private static func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|")
    }

    private static func defaultText(_ parameter: FilterParameter) -> String {
        // An empty expression stands for another value (boxblur's chroma
        // radius: luma's, as its summary says).
        if case .text("") = parameter.defaultValue { return parameter.type == .text ? "required" : "empty" }
        if parameter.type == .boolean { return parameter.defaultValue.number == 1 ? "true" : "false" }
        return "`" + parameter.defaultValue.description + "`"
    }

    private static func rangeText(_ parameter: FilterParameter) -> String {
        guard let range = parameter.range, parameter.type != .boolean else { return "" }
        return FilterValue.format(range.lowerBound) + "..." + FilterValue.format(range.upperBound)
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
