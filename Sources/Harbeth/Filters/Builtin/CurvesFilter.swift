import Foundation

/// `curves`: tone curves through control points, per channel then master,
/// as Harbeth's (monotone cubic) or as FFmpeg's (its natural cubic spline
/// into 8-bit tables, its presets, `all` and Photoshop curves files).
enum CurvesFilter {
    /// FFmpeg curves' presets: red, green, blue and master points.
    static let presets: [String: (r: [Double], g: [Double], b: [Double], master: [Double])] = [
        "color_negative": (
            [0.129, 1, 0.466, 0.498, 0.725, 0], [0.109, 1, 0.301, 0.498, 0.517, 0],
            [0.098, 1, 0.235, 0.498, 0.423, 0], []
        ),
        "cross_process": (
            [0, 0, 0.25, 0.156, 0.501, 0.501, 0.686, 0.745, 1, 1],
            [0, 0, 0.25, 0.188, 0.38, 0.501, 0.745, 0.815, 1, 0.815], [0, 0, 0.231, 0.094, 0.709, 0.874, 1, 1], []
        ),
        "darker": ([], [], [], [0, 0, 0.5, 0.4, 1, 1]),
        "increase_contrast": ([], [], [], [0, 0, 0.149, 0.066, 0.831, 0.905, 0.905, 0.98, 1, 1]),
        "lighter": ([], [], [], [0, 0, 0.4, 0.5, 1, 1]),
        "linear_contrast": ([], [], [], [0, 0, 0.305, 0.286, 0.694, 0.713, 1, 1]),
        "medium_contrast": ([], [], [], [0, 0, 0.286, 0.219, 0.639, 0.643, 1, 1]),
        "negative": ([], [], [], [0, 1, 1, 0]),
        "strong_contrast": ([], [], [], [0, 0, 0.301, 0.196, 0.592, 0.6, 0.686, 0.737, 1, 1]),
        "vintage": ([0, 0.11, 0.42, 0.51, 1, 0.95], [0, 0, 0.50, 0.48, 1, 1], [0, 0.22, 0.49, 0.44, 1, 0.8], []),
    ]

    /// The points that mean "no curve": the identity, every list's default.
    static let identity: [Double] = [0, 0, 1, 1]

    static let descriptor = FilterDescriptor(
        name: "curves", kind: .pointwise, summary: "Tone curves through control points: per channel, then master.",
        formula: "v' = master(channel(v)), each curve through its x/y points, flat beyond its ends: the monotone"
            + " cubic (Fritsch-Carlson), sampled into 256-entry tables interpolated linearly (Harbeth C7Curves,"
            + " GPUImage ToneCurveFilter); or, with interpolation=natural, FFmpeg curves': its natural cubic"
            + " spline, each table entry trunc(255 y) and the master applied to the channels' entries, FFmpeg's"
            + " tables exactly. A channel not given takes `all`'s points, then a Photoshop curves file's"
            + " (psfile), then the preset's",
        parameters: [
            .list("master", count: 4...64, default: identity, range: 0...1, summary: "x/y points for all channels"),
            .list("r", count: 4...64, default: identity, range: 0...1, summary: "x/y points for red"),
            .list("g", count: 4...64, default: identity, range: 0...1, summary: "x/y points for green"),
            .list("b", count: 4...64, default: identity, range: 0...1, summary: "x/y points for blue"),
            .choice(
                "preset", ["none"] + presets.keys.sorted(), default: "none",
                summary: "FFmpeg's preset curves, for the channels not given"),
            .list(
                "all", count: 4...64, default: identity, range: 0...1, summary: "x/y points for r, g and b not given"),
            .choice(
                "interpolation", ["monotone", "natural"], default: "monotone",
                summary: "monotone cubic (Harbeth's), or FFmpeg's natural cubic spline and 8-bit tables"),
            .text("psfile", summary: "a Photoshop curves file (.acv) for the curves not given"),
        ],
        stages: [.pointwise("hb_curves", file: "pointwise/curves.glsl")],
        dataInBuffer: true,
        layout: [.init("red", count: 256), .init("green", count: 256), .init("blue", count: 256)],
        pack: { values, environment in try tables(values, resources: environment.resources) })

    /// Three 256-entry tables, red, green, blue: channel curve then master.
    static func tables(_ values: FilterValues, resources: any FilterResourceLoader) throws -> [Float] {
        let points = try resolved(values, resources: resources)
        if values.text("interpolation") == "natural" {
            let master = try points.master.map { try natural($0, name: "master") }
            return try zip(["r", "g", "b"], [points.r, points.g, points.b]).flatMap { name, pairs in
                var table = try pairs.map { try natural($0, name: name) } ?? Array(0...255)
                if let master { table = table.map { master[$0] } }
                return table.map { Float($0) / 255 }
            }
        }
        func curve(_ name: String, _ pairs: [Double]?) throws -> ToneCurve? {
            guard let pairs else { return nil }
            do {
                return try ToneCurve(pairs: pairs)
            } catch {
                throw RenderError.invalidFilterSetup(filter: "curves", reason: "\(name): \(error)")
            }
        }
        let master = try curve("master", points.master)
        var tables: [Float] = []
        for (name, pairs) in zip(["r", "g", "b"], [points.r, points.g, points.b]) {
            let channel = try curve(name, pairs)
            tables += (0..<256).map { index in
                let x = Double(index) / 255
                let y = channel?.value(at: x) ?? x
                return Float(master?.value(at: y) ?? y)
            }
        }
        return tables
    }

