/// mpv's user shaders as filters: a file of `//!HOOK` passes (with
/// `//!BIND`, `//!SAVE`, `//!WIDTH`, `//!HEIGHT`, `//!WHEN`,
/// `//!COMPONENTS`, `//!OFFSET`, `//!COMPUTE`, `//!DESC`), `//!TEXTURE`s
/// and `//!PARAM`s runs as mpv and libplacebo run it, each pass a compute
/// dispatch of its own.
///
/// The hook points map onto the frame as it is when the filter runs (RGB,
/// at the size of the filter's input): `LUMA` is the frame's Y' (coded in
/// its range, as the luma plane is), `NATIVE` its Y'CbCr, `MAIN`,
/// `MAINPRESUB`, `RGB`, `PREKERNEL`, `POSTKERNEL`, `SCALED`, `PREOUTPUT`
/// and `OUTPUT` the RGB frame in that order, `LINEAR` the frame in linear
/// light (BT.1886 for SDR video). `OUTPUT`'s size is the filter's `w` and
/// `h` (0: the input's), and the result is scaled to it (bilinear) when the
/// passes did not make it that size. `CHROMA`, `ALPHA`, `XYZ`, `SIGMOID`,
/// `//!BUFFER` and textures that are not 2D or 1D are refused with the
/// line that asks for them. 8-bit textures are bound as images (sampled
/// LINEAR); 16- and 32-bit float ones are read from the data buffer
/// through overloads of `texture`, `textureLod`, `texelFetch` and
/// `textureSize`, LINEAR or NEAREST.
///
/// Parameters: each `//!PARAM` is a filter parameter of the same name
/// (float, int, uint, or an `ENUM` of names), set like any other:
/// `shader=sharpen.glsl:strength=0.8`.
public enum MpvShader {
    /// Why an mpv shader file was refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Something mpv's format does not allow, on `line` (1-based).
        case malformed(path: String, line: Int, reason: String)
        /// Something of mpv's format this implementation does not run, on `line`.
        case unsupported(path: String, line: Int, what: String)

        /// One line, naming the file and line.
        public var description: String {
            switch self {
            case .malformed(let path, let line, let reason):
                return "\(path):\(line): \(reason)".escapingControlCharacters
            case .unsupported(let path, let line, let what):
                return "\(path):\(line): \(what) is not supported".escapingControlCharacters
            }
        }
    }

    /// True when the text is an mpv user shader rather than one of
    /// `CustomShader`'s forms.
    public static func isMpvShader(_ text: String) -> Bool {
        MpvShaderFile.isMpvFormat(text)
    }

    /// Describes the mpv shader `text`; `name` appears in errors and the
    /// chain's text form names it as the path (`shader=NAME:...`).
    public static func descriptor(name: String, text: String) throws(Problem) -> FilterDescriptor {
        let file = try MpvShaderFile(text: text, path: name)
        let planner = try MpvShaderPlanner(file: file, path: name)
        var parameters: [FilterParameter] = file.parameters.map { parameter in
            let summary = parameter.description ?? "//!PARAM \(parameter.name)"
            if !parameter.names.isEmpty {
                return .choice(parameter.name, parameter.names, default: parameter.names[0], summary: summary)
            }
            let low = parameter.minimum ?? (parameter.kind == .uint ? 0 : -1_000_000)
            let high = parameter.maximum ?? 1_000_000
            if parameter.kind == .float {
                return .number(parameter.name, default: parameter.initial, range: low...high, summary: summary)
            }
            return .integer(parameter.name, default: Int(parameter.initial), range: low...high, summary: summary)
        }
        for reserved in ["w", "h"] where parameters.contains(where: { $0.name == reserved }) {
            let line = file.parameters.first { $0.name == reserved }!.line
            throw .malformed(path: name, line: line, reason: "'\(reserved)' is the filter's own output size parameter")
        }
        parameters += [
            .integer("w", default: 0, range: 0...16384, summary: "OUTPUT's width; 0: the input's"),
            .integer("h", default: 0, range: 0...16384, summary: "OUTPUT's height; 0: the input's"),
        ]
        let textures = file.textures.filter { !$0.isFloat }
        let descriptions = file.passes.compactMap(\.description)
        return FilterDescriptor(
            name: "shader", kind: .neighborhood,
            summary: "mpv user shader \(name)"
                + (descriptions.isEmpty ? "" : ": " + descriptions.joined(separator: ", ")),
            formula: "mpv user shader from \(name), \(file.passes.count) pass(es)", parameters: parameters,
            stages: [], identity: "mpv:\(name):\(text.hashValue)", sourcePath: name,
            dataInBuffer: planner.dataInBuffer,
            pack: { values, environment in
                planner.packed(values: values, colorimetry: environment.colorimetry)
            },
            outputSize: { values, size in
                try planner.stages(values: values, input: size).last!.outputSize
            },
            auxiliary: { _, _ in
                try textures.map { try VideoFrame(rgba: $0.rgba, width: $0.width, height: $0.height) }
            },
            plannedStages: { values, size in try planner.stages(values: values, input: size) })
    }
}
