extension FilterChainParser {
    /// The short names FFmpeg's unsharp and boxblur give their options,
    /// by filter: catalog filters of the same names take the long ones.
    static let shortNames = [
        "unsharp": [
            "lx": "luma_msize_x", "ly": "luma_msize_y", "la": "luma_amount", "cx": "chroma_msize_x",
            "cy": "chroma_msize_y", "ca": "chroma_amount", "ax": "alpha_msize_x", "ay": "alpha_msize_y",
            "aa": "alpha_amount",
        ],
        "boxblur": [
            "lr": "luma_radius", "lp": "luma_power", "cr": "chroma_radius", "cp": "chroma_power",
            "ar": "alpha_radius", "ap": "alpha_power",
        ],
    ]

    /// FFmpeg's scale flags that name one of resize's methods.
    private static let scaleMethods: [String: String] = [
        "bilinear": "bilinear", "fast_bilinear": "bilinear", "bicubic": "bicubic", "neighbor": "nearest",
        "lanczos": "lanczos",
    ]

    /// FFmpeg's filters that are one of ours with the same values, as this
    /// catalog's filter and arguments: `hflip` and `vflip` (no values) are
    /// `flip`; `scale=W:H[:flags=F]` (also `width=`, `height=`; 0 keeps the
    /// input's size, -1 and -n keep the aspect, as in FFmpeg) is `resize`,
    /// its flags bilinear, fast_bilinear, bicubic (FFmpeg's default),
    /// neighbor or lanczos the method, its force_original_aspect_ratio
    /// and force_divisible_by resize's fit and multiple; `colorkey` is
    /// `color_key`; `lutyuv` and `lutrgb` are `lut_yuv` and `lut_rgb`;
    /// `negate` is `lut_yuv` of negval; `chromakey` is `yuv_chroma_key`; `pixelize` is `yuv_pixelize`; `edgedetect` is `edge_detect`; FFmpeg's `sobel` with its own options is `sobel_planes`; FFmpeg's `convolution` (`0m='...'`) is `convolution_planes`; `colorbalance` is `color_balance`
    /// (`colorBalanceArguments`); `nlmeans` is `denoise` (`nlmeansArguments`); FFmpeg's
    /// `vibrance` with its own options is `luma_vibrance`; `colortemperature`
    /// is `color_temperature`; FFmpeg's `monochrome` with its own options is
    /// `yuv_monochrome`; `yadif` and `bwdif` are `deinterlace` by that method; FFmpeg's `hue`
    /// with its own options (`hue=h=90:s=0.5`, `hue=s=0`) is `yuv_hue`;
    /// FFmpeg's `rotate` (`rotate=PI/6`, `rotate=a=0.5:c=white`) is catalog
    /// rotate in degrees at FFmpeg's output size; `drawbox` and `drawgrid`
    /// are `draw_box` and `draw_grid` (`drawArguments`). Nil for other names. The
    /// parser asks for hue and rotate only where `writesFFmpegForm` says
    /// their values are FFmpeg's.
    func ffmpegEquivalent(_ name: String, arguments: [Argument], column: Int) throws(FilterChainError) -> (
        FilterDescriptor, [Argument]
    )? {
        switch name {
        case "hflip", "vflip":
            guard let flip = catalog.descriptor(named: "flip") else { return nil }
            if let extra = arguments.first {
                throw .tooManyValues(filter: name, count: 0, column: extra.valueColumn)
            }
            let direction = name == "hflip" ? "horizontal" : "vertical"
            return (
                flip,
                [Argument(key: "direction", keyColumn: column, value: direction, valueColumn: column, quoted: false)]
            )
        case "lutyuv", "lutrgb":
            let yuv = name == "lutyuv"
            guard let lut = catalog.descriptor(named: yuv ? "lut_yuv" : "lut_rgb") else { return nil }
            return (
                lut, try Self.lutArguments(arguments, filter: name, planes: yuv ? ["y", "u", "v"] : ["r", "g", "b"])
            )
        case "colorchannelmixer":
            // On frames given alpha, aa alone is the watermark's opacity.
            if framesHaveAlpha, let opacity = catalog.descriptor(named: "opacity"), arguments.count == 1,
                let aa = arguments.first, aa.key == "aa"
            {
                guard let value = Double(aa.value.trimmingSpaces()), (0...1).contains(value) else {
                    throw .invalidValue(
                        filter: name, parameter: "aa", text: aa.value, expected: "a number 0...1, the alpha's scale",
                        column: aa.valueColumn)
                }
                return (opacity, [aa.renamed("opacity", value: aa.value)])
            }
            guard let mixer = catalog.descriptor(named: "channel_mixer") else { return nil }
            return (mixer, try Self.channelMixerArguments(arguments, column: column))
        case "negate":
            guard let lut = catalog.descriptor(named: "lut_yuv") else { return nil }
            return (lut, try Self.negateArguments(arguments, column: column))
        case "yadif", "bwdif":
            guard let deinterlace = catalog.descriptor(named: "deinterlace") else { return nil }
            return (deinterlace, try Self.deinterlacerArguments(arguments, filter: name, column: column))
        case "colorbalance":
            guard let balance = catalog.descriptor(named: "color_balance") else { return nil }
            return (balance, try Self.colorBalanceArguments(arguments, column: column))
        case "monochrome":
            guard let monochrome = catalog.descriptor(named: "yuv_monochrome") else { return nil }
            let options: [(name: String, parameter: String, range: ClosedRange<Double>)] = [
                ("cb", "cb", -1...1), ("cr", "cr", -1...1), ("size", "size", 0.1...10), ("high", "high", 0...1),
            ]
            return (monochrome, try Self.numberArguments(arguments, filter: name, options: options))
        case "colortemperature":
            guard let temperature = catalog.descriptor(named: "color_temperature") else { return nil }
            let options: [(name: String, parameter: String, range: ClosedRange<Double>)] = [
                ("temperature", "temperature", 1000...40000), ("mix", "mix", 0...1),
                ("pl", "preserve_lightness", 0...1),
            ]
            return (temperature, try Self.numberArguments(arguments, filter: name, options: options))
        case "vibrance":
            guard let vibrance = catalog.descriptor(named: "luma_vibrance") else { return nil }
            return (vibrance, try Self.vibranceArguments(arguments, column: column))
        case "nlmeans":
            guard let denoise = catalog.descriptor(named: "denoise") else { return nil }
            return (denoise, try Self.nlmeansArguments(arguments, column: column))
        case "pixelize":
            guard let pixelize = catalog.descriptor(named: "yuv_pixelize") else { return nil }
            return (pixelize, try Self.pixelizeArguments(arguments))
        case "convolution":
            guard let convolution = catalog.descriptor(named: "convolution_planes") else { return nil }
            return (convolution, try Self.convolutionArguments(arguments, column: column))
        case "sobel":
            // FFmpeg's sobel: the same values (planes, scale, delta) in the same order.
            return catalog.descriptor(named: "sobel_planes").map { ($0, arguments) }
        case "edgedetect":
            guard let edges = catalog.descriptor(named: "edge_detect") else { return nil }
            return (edges, try Self.edgeDetectArguments(arguments))
        case "chromakey":
            // The same values (color, similarity, blend, yuv) in the same order.
            return catalog.descriptor(named: "yuv_chroma_key").map { ($0, arguments) }
        case "colorkey":
            // The same values (color, similarity, blend) in the same order.
            return catalog.descriptor(named: "color_key").map { ($0, arguments) }
        case "scale":
            guard let resize = catalog.descriptor(named: "resize") else { return nil }
            return (resize, try Self.scaleArguments(arguments))
        case "hue":
            guard let yuvHue = catalog.descriptor(named: "yuv_hue") else { return nil }
            return (yuvHue, try Self.hueArguments(arguments))
        case "rotate":
            guard let rotate = catalog.descriptor(named: "rotate") else { return nil }
            return (rotate, try Self.rotateArguments(arguments, column: column))
        case "drawbox", "drawgrid":
            guard let draw = catalog.descriptor(named: name == "drawbox" ? "draw_box" : "draw_grid") else { return nil }
            return (draw, try Self.drawArguments(arguments, filter: name, column: column))
        case "curves":
            // FFmpeg's curves: its names, its preset first, its spline.
            guard let curves = catalog.descriptor(named: "curves") else { return nil }
            let names = ["m": "master", "red": "r", "green": "g", "blue": "b"]
            var translated: [Argument] = []
            for (index, argument) in arguments.enumerated() {
                var renamed = argument
                if let key = argument.key {
                    renamed.key = names[key] ?? key
                } else if index == 0 {
                    renamed.key = "preset"
                } else {
                    throw .invalidValue(
                        filter: "curves", parameter: "preset", text: argument.value,
                        expected: "one value before the names (FFmpeg's preset); points by name, r='0/0 1/1'",
                        column: argument.valueColumn)
                }
                translated.append(renamed)
            }
            guard !translated.contains(where: { $0.key == "interpolation" }) else { return (curves, translated) }
            var natural =
                translated.first ?? Argument(key: nil, keyColumn: column, value: "", valueColumn: column, quoted: false)
            natural.key = "interpolation"
            natural.value = "natural"
            natural.quoted = false
            return (curves, translated + [natural])
        case "vignette":
            // FFmpeg's vignette is natural_vignette, its values in its order.
            guard let natural = catalog.descriptor(named: "natural_vignette") else { return nil }
            return (
                natural,
                arguments.map { argument in
                    var renamed = argument
                    if argument.key == "a" { renamed.key = "angle" }
                    return renamed
                }
            )
        case "unsharp", "boxblur":
            // FFmpeg's short names for the catalog filter's own values.
            guard let filter = catalog.descriptor(named: name), let short = Self.shortNames[name] else { return nil }
            return (
                filter,
                arguments.map { argument in
                    var renamed = argument
                    renamed.key = argument.key.map { short[$0] ?? $0 }
                    return renamed
                }
            )
        default:
            return nil
        }
    }

