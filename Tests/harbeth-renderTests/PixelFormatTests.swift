import Foundation
import HarbethTestSupport
import XCTest

/// What a picture carries besides its colours: 10-bit 4:2:2, alpha, 16
/// bits per channel, grey. Each survives the render into every output
/// codec that can hold it (FFmpeg's choice of the nearest format the
/// encoder takes is the reference), and a note names what one cannot hold.
final class PixelFormatTests: XCTestCase {
    private static let inputs = Result { () throws -> URL in
        let folder = try Clips.folder()
        func make(_ name: String, _ arguments: [String]) throws {
            try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    "testsrc2=size=160x120:rate=25:duration=0.4",
                ] + arguments + [folder.appendingPathComponent(name).path])
        }
        try make("hq.mov", ["-c:v", "prores_ks", "-profile:v", "3", "-pix_fmt", "yuv422p10le"])
        try make(
            "alpha.mov",
            [
                "-vf", "format=yuva444p10le,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='6*X'", "-c:v", "prores_ks",
                "-profile:v", "4", "-pix_fmt", "yuva444p10le",
            ])
        try make("deep.png", ["-frames:v", "1", "-pix_fmt", "rgb48be"])
        try make("gray.mkv", ["-c:v", "ffv1", "-pix_fmt", "gray"])
        try make("rgb.png", ["-frames:v", "1", "-pix_fmt", "rgb24"])
        try make("rgba.png", ["-frames:v", "1", "-vf", "format=rgba,geq=r='r(X,Y)':a='X'", "-pix_fmt", "rgba"])
        try make("yuv.mkv", ["-c:v", "ffv1", "-pix_fmt", "yuv420p"])
        return folder
    }

    /// Renders through an identity that still runs a pass on the GPU (a
    /// constant `brightness=0` costs none), so every sample goes there and back.
    private func render(_ input: String, to output: String, _ extra: [String] = []) throws -> (Tool.Run, String) {
        let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent(input).path])
        let run = try Tool.run(["-vf", "brightness='0*t'"] + extra + [input, "-o", output], in: folder)
        XCTAssertEqual(run.status, 0, "\(output): \(run.stderr)")
        return (run, folder.appendingPathComponent(output).path)
    }

    private func pixelFormat(_ path: String) throws -> String? {
        try Clips.probe("stream=pix_fmt", stream: "v:0", of: path).first
    }

    func testTenBit422StaysTenBit422() throws {
        for (output, codec) in [
            ("hq.mp4", "h264"), ("hq.mkv", "hevc"), ("hq-ffv1.mkv", "ffv1"), ("hq-prores.mov", "prores"),
        ] {
            let (_, path) = try render("hq.mov", to: output, ["--codec", codec])
            XCTAssertEqual(try pixelFormat(path), "yuv422p10le", output)
        }
    }

    func testAlphaIsKeptWhereTheCodecHoldsItAndNamedWhereNot() throws {
        // FFmpeg decodes ProRes 4444 to 12 bits (so ffprobe names every
        // ProRes 4444 yuva444p12le), and FFV1 stores 12-bit samples in 16.
        for (output, codec, format) in [
            ("alpha-prores.mov", "prores", "yuva444p12le"), ("alpha.mkv", "ffv1", "yuva444p16le"),
        ] {
            let (run, path) = try render("alpha.mov", to: output, ["--codec", codec])
            XCTAssertEqual(try pixelFormat(path), format, output)
            XCTAssertFalse(run.stderr.contains("alpha dropped"), run.stderr)
            // The alpha ramp comes through: a = 6x in 10-bit codes, at x = 150.
            let alpha = try Clips.pixels(path, pixelFormat: "yuva444p10le")
            let plane = 160 * 120 * 2 * 3
            let sample = Int(alpha[plane + 2 * 150]) | Int(alpha[plane + 2 * 150 + 1]) << 8
            XCTAssertEqual(sample, 900, accuracy: 2, output)
        }
        let (prores, _) = try render("alpha.mov", to: "alpha-again.mov", ["--codec", "prores"])
        XCTAssertTrue(
            prores.stderr.contains(
                "note: bit depth reduced from 12 to 10: prores_ks takes no deeper samples (yuva444p12le in, yuva444p10le out)"
            ),
            prores.stderr)
        let (run, path) = try render("alpha.mov", to: "flat.mp4")
        XCTAssertEqual(try pixelFormat(path), "yuv444p10le")
        XCTAssertTrue(
            run.stderr.contains("note: alpha dropped: libx264 takes no alpha (yuva444p12le in, yuv444p10le out)"),
            run.stderr)
    }

    func testSixteenBitPNGStaysSixteenBit() throws {
        let (_, path) = try render("deep.png", to: "out.png")
        XCTAssertEqual(try pixelFormat(path), "rgb48be", "opaque, as the input")
        // The pixels are the input's, all 16 bits of them.
        let input = try Clips.pixels(
            try Self.inputs.get().appendingPathComponent("deep.png").path, pixelFormat: "rgb48le")
        let output = try Clips.pixels(path, pixelFormat: "rgb48le")
        XCTAssertTrue(input == output, "16-bit samples round trip")
    }

    /// `-pix_fmt`, as in FFmpeg, chooses the encoded pixel format: 10-bit
    /// 4:2:2 ProRes to 8-bit 4:2:0 H.264 (what most players take), 4:2:2
    /// to 4:4:4, colour to grey. The reference is FFmpeg's own conversion
    /// of the source to the same format (swscale). Luma (grey's one plane)
    /// within a PSNR of 40 dB (measured 46.9: swscale dithers 10 bits to 8,
    /// and our pass clips the test pattern's colours outside RGB); chroma
    /// within 40 dB down to 4:2:0 (42.9) and 28 dB up to 4:4:4 (31.0:
    /// swscale's bicubic and our bilinear upsampling part at the pattern's
    /// hard colour edges).
    func testPixFmtChoosesTheEncodedFormat() throws {
        let source = try Self.inputs.get().appendingPathComponent("hq.mov").path
        for (output, format, codec, chromaPSNR) in [
            ("web.mp4", "yuv420p", "h264", 40.0), ("full.mkv", "yuv444p", "ffv1", 28), ("grey.mkv", "gray", "ffv1", 0),
        ] {
            // x264 at crf 0 is lossless, so only the conversion is measured.
            let (run, path) = try render("hq.mov", to: output, ["--codec", codec, "--crf", "0", "-pix_fmt", format])
            XCTAssertEqual(try pixelFormat(path), format, "\(output): \(run.stderr)")
            let ours = try Clips.pixels(path, pixelFormat: format)
            let theirs = try Clips.pixels(source, pixelFormat: format == "gray" ? "yuv420p" : format)
            let luma = 160 * 120
            func psnr(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Double {
                let squared = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
                return 10 * log10(255 * 255 / max(squared / Double(a.count), 1e-9))
            }
            XCTAssertGreaterThan(psnr(ours.prefix(luma), theirs.prefix(luma)), 40, output)
            guard format != "gray" else {
                XCTAssertEqual(ours.count, luma, output)
                continue
            }
            XCTAssertEqual(ours.count, theirs.count, output)
            XCTAssertGreaterThan(psnr(ours.dropFirst(luma), theirs.dropFirst(luma)), chromaPSNR, output)
        }
        // Errors are one line, before any work: a name FFmpeg does not know
        // (with the nearest), one the encoder cannot take (with those it can).
        let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("hq.mov").path])
        let unknown = try Tool.run(["-vf", "sepia", "-pix_fmt", "yuv421p", "hq.mov", "-o", "a.mp4"], in: folder)
        XCTAssertEqual(unknown.status, 2, unknown.stderr)
        XCTAssertEqual(
            unknown.stderrLines,
            [
                "harbeth-render: error: unknown pixel format 'yuv421p'; did you mean 'yuv420p'? (see ffmpeg -pix_fmts)"
                    + " (see harbeth-render --help)"
            ])
        let refused = try Tool.run(["-vf", "sepia", "-pix_fmt", "rgba", "hq.mov", "-o", "a.mp4"], in: folder)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("a.mp4: libx264 cannot take pixel format rgba; it takes yuv420p, "), refused.stderr)
        XCTAssertEqual(Clips.entries(folder), ["hq.mov"])
    }

    /// FFmpeg's format filter last in a -vf chain (`scale=-2:720,format=yuv420p`,
    /// in most recipes) is the output's pixel format, as -pix_fmt: 10-bit
    /// 4:2:2 ProRes comes out 8-bit 4:2:0, also with the format alone or
    /// before a last fps, and in FFmpeg's `pix_fmts=` spelling. Elsewhere in
    /// the chain, a list of formats, an unknown name or a -pix_fmt that
    /// disagrees is one line, before any work. Before, every format step was
    /// refused with "-pix_fmt here".
    func testFFmpegsFormatLastIsThePixelFormat() throws {
        for (chain, output) in [
            ("sepia,format=yuv420p", "a.mp4"), ("format=pix_fmts=yuv420p", "b.mp4"),
            ("sepia, format=yuv420p ,fps=10", "c.mkv"), ("resize=w=64:h=-2,format=yuv420p", "d.mkv"),
        ] {
            let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("hq.mov").path])
            let run = try Tool.run(["-vf", chain, "hq.mov", "-o", output], in: folder)
            XCTAssertEqual(run.status, 0, "\(chain): \(run.stderr)")
            XCTAssertEqual(try pixelFormat(folder.appendingPathComponent(output).path), "yuv420p", chain)
        }
        let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("hq.mov").path])
        let same = try Tool.run(
            ["-vf", "sepia,format=yuv420p", "-pix_fmt", "yuv420p", "hq.mov", "-o", "same.mp4"], in: folder)
        XCTAssertEqual(same.status, 0, same.stderr)
        for (arguments, message) in [
            (
                ["-vf", "format=yuv420p,sepia"],
                "filter chain 'format=yuv420p,sepia': format at column 1 is before other filters; put it last"
                    + " (the output's pixel format, as -pix_fmt: the filters here work on any format)"
            ),
            (
                ["-vf", "sepia,format=yuv420p|yuv444p"],
                "filter chain 'sepia,format=yuv420p|yuv444p': format at column 7 lists several pixel formats;"
                    + " name the one to write (format=yuv420p)"
            ),
            (
                ["-vf", "sepia,format=yuv421p"],
                "filter chain 'sepia,format=yuv421p': format at column 7: unknown pixel format 'yuv421p';"
                    + " did you mean 'yuv420p'? (see ffmpeg -pix_fmts)"
            ),
            (
                ["-vf", "sepia,format=yuv420p", "-pix_fmt", "yuv444p"],
                "-pix_fmt yuv444p and the chain's format=yuv420p disagree; give one of them"
            ),
        ] {
            let run = try Tool.run(arguments + ["hq.mov", "-o", "e.mp4"], in: folder)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("harbeth-render: error: " + message), run.stderr)
        }
        XCTAssertEqual(Clips.entries(folder), ["hq.mov", "same.mp4"])
    }

    /// In a filtergraph, format last on an output's chain (`...hstack,
    /// format=yuv420p`, FFmpeg's recipes' last step) is that output's pixel
    /// format, each output its own; before other filters it is refused with
    /// its column, and a bad name as in a chain. Before, every format in a
    /// graph was refused with "-pix_fmt here".
    func testFormatLastOnAGraphsOutputIsItsPixelFormat() throws {
        let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("hq.mov").path])
        let one = try Tool.run(
            ["-i", "hq.mov", "-i", "hq.mov", "--graph", "[0][1]hstack,format=yuv420p,setsar=1", "-o", "one.mkv"],
            in: folder)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(try pixelFormat(folder.appendingPathComponent("one.mkv").path), "yuv420p")
        let two = try Tool.run(
            [
                "-i", "hq.mov", "--graph", "[0]split[a][b];[a]format=pix_fmts=yuv444p[x];[b]sepia[y]", "--map", "[x]",
                "-o", "x.mkv", "--map", "[y]", "-o", "y.mkv",
            ], in: folder)
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertEqual(try pixelFormat(folder.appendingPathComponent("x.mkv").path), "yuv444p")
        XCTAssertEqual(try pixelFormat(folder.appendingPathComponent("y.mkv").path), "yuv422p10le")
        for (graph, message) in [
            (
                "[0]format=yuv420p,sepia",
                "format at column 4 is before other filters; put it last on an output's chain (the output's pixel"
                    + " format, as -pix_fmt: the filters here work on any format)"
            ),
            (
                "[0]format=yuv420p[a];[a]split[b][c]",
                "format at column 4 is before other filters; put it last on an output's chain (the output's pixel"
                    + " format, as -pix_fmt: the filters here work on any format)"
            ),
            (
                "[0]sepia,format=yuv421p",
                "format at column 10: unknown pixel format 'yuv421p'; did you mean 'yuv420p'? (see ffmpeg -pix_fmts)"
                    + " (see harbeth-render --help)"
            ),
        ] {
            let run = try Tool.run(["-i", "hq.mov", "--graph", graph, "-o", "e.mkv"], in: folder)
            XCTAssertEqual(run.stderrLines, ["harbeth-render: error: filtergraph '\(graph)': " + message], graph)
            XCTAssertEqual(run.status, 2, run.stderr)
        }
        XCTAssertEqual(Clips.entries(folder), ["hq.mov", "one.mkv", "x.mkv", "y.mkv"])
    }

    /// FFmpeg's `null` and `copy` pass frames on unchanged anywhere in a
    /// -vf chain, and are taken out of it: `-vf null` gives the input's
    /// frames (FFV1 in, FFV1 out: the same MD5s), and `null,sepia,copy` is
    /// `sepia`, even with format last. Before, both were unknown filters.
    func testFFmpegsNullAndCopyPassFramesOn() throws {
        let source = try TestMedia.clip(
            "null-source.mkv",
            ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=25", "-t", "0.2", "-c:v", "ffv1", "-pix_fmt", "yuv420p"])
        let folder = try Clips.folder(with: [source])
        let hashes = { (name: String) in try Clips.frameHashes(folder.appendingPathComponent(name).path) }
        for (chain, output, same) in [
            ("null", "null.mkv", "null-source.mkv"), ("copy", "copy.mkv", "null-source.mkv"),
            ("sepia", "sepia.mkv", nil), ("null,sepia,copy", "both.mkv", "sepia.mkv"),
            ("copy, sepia ,null,format=yuv420p", "format.mkv", "sepia.mkv"),
        ] {
            let run = try Tool.run(
                ["-vf", chain, "--codec", "ffv1", "-q", "null-source.mkv", "-o", output], in: folder)
            XCTAssertEqual(run.status, 0, "\(chain): \(run.stderr)")
            guard run.status == 0, let same else { continue }
            XCTAssertEqual(try hashes(output), try hashes(same), chain)
        }
    }

    /// An opaque picture stays opaque in the file: an RGB PNG comes out
    /// RGB, as FFmpeg writes it, not RGBA with an alpha of 255 everywhere,
    /// and so does a PNG of a YUV video; the pixels are the input's. A
    /// chain that can make a frame transparent (opacity below 1, a pad of
    /// a translucent colour) writes alpha, and a picture with alpha keeps
    /// it. Before, every opaque picture's PNG was RGBA.
    func testAnOpaquePictureStaysOpaque() throws {
        for (input, chain, format) in [
            ("rgb.png", "brightness='0*t'", "rgb24"), ("rgb.png", "sepia,pad=w=200:h=150", "rgb24"),
            ("yuv.mkv", "vignette", "rgb24"), ("rgb.png", "opacity=0.5", "rgba"),
            ("rgb.png", "pad=w=200:h=150:color=red@0.5", "rgba"), ("rgba.png", "sepia", "rgba"),
        ] {
            let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent(input).path])
            let run = try Tool.run(["-vf", chain, "-frames:v", "1", input, "-o", "out.png"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let path = folder.appendingPathComponent("out.png").path
            XCTAssertEqual(try pixelFormat(path), format, "\(input) \(chain)")
            XCTAssertFalse(run.stderr.contains("alpha dropped"), run.stderr)
        }
        let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("rgb.png").path])
        _ = try Tool.run(["-vf", "brightness='0*t'", "rgb.png", "-o", "out.png"], in: folder)
        XCTAssertTrue(
            try Clips.pixels(folder.appendingPathComponent("out.png").path)
                == Clips.pixels(folder.appendingPathComponent("rgb.png").path), "the input's pixels")
    }

    /// A key on an opaque YUV video writes its alpha where the codec holds
    /// it, in the video's own shape with alpha added as FFmpeg chooses it
    /// (yuva420p in FFV1, yuva444p12le in ProRes, what -pix_fmt names),
    /// and names it dropped where the codec does not (H.264). Before, the
    /// frames were rendered in the video's own layout, which has no alpha:
    /// the key was lost and the file opaque, without a word.
    func testAKeyOnAnOpaqueVideoWritesItsAlpha() throws {
        for (output, extra, format) in [
            ("keyed.mkv", ["--codec", "ffv1"], "yuva420p"), ("keyed.mov", ["--codec", "prores"], "yuva444p12le"),
            ("asked.mkv", ["--codec", "ffv1", "-pix_fmt", "yuva444p"], "yuva444p"),
        ] {
            let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("yuv.mkv").path])
            let run = try Tool.run(["-vf", "colorkey=green:0.3"] + extra + ["yuv.mkv", "-o", output], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let path = folder.appendingPathComponent(output).path
            XCTAssertEqual(try pixelFormat(path), format, output)
            XCTAssertFalse(run.stderr.contains("alpha dropped"), run.stderr)
            // testsrc2's green keys out: some of the alpha is 0.
            let rgba = try Clips.pixels(path, pixelFormat: "rgba")
            let alphas = stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
            XCTAssertTrue(alphas.contains(0) && alphas.contains(255), "\(output): the key's alpha")
        }
        let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("yuv.mkv").path])
        let run = try Tool.run(["-vf", "colorkey=green:0.3", "yuv.mkv", "-o", "flat.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try pixelFormat(folder.appendingPathComponent("flat.mp4").path), "yuv420p")
        XCTAssertTrue(run.stderr.contains("note: alpha dropped: libx264 takes no alpha"), run.stderr)
    }

    /// A graph output that ends in a key writes its alpha as a -vf chain
    /// does; one that composes the keyed frames over an opaque video stays
    /// opaque, with no note. Before, a graph's outputs were always rendered
    /// in the first input's layout: the key's alpha was lost without a word.
    func testAGraphOutputEndingInAKeyWritesItsAlpha() throws {
        let folder = try Clips.folder(with: [try Self.inputs.get().appendingPathComponent("yuv.mkv").path])
        let run = try Tool.run(
            [
                "-i", "yuv.mkv", "-i", "yuv.mkv", "--codec", "ffv1", "--graph",
                "[1]colorkey=green:0.3,split=3[k][l][j];[0][l]overlay[o]", "--map", "[k]", "-o", "keyed.mkv", "--map",
                "[o]", "--codec", "ffv1", "-o", "over.mkv", "--map", "[j]", "--codec", "h264", "-o", "flat.mp4",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "alpha dropped").count, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("flat.mp4: libx264 takes no alpha"), run.stderr)
        let keyed = folder.appendingPathComponent("keyed.mkv").path
        XCTAssertEqual(try pixelFormat(keyed), "yuva420p")
        let rgba = try Clips.pixels(keyed, pixelFormat: "rgba")
        let alphas = stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
        XCTAssertTrue(alphas.contains(0) && alphas.contains(255), "the key's alpha")
        XCTAssertEqual(try pixelFormat(folder.appendingPathComponent("over.mkv").path), "yuv420p")
        XCTAssertEqual(try pixelFormat(folder.appendingPathComponent("flat.mp4").path), "yuv420p")
    }

    func testGreyStaysGrey() throws {
        let (_, path) = try render("gray.mkv", to: "out.mkv", ["--codec", "ffv1"])
        XCTAssertEqual(try pixelFormat(path), "gray")
        let input = try Clips.pixels(try Self.inputs.get().appendingPathComponent("gray.mkv").path, pixelFormat: "gray")
        XCTAssertTrue(input == (try Clips.pixels(path, pixelFormat: "gray")), "grey round trips")
    }
}
