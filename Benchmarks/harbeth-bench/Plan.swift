/// The issue's cases as groups of alternating runs and the comparisons
/// made from them. The full plan measures 720p, 1080p and 4K; `--quick`
/// keeps to 720p with shorter runs.
struct Plan {
    var clips: [ClipSpec]
    var groups: [Group]
    var comparisons: [Comparison]

    /// What `--only` chooses: `GROUP` keeps every group whose name
    /// contains it; `GROUP:ROW` keeps, of those groups, the contestants of
    /// that row only (`ours.ROW.…` and `ffmpeg.ROW.…`, e.g.
    /// `catalog:identity`). The comparisons whose runs are all kept stay.
    func selecting(_ names: [String]) -> Plan {
        var plan = self
        plan.groups = groups.compactMap { group in
            var rows: [String] = []
            var whole = false
            for name in names {
                let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
                guard group.name.contains(parts[0]) else { continue }
                if parts.count == 2 { rows.append(parts[1]) } else { whole = true }
            }
            if whole { return group }
            let contestants = group.contestants.filter { contestant in
                rows.contains { contestant.id.split(separator: ".").dropFirst().first.map(String.init) == $0 }
            }
            return contestants.isEmpty
                ? nil : Group(name: group.name, repetitions: group.repetitions, contestants: contestants)
        }
        let kept = Set(plan.groups.flatMap { $0.contestants.map(\.id) })
        plan.comparisons = comparisons.filter { $0.ids.allSatisfy(kept.contains) }
        return plan
    }

    /// Harbeth's sepia matrix as FFmpeg's colorchannelmixer, then back to
    /// the input's layout, as harbeth-render writes it.
    static let ffmpegSepia =
        "colorchannelmixer=rr=.3588:rg=.7044:rb=.1368:gr=.2990:gg=.5870:gb=.1140:br=.2392:bg=.4696:bb=.0912,"
        + "format=yuv420p"
    /// Five pointwise filters that the graph compiler fuses into one pass.
    static let fiveFilterChain = "sepia,brightness=0.05,contrast=1.1,saturation=1.2,gamma=0.9"
    static let blur = "gaussian_blur=sigma=5"
    static let ffmpegBlur = "gblur=sigma=5"
    static let ffmpegVulkanBlur = "format=yuv420p,hwupload,gblur_vulkan=sigma=5,hwdownload,format=yuv420p"

    static func make(quick: Bool, repetitions: Int, factory: CommandFactory) -> Plan {
        var builder = PlanBuilder(factory: factory)
        let r720 = ClipSpec(width: 1280, height: 720, rate: 30, frames: 120)
        let r1080 = ClipSpec(width: 1920, height: 1080, rate: 30, frames: 120)
        let r2160 = ClipSpec(width: 3840, height: 2160, rate: 30, frames: 30)
        // Memory clips at 10 fps: 10 s and 60 s of 1080p in 100 and 600
        // frames, far more than the few frames in flight and x264's
        // lookahead, so growth per frame would show, at a sixth of the
        // generation and run time. --quick: 5 s and 15 s.
        let memoryShort = ClipSpec(width: 1920, height: 1080, rate: 10, frames: quick ? 50 : 100)
        let memoryLong = ClipSpec(width: 1920, height: 1080, rate: 10, frames: quick ? 150 : 600)

        for clip in quick ? [r720] : [r720, r1080, r2160] {
            builder.sepiaEndToEnd(clip, repetitions: repetitions)
            builder.sepiaFilterOnly(clip, repetitions: repetitions)
        }
        builder.fusion(r720, repetitions: min(repetitions, 3))
        let blurClip = quick ? r720 : r1080
        builder.blur(blurClip, frames: quick ? 30 : 120, repetitions: repetitions)
        // gblur_vulkan takes seconds per frame on lavapipe: a few frames, fewer runs.
        builder.vulkanBlur(
            blurClip, frames: quick ? 2 : 4, repetitions: quick ? 1 : min(repetitions, 3),
            oursFrames: quick ? 30 : 120)
        builder.memory(short: memoryShort, long: memoryLong, repetitions: min(repetitions, 3))
        builder.start(quick ? r720 : r1080, repetitions: repetitions)
        builder.graphs(quick ? r720 : r1080, repetitions: min(repetitions, 3))
        builder.catalog(quick ? r720 : r1080, repetitions: min(repetitions, 3))
        builder.catalogSameDevice(r720, repetitions: min(repetitions, 3))
        builder.colourManagement(quick ? r720 : r1080, frames: quick ? 30 : 60, repetitions: min(repetitions, 3))
        return Plan(clips: builder.clips, groups: builder.groups, comparisons: builder.comparisons)
    }
}

