/// One named run of the floats a filter packs for its stages. A filter's
/// fields, in order, are its parameter layout: the shader generator turns
/// each into an accessor the GLSL reads by name (`hbp_NAME` for one float,
/// `hbp_NAME(i)` for several, `hbo_NAME` for where the run starts), so adding
/// a field to a filter never shifts what its shaders read for the others.
public struct ParameterField: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The name the GLSL reads it by (`hbp_` and this); a GLSL identifier.
    public let name: String
    /// How many floats it holds; nil for a run of any length, which must be
    /// the last field (a LUT's table, a curve's samples).
    public let count: Int?

    /// A field of `count` floats (1 by default).
    /// - Parameters:
    ///   - name: The name the GLSL reads it by.
    ///   - count: How many floats it holds.
    public init(_ name: String, count: Int = 1) {
        self.name = name
        self.count = count
    }

    /// A field of one float named by the literal.
    /// - Parameter name: The name the GLSL reads it by.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    private init(name: String, count: Int?) {
        self.name = name
        self.count = count
    }

    /// A last field holding however many floats follow the others.
    /// - Parameter name: The name the GLSL reads it by.
    public static func rest(_ name: String) -> ParameterField {
        ParameterField(name: name, count: nil)
    }

    /// The fields `FilterValues.packedInOrder()` fills for these parameters:
    /// each number, integer, boolean and choice as one float, each list of a
    /// fixed length as that many; nil when a list's length may vary (its
    /// filter must declare its layout).
    /// - Parameter parameters: A filter's parameters, in order.
    public static func inOrder(_ parameters: [FilterParameter]) -> [ParameterField]? {
        var fields: [ParameterField] = []
        for parameter in parameters {
            switch parameter.type {
            case .number, .integer, .boolean, .choice: fields.append(ParameterField(parameter.name))
            case .list(let count):
                guard count.lowerBound == count.upperBound else { return nil }
                fields.append(ParameterField(parameter.name, count: count.lowerBound))
            case .text, .expression: break
            }
        }
        return fields
    }
}

extension ParameterField {
    /// The GLSL expression of the packed float at GLSL index `index`: in
    /// the parameter block `hb_p`, or with `inBuffer` in the data buffer
    /// (`hb_data_at`, Shaders/common/prelude.glsl).
    static func read(_ index: String, inBuffer: Bool) -> String {
        inBuffer ? "hb_data_at(\(index))" : "hb_p[\(index)]"
    }
}

extension [ParameterField] {
    /// The floats the fixed fields hold together.
    var fixedFloats: Int { reduce(0) { $0 + ($1.count ?? 0) } }

    /// True when the last field takes whatever follows the others.
    var endsInRest: Bool { last.map { $0.count == nil } ?? false }

    /// Whether `count` packed floats fill this layout: exactly the fixed
    /// fields, or at least them when a rest field ends it.
    func accepts(_ count: Int) -> Bool {
        endsInRest ? count >= fixedFloats : count == fixedFloats
    }

    /// The GLSL that names each field for a function whose data starts at
    /// `base` in the parameter block or, with `inBuffer`, the data buffer,
    /// and the lines that take the names back after it.
    func accessors(inBuffer: Bool) -> (define: String, undefine: String) {
        var define = ""
        var undefine = ""
        var offset = 0
        for field in self {
            let start = "(base + \(offset)u)"
            define += "#define hbo_\(field.name) \(start)\n"
            undefine += "#undef hbo_\(field.name)\n"
            if field.count == 1 {
                define += "#define hbp_\(field.name) \(ParameterField.read(start, inBuffer: inBuffer))\n"
            } else {
                define +=
                    "#define hbp_\(field.name)(i) \(ParameterField.read("\(start) + uint(i)", inBuffer: inBuffer))\n"
            }
            undefine += "#undef hbp_\(field.name)\n"
            offset += field.count ?? 0
        }
        return (define, undefine)
    }
}

/// One filter's packed floats read by field name, as its GLSL reads them
/// (`fields["cos"]` for `hbp_cos`, `fields["matrix", 4]` for `hbp_matrix(4)`),
/// for host code that works out what a shader computes (`ColorFold`).
struct PackedFields {
    let layout: [ParameterField]
    let floats: [Double]

    /// The field's first float.
    subscript(name: String) -> Double { self[name, 0] }

    /// Element `index` of the field.
    subscript(name: String, index: Int) -> Double {
        var offset = 0
        for field in layout {
            if field.name == name { return floats[offset + index] }
            offset += field.count ?? 0
        }
        preconditionFailure("no field \(name) in the layout \(layout.map(\.name))")
    }
}
