import Harbeth
import XCTest

final class FilterChainTests: XCTestCase {
    func testTheTextFormsOfTheIssue() throws {
        XCTAssertEqual(try FilterChain(parsing: "sepia").filters.map(\.name), ["sepia"])
        let positional = try FilterChain(parsing: "sepia=0.5")
        XCTAssertEqual(positional.filters[0].values.number("intensity"), 0.5)
        XCTAssertEqual(try FilterChain(parsing: "sepia=intensity=0.5"), positional)
        let blur = try FilterChain(parsing: "gaussian_blur=sigma=3")
        XCTAssertEqual(blur.filters[0].values.number("sigma"), 3)
        let crop = try FilterChain(parsing: "crop=w=640:h=360:x=0:y=0")
        XCTAssertEqual(crop.filters[0].values.integer("w"), 640)
        XCTAssertEqual(crop.filters[0].values.integer("y"), 0)
        let chain = try FilterChain(parsing: " sepia , brightness=0.1,gaussian_blur=sigma=3 ")
        XCTAssertEqual(chain.filters.map(\.name), ["sepia", "brightness", "gaussian_blur"])
    }

    func testPrintingAndParsingAgree() throws {
        for text in [
            "sepia", "sepia=intensity=0.5", "brightness=brightness=-0.25,flip=direction=both",
            "resize=w=640:h=360:method=bilinear", "grayscale=mode=average,invert",
        ] {
            let chain = try FilterChain(parsing: text)
            XCTAssertEqual(chain.description, text)
            XCTAssertEqual(try FilterChain(parsing: chain.description), chain)
        }
        XCTAssertEqual(
            FilterChain([.sepia(intensity: 0.25), .gaussianBlur(sigma: 4)]).description,
            "sepia=intensity=0.25,gaussian_blur=sigma=4")
    }

    func testSwiftInitialisersClampLikeHarbeth() {
        XCTAssertEqual(Filter.brightness(5).values.number("brightness"), 1)
        XCTAssertEqual(Filter.gamma(-1).values.number("gamma"), 0.01)
        XCTAssertEqual(Filter.gaussianBlur(sigma: 1000).values.number("sigma"), 100)
    }

    /// Harbeth's names read as the catalog's filters and print as them.
    func testHarbethsNamesAreAliases() throws {
        XCTAssertEqual(
            try FilterChain(parsing: "luminance=0.5,pow=2,color_matrix_4x5").description,
            "saturation=saturation=0.5,gamma=gamma=2,color_matrix")
        XCTAssertNil(FilterCatalog.standard.descriptors.first { FilterCatalog.aliases[$0.name] != nil })
    }

    func testAnUnknownFilterSuggestsTheNearestName() {
        assertError("sepai", "unknown filter 'sepai' at column 1; did you mean 'sepia'?")
        assertError("sepia,gausian_blur=2", "unknown filter 'gausian_blur' at column 7; did you mean 'gaussian_blur'?")
        assertError("gauss", "unknown filter 'gauss' at column 1; did you mean 'gaussian_blur'?")
        assertError("zzzzzzzz", "unknown filter 'zzzzzzzz' at column 1")
    }

    func testAnUnknownParameterListsTheValidOnes() {
        assertError("crop=width=3", "crop has no parameter 'width' at column 6; valid: w, h, x, y")
        assertError("invert=1", "invert takes at most 0 values at column 8")
    }

    func testAValueOutOfRangeGivesTheRange() {
        assertError("sepia=2", "sepia intensity=2 is out of range at column 7; allowed 0...1")
        assertError("gaussian_blur=sigma=-1", "gaussian_blur sigma=-1 is out of range at column 21; allowed 0.1...100")
    }

    func testInvalidValues() {
        assertError(
            "sepia=lots",
            "sepia intensity='lots' is invalid at column 7; expected number, or an expression of t, n, w, h")
        assertError(
            "flip=sideways",
            "flip direction='sideways' is invalid at column 6; expected one of horizontal, vertical, both")
        assertError("crop=w=1.5", "crop w='1.5' is invalid at column 8; expected a whole number")
        assertError("sepia=0.5:intensity=0.2", "sepia intensity is given twice at column 11")
    }