/// Collects groups, comparisons and the clips they read.
private struct PlanBuilder {
    let factory: CommandFactory
    var clips: [ClipSpec] = []
    var groups: [Group] = []
    var comparisons: [Comparison] = []

    private mutating func use(_ clip: ClipSpec) {
        if !clips.contains(clip) { clips.append(clip) }
    }

    /// Items 1 and 5: decode, filter, encode and mux, against FFmpeg doing
    /// the same, and against FFmpeg only decoding and encoding (the floor);
    /// and issue 15's identity chain end to end against the floor.
    mutating func sepiaEndToEnd(_ clip: ClipSpec, repetitions: Int) {
        use(clip)
        let at = "@" + clip.label
        let ours = oursContestant("ours.sepia.mp4" + at, "sepia, encoded", chain: "sepia", clip, mp4: true)
        let theirs = ffmpegContestant(
            "ffmpeg.sepia.mp4" + at, "colorchannelmixer sepia, encoded", filter: Plan.ffmpegSepia, clip, mp4: true)
        let floor = ffmpegContestant(
            "ffmpeg.floor.mp4" + at, "decode + encode, no filter", filter: nil, clip, mp4: true)
        // Issue 15: the identity chain end to end against the floor, no
        // pass (brightness=0) and one pass (the same identity, animated).
        let identity = oursContestant(
            "ours.identity.mp4" + at, "brightness=0 (no pass), encoded", chain: "brightness=0", clip, mp4: true)
        let identityPass = oursContestant(
            "ours.identity-pass.mp4" + at, "brightness='0*t' (one pass), encoded", chain: "brightness='0*t'", clip,
            mp4: true)
        groups.append(
            Group(
                name: "sepia-e2e-" + clip.label, repetitions: repetitions,
                contestants: [ours, theirs, floor, identity, identityPass]))
        comparisons.append(
            Comparison(
                item: 15, title: "identity end to end \(clip.label) vs ffmpeg decode+encode (floor)",
                ours: .wall(identity.id), reference: .wall(floor.id), target: .ratioAtMost(1.05)))
        comparisons.append(
            Comparison(
                item: 15, title: "identity as one pass end to end \(clip.label) vs the floor",
                ours: .wall(identityPass.id), reference: .wall(floor.id), target: .ratioAtMost(1.05)))
        comparisons.append(
            Comparison(
                item: 1, title: "sepia end to end \(clip.label) vs ffmpeg colorchannelmixer", ours: .wall(ours.id),
                reference: .wall(theirs.id), target: .ratioAtMost(1.0)))
        comparisons.append(
            Comparison(
                item: 5, title: "sepia end to end \(clip.label) vs ffmpeg decode+encode (floor)", ours: .wall(ours.id),
                reference: .wall(floor.id), target: .ratioAtMost(1.3)))
    }

    /// Items 2 and 4: the filter alone (no encoder), and fusion: five
    /// pointwise filters against sepia alone.
    mutating func sepiaFilterOnly(_ clip: ClipSpec, repetitions: Int) {
        use(clip)
        let at = "@" + clip.label
        let ours = oursContestant("ours.sepia.null" + at, "sepia, --null", chain: "sepia", clip, mp4: false)
        let theirs = ffmpegContestant(
            "ffmpeg.sepia.null" + at, "colorchannelmixer sepia, -f null", filter: Plan.ffmpegSepia, clip, mp4: false)
        let chain = oursContestant(
            "ours.chain5.null" + at, "\(Plan.fiveFilterChain), --null", chain: Plan.fiveFilterChain, clip, mp4: false)
        // Decoding alone: what both filter-only runs spend before filtering.
        let decode = ffmpegContestant(
            "ffmpeg.decode.null" + at, "decode only, -f null", filter: nil, clip, mp4: false)
        groups.append(
            Group(
                name: "sepia-null-" + clip.label, repetitions: repetitions, contestants: [ours, theirs, chain, decode]))
        comparisons.append(
            Comparison(
                item: 2, title: "sepia filter only \(clip.label) vs ffmpeg colorchannelmixer -f null",
                ours: .wall(ours.id), reference: .wall(theirs.id), target: .ratioAtMost(1.0)))
        comparisons.append(
            Comparison(
                item: 4, title: "5-filter pointwise chain vs sepia alone, \(clip.label) filter only",
                ours: .wall(chain.id), reference: .wall(ours.id), target: .ratioAtMost(1.2)))
        comparisons.append(
            Comparison(
                item: 2, title: "sepia filter only \(clip.label) vs ffmpeg decode only (context)", ours: .wall(ours.id),
                reference: .wall(decode.id), target: nil))
    }

