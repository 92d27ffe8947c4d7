import Foundation

/// Turns an mpv shader's passes into the stages that run for given values
/// and input size: which passes run (`//!WHEN`), in hook order, their
/// sizes (`//!WIDTH`, `//!HEIGHT`), which earlier outputs each reads
/// (`//!BIND`, `//!SAVE`), the views of the frame the hooks see (Y', Y'CbCr,
/// linear light) and the conversions back, and each pass's GLSL.
struct MpvShaderPlanner: Sendable {
    /// What a texture holds: the views differ in how they are made from
    /// the RGB frame and turned back into it.
    enum View: Sendable {
        case rgb, luma, chroma, alpha, native, linear
    }

    /// A texture a pass can bind: where it comes from, its size, and the
    /// rectangle of it (in its pixels) that covers the frame: all of it,
    /// unless a pass's `//!OFFSET` shifted it, as in libplacebo.
    struct Texture: Sendable {
        var source: StageInput
        var size: FrameSize
        var view: View
        var rect: Rect

        init(source: StageInput, size: FrameSize, view: View, rect: Rect? = nil) {
            self.source = source
            self.size = size
            self.view = view
            self.rect = rect ?? Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        }

        /// True when the texture covers the frame exactly at this size.
        func covers(_ target: FrameSize) -> Bool {
            size == target && rect == Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        }
    }