    func testMalformedSyntaxPointsAtTheColumn() {
        assertError("sepia,,invert", "malformed filter chain at column 7: expected a filter name, found ','")
        assertError("sepia=", "malformed filter chain at column 7: expected a value, found the end")
        assertError(
            "sepia invert", "malformed filter chain at column 7: expected ',' or the end of the chain, found 'i'")
        assertError(
            "sepia=intensity='0.5",
            "malformed filter chain at column 21: expected a closing quote for the one at column 17, found the end")
        assertError("=3", "malformed filter chain at column 1: expected a filter name, found '='")
    }

    func testErrorsQuotingLineBreaksStayOneLine() {
        // Found by the fuzz targets (Fuzz/): quoted text was printed raw.
        assertError(
            "sepia=lots\nmore",
            "sepia intensity='lots\\nmore' is invalid at column 7; expected number, or an expression of t, n, w, h")
        assertError(
            "sepia\u{0B}", "malformed filter chain at column 6: expected ',' or the end of the chain, found '\\u{0B}'")
        assertError(
            "lut3d=file=a.cube:intensity='\u{2028}'",
            "lut3d intensity='\\u{2028}' is invalid at column 29; expected number, or an expression of t, n, w, h")
    }

    func testQuotingAndEscapes() throws {
        let chain = try FilterChain(parsing: "sepia='0.25'")
        XCTAssertEqual(chain.filters[0].values.number("intensity"), 0.25)
    }

    func testTextWithLeadingOrTrailingLineBreaksPrintsQuoted() throws {
        // Caught by harbeth-fuzz-chain's round trip: 'x\n' printed unquoted
        // and parsed back trimmed, as another file.
        for path in ["\tlook.cube", "look.cube\n", "look.cube\r", "\nlook.cube "] {
            let chain = FilterChain([.lut3d(file: path)])
            XCTAssertEqual(try FilterChain(parsing: chain.description), chain, chain.description)
        }
        XCTAssertEqual(FilterChain([.lut3d(file: "look.cube\n")]).description, "lut3d=file='look.cube\n'")
        XCTAssertEqual(FilterChain([.lut3d(file: "a\nb.cube")]).description, "lut3d=file=a\nb.cube")
    }