    /// Item 4, for context: the same five filters with fusion on and off
    /// (`--no-fusion`: one pass per filter), which shows what fusion saves.
    /// 720p only, and fewer runs: unfused, the chain takes several times as long.
    mutating func fusion(_ clip: ClipSpec, repetitions: Int) {
        use(clip)
        let at = "@" + clip.label
        let fused = oursContestant(
            "ours.chain5.fused.null" + at, "\(Plan.fiveFilterChain), --null", chain: Plan.fiveFilterChain, clip,
            mp4: false)
        let unfused = oursContestant(
            "ours.chain5.unfused.null" + at, "\(Plan.fiveFilterChain), --null --no-fusion",
            chain: Plan.fiveFilterChain, clip, mp4: false, extraArguments: ["--no-fusion"])
        groups.append(Group(name: "fusion-" + clip.label, repetitions: repetitions, contestants: [fused, unfused]))
        comparisons.append(
            Comparison(
                item: 4, title: "5-filter chain fused vs --no-fusion (5 passes), \(clip.label) (context)",
                ours: .wall(fused.id), reference: .wall(unfused.id), target: nil))
    }

    /// Item 3: Gaussian blur sigma 5, filter only, against FFmpeg's CPU gblur;
    /// ours also for one frame, for the per-frame comparison with gblur_vulkan.
    mutating func blur(_ clip: ClipSpec, frames: Int, repetitions: Int) {
        use(clip)
        let at = "@\(clip.label)-\(frames)f"
        let limit = frames == clip.frames ? nil : frames
        let ours = oursContestant(
            "ours.blur.null" + at, "\(Plan.blur), --null", chain: Plan.blur, clip, mp4: false, frames: limit)
        let one = oursContestant(
            "ours.blur.null@\(clip.label)-1f", "\(Plan.blur), --null --frames 1", chain: Plan.blur, clip, mp4: false,
            frames: 1)
        let theirs = ffmpegContestant(
            "ffmpeg.gblur.null" + at, "gblur=sigma=5, -f null", filter: Plan.ffmpegBlur, clip, mp4: false,
            frames: limit)
        groups.append(Group(name: "blur-" + clip.label, repetitions: repetitions, contestants: [ours, one, theirs]))
        comparisons.append(
            Comparison(
                item: 3, title: "gaussian blur sigma 5, \(clip.label) filter only vs ffmpeg gblur (CPU)",
                ours: .wall(ours.id), reference: .wall(theirs.id), target: .ratioAtMost(1.0)))
    }

    /// Item 3, second half: seconds per frame against gblur_vulkan on the
    /// same Vulkan device, from one-frame and few-frame runs of each.
    mutating func vulkanBlur(_ clip: ClipSpec, frames: Int, repetitions: Int, oursFrames: Int) {
        use(clip)
        let one = Contestant(
            id: "ffmpeg.gblur_vulkan.null@\(clip.label)-1f", side: .theirs, summary: "gblur_vulkan=sigma=5, 1 frame",
            command: factory.ffmpeg(filter: Plan.ffmpegVulkanBlur, clip: clip, output: .null, frames: 1, vulkan: true),
            warmup: nil, expectedFrames: nil)
        let many = Contestant(
            id: "ffmpeg.gblur_vulkan.null@\(clip.label)-\(frames)f", side: .theirs,
            summary: "gblur_vulkan=sigma=5, \(frames) frames",
            command: factory.ffmpeg(
                filter: Plan.ffmpegVulkanBlur, clip: clip, output: .null, frames: frames, vulkan: true),
            warmup: nil, expectedFrames: nil)
        groups.append(Group(name: "blur-vulkan-" + clip.label, repetitions: repetitions, contestants: [one, many]))
        comparisons.append(
            Comparison(
                item: 3, title: "gaussian blur sigma 5, \(clip.label) per frame vs ffmpeg gblur_vulkan (same device)",
                ours: .perFrame(
                    many: "ours.blur.null@\(clip.label)-\(oursFrames)f", one: "ours.blur.null@\(clip.label)-1f",
                    extraFrames: oursFrames - 1),
                reference: .perFrame(many: many.id, one: one.id, extraFrames: frames - 1),
                target: .ratioAtMost(0.02)))
    }