    /// FFmpeg yadif's or bwdif's values (positional `mode:parity:deint`,
    /// each by its name or FFmpeg's number) as deinterlace's, with the
    /// method of the filter's name and its default mode: yadif one frame
    /// for each frame, bwdif one for each field. yadif's nospatial modes
    /// are refused: the spatial check is always made here.
    private static func deinterlacerArguments(_ arguments: [Argument], filter: String, column: Int)
        throws(FilterChainError) -> [Argument]
    {
        let choices: [(option: String, values: [(number: String, name: String)], spatialNote: Bool)] = [
            ("mode", [("0", "send_frame"), ("1", "send_field")], true),
            ("parity", [("-1", "auto"), ("0", "tff"), ("1", "bff")], false),
            ("deint", [("0", "all"), ("1", "interlaced")], false),
        ]
        let given = try ffmpegOptions(
            arguments, filter: filter, order: choices.map { ($0.option, [$0.option]) },
            valid: choices.map(\.option))
        var translated = [
            Argument(key: "method", keyColumn: column, value: filter, valueColumn: column, quoted: false)
        ]
        if given["mode"] == nil {
            let mode = filter == "yadif" ? "send_frame" : "send_field"
            translated.append(Argument(key: "mode", keyColumn: column, value: mode, valueColumn: column, quoted: false))
        }
        for choice in choices {
            guard var argument = given[choice.option] else { continue }
            let text = argument.value.trimmingSpaces()
            guard let value = choice.values.first(where: { $0.number == text || $0.name == text }) else {
                var expected = choice.values.map { "\($0.name) (\($0.number))" }.joined(separator: ", ")
                if let last = expected.range(of: ", ", options: .backwards) {
                    expected.replaceSubrange(last, with: choice.values.count == 2 ? " or " : ", or ")
                }
                if choice.spatialNote { expected += ": the spatial check is always made here" }
                throw .invalidValue(
                    filter: filter, parameter: choice.option, text: argument.value, expected: expected,
                    column: argument.valueColumn)
            }
            argument.key = choice.option
            argument.value = value.name
            translated.append(argument)
        }
        return translated
    }