    /// FFmpeg's names for filters this catalog has under others get the
    /// catalog's spelling as the hint, and each spelling parses.
    func testFFmpegsFilterNamesGetTheCatalogsSpelling() throws {
        // FFmpeg's filters that are ours with the same values are ours.
        XCTAssertEqual(
            try FilterChain(parsing: "sepia,vflip,hflip,scale=640:-2:flags=lanczos+accurate_rnd").description,
            "sepia,flip=direction=vertical,flip,resize=w=640:h=-2:method=lanczos")
        XCTAssertEqual(try FilterChain(parsing: "scale=0:360").description, "resize=w=iw:h=360")
        // scale's kept aspect is resize's fit; its multiple counts only then, as in FFmpeg.
        XCTAssertEqual(
            try FilterChain(parsing: "scale=640:360:force_divisible_by=2:force_original_aspect_ratio=increase")
                .description,
            "resize=w=640:h=360:fit=fill:multiple=2")
        XCTAssertEqual(
            try FilterChain(parsing: "scale=640:360:force_original_aspect_ratio=0:force_divisible_by=2").description,
            "resize=w=640:h=360")
        XCTAssertEqual(
            FilterChain([.resize(width: 640, height: 360, fit: .fit, multiple: 4)]).description,
            "resize=w=640:h=360:fit=fit:multiple=4")
        assertError(
            "scale=640:360:force_original_aspect_ratio=shrink",
            "scale force_original_aspect_ratio='shrink' is invalid at column 43; expected disable, decrease or increase"
        )
        assertError("hflip=1", "hflip takes at most 0 values at column 7")
        assertError(
            "scale=w=640:flags=spline",
            "scale flags='spline' is invalid at column 19; expected one of bicubic, bilinear, fast_bilinear, lanczos, neighbor"
        )
        assertError("hqdn3d", "unknown filter 'hqdn3d' at column 1; did you mean 'denoise'?")
        // FFmpeg's nlmeans is denoise (NlmeansCLITests).
        XCTAssertEqual(try FilterChain(parsing: "nlmeans=3:3:0:7").description, "denoise=s=3:p=3:r=7")
        // FFmpeg's unsharp, boxblur, gblur and avgblur are the catalog's own
        // (UnsharpCLITests, BoxblurCLITests, GblurCLITests, AvgblurCLITests).
        XCTAssertEqual(try FilterChain(parsing: "avgblur=5").description, "avgblur=sizeX=5")
        XCTAssertEqual(try FilterChain(parsing: "gblur=20").description, "gblur=sigma=20")
        XCTAssertEqual(try FilterChain(parsing: "boxblur=lr=4").description, "boxblur=luma_radius=4")
        XCTAssertEqual(try FilterChain(parsing: "unsharp=la=2").description, "unsharp=luma_amount=2")
        // FFmpeg's negate is max - val (LutCLITests).
        XCTAssertEqual(
            try FilterChain(parsing: "negate").description, "lut_yuv=y=255-val:u=255-val:v=255-val")
        XCTAssertEqual(
            try FilterChain(parsing: "negate=y+v").description, "lut_yuv=y=255-val:u=val:v=255-val")
        // FFmpeg's colorchannelmixer is channel_mixer's rows (ChannelMixerCLITests).
        XCTAssertEqual(
            try FilterChain(parsing: "colorchannelmixer=.3:.4:.3:0:gb=-0.5").description,
            "channel_mixer=r=0.3/0.4/0.3/0:g=0/1/-0.5/0")
        assertError(
            "negate=components=a",
            "negate components='a' is invalid at column 19; expected y, u, v (r, g, b) joined by +, one of y, u, v"
                + " among them; the alpha is kept here")
        // eq is FFmpeg's own now (EqualizerFilter), so it is no spelling.
        XCTAssertEqual(try FilterChain(parsing: "eq=brightness=0.1").filters.map(\.name), ["eq"])
        XCTAssertEqual(FilterCatalog.standard.suggestion(for: "HQDN3D"), "denoise")
        XCTAssertEqual(FilterCatalog.standard.suggestion(for: "sepai"), "sepia")
        // FFmpeg's filters with no counterpart get no nearest name: fps is
        // no typo of cas.
        assertError("fps=15", "unknown filter 'fps' at column 1")
        for name in FilterCatalog.ffmpegFiltersWithoutCounterpart {
            XCTAssertNil(FilterCatalog.standard.descriptor(named: name), name)
            XCTAssertNil(FilterCatalog.standard.suggestion(for: name), name)
        }
        for (name, spelling) in FilterCatalog.ffmpegSpellings {
            XCTAssertNil(FilterCatalog.standard.descriptor(named: name), name)
            XCTAssertNoThrow(try FilterChain(parsing: spelling), spelling)
            // A hint, not a translation: FFmpeg's name itself is refused.
            XCTAssertThrowsError(try FilterChain(parsing: name), name)
        }
    }