    /// Item 6: peak memory at 1080p (end to end and filter only, with
    /// FFmpeg's for scale), and a long clip against a short one. The
    /// targets are issue 15's: end to end at most FFmpeg's own peak for
    /// the same encode, filter only at most 150 MiB.
    mutating func memory(short: ClipSpec, long: ClipSpec, repetitions: Int) {
        use(short)
        use(long)
        let shortName = "\(Int(short.seconds)) s"
        let longName = "\(Int(long.seconds)) s"
        let at = "@\(short.label)-\(shortName.replacingOccurrences(of: " ", with: ""))"
        let atLong = "@\(long.label)-\(longName.replacingOccurrences(of: " ", with: ""))"
        let ours = oursContestant("ours.sepia.mp4" + at, "sepia, encoded", chain: "sepia", short, mp4: true)
        let oursLong = oursContestant("ours.sepia.mp4" + atLong, "sepia, encoded", chain: "sepia", long, mp4: true)
        let oursNull = oursContestant("ours.sepia.null" + at, "sepia, --null", chain: "sepia", short, mp4: false)
        let oursNullLong = oursContestant(
            "ours.sepia.null" + atLong, "sepia, --null", chain: "sepia", long, mp4: false)
        let theirs = ffmpegContestant(
            "ffmpeg.sepia.mp4" + at, "colorchannelmixer sepia, encoded", filter: Plan.ffmpegSepia, short, mp4: true)
        let theirsNull = ffmpegContestant(
            "ffmpeg.sepia.null" + at, "colorchannelmixer sepia, -f null", filter: Plan.ffmpegSepia, short, mp4: false)
        groups.append(
            Group(
                name: "memory-" + short.label, repetitions: repetitions,
                contestants: [ours, oursLong, oursNull, oursNullLong, theirs, theirsNull]))
        comparisons.append(
            Comparison(
                item: 6, title: "peak memory, sepia end to end \(short.label) (vs ffmpeg's)",
                ours: .peakMemory(ours.id), reference: .peakMemory(theirs.id), target: .ratioAtMost(1.0)))
        comparisons.append(
            Comparison(
                item: 6, title: "peak memory, sepia filter only \(short.label) (vs ffmpeg's)",
                ours: .peakMemory(oursNull.id), reference: .peakMemory(theirsNull.id), target: .valueAtMost(150)))
        comparisons.append(
            Comparison(
                item: 6, title: "peak memory, \(longName) clip vs \(shortName) clip, end to end",
                ours: .peakMemory(oursLong.id), reference: .peakMemory(ours.id), target: .ratioAtMost(1.1)))
        comparisons.append(
            Comparison(
                item: 6, title: "peak memory, \(longName) clip vs \(shortName) clip, filter only",
                ours: .peakMemory(oursNullLong.id), reference: .peakMemory(oursNull.id), target: .ratioAtMost(1.1)))
    }

    /// Item 7: one frame with empty caches (new HARBETH_CACHE_DIR and Mesa
    /// cache folders each run) against one with warm ones, and the warm
    /// first frame against FFmpeg's.
    mutating func start(_ clip: ClipSpec, repetitions: Int) {
        use(clip)
        let at = "@\(clip.label)-1f"
        var contestants: [Contestant] = []
        for (name, chain) in [("sepia", "sepia"), ("blur", Plan.blur)] {
            let cold = Contestant(
                id: "ours.\(name).cold" + at, side: .ours, summary: "\(chain), --null --frames 1, empty caches",
                command: factory.ours(chain: chain, clip: clip, output: .null, frames: 1, coldCache: true),
                warmup: nil, expectedFrames: 1)
            let warm = oursContestant(
                "ours.\(name).warm" + at, "\(chain), --null --frames 1, warm caches", chain: chain, clip, mp4: false,
                frames: 1)
            contestants += [cold, warm]
            comparisons.append(
                Comparison(
                    item: 7, title: "first frame \(clip.label), \(name): empty cache vs warm cache",
                    ours: .wall(cold.id), reference: .wall(warm.id), target: nil))
        }
        let theirs = ffmpegContestant(
            "ffmpeg.sepia.null" + at, "colorchannelmixer sepia, -f null -frames:v 1", filter: Plan.ffmpegSepia, clip,
            mp4: false, frames: 1)
        contestants.append(theirs)
        groups.append(Group(name: "start-" + clip.label, repetitions: repetitions, contestants: contestants))
        comparisons.append(
            Comparison(
                item: 7, title: "first frame \(clip.label), sepia warm vs ffmpeg colorchannelmixer",
                ours: .wall("ours.sepia.warm" + at), reference: .wall(theirs.id), target: nil))
    }