    /// The values of FFmpeg's filter whose options are all plain numbers
    /// (`options` in FFmpeg's order, each by name or in that order, with
    /// the catalog parameter it gives and its range), as the catalog's.
    static func numberArguments(
        _ arguments: [Argument], filter: String,
        options: [(name: String, parameter: String, range: ClosedRange<Double>)]
    ) throws(FilterChainError) -> [Argument] {
        let given = try ffmpegOptions(
            arguments, filter: filter, order: options.map { ($0.name, [$0.name]) }, valid: options.map(\.name))
        var made: [Argument] = []
        for option in options {
            guard let argument = given[option.name] else { continue }
            let value = try Self.number(argument, filter: filter, parameter: option.name, in: option.range)
            made.append(argument.renamed(option.parameter, value: FilterValue.format(value)))
        }
        return made
    }

    /// FFmpeg pixelize's values (`width` or `w`, `height` or `h`, `mode` or
    /// `m`, by name or in that order) as yuv_pixelize's. Its mode may only
    /// be avg and its `planes` all of them.
    private static func pixelizeArguments(_ arguments: [Argument]) throws(FilterChainError) -> [Argument] {
        let given = try ffmpegOptions(
            arguments, filter: "pixelize",
            order: [
                ("width", ["width", "w"]), ("height", ["height", "h"]), ("mode", ["mode", "m"]), ("planes", ["planes"]),
            ],
            valid: ["width", "w", "height", "h", "mode", "m", "planes"])
        var made: [Argument] = []
        for name in ["width", "height"] {
            guard let argument = given[name] else { continue }
            guard let size = Int(argument.value.trimmingSpaces()), (1...1024).contains(size) else {
                throw .invalidValue(
                    filter: "pixelize", parameter: argument.key ?? name, text: argument.value,
                    expected: "a whole number 1...1024", column: argument.valueColumn)
            }
            made.append(argument.renamed(name, value: String(size)))
        }
        // min and max take each plane's extreme on its own: a colour RGB
        // cannot hold, which a render through RGB cannot give.
        if let mode = given["mode"], !["avg", "0"].contains(mode.value.trimmingSpaces()) {
            throw .invalidValue(
                filter: "pixelize", parameter: mode.key ?? "mode", text: mode.value,
                expected: "avg: min and max make colours outside RGB here", column: mode.valueColumn)
        }
        if let planes = given["planes"],
            !["all", "f", "0xf", "15"].contains(planes.value.trimmingSpaces().lowercased())
        {
            throw .invalidValue(
                filter: "pixelize", parameter: "planes", text: planes.value,
                expected: "all: every plane is pixelized here", column: planes.valueColumn)
        }
        return made
    }