    /// FFmpeg's rotate, told by its options or an angle with PI in it, is
    /// catalog rotate in degrees at FFmpeg's size and edge; plain numbers
    /// stay catalog rotate's degrees. Each translation parses back to
    /// itself.
    func testFFmpegsRotateIsToldFromCatalogRotate() throws {
        let cases: [(String, String)] = [
            ("rotate=30", "rotate=angle=30"),
            ("rotate=angle=45:expand=1", "rotate=angle=45:expand=1"),
            ("rotate=a=0.5:c=none", "rotate=angle=28.647889757:fill=0/0/0/0:w=iw:h=ih:edge=ffmpeg"),
            ("rotate=PI/6:ih:iw:white", "rotate=angle=30:fill=1/1/1:w=ih:h=iw:edge=ffmpeg"),
            (
                "rotate=-PI/4:ow=rotw(-PI/4)",
                "rotate=angle=-45:w=(abs(iw*cos(-PI/4))+abs(ih*sin(-PI/4))):h=ih:edge=ffmpeg"
            ),
            // A size in the angle stays an expression (w and h are FFmpeg's in_w and in_h).
            ("rotate=a=PI*iw/ih/8", "rotate=angle='mod((PI*iw/ih/8)*180/PI,360)':w=iw:h=ih:edge=ffmpeg"),
            ("rotate=bilinear=1", "rotate=angle=0:w=iw:h=ih:edge=ffmpeg"),
        ]
        for (text, expected) in cases {
            let chain = try FilterChain(parsing: text)
            XCTAssertEqual(chain.description, expected, text)
            XCTAssertEqual(try FilterChain(parsing: chain.description).description, expected, text)
        }
        let input = FrameFormat(width: 320, height: 240, layout: .yuv420p)
        let turned = try FilterChain(parsing: "rotate=PI/2").outputFormat(for: input)
        XCTAssertEqual([turned.width, turned.height], [320, 240], "FFmpeg's quarter turn keeps the input's size")
        let bounds = try FilterChain(parsing: "rotate=PI/6:ow=rotw(PI/6):oh=roth(PI/6)").outputFormat(for: input)
        XCTAssertEqual([bounds.width, bounds.height], [397, 368], "FFmpeg's rotw and roth, rounded")
        assertError(
            "rotate=PI/6:ow=rotw(PI/6",
            "rotate out_w='rotw(PI/6': expected ',' or ')' in abs(...), found the end at column 24")
    }

    /// FFmpeg's fade as FFmpeg writes it is this fade's one fade in or out,
    /// over frame numbers or seconds; FFmpeg's colour names and 0x form
    /// are colours.
    func testFFmpegsFadeFormsAndColourNamesParse() throws {
        let cases: [(String, String)] = [
            ("fade=in:0:30", "fade=in_duration=30:unit=frames"),
            ("fade=out:50", "fade=in_duration=0:out_start=50:out_duration=25:unit=frames"),
            ("fade=t=in:st=1.5:d=2", "fade=in_start=1.5:in_duration=2"),
            (
                "fade=type=out:start_time=4:duration=1:c=white",
                "fade=color=1/1/1:in_duration=0:out_start=4:out_duration=1"
            ),
            ("fade=t=in:s=10:n=5:color=0xff0000", "fade=color=1/0/0:in_start=10:in_duration=5:unit=frames"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try FilterChain(parsing: text).description, expected, text)
        }
        XCTAssertEqual(
            try FilterChain(parsing: "pad=w=400:h=300:color=navy@0.5").filters[0].values.list("color"),
            [0, 0, 128.0 / 255, 0.5])
        assertError("fade=t=up", "fade type='up' is invalid at column 8; expected in or out")
        assertError(
            "pad=w=400:h=300:color=white@2", "pad color='white@2' is invalid at column 23; expected list of 3...4")
    }

    func testEditDistanceCountsSwapsAsOne() {
        XCTAssertEqual(FilterCatalog.standard.nearestName(to: "sepai"), "sepia")
        XCTAssertEqual(FilterCatalog.standard.nearestName(to: "INVERT"), "invert")
    }

    func testTheOutputFormatComesFromThePlanWithoutAGPU() throws {
        let input = FrameFormat(width: 320, height: 240, layout: .yuv420p)
        let chain = try FilterChain(parsing: "sepia,rotate=90,crop=w=100:h=50")
        let same = try chain.outputFormat(for: input)
        XCTAssertEqual(same, FrameFormat(width: 100, height: 50, layout: .yuv420p, colorimetry: .untaggedDefault))
        let rgba = try chain.outputFormat(for: input, output: .rgba8)
        XCTAssertEqual(rgba, FrameFormat(width: 100, height: 50, layout: .rgba8))
        // RGBA sources rendered to YUV are tagged BT.709 limited.
        let fromRGBA = try FilterChain(parsing: "sepia").outputFormat(
            for: FrameFormat(width: 64, height: 48, layout: .rgba8), output: .layout(.yuv420p))
        XCTAssertEqual(fromRGBA.colorimetry, Colorimetry(matrix: .bt709, range: .limited))
        XCTAssertThrowsError(try FilterChain(parsing: "crop=w=400:h=10").outputFormat(for: input))
    }

    private func assertError(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try FilterChain(parsing: text), file: file, line: line) { error in
            XCTAssertEqual("\(error)", message, file: file, line: line)
        }
    }
}