    /// Graphs of several inputs, filter only: a video over a video against
    /// FFmpeg's overlay and overlay_vulkan, an xfade against FFmpeg's, and
    /// a 2x2 grid against xstack. Each input is the same clip.
    mutating func graphs(_ clip: ClipSpec, repetitions: Int) {
        use(clip)
        let at = "@" + clip.label
        func contestant(_ id: String, _ summary: String, _ side: Side, _ command: Command, frames: Int?)
            -> Contestant
        {
            Contestant(
                id: id + at, side: side, summary: summary, command: command, warmup: command,
                expectedFrames: frames)
        }
        let two = [clip, clip]
        let four = [clip, clip, clip, clip]
        let overlay = contestant(
            "ours.overlay.null", "[0][1]overlay=x=0:y=0, --null", .ours,
            factory.oursGraph("[0][1]overlay=x=0:y=0", inputs: two), frames: clip.frames)
        let ffmpegOverlay = contestant(
            "ffmpeg.overlay.null", "overlay=0:0, -f null", .theirs,
            factory.ffmpegGraph("[0][1]overlay=0:0", inputs: two),
            frames: nil)
        let vulkanOverlay = contestant(
            "ffmpeg.overlay_vulkan.null", "overlay_vulkan on the same device, -f null", .theirs,
            factory.ffmpegGraph(
                "[0]format=yuv420p,hwupload[a];[1]format=yuv420p,hwupload[b];[a][b]overlay_vulkan,hwdownload,"
                    + "format=yuv420p", inputs: two, vulkan: true), frames: nil)
        // An inset with filters of its own renders inside the overlay's
        // plan (NodeBranches); FFmpeg scales with bicubic by default.
        let pip = contestant(
            "ours.pip.null", "[1]resize to a quarter,sepia[s];[0][s]overlay, --null", .ours,
            factory.oursGraph(
                "[1]resize=w=\(clip.width / 2):h=\(clip.height / 2):method=bicubic,sepia[s];[0][s]overlay=x=16:y=16",
                inputs: two),
            frames: clip.frames)
        let ffmpegPip = contestant(
            "ffmpeg.pip.null", "[1]scale to a quarter,colorchannelmixer sepia[s];[0][s]overlay, -f null", .theirs,
            factory.ffmpegGraph(
                "[1]scale=\(clip.width / 2):\(clip.height / 2),colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131[s];"
                    + "[0][s]overlay=16:16", inputs: two), frames: nil)
        let transition = "xfade=transition=fade:duration=1:offset=1"
        let xfade = contestant(
            "ours.xfade.null", "\(transition), --null", .ours, factory.oursGraph(transition, inputs: two),
            frames: clip.frames + clip.rate)
        let ffmpegXfade = contestant(
            "ffmpeg.xfade.null", "\(transition), -f null", .theirs, factory.ffmpegGraph(transition, inputs: two),
            frames: nil)
        let grid = contestant(
            "ours.grid.null", "2x2 grid of hstack and vstack, --null", .ours,
            factory.oursGraph("[0][1]hstack[t];[2][3]hstack[b];[t][b]vstack", inputs: four), frames: clip.frames)
        let xstack = contestant(
            "ffmpeg.xstack.null", "xstack 2x2, -f null", .theirs,
            factory.ffmpegGraph("xstack=inputs=4:layout=0_0|w0_0|0_h0|w0_h0", inputs: four), frames: nil)
        groups.append(
            Group(
                name: "graph-" + clip.label, repetitions: repetitions,
                contestants: [
                    overlay, ffmpegOverlay, vulkanOverlay, pip, ffmpegPip, xfade, ffmpegXfade, grid, xstack,
                ]))
        comparisons += [
            Comparison(
                item: 13, title: "overlay of two \(clip.label) videos vs ffmpeg overlay", ours: .wall(overlay.id),
                reference: .wall(ffmpegOverlay.id), target: .ratioAtMost(1.0)),
            Comparison(
                item: 13, title: "overlay of two \(clip.label) videos vs overlay_vulkan (same device)",
                ours: .wall(overlay.id), reference: .wall(vulkanOverlay.id), target: .ratioAtMost(0.25)),
            Comparison(
                item: 13, title: "picture in picture (inset resized, sepia) \(clip.label) vs ffmpeg",
                ours: .wall(pip.id), reference: .wall(ffmpegPip.id), target: .ratioAtMost(1.0)),
            Comparison(
                item: 13, title: "xfade \(clip.label) vs ffmpeg xfade", ours: .wall(xfade.id),
                reference: .wall(ffmpegXfade.id), target: .ratioAtMost(1.0)),
            Comparison(
                item: 13, title: "2x2 grid of \(clip.label) vs ffmpeg xstack", ours: .wall(grid.id),
                reference: .wall(xstack.id), target: .ratioAtMost(1.0)),
        ]
    }