    /// FFmpeg convolution's values (`0m:1m:2m:3m:0rdiv:...:0bias:...:0mode:...`,
    /// by name or in that order) as convolution_planes's mK, biasK and
    /// modeK: a matrix's numbers apart by spaces or `|`. FFmpeg 5.1
    /// divides by the matrix's sum whatever rdiv says, so an rdiv may only
    /// be 0 or that (`1/9` for nine ones).
    static func convolutionArguments(_ arguments: [Argument], column: Int) throws(FilterChainError) -> [Argument] {
        let names = ["m", "rdiv", "bias", "mode"].flatMap { kind in (0..<4).map { "\($0)\(kind)" } }
        let given = try ffmpegOptions(arguments, filter: "convolution", order: names.map { ($0, [$0]) }, valid: names)
        var made: [Argument] = []
        for plane in 0..<4 {
            var sum = 1.0
            if let matrix = given["\(plane)m"] {
                let text = matrix.value.trimmingSpaces()
                let numbers = text.split(whereSeparator: { $0 == " " || $0 == "|" }).map { Int($0) }
                guard !numbers.isEmpty, numbers.count <= 49, numbers.allSatisfy({ $0 != nil && abs($0!) <= 65535 })
                else {
                    throw .invalidValue(
                        filter: "convolution", parameter: "\(plane)m", text: matrix.value,
                        expected: "up to 49 whole numbers apart by spaces", column: matrix.valueColumn)
                }
                sum = Double(numbers.reduce(0) { $0 + $1! })
                made.append(
                    matrix.renamed("m\(plane)", value: numbers.map { String($0!) }.joined(separator: "/")))
            }
            if let rdiv = given["\(plane)rdiv"] {
                let text = rdiv.value.trimmingSpaces()
                let parts = text.split(separator: "/").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                let value = parts.count == 2 ? parts[0].flatMap { a in parts[1].map { a / $0 } } : parts.first ?? nil
                let effective = 1 / (sum == 0 ? 1 : sum)
                guard let value, value == 0 || abs(value - effective) <= 1e-6 * abs(effective) else {
                    throw .invalidValue(
                        filter: "convolution", parameter: "\(plane)rdiv", text: rdiv.value,
                        expected: "0 or \(sum == 0 ? "1" : "1/\(FilterValue.format(sum))"): FFmpeg 5.1 divides by the"
                            + " matrix's sum whatever rdiv says",
                        column: rdiv.valueColumn)
                }
            }
            if let bias = given["\(plane)bias"] {
                let value = try Self.number(bias, filter: "convolution", parameter: "\(plane)bias", in: 0...65535)
                made.append(bias.renamed("bias\(plane)", value: FilterValue.format(value)))
            }
            var modeIndex = 0
            if let mode = given["\(plane)mode"] {
                let modes = ["square": 0, "0": 0, "row": 1, "1": 1, "column": 2, "2": 2]
                guard let known = modes[mode.value.trimmingSpaces()] else {
                    throw .invalidValue(
                        filter: "convolution", parameter: "\(plane)mode", text: mode.value,
                        expected: "square, row or column", column: mode.valueColumn)
                }
                modeIndex = known
                made.append(mode.renamed("mode\(plane)", value: ["square", "row", "column"][known]))
            }
            let count = given["\(plane)m"].map { $0.value.split(whereSeparator: { $0 == " " || $0 == "|" }).count } ?? 9
            if ConvolutionPlanesFilter.radius(count: count, mode: modeIndex) == nil, let matrix = given["\(plane)m"] {
                throw .invalidValue(
                    filter: "convolution", parameter: "\(plane)m", text: matrix.value,
                    expected: modeIndex == 0
                        ? "9, 25 or 49 numbers for a square" : "an odd count of numbers up to 49 for a row or a column",
                    column: matrix.valueColumn)
            }
        }
        return made
    }