    /// A rectangle in a texture's pixels.
    struct Rect: Sendable, Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        var glsl: String { "vec4(\(x), \(y), \(width), \(height))" }
    }

    /// The hook points in the order they run, each with the view it sees.
    /// The planes come first (the frame is 4:4:4 by the time filters run,
    /// so CHROMA is as large as LUMA and a chroma upscaler's `//!WHEN
    /// CHROMA.w LUMA.w <` skips it, as mpv does for 4:4:4 video), then
    /// NATIVE, then the RGB stages.
    static let planeHooks: [(name: String, view: View)] = [("LUMA", .luma), ("CHROMA", .chroma), ("ALPHA", .alpha)]
    static let hookOrder: [(name: String, view: View)] =
        planeHooks + [
            ("NATIVE", .native), ("MAINPRESUB", .rgb), ("LINEAR", .linear), ("PREKERNEL", .rgb),
            ("POSTKERNEL", .rgb), ("SCALED", .rgb), ("PREOUTPUT", .rgb), ("OUTPUT", .rgb),
        ]

    let file: MpvShaderFile
    let path: String

    init(file: MpvShaderFile, path: String) throws(MpvShader.Problem) {
        self.file = file
        self.path = path
        let known = Set(Self.hookOrder.map(\.name))
        for pass in file.passes {
            guard !pass.hooks.isEmpty else {
                throw .malformed(path: path, line: pass.line, reason: "the pass hooks no texture (//!HOOK)")
            }
            for hook in pass.hooks where !known.contains(Self.canonical(hook)) {
                let why =
                    ["LUMA_SCALED", "CHROMA_SCALED", "ALPHA_SCALED"].contains(hook)
                    ? " (the planes are never scaled apart: the frame is 4:4:4 by the time filters run)"
                    : hook == "XYZ"
                        ? " (frames are YUV or RGB by the time filters run)"
                        : (hook == "SIGMOID" ? "" : " (an unknown hook point)")
                throw .unsupported(path: path, line: pass.line, what: "//!HOOK \(hook)\(why)")
            }
            if pass.align {
                throw .unsupported(path: path, line: pass.line, what: "//!OFFSET ALIGN")
            }
            if pass.compute == nil, !Self.defines(pass.body, returning: "vec4", named: "hook") {
                throw .malformed(path: path, line: pass.bodyLine, reason: "the pass defines no vec4 hook()")
            }
            if pass.compute != nil, !Self.defines(pass.body, returning: "void", named: "hook") {
                throw .malformed(path: path, line: pass.bodyLine, reason: "the //!COMPUTE pass defines no void hook()")
            }
        }
    }

    /// MAIN and RGB are the frame's RGB stage, as in libplacebo.
    static func canonical(_ name: String) -> String {
        name == "MAIN" || name == "RGB" ? "MAINPRESUB" : name
    }

    private static func defines(_ body: String, returning type: String, named name: String) -> Bool {
        let squeezed = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
        return squeezed.contains("\(type) \(name)(") || squeezed.contains("\(type) \(name) (")
    }

    // MARK: Values

    /// The parameter values as the expressions and the shaders see them.
    private func variables(_ values: FilterValues) -> [String: Double] {
        var variables: [String: Double] = [:]
        for parameter in file.parameters {
            if parameter.names.isEmpty {
                variables[parameter.name] = values.number(parameter.name)
            } else {
                variables[parameter.name] = Double(values.choiceIndex(parameter.name))
                for (index, name) in parameter.names.enumerated() { variables[name] = Double(index) }
            }
        }
        return variables
    }

    /// hb_p: the parameters in order, then Kr, Kb, 1 for limited range,
    /// and the curve that makes LINEAR (the prelude's hb_decode_transfer).
    func packed(values: FilterValues, colorimetry: Colorimetry?) -> [Float] {
        let variables = variables(values)
        var packed = file.parameters.map { Float(variables[$0.name] ?? 0) }
        let color = colorimetry ?? Colorimetry(matrix: .bt709, range: .limited)
        let weights = color.matrix.lumaWeights
        // LINEAR's curve is linearize's: the frame's transfer as displayed.
        let curve = ColorManagementFilters.linearCurve("auto", color)
        packed += [Float(weights.kr), Float(weights.kb), color.range == .limited ? 1 : 0, curve]
        for texture in file.textures where texture.isFloat { packed += texture.floats }
        return packed
    }

    private var colorBase: Int { file.parameters.count }

    /// True when the packed data goes to the data buffer (`hb_data_at`)
    /// (the file has float textures, which are read from there).
    var dataInBuffer: Bool { file.textures.contains(where: \.isFloat) }

    /// The GLSL that reads packed float `index` where the data lies.
    private func read(_ index: String) -> String { ParameterField.read(index, inBuffer: dataInBuffer) }

    /// Each float texture's offset in the packed data, by its index in the file.
    private var floatTextureOffsets: [Int: Int] {
        var offsets: [Int: Int] = [:]
        var next = colorBase + 4
        for (index, texture) in file.textures.enumerated() where texture.isFloat {
            offsets[index] = next
            next += texture.floats.count
        }
        return offsets
    }

    /// Float textures in the data buffer, read through overloads of the sampling
    /// functions (`texture`, `textureLod`, `texelFetch`, `textureSize`)
    /// for a texture value, clamped at the edges, nearest or bilinear.
    static let floatTextureCode = """
        struct HbMpvTexture { uint base; ivec2 size; int components; bool nearest; };
        vec4 hb_mpv_texel(HbMpvTexture t, ivec2 p) {
            p = clamp(p, ivec2(0), t.size - 1);
            uint i = t.base + uint((p.y * t.size.x + p.x) * t.components);
            vec4 v = vec4(0.0, 0.0, 0.0, 1.0);
            for (int c = 0; c < t.components; c++) v[c] = hb_data_at(i + uint(c));
            return v;
        }
        vec4 hb_mpv_sample(HbMpvTexture t, vec2 pos) {
            vec2 s = pos * vec2(t.size);
            if (t.nearest) return hb_mpv_texel(t, ivec2(floor(s)));
            vec2 u = s - 0.5;
            ivec2 b = ivec2(floor(u));
            vec2 f = u - vec2(b);
            return mix(mix(hb_mpv_texel(t, b), hb_mpv_texel(t, b + ivec2(1, 0)), f.x),
                       mix(hb_mpv_texel(t, b + ivec2(0, 1)), hb_mpv_texel(t, b + ivec2(1, 1)), f.x), f.y);
        }
        vec4 texture(HbMpvTexture t, vec2 pos) { return hb_mpv_sample(t, pos); }
        vec4 texture(HbMpvTexture t, vec2 pos, float bias) { return hb_mpv_sample(t, pos); }
        vec4 texture(HbMpvTexture t, float pos) { return hb_mpv_sample(t, vec2(pos, 0.5)); }
        vec4 textureLod(HbMpvTexture t, vec2 pos, float lod) { return hb_mpv_sample(t, pos); }
        vec4 textureLod(HbMpvTexture t, float pos, float lod) { return hb_mpv_sample(t, vec2(pos, 0.5)); }
        vec4 texelFetch(HbMpvTexture t, ivec2 p, int lod) { return hb_mpv_texel(t, p); }
        vec4 texelFetch(HbMpvTexture t, int p, int lod) { return hb_mpv_texel(t, ivec2(p, 0)); }
        ivec2 textureSize(HbMpvTexture t, int lod) { return t.size; }

        """

    // MARK: Planning

    /// The stages for these values on an input of `input`'s size.
    func stages(values: FilterValues, input: FrameSize) throws -> [SizedStage] {
        let variables = variables(values)
        let width = Int(values.number("w"))
        let height = Int(values.number("h"))
        let target = FrameSize(width: width > 0 ? width : input.width, height: height > 0 ? height : input.height)
        var stages: [SizedStage] = []
        var named: [String: Texture] = [:]

        func add(_ stage: FilterStage, size: FrameSize) -> StageInput {
            stages.append(SizedStage(stage: stage, outputSize: size))
            return .stage(stages.count - 1)
        }
        func referenced(_ name: String) -> Bool {
            file.passes.contains { pass in
                pass.hooks.contains(name) || pass.binds.contains(name) || pass.save == name
                    || (pass.width.textures + pass.height.textures + pass.condition.textures).contains(name)
            }
        }
        func run(hook: String) throws {
            for pass in file.passes where pass.hooks.map(Self.canonical).contains(hook) {
                guard let hooked = named[hook] else { continue }
                func size(_ name: String) -> FrameSize? {
                    switch name {
                    case "HOOKED": return hooked.size
                    case "OUTPUT": return target
                    case "NATIVE_CROPPED": return input
                    default: return named[Self.canonical(name)]?.size
                    }
                }
                let condition: Double
                let outputWidth: Double
                let outputHeight: Double
                do {
                    condition = try pass.condition.evaluate(size: size, variable: { variables[$0] })
                    guard condition != 0 else { continue }
                    outputWidth = try pass.width.evaluate(size: size, variable: { variables[$0] })
                    outputHeight = try pass.height.evaluate(size: size, variable: { variables[$0] })
                } catch {
                    throw RenderError.invalidFilterSetup(
                        filter: "shader", reason: "\(path):\(pass.line): \(error.reason)")
                }
                let outputSize = FrameSize(
                    width: Int(outputWidth.rounded()), height: Int(outputHeight.rounded()))
                guard (1...16384).contains(outputSize.width), (1...16384).contains(outputSize.height) else {
                    throw RenderError.invalidFilterSetup(
                        filter: "shader", reason: "\(path):\(pass.line): the pass would be \(outputSize)")
                }
                // Every bound name: HOOKED, a saved or stage texture, or an
                // embedded one; a name that is none of them skips the pass,
                // as in mpv.
                var bound: [(name: String, texture: Texture)] = []
                var usesTextures = false
                var skip = false
                for name in pass.binds {
                    if name == "HOOKED" {
                        bound.append((name, hooked))
                    } else if let texture = file.textures.first(where: { $0.name == name }) {
                        if !texture.isFloat { usesTextures = true }
                    } else if let texture = named[Self.canonical(name)] {
                        bound.append((name, texture))
                    } else {
                        skip = true
                    }
                }
                if skip { continue }
                let stage = userStage(
                    pass, hook: hook, bound: bound, usesTextures: usesTextures, input: input, output: outputSize)
                let result = add(stage, size: outputSize)
                // The output covers the hooked texture's rectangle, scaled,
                // and shifted by the pass's offset.
                let sx = Double(outputSize.width) / Double(hooked.size.width)
                let sy = Double(outputSize.height) / Double(hooked.size.height)
                let rect = Rect(
                    x: sx * hooked.rect.x + pass.offset.x, y: sy * hooked.rect.y + pass.offset.y,
                    width: sx * hooked.rect.width, height: sy * hooked.rect.height)
                named[pass.save ?? hook] = Texture(source: result, size: outputSize, view: hooked.view, rect: rect)
            }
        }

        let frame = Texture(source: .filterInput, size: input, view: .rgb)
        /// A pointwise conversion at `texture`'s size and rectangle.
        func convert(_ helper: Helper, _ texture: Texture, view: View) -> Texture {
            let source = add(self.helper(helper, reads: [texture]), size: texture.size)
            return Texture(source: source, size: texture.size, view: view, rect: texture.rect)
        }
        // The planes, each extracted when a pass hooks, binds or sizes by it.
        var planesChanged = false
        var extracted: [String: Texture] = [:]
        for (hook, view) in Self.planeHooks where referenced(hook) {
            let plane = convert(Self.extraction(view), frame, view: view)
            extracted[hook] = plane
            named[hook] = plane
            try run(hook: hook)
            if named[hook]!.source != plane.source { planesChanged = true }
        }
        /// The planes merged back: those a pass changed, the others from the
        /// frame, at LUMA's size and rectangle.
        func merged(to view: View) -> Texture {
            let planes = Self.planeHooks.map { hook, planeView in
                named[hook] ?? extracted[hook] ?? convert(Self.extraction(planeView), frame, view: planeView)
            }
            let source = add(helper(view == .rgb ? .planesToRGB : .planesToNative, reads: planes), size: planes[0].size)
            return Texture(source: source, size: planes[0].size, view: view, rect: planes[0].rect)
        }
        var nativeChanged = false
        if referenced("NATIVE") {
            let native = planesChanged ? merged(to: .native) : convert(.extractNative, frame, view: .native)
            named["NATIVE"] = native
            try run(hook: "NATIVE")
            nativeChanged = named["NATIVE"]!.source != native.source || planesChanged
        }
        var current = frame
        if nativeChanged, let native = named["NATIVE"] {
            current = convert(.nativeToRGB, native, view: .rgb)
        } else if planesChanged {
            current = merged(to: .rgb)
        }
        for (hook, view) in Self.hookOrder.dropFirst(Self.planeHooks.count + 1) {
            if view == .linear {
                guard file.passes.contains(where: { $0.hooks.contains("LINEAR") }) || referenced("LINEAR") else {
                    continue
                }
                named["LINEAR"] = convert(.linearize, current, view: .linear)
                try run(hook: "LINEAR")
                current = convert(.delinearize, named["LINEAR"]!, view: .rgb)
                continue
            }
            named[hook] = current
            try run(hook: hook)
            current = named[hook]!
        }
        // The result covers the frame at OUTPUT's size, as the last stage.
        if !current.covers(target) || current.source != .stage(stages.count - 1) {
            let source = add(helper(.resample, reads: [current]), size: target)
            current = Texture(source: source, size: target, view: .rgb)
        }
        return stages
    }

    // MARK: GLSL

    /// The conversions between the frame and the hooks' views.
    enum Helper: String {
        case extractLuma, extractChroma, extractAlpha, extractNative, planesToNative, planesToRGB, nativeToRGB
        case linearize, delinearize, resample
    }

    /// The conversion that makes a plane's view from the frame.
    static func extraction(_ view: View) -> Helper {
        switch view {
        case .chroma: return .extractChroma
        case .alpha: return .extractAlpha
        default: return .extractLuma
        }
    }

    /// A whole kernel over `reads` (samplers hb_aux0, hb_aux1, ...). The
    /// first is read at each output pixel (pointwise conversions), or mapped
    /// through its rectangle (`resample`); the others (CHROMA and ALPHA for
    /// the planes' merge) at the frame position of the first's pixel.
    private func helper(_ helper: Helper, reads textures: [Texture]) -> FilterStage {
        let reads = textures.map(\.source)
        let base = "HB_BASE + \(colorBase)u"
        var text = """
            // mpv shader view conversion: \(helper.rawValue)
            float hb_mpv_kr() { return \(read("\(base)")); }
            float hb_mpv_kb() { return \(read("\(base) + 1u")); }
            bool hb_mpv_limited() { return \(read("\(base) + 2u")) > 0.5; }
            vec3 hb_mpv_to_ycc(vec3 rgb) {
                float kr = hb_mpv_kr(), kb = hb_mpv_kb(), kg = 1.0 - kr - kb;
                float y = kr * rgb.r + kg * rgb.g + kb * rgb.b;
                return vec3(y, (rgb.b - y) / (2.0 * (1.0 - kb)), (rgb.r - y) / (2.0 * (1.0 - kr)));
            }
            vec3 hb_mpv_to_rgb(vec3 ycc) {
                float kr = hb_mpv_kr(), kb = hb_mpv_kb(), kg = 1.0 - kr - kb;
                float r = ycc.x + 2.0 * (1.0 - kr) * ycc.z;
                float b = ycc.x + 2.0 * (1.0 - kb) * ycc.y;
                return vec3(r, (ycc.x - kr * r - kb * b) / kg, b);
            }
            // Coded as the planes are: limited range 16...235 and 16...240 of 255.
            vec3 hb_mpv_code(vec3 ycc) {
                return hb_mpv_limited() ? vec3((16.0 + 219.0 * ycc.x) / 255.0, (128.0 + 224.0 * ycc.yz) / 255.0)
                                        : vec3(ycc.x, ycc.yz + 128.0 / 255.0);
            }
            vec3 hb_mpv_decode(vec3 coded) {
                return hb_mpv_limited() ? vec3((255.0 * coded.x - 16.0) / 219.0, (255.0 * coded.yz - 128.0) / 224.0)
                                        : vec3(coded.x, coded.yz - 128.0 / 255.0);
            }
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                if (any(greaterThanEqual(p, hb_out_size))) return;

            """
        let first = textures[0].rect
        if helper == .resample {
            // Output pixel -> frame position -> the texture's pixels, read
            // with Catmull-Rom weights (exact where they land on texels).
            text += """
                    vec2 u = (vec2(p) + 0.5) / vec2(hb_out_size);
                    vec4 r = \(first.glsl);
                    vec2 source = r.xy + u * r.zw - 0.5;
                    ivec2 b = ivec2(floor(source));
                    vec2 t = source - vec2(b);
                    vec2 t2 = t * t, t3 = t2 * t;
                    vec2 w[4] = vec2[4](-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1.0,
                                        -1.5 * t3 + 2.0 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2);
                    ivec2 last = textureSize(hb_aux0, 0) - 1;
                    vec4 a = vec4(0.0);
                    for (int j = 0; j < 4; j++)
                        for (int i = 0; i < 4; i++)
                            a += w[i].x * w[j].y * texelFetch(hb_aux0, clamp(b + ivec2(i - 1, j - 1), ivec2(0), last), 0);

                """
        } else {
            text += "    vec4 a = texelFetch(hb_aux0, p, 0);\n"
            // The frame position of this pixel, where the frame is read.
            text += "    vec4 r = \(first.glsl);\n"
            text += "    vec2 pos = (vec2(p) + 0.5 - r.xy) / r.zw;\n"
        }
        switch helper {
        case .extractLuma:
            text += "    vec3 c = hb_mpv_code(hb_mpv_to_ycc(a.rgb));\n    vec4 o = vec4(c.x, 0.0, 0.0, 1.0);\n"
        case .extractChroma:
            text += "    vec3 c = hb_mpv_code(hb_mpv_to_ycc(a.rgb));\n    vec4 o = vec4(c.yz, 0.0, 1.0);\n"
        case .extractAlpha:
            text += "    vec4 o = vec4(a.a, 0.0, 0.0, 1.0);\n"
        case .extractNative:
            text += "    vec4 o = vec4(hb_mpv_code(hb_mpv_to_ycc(a.rgb)), a.a);\n"
        case .planesToNative, .planesToRGB:
            // LUMA here; CHROMA and ALPHA (bilinear where smaller) at its frame position.
            text += "    vec2 chroma = textureLod(hb_aux1, pos, 0.0).xy;\n"
            text += "    float alpha = textureLod(hb_aux2, pos, 0.0).x;\n"
            text +=
                helper == .planesToNative
                ? "    vec4 o = vec4(a.x, chroma, alpha);\n"
                : "    vec4 o = vec4(hb_mpv_to_rgb(hb_mpv_decode(vec3(a.x, chroma))), alpha);\n"
        case .nativeToRGB:
            text += "    vec4 o = vec4(hb_mpv_to_rgb(hb_mpv_decode(a.rgb)), a.a);\n"
        case .linearize:
            text += "    vec4 o = vec4(hb_to_linear(a.rgb, int(\(read("\(base) + 3u")))), a.a);\n"
        case .delinearize:
            text += "    vec4 o = vec4(hb_from_linear(a.rgb, int(\(read("\(base) + 3u")))), a.a);\n"
        case .resample:
            text += "    vec4 o = a;\n"
        }
        text += "    imageStore(hb_output, p, o);\n}\n"
        return FilterStage(.wholeKernel, function: "main", code: .inline(name: path, text: text), reads: reads)
    }

    /// The whole kernel for one of the file's passes.
    private func userStage(
        _ pass: MpvShaderFile.Pass, hook: String, bound: [(name: String, texture: Texture)], usesTextures: Bool,
        input: FrameSize, output: FrameSize
    ) -> FilterStage {
        var reads: [StageInput] = []
        var text = "// mpv shader \(path), pass at line \(pass.line)\n"
        text += "ivec2 hb_mpv_id;\n"
        let images = file.textures.filter { !$0.isFloat }
        let textureCount = usesTextures ? images.count : 0
        var defined: Set<String> = []
        func define(_ prefix: String, sampler: String) {
            guard defined.insert(prefix).inserted else { return }
            text += """
                #define \(prefix)_raw \(sampler)
                #define \(prefix)_pos ((vec2(hb_mpv_id) + 0.5) / vec2(hb_out_size))
                #define \(prefix)_size vec2(textureSize(\(sampler), 0))
                #define \(prefix)_pt (1.0 / \(prefix)_size)
                #define \(prefix)_off vec2(0.0)
                #define \(prefix)_mul 1.0
                #define \(prefix)_rot mat2(1.0, 0.0, 0.0, 1.0)
                #define \(prefix)_map(id) (vec2(id) + 0.5)
                #define \(prefix)_tex(pos) (vec4(textureLod(\(sampler), pos, 0.0)))
                #define \(prefix)_texOff(off) (\(prefix)_tex(\(prefix)_pos + \(prefix)_pt * vec2(off)))
                #define \(prefix)_gather(pos, c) (vec4(textureGather(\(sampler), pos, c)))

                """
        }
        for (name, texture) in bound {
            let index: Int
            if let existing = reads.firstIndex(of: texture.source) {
                index = existing
            } else {
                reads.append(texture.source)
                index = reads.count - 1
            }
            let sampler = "hb_aux\(textureCount + index)"
            var prefixes = [name]
            if name == "HOOKED" { prefixes.append(hook) }
            if Self.canonical(name) == "MAINPRESUB" || (name == "HOOKED" && hook == "MAINPRESUB") {
                prefixes += ["MAIN", "MAINPRESUB"]
            }
            for prefix in prefixes { define(prefix, sampler: sampler) }
        }
        if usesTextures {
            for (index, texture) in images.enumerated() where pass.binds.contains(texture.name) {
                text += "#define \(texture.name) hb_aux\(index)\n"
                text += "#define \(texture.name)_tex(pos) (textureLod(hb_aux\(index), pos, 0.0))\n"
            }
        }
        let floats = file.textures.enumerated().filter { $0.element.isFloat && pass.binds.contains($0.element.name) }
        if !floats.isEmpty {
            text += Self.floatTextureCode
            for (index, texture) in floats {
                let base = "HB_BASE + \(floatTextureOffsets[index]!)u"
                text += "#define \(texture.name) HbMpvTexture(\(base), ivec2(\(texture.width), \(texture.height)), "
                text += "\(texture.components), \(texture.nearest))\n"
                text += "#define \(texture.name)_tex(pos) hb_mpv_sample(\(texture.name), pos)\n"
            }
        }
        text += "#define frame hb_frame_index\n"
        text += "#define random hb_hash01(uint(hb_frame_index) * 2654435761u + 0x9e3779b9u)\n"
        text += "#define input_size vec2(\(input.width).0, \(input.height).0)\n"
        text += "#define target_size vec2(hb_out_size)\n"
        text += "#define tex_offset vec2(0.0)\n"
        text += "#define PI 3.1415926535897932384626433832795\n"
        for (offset, parameter) in file.parameters.enumerated() {
            let value = "\(read("HB_BASE + \(offset)u"))"
            switch parameter.kind {
            case .float: text += "#define \(parameter.name) (\(value))\n"
            case .int: text += "#define \(parameter.name) int(\(value))\n"
            case .uint: text += "#define \(parameter.name) uint(\(value))\n"
            }
            for (index, name) in parameter.names.enumerated() { text += "#define \(name) \(index)\n" }
        }
        // libplacebo's helpers to and from linear light for the frame's transfer.
        let curve = "int(\(read("HB_BASE + \(colorBase + 3)u")))"
        text += "vec4 hb_mpv_linearize(vec4 c) { return vec4(hb_to_linear(max(c.rgb, 0.0), \(curve)), c.a); }\n"
        text += "vec4 hb_mpv_delinearize(vec4 c) { return vec4(hb_from_linear(max(c.rgb, 0.0), \(curve)), c.a); }\n"
        text += "#define linearize hb_mpv_linearize\n#define delinearize hb_mpv_delinearize\n"
        if pass.compute != nil { text += "#define out_image hb_output\n" }
        text += "#line \(pass.bodyLine) \"\(path)\"\n" + pass.body + "\n#line 1 \"generated\"\n"
        text += "void main() {\n    hb_mpv_id = ivec2(gl_GlobalInvocationID.xy);\n"
        if pass.compute != nil {
            text += "    hook();\n}\n"
        } else {
            text += "    if (any(greaterThanEqual(hb_mpv_id, hb_out_size))) return;\n"
            text += "    imageStore(hb_output, hb_mpv_id, hook());\n}\n"
        }
        let workgroup = pass.compute.map { Workgroup(threads: $0.threads, covers: $0.block) }
        return FilterStage(
            .wholeKernel, function: "main", code: .inline(name: path, text: text), auxiliaryImages: textureCount,
            reads: reads, workgroup: workgroup)
    }
}