    /// The performance issue's (15) table, filter only: each catalog row
    /// against the FFmpeg CPU filter a user would run instead, in one group
    /// of alternating runs, and the identity chain against decoding alone.
    mutating func catalog(_ clip: ClipSpec, repetitions: Int) {
        use(clip)
        let at = "@" + clip.label
        let rows: [(name: String, ours: String, theirs: String?, target: Double)] = [
            // brightness=0 changes nothing and is no pass (as FFmpeg's eq
            // copies at its defaults); animated, the same identity keeps
            // its pass: the per-pass floor the issue's identity row meant.
            ("identity", "brightness=0", nil, 1.3),
            ("identity-pass", "brightness='0*t'", nil, 1.3),
            ("vignette", "vignette", "vignette", 1.0),
            ("crop", "crop=w=640:h=360", "crop=640:360", 1.0),
            ("hue", "hue=90", "hue=h=90", 1.0),
            ("transpose", "transpose", "transpose=0", 1.0),
            // FFmpeg's eq itself (EqualizerFilter: its tables on the
            // planes, FFmpeg's output bit for bit), and the catalog's own
            // four filters that the issue's table compared.
            (
                "eq", "eq=brightness=0.05:contrast=1.1:saturation=1.2:gamma=0.9",
                "eq=brightness=0.05:contrast=1.1:saturation=1.2:gamma=0.9", 1.0
            ),
            (
                "eq-chain", "brightness=0.05,contrast=1.1,saturation=1.2,gamma=0.9",
                "eq=brightness=0.05:contrast=1.1:saturation=1.2:gamma=0.9", 1.0
            ),
            ("hflip", "flip=direction=horizontal", "hflip", 1.0),
            ("vflip", "flip=direction=vertical", "vflip", 1.0),
            ("pad", "pad=w=1440:h=816", "pad=1440:816:80:48", 1.0),
            ("box_blur", "box_blur=radius=2", "avgblur=sizeX=2", 1.0),
            // A wide Gaussian: recursive walks on a CPU-class device, as
            // FFmpeg's gblur (also a recursive filter) runs.
            ("gaussian20", "gaussian_blur=sigma=20", "gblur=sigma=20", 1.0),
            // A wide box: running sums on a CPU-class device.
            ("box_blur40", "box_blur=radius=40", "avgblur=sizeX=40", 1.0),
            ("unsharp", "unsharp_mask", "unsharp", 1.0),
            // FFmpeg's unsharp itself (UnsharpFilter: its binomial masks in
            // its fixed point on the planes, FFmpeg's output bit for bit).
            ("unsharp-ffmpeg", "unsharp", "unsharp", 1.0),
            // FFmpeg's boxblur itself (BoxblurFilter: running sums in its
            // fixed point on the planes, its output bit for bit), at its
            // default power of 2 and a radius the blurred-background recipe takes.
            ("boxblur", "boxblur=10", "boxblur=10", 1.0),
            // FFmpeg's gblur itself (GblurFilter: its recursive filter in
            // floats on the planes, within one code of its output).
            ("gblur", "gblur=sigma=20", "gblur=sigma=20", 1.0),
            // FFmpeg's avgblur itself (AvgblurFilter: whole-number box sums
            // on the planes, its output bit for bit).
            ("avgblur", "avgblur=sizeX=10", "avgblur=sizeX=10", 1.0),
            ("resize", "resize=w=1920:h=1080:method=bicubic", "scale=1920:1080:flags=bicubic", 2.0),
            // Issue 16's quality filters against FFmpeg's CPU filters of the
            // same job (deband and cas by other algorithms; nlmeans is the
            // same non-local means, here with small patches and windows).
            ("deband", "deband", "deband", 1.0),
            ("denoise", "denoise=s=3:p=3:r=7", "nlmeans=s=3:p=3:r=7", 1.0),
            ("cas", "cas=0.5", "cas=strength=0.5", 1.0),
        ]
        var contestants: [Contestant] = []
        for row in rows {
            let ours = oursContestant(
                "ours.\(row.name).null" + at, "\(row.ours), --null", chain: row.ours, clip, mp4: false)
            let theirs = ffmpegContestant(
                "ffmpeg.\(row.name).null" + at, "\(row.theirs ?? "decode only"), -f null", filter: row.theirs, clip,
                mp4: false)
            contestants += [ours, theirs]
            comparisons.append(
                Comparison(
                    item: 15, title: "\(row.name) \(clip.label) filter only vs ffmpeg \(row.theirs ?? "decode only")",
                    ours: .wall(ours.id), reference: .wall(theirs.id), target: .ratioAtMost(row.target)))
        }
        groups.append(Group(name: "catalog-" + clip.label, repetitions: repetitions, contestants: contestants))
    }