    /// FFmpeg edgedetect's values (`high:low:mode:planes`, by name or in
    /// that order) as edge_detect's: high, low, and mode wires or colormix
    /// (or 0, 1). Its canny mode (each YUV plane at its own size) is
    /// refused, and `planes` may only name every plane the mode filters
    /// (y, or r, g and b with colormix), as here every one is.
    static func edgeDetectArguments(_ arguments: [Argument]) throws(FilterChainError) -> [Argument] {
        let names = ["high", "low", "mode", "planes"]
        let given = try ffmpegOptions(arguments, filter: "edgedetect", order: names.map { ($0, [$0]) }, valid: names)
        var made: [Argument] = []
        for name in ["high", "low"] {
            guard let argument = given[name] else { continue }
            let value = try Self.number(argument, filter: "edgedetect", parameter: name, in: 0...1)
            made.append(argument.renamed(name, value: FilterValue.format(value)))
        }
        var mode = "wires"
        if let argument = given["mode"] {
            let modes = ["wires": "wires", "0": "wires", "colormix": "colormix", "1": "colormix"]
            guard let known = modes[argument.value.trimmingSpaces()] else {
                throw .invalidValue(
                    filter: "edgedetect", parameter: "mode", text: argument.value,
                    expected: "wires or colormix: canny (each YUV plane at its own size) is not taken here",
                    column: argument.valueColumn)
            }
            mode = known
            made.append(argument.renamed("mode", value: known))
        }
        if let planes = given["planes"] {
            // FFmpeg's flags: y and g are plane 0, u and b 1, v and r 2.
            let bits = ["y": 1, "g": 1, "u": 2, "b": 2, "v": 4, "r": 4, "all": 7]
            let tokens = planes.value.trimmingSpaces().lowercased().split(separator: "+").map(String.init)
            let flags = tokens.map { token in
                bits[token] ?? (token.hasPrefix("0x") ? Int(token.dropFirst(2), radix: 16) : Int(token)) ?? -1
            }
            let needed = mode == "wires" ? 1 : 7
            guard !flags.isEmpty, !flags.contains(-1), flags.reduce(0, |) & needed == needed else {
                throw .invalidValue(
                    filter: "edgedetect", parameter: "planes", text: planes.value,
                    expected: mode == "wires"
                        ? "y (the grey plane): every plane is filtered here" : "r+g+b: every plane is filtered here",
                    column: planes.valueColumn)
            }
        }
        return made
    }

    /// FFmpeg nlmeans's values (`s:p:pc:r:rc`, each by name or in that
    /// order) as denoise's s, p and r: the chroma planes' patch and research
    /// sizes (pc, rc) may only be 0 (FFmpeg's default: the luma's) or the
    /// luma's, since one size serves every plane here.
    private static func nlmeansArguments(_ arguments: [Argument], column: Int) throws(FilterChainError)
        -> [Argument]
    {
        let names = ["s", "p", "pc", "r", "rc"]
        let given = try ffmpegOptions(arguments, filter: "nlmeans", order: names.map { ($0, [$0]) }, valid: names)
        var made: [Argument] = []
        if let strength = given["s"] {
            let value = try Self.number(strength, filter: "nlmeans", parameter: "s", in: 1...30)
            made.append(strength.renamed("s", value: FilterValue.format(value)))
        }
        var sizes: [String: Int] = ["p": 7, "r": 15]
        for (name, limit) in [("p", 15), ("r", 31)] {
            guard let argument = given[name] else { continue }
            guard let size = Int(argument.value.trimmingSpaces()), (1...limit).contains(size), size % 2 == 1 else {
                throw .invalidValue(
                    filter: "nlmeans", parameter: name, text: argument.value, expected: "an odd number 1...\(limit)",
                    column: argument.valueColumn)
            }
            sizes[name] = size
            made.append(argument.renamed(name, value: String(size)))
        }
        for (chroma, luma) in [("pc", "p"), ("rc", "r")] {
            guard let argument = given[chroma] else { continue }
            let size = Int(argument.value.trimmingSpaces())
            guard size == 0 || size == sizes[luma] else {
                throw .invalidValue(
                    filter: "nlmeans", parameter: chroma, text: argument.value,
                    expected: "0 or \(luma) (\(sizes[luma]!)): one \(chroma == "pc" ? "patch" : "research window") size"
                        + " for every plane here",
                    column: argument.valueColumn)
            }
        }
        return made
    }

