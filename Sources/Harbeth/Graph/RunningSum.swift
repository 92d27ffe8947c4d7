extension PlaneBlur {
    /// A box as a running sum along a row or down a column: the box covers
    /// `width` = (2r + 1) / s samples of a plane subsampled by s in that
    /// direction, whole samples out to `whole` either side and `edge` of
    /// the next one. Walking forwards, the sum S of the whole samples takes
    /// the sample entering and loses the one leaving:
    ///
    ///     out[n] = (S[n] + edge (x[n - whole - 1] + x[n + whole + 1])) / width
    ///     S[n + 1] = S[n] + x[n + whole + 1] - x[n - whole],
    ///
    /// indexes clamped to the row's ends. Two loads and a few adds a sample
    /// whatever the radius; the sums of code values (integers, or the
    /// intermediate planes' binary fractions) stay exact in float32 up to
    /// the widest box (16-bit samples: 201 of 65535 is 13.2 M < 2^24).
    struct RunningSum {
        let width: Double
        let whole: Int
        let edge: Double

        /// The radius from which a CPU-class device walks rather than
        /// slides a window. Measured on lavapipe (720p, 120 frames, three
        /// alternating runs each): the sums take 1.4 to 1.9 s at radius 2,
        /// 8, 16, 32, 40 and 100; the windows 1.5 to 1.9 at radius 2, 1.7
        /// to 2.1 at 8, 2.2 to 3.0 at 16, 3.9 to 4.5 at 32; the RGB path's
        /// running sums, which took radii past 32 before, about 10.
        static let fromRadius = 8
        /// Floats the data takes after the amount (io/planes_blur.glsl reads
        /// them in this order): whole, edge, 1 / width.
        static let floats = 3

        init(radius: Int, shift: Int) {
            width = Double(2 * radius + 1) / Double(1 << shift)
            whole = Int(((width - 1) / 2).rounded(.down))
            edge = (width - Double(2 * whole + 1)) / 2
        }

        var packed: [Float] { [Float(whole), Float(edge), Float(1 / width)] }
    }
}