    /// Issue 15's same-device rows: the catalog filters that FFmpeg runs
    /// on the same Vulkan device too (its `*_vulkan` filters, libplacebo),
    /// 720p filter only, both sides on the same frames (the whole clip; a
    /// few for the Vulkan blurs, which take seconds a frame on lavapipe),
    /// start-up included.
    mutating func catalogSameDevice(_ clip: ClipSpec, repetitions: Int) {
        use(clip)
        let vulkan = { (filter: String) in "format=yuv420p,hwupload,\(filter),hwdownload,format=yuv420p" }
        let rows: [(name: String, ours: String, theirs: String, frames: Int)] = [
            ("transpose", "transpose", "transpose_vulkan", clip.frames),
            ("hflip", "flip=direction=horizontal", "hflip_vulkan", clip.frames),
            ("box_blur", "box_blur=radius=2", "avgblur_vulkan=sizeX=2", 10),
            ("gaussian_blur", "gaussian_blur=sigma=2", "gblur_vulkan=sigma=2", 4),
            (
                "eq", "brightness=0.05,contrast=1.1,saturation=1.2,gamma=0.9",
                "libplacebo=brightness=0.05:contrast=1.1:saturation=1.2:gamma=0.9:format=yuv420p", clip.frames
            ),
            (
                "resize", "resize=w=1920:h=1080:method=bicubic",
                "libplacebo=w=1920:h=1080:upscaler=bicubic:format=yuv420p", clip.frames
            ),
            ("resize-bilinear", "resize=w=1920:h=1080:method=bilinear", "scale_vulkan=w=1920:h=1080", clip.frames),
        ]
        var contestants: [Contestant] = []
        for row in rows {
            let at = "@\(clip.label)-\(row.frames)f"
            let ours = oursContestant(
                "ours.\(row.name)-vk.null" + at, "\(row.ours), --null", chain: row.ours, clip, mp4: false,
                frames: row.frames)
            let filter = vulkan(row.theirs)
            let theirs = Contestant(
                id: "ffmpeg.\(row.name)-vk.null" + at, side: .theirs, summary: row.theirs,
                command: factory.ffmpeg(filter: filter, clip: clip, output: .null, frames: row.frames, vulkan: true),
                warmup: factory.ffmpeg(filter: filter, clip: clip, output: .null, frames: 1, vulkan: true),
                expectedFrames: nil)
            contestants += [ours, theirs]
            let peer = row.theirs.prefix { $0 != "=" }
            comparisons.append(
                Comparison(
                    item: 15,
                    title: "\(row.name) \(clip.label), \(row.frames) frames, vs \(peer) (same device)",
                    ours: .wall(ours.id), reference: .wall(theirs.id), target: .ratioAtMost(0.25)))
        }
        groups.append(Group(name: "catalog-vk-" + clip.label, repetitions: repetitions, contestants: contestants))
    }