    /// The plain number `argument` gives FFmpeg's option `parameter` of
    /// `filter`, within `range`.
    static func number(
        _ argument: Argument, filter: String, parameter: String, in range: ClosedRange<Double>
    ) throws(FilterChainError) -> Double {
        guard let value = Double(argument.value.trimmingSpaces()), range.contains(value) else {
            throw .invalidValue(
                filter: filter, parameter: parameter, text: argument.value,
                expected: "a number \(FilterValue.format(range.lowerBound))...\(FilterValue.format(range.upperBound))",
                column: argument.valueColumn)
        }
        return value
    }

    /// True where a name the catalog has is written as FFmpeg's filter of
    /// that name, whose values differ: FFmpeg's hue by any of its options
    /// `h`, `s`, `H`, `b` or more than one value (catalog hue takes
    /// `degrees` alone); FFmpeg's rotate by any of its options `a`, `ow`,
    /// `oh`, `out_w`, `out_h`, `fillcolor`, `c`, `bilinear`, or an angle
    /// with PI in it (its radians; catalog rotate's plain numbers are
    /// degrees), unless catalog rotate's own `fill`, `expand`, `w`, `h` or
    /// `edge` is given.
    static func writesFFmpegForm(_ name: String, _ arguments: [Argument]) -> Bool {
        // (unsharp and boxblur: FFmpeg's short names, lx for luma_msize_x,
        // lr for luma_radius and so on.)
        let keys = arguments.compactMap(\.key)
        switch name {
        case "hue":
            return arguments.count > 1 || keys.contains { ["h", "s", "H", "b"].contains($0) }
        case "vibrance":
            return keys.contains { vibranceOptions.contains($0) }
        case "monochrome":
            return keys.contains { ["cb", "cr", "size", "high"].contains($0) }
        case "convolution":
            // FFmpeg's options, or a first value of numbers apart by spaces.
            let options = (0..<4).flatMap { ["\($0)m", "\($0)rdiv", "\($0)bias", "\($0)mode"] }
            if keys.contains(where: { options.contains($0) }) { return true }
            return arguments.first.map { $0.key == nil && $0.value.trimmingSpaces().contains(" ") } ?? false
        case "sobel":
            // FFmpeg's options, or more than catalog sobel's one value.
            return arguments.count > 1 || keys.contains { ["planes", "scale", "delta"].contains($0) }
        case "unsharp", "boxblur":
            return keys.contains { shortNames[name]?[$0] != nil }
        case "curves":
            // FFmpeg's names, a preset first, or FFmpeg's points (pairs
            // apart by spaces, `0/0 0.5/0.6 1/1`).
            let options = ["m", "red", "green", "blue", "all", "preset", "psfile", "plot"]
            if keys.contains(where: { options.contains($0) }) { return true }
            if let first = arguments.first, first.key == nil, CurvesFilter.presets[first.value.trimmingSpaces()] != nil
            {
                return true
            }
            return arguments.contains { $0.value.trimmingSpaces().contains(" ") }
        case "vignette":
            // FFmpeg's options, or a first value that is not catalog
            // vignette's centre (x/y): FFmpeg's angle (`vignette=PI/4`).
            let options = ["angle", "a", "x0", "y0", "mode", "eval", "dither", "aspect"]
            if keys.contains(where: { options.contains($0) }) { return true }
            guard let first = arguments.first, first.key == nil else { return false }
            let parts = first.value.split(separator: "/")
            return !(parts.count == 2 && parts.allSatisfy { Double($0.trimmingSpaces()) != nil })
        case "rotate":
            // Catalog rotate's own options make it catalog rotate (as its
            // written form, its description, has them).
            guard !keys.contains(where: { ["fill", "expand", "w", "h", "edge"].contains($0) }) else { return false }
            let options = ["a", "ow", "oh", "out_w", "out_h", "fillcolor", "c", "bilinear"]
            let angle = arguments.first { $0.key == nil || $0.key == "angle" }
            return keys.contains { options.contains($0) } || angle?.value.contains("PI") == true
        default:
            return false
        }
    }

