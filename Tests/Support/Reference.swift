import Foundation
import Harbeth

/// Runs the numpy references in Tests/References on RGBA8 pixels and
/// compares GPU output with them.
public enum Reference {
    /// Tests/References/reference.py, found from this source file's path.
    public static let script: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "References/reference.py"
        ).path
    }()

    /// The reference result: float RGBA in 0...1, row after row.
    public struct Image {
        public let width: Int
        public let height: Int
        public let pixels: [Float]
    }

    /// Applies `chain` to tightly packed RGBA8 pixels with numpy.
    public static func apply(_ chain: FilterChain, to rgba: [UInt8], width: Int, height: Int, time: Double = 0) throws
        -> Image
    {
        let folder = TestMedia.directory
        let name = UUID().uuidString
        let input = folder + "/\(name).rgba"
        let output = folder + "/\(name).f32"
        let specPath = folder + "/\(name).json"
        defer {
            for path in [input, output, specPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        try Data(rgba).write(to: URL(fileURLWithPath: input))
        // Animated values as this frame's constants (t = time, n = 0, w
        // and h the size each filter gets). Looks stay looks: the
        // references expand them from their own table.
        var format = FrameFormat(width: width, height: height, layout: .rgba8)
        var constant: [Filter] = []
        for filter in chain.filters {
            let resolved = filter.resolved(
                ExpressionVariables(t: time, n: 0, w: Double(format.width), h: Double(format.height)))
            constant.append(resolved)
            format = try FilterChain(resolved.expanded()).outputFormat(for: format, output: .layout(.rgba8))
        }
        let filters: [[String: Any]] = constant.map { filter in
            var values: [String: Any] = [:]
            for (key, value) in filter.values.values {
                switch value {
                case .number(let number): values[key] = number
                case .choice(let text), .text(let text): values[key] = text
                case .list(let numbers): values[key] = numbers
                case .animated: preconditionFailure("resolved above")
                }
            }
            return ["name": filter.name, "values": values]
        }
        let spec: [String: Any] = [
            "width": width, "height": height, "input": input, "output": output, "filters": filters, "time": time,
        ]
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let answer = try TestMedia.run("python3", [script, specPath])
        let size = try JSONSerialization.jsonObject(with: answer) as! [String: Int]
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        let pixels = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return Image(width: size["width"]!, height: size["height"]!, pixels: pixels)
    }

    /// The largest absolute difference per channel (in 0...1) and the PSNR
    /// in dB over RGB, between an RGBA8 frame and a reference.
    public static func compare(_ frame: VideoFrame, with reference: Image, includeAlpha: Bool = true)
        -> (maxError: Double, psnr: Double)
    {
        precondition(frame.layout == .rgba8 && frame.width == reference.width && frame.height == reference.height)
        let bytes = frame.packedBytes(plane: 0)
        var worst = 0.0
        var squared = 0.0
        var count = 0
        for index in 0..<bytes.count {
            let channel = index % 4
            if channel == 3 && !includeAlpha { continue }
            let difference = abs(Double(bytes[index]) / 255 - Double(reference.pixels[index]))
            worst = max(worst, difference)
            if channel < 3 {
                squared += difference * difference
                count += 1
            }
        }
        let mse = squared / Double(max(count, 1))
        return (worst, mse == 0 ? .infinity : 10 * log10(1 / mse))
    }
}