    /// Issue 16's HDR and quality rows on 30 or 60 frames: tonemap against
    /// zscale and tonemap on the CPU and against libplacebo on the same
    /// Vulkan device (the SDR clip tagged PQ BT.2020 for it, as ours reads
    /// it with transfer=pq), deband against libplacebo's, colorspace
    /// against FFmpeg's colorspace, and deinterlace against bwdif and yadif.
    mutating func colourManagement(_ clip: ClipSpec, frames: Int, repetitions: Int) {
        use(clip)
        let at = "@\(clip.label)-\(frames)f"
        let asHDR = "setparams=color_primaries=bt2020:color_trc=smpte2084:colorspace=bt2020nc:range=tv"
        let placebo = { (options: String) in
            "\(asHDR),format=yuv420p,hwupload,libplacebo=\(options):format=yuv420p,hwdownload,format=yuv420p"
        }
        let rows: [(name: String, ours: String, theirs: String, vulkan: Bool, title: String)] = [
            (
                "tonemap", "tonemap=curve=hable:peak=1000",
                asHDR
                    + ",zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0:peak=10,"
                    + "zscale=t=bt709:m=bt709:r=tv,format=yuv420p", false,
                "zscale+tonemap (CPU)"
            ),
            (
                "tonemap-placebo", "tonemap=curve=bt2390:peak=1000:target=203:black=0.203:knee=1",
                placebo("tonemapping=bt.2390:colorspace=bt709:color_primaries=bt709:color_trc=bt709"), true,
                "libplacebo tonemapping=bt.2390 (same device)"
            ),
            (
                "deband-placebo", "deband", placebo("deband=1:colorspace=bt2020nc:color_trc=smpte2084"), true,
                "libplacebo deband (same device)"
            ),
            (
                "colorspace", "colorspace=primaries=bt2020:transfer=bt2020_10", "colorspace=all=bt2020:iall=bt709",
                false,
                "colorspace (CPU)"
            ),
            // The same algorithms, bit for bit (FFmpeg 5.1 has no Vulkan
            // deinterlacer); the clip's frames are deinterlaced as fields.
            ("deinterlace", "deinterlace", "bwdif=mode=send_frame", false, "bwdif (CPU)"),
            ("deinterlace-yadif", "deinterlace=method=yadif", "yadif=mode=send_frame", false, "yadif (CPU)"),
        ]
        var contestants: [Contestant] = []
        for row in rows {
            let ours = oursContestant(
                "ours.\(row.name).null" + at, "\(row.ours), --null", chain: row.ours, clip, mp4: false, frames: frames)
            let theirs = Contestant(
                id: "ffmpeg.\(row.name).null" + at, side: .theirs, summary: row.title,
                command: factory.ffmpeg(
                    filter: row.theirs, clip: clip, output: .null, frames: frames, vulkan: row.vulkan),
                warmup: factory.ffmpeg(filter: row.theirs, clip: clip, output: .null, frames: 1, vulkan: row.vulkan),
                expectedFrames: nil)
            contestants += [ours, theirs]
            comparisons.append(
                Comparison(
                    item: 16, title: "\(row.ours) \(clip.label), \(frames) frames, vs \(row.title)",
                    ours: .wall(ours.id), reference: .wall(theirs.id), target: .ratioAtMost(1.0)))
        }
        groups.append(
            Group(name: "colour-management-" + clip.label, repetitions: repetitions, contestants: contestants))
    }

    // MARK: Contestants

    private func oursContestant(
        _ id: String, _ summary: String, chain: String, _ clip: ClipSpec, mp4: Bool, frames: Int? = nil,
        extraArguments: [String] = []
    ) -> Contestant {
        let output: CommandFactory.Output = mp4 ? .mp4(id) : .null
        return Contestant(
            id: id, side: .ours, summary: summary,
            command: factory.ours(
                chain: chain, clip: clip, output: output, frames: frames, extraArguments: extraArguments),
            warmup: factory.ours(
                chain: chain, clip: clip, output: output, frames: 1, extraArguments: extraArguments),
            expectedFrames: frames ?? clip.frames, outputPath: mp4 ? factory.outputPath(id) : nil)
    }

    private func ffmpegContestant(
        _ id: String, _ summary: String, filter: String?, _ clip: ClipSpec, mp4: Bool, frames: Int? = nil
    ) -> Contestant {
        let output: CommandFactory.Output = mp4 ? .mp4(id) : .null
        return Contestant(
            id: id, side: .theirs, summary: summary,
            command: factory.ffmpeg(filter: filter, clip: clip, output: output, frames: frames),
            warmup: factory.ffmpeg(filter: filter, clip: clip, output: output, frames: 1), expectedFrames: nil,
            outputPath: mp4 ? factory.outputPath(id) : nil)
    }
}