    /// FFmpeg rotate's values (positional `angle:out_w:out_h:fillcolor:bilinear`)
    /// as catalog rotate's: the angle in radians (a number or an
    /// expression) as degrees, the output size FFmpeg's (ow and oh, `iw`
    /// and `ih` unless given, with `rotw(a)` and `roth(a)`), the fill
    /// colour (`none`: transparent). Bilinear only: `bilinear=0` is refused.
    private static func rotateArguments(_ arguments: [Argument], column: Int) throws(FilterChainError) -> [Argument] {
        let given = try ffmpegOptions(
            arguments, filter: "rotate",
            order: [
                ("angle", ["angle", "a"]), ("out_w", ["out_w", "ow"]), ("out_h", ["out_h", "oh"]),
                ("fillcolor", ["fillcolor", "c"]), ("bilinear", ["bilinear"]),
            ],
            valid: ["angle (a)", "out_w (ow)", "out_h (oh)", "fillcolor (c)", "bilinear"])
        if let bilinear = given["bilinear"], !["1", "true"].contains(bilinear.value.trimmingSpaces()) {
            throw .invalidValue(
                filter: "rotate", parameter: "bilinear", text: bilinear.value,
                expected: "1: rotate samples bilinearly", column: bilinear.valueColumn)
        }
        var translated = [Argument(key: "edge", keyColumn: column, value: "ffmpeg", valueColumn: column, quoted: false)]
        if var angle = given["angle"] {
            let text = angle.value.trimmingSpaces()
            angle.key = "angle"
            try checkExpression(text, of: angle, filter: "rotate", parameter: "angle")
            if let expression = try? ParameterExpression(parsing: text), expression.isConstant {
                // To a billionth of a degree: PI/6 is 30, not 29.999999999999996.
                let degrees = (expression.value(ExpressionVariables()) * 180 / .pi).truncatingRemainder(dividingBy: 360)
                angle.value = FilterValue.format((degrees * 1e9).rounded() / 1e9)
            } else {
                angle.value = "mod((\(text))*180/PI,360)"
            }
            translated.append(angle)
        } else {
            translated.append(Argument(key: "angle", keyColumn: column, value: "0", valueColumn: column, quoted: false))
        }
        for (option, key, size) in [("out_w", "w", "iw"), ("out_h", "h", "ih")] {
            guard var argument = given[option] else {
                translated.append(
                    Argument(key: key, keyColumn: column, value: size, valueColumn: column, quoted: false))
                continue
            }
            let text = argument.value.trimmingSpaces()
            try checkExpression(text, of: argument, filter: "rotate", parameter: option, rotated: true)
            argument.key = key
            argument.value = rotatedSizes(text)
            translated.append(argument)
        }
        if var fill = given["fillcolor"] {
            fill.key = "fill"
            if fill.value.trimmingSpaces() == "none" { fill.value = "0/0/0/0" }
            translated.append(fill)
        }
        return translated
    }