    /// Each curve's points, nil where none is given (the identity): a
    /// channel's own, else `all`'s, the Photoshop file's, the preset's, in
    /// FFmpeg's order.
    static func resolved(_ values: FilterValues, resources: any FilterResourceLoader) throws
        -> (r: [Double]?, g: [Double]?, b: [Double]?, master: [Double]?)
    {
        func given(_ name: String) -> [Double]? {
            let list = values.list(name)
            return list == identity ? nil : list
        }
        let all = given("all")
        var lists = [given("r") ?? all, given("g") ?? all, given("b") ?? all, given("master")]
        let path = values.text("psfile")
        if !path.isEmpty {
            let file = try photoshopCurves(try resources.data(at: path), path: path)
            // The file's curves are master, red, green, blue.
            for (index, target) in [3, 0, 1, 2].enumerated() where index < file.count && lists[target] == nil {
                lists[target] = file[index]
            }
        }
        if let preset = presets[values.text("preset")] {
            for (index, pairs) in [preset.r, preset.g, preset.b, preset.master].enumerated()
            where lists[index] == nil && !pairs.isEmpty {
                lists[index] = pairs
            }
        }
        return (lists[0], lists[1], lists[2], lists[3])
    }

    /// A Photoshop curves file's curves as x/y pairs in 0...1: big-endian
    /// 16-bit words, a version, the number of curves, then each curve's
    /// number of points and each point's output and input, 0...255, each
    /// over 255 to six decimals, as FFmpeg reads them.
    static func photoshopCurves(_ bytes: [UInt8], path: String) throws -> [[Double]?] {
        var at = 0
        func word() throws -> Int {
            guard at + 2 <= bytes.count else {
                throw RenderError.invalidFilterSetup(
                    filter: "curves", reason: "\(path): not a whole Photoshop curves file")
            }
            defer { at += 2 }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        _ = try word()
        let count = try word()
        var curves: [[Double]?] = []
        for _ in 0..<min(count, 4) {
            let points = try word()
            var pairs: [Double] = []
            for _ in 0..<points {
                let y = try word()
                let x = try word()
                // FFmpeg writes each as text with six decimals, then reads it back.
                pairs += [x, y].map { Double(String(format: "%f", Double($0) / 255))! }
            }
            curves.append(pairs.isEmpty ? nil : pairs)
        }
        return curves
    }

    /// FFmpeg's table of a curve: its natural cubic spline through the
    /// points, each entry trunc(255 y) clipped, flat beyond the ends; the
    /// points' x must land on distinct entries, rising.
    static func natural(_ pairs: [Double], name: String) throws -> [Int] {
        let xs = stride(from: 0, to: pairs.count, by: 2).map { pairs[$0] }
        let ys = stride(from: 1, to: pairs.count, by: 2).map { pairs[$0] }
        guard xs.count == ys.count, xs.count >= 2 else {
            throw RenderError.invalidFilterSetup(
                filter: "curves", reason: "\(name): \(pairs.count) numbers are not x/y pairs")
        }
        for index in 1..<xs.count where Int(xs[index - 1] * 255) >= Int(xs[index] * 255) {
            throw RenderError.invalidFilterSetup(
                filter: "curves",
                reason: "\(name): points \(index) and \(index + 1) are too close or not rising on x (FFmpeg's limit:"
                    + " a table entry apart)")
        }
        let count = xs.count
        let h = (0..<(count - 1)).map { xs[$0 + 1] - xs[$0] }
        // The second derivatives, from the tridiagonal system (zero at the ends).
        var r = [Double](repeating: 0, count: count)
        for i in 1..<(count - 1) {
            r[i] = 6 * ((ys[i + 1] - ys[i]) / h[i] - (ys[i] - ys[i - 1]) / h[i - 1])
        }
        var below = [Double](repeating: 0, count: count)
        var main = [Double](repeating: 0, count: count)
        var above = [Double](repeating: 0, count: count)
        main[0] = 1
        main[count - 1] = 1
        for i in 1..<(count - 1) {
            below[i] = h[i - 1]
            main[i] = 2 * (h[i - 1] + h[i])
            above[i] = h[i]
        }
        for i in 1..<count {
            let denominator = main[i] - below[i] * above[i - 1]
            let k = denominator != 0 ? 1 / denominator : 1
            above[i] *= k
            r[i] = (r[i] - below[i] * r[i - 1]) * k
        }
        for i in stride(from: count - 2, through: 0, by: -1) { r[i] -= above[i] * r[i + 1] }
        func code(_ y: Double) -> Int { min(255, max(0, Int(y * 255))) }
        var table = [Int](repeating: 0, count: 256)
        for x in 0..<Int(xs[0] * 255) { table[x] = code(ys[0]) }
        for i in 0..<(count - 1) {
            let a = ys[i]
            let b = (ys[i + 1] - ys[i]) / h[i] - h[i] * r[i] / 2 - h[i] * (r[i + 1] - r[i]) / 6
            let c = r[i] / 2
            let d = (r[i + 1] - r[i]) / (6 * h[i])
            let start = Int(xs[i] * 255)
            for x in start...Int(xs[i + 1] * 255) {
                let t = Double(x - start) * 1 / 255
                table[x] = code(a + b * t + c * t * t + d * t * t * t)
            }
        }
        for x in Int(xs[count - 1] * 255)...255 { table[x] = code(ys[count - 1]) }
        return table
    }
}