    /// FFmpeg rotate's `rotw(a)` and `roth(a)` in a size's expression,
    /// written out with iw and ih.
    private static func rotatedSizes(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let call = rest.firstRange(of: /rot[wh]\(/) {
            result += rest[..<call.lowerBound]
            let width = rest[call].hasPrefix("rotw")
            // The argument, to its closing parenthesis.
            var depth = 1
            var end = call.upperBound
            while end < rest.endIndex, depth > 0 {
                if rest[end] == "(" { depth += 1 }
                if rest[end] == ")" { depth -= 1 }
                if depth > 0 { end = rest.index(after: end) }
            }
            let angle = rest[call.upperBound..<end]
            result +=
                width
                ? "(abs(iw*cos(\(angle)))+abs(ih*sin(\(angle))))" : "(abs(iw*sin(\(angle)))+abs(ih*cos(\(angle))))"
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
        }
        return result + rest
    }

    /// Refuses a broken expression as the user wrote it, with its column
    /// (FFmpeg's `rotw` and `roth` taken as functions of one value).
    static func checkExpression(
        _ text: String, of argument: Argument, filter: String, parameter: String, rotated: Bool = false
    ) throws(FilterChainError) {
        do {
            _ = try ParameterExpression(parsing: rotated ? text.replacing(/rot[wh]\(/, with: "abs(") : text)
        } catch {
            let start = argument.valueColumn + (argument.quoted ? 1 : 0)
            throw .invalidExpression(
                filter: filter, parameter: parameter, text: text, reason: error.reason,
                column: start + error.column - 1)
        }
    }

    /// scale's values as resize's: positional `w:h:flags` or one `WxH`, named `w`
    /// (`width`), `h` (`height`), `flags`; a size of 0 or none given is the
    /// input's.
    private static func scaleArguments(_ arguments: [Argument]) throws(FilterChainError) -> [Argument] {
        // One value alone is a size, WxH, as FFmpeg reads it (its old syntax).
        var arguments = arguments
        if arguments.count == 1, arguments[0].key == nil || ["s", "size"].contains(arguments[0].key!) {
            let size = arguments[0]
            let parts = size.value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
                throw .invalidValue(
                    filter: "scale", parameter: "size", text: size.value, expected: "WxH, or W:H",
                    column: size.valueColumn)
            }
            arguments = [
                Argument(
                    key: "w", keyColumn: size.keyColumn, value: "\(width)", valueColumn: size.valueColumn, quoted: false
                ),
                Argument(
                    key: "h", keyColumn: size.keyColumn, value: "\(height)", valueColumn: size.valueColumn,
                    quoted: false),
            ]
        }
        // The aspect options are named only (FFmpeg's fourth value is another).
        var aspect: [String: Argument] = [:]
        for name in ["force_original_aspect_ratio", "force_divisible_by"] {
            guard let index = arguments.firstIndex(where: { $0.key == name }) else { continue }
            aspect[name] = arguments.remove(at: index)
            if let again = arguments.first(where: { $0.key == name }) {
                throw .duplicateParameter(filter: "scale", parameter: name, column: again.keyColumn)
            }
        }
        let given = try ffmpegOptions(
            arguments, filter: "scale", order: [("w", ["w", "width"]), ("h", ["h", "height"]), ("flags", ["flags"])],
            valid: ["w (width)", "h (height)", "flags", "force_original_aspect_ratio", "force_divisible_by"])
        var translated = try Self.scaleAspectArguments(aspect)
        for name in ["w", "h", "flags"] {
            guard var argument = given[name] else { continue }
            if name == "flags" {
                // FFmpeg's flags are joined with +; the method is among them.
                let flags = argument.value.lowercased().split(separator: "+").map(String.init)
                guard let method = flags.lazy.compactMap({ scaleMethods[$0] }).first else {
                    throw .invalidValue(
                        filter: "scale", parameter: "flags", text: argument.value,
                        expected: "one of " + scaleMethods.keys.sorted().joined(separator: ", "),
                        column: argument.valueColumn)
                }
                argument.key = "method"
                argument.value = method
            } else {
                argument.key = name
                if argument.value.trimmingSpaces() == "0" { argument.value = name == "w" ? "iw" : "ih" }
            }
            translated.append(argument)
        }
        // FFmpeg's sizes default to the input's (not to keeping the aspect).
        let column = arguments.first?.keyColumn ?? 1
        for (name, size) in [("w", "iw"), ("h", "ih")] where given[name] == nil {
            translated.append(Argument(key: name, keyColumn: column, value: size, valueColumn: column, quoted: false))
        }
        return translated
    }

    /// scale's force_original_aspect_ratio (disable, decrease, increase, or
    /// 0, 1, 2) as resize's fit (stretch, fit, fill), and its
    /// force_divisible_by as multiple where the aspect is kept (FFmpeg
    /// ignores it otherwise).
    private static func scaleAspectArguments(_ given: [String: Argument]) throws(FilterChainError) -> [Argument] {
        guard var fit = given["force_original_aspect_ratio"] else { return [] }
        let fits = [
            "disable": "stretch", "0": "stretch", "decrease": "fit", "1": "fit", "increase": "fill", "2": "fill",
        ]
        guard let value = fits[fit.value.trimmingSpaces().lowercased()] else {
            throw .invalidValue(
                filter: "scale", parameter: "force_original_aspect_ratio", text: fit.value,
                expected: "disable, decrease or increase", column: fit.valueColumn)
        }
        fit.key = "fit"
        fit.value = value
        guard value != "stretch", var multiple = given["force_divisible_by"] else { return [fit] }
        multiple.key = "multiple"
        return [fit, multiple]
    }

    /// An FFmpeg filter's options as written, by their long names: a
    /// `name=value` under any of an option's `names`, positional values in
    /// `order`. An unknown name (listed as `valid`), too many values or an
    /// option given twice is refused.
    static func ffmpegOptions(
        _ arguments: [Argument], filter: String, order: [(name: String, names: [String])], valid: [String]
    ) throws(FilterChainError) -> [String: Argument] {
        var given: [String: Argument] = [:]
        var position = 0
        for argument in arguments {
            let name: String
            if let key = argument.key {
                guard let option = order.first(where: { $0.names.contains(key) }) else {
                    throw .unknownParameter(filter: filter, parameter: key, valid: valid, column: argument.keyColumn)
                }
                name = option.name
            } else {
                guard position < order.count else {
                    throw .tooManyValues(filter: filter, count: order.count, column: argument.valueColumn)
                }
                name = order[position].name
                position += 1
            }
            guard given[name] == nil else {
                throw .duplicateParameter(filter: filter, parameter: name, column: argument.keyColumn)
            }
            given[name] = argument
        }
        return given
    }
}

extension FilterChainParser.Argument {
    /// This FFmpeg option as the catalog's parameter `key` with `value`,
    /// at the option's columns, for errors.
    func renamed(_ key: String, value: String) -> Self {
        Self(key: key, keyColumn: keyColumn, value: value, valueColumn: valueColumn, quoted: false)
    }
}
