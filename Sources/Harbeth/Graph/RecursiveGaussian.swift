import Foundation

extension PlaneBlur {
    /// A Gaussian as a recursive filter (Deriche, "Recursively implementing
    /// the Gaussian and its derivatives", 1993): its fourth-order
    /// approximation
    ///
    ///     h(x) ~ (1.680 cos(0.6318 u) + 3.735 sin(0.6318 u)) exp(-1.783 u)
    ///          - (0.6803 cos(1.997 u) + 0.2598 sin(1.997 u)) exp(-1.723 u),
    ///     u = |x| / sigma,
    ///
    /// written as two complex poles z and their conjugates: the causal half
    /// h[n >= 0] = 2 Re(sum a_k z_k^n), the anticausal half h[n < 0] =
    /// 2 Re(sum a_k z_k^-n). A walk along a row keeps one complex state per
    /// pole: forwards s = x[n] + z s, y+[n] = 2 Re(sum a s); backwards
    /// y-[n] = 2 Re(sum b t), t = x[n] + z t with b = a z. Each pole alone
    /// (not a polynomial of all four) keeps float rounding small when the
    /// poles near 1 (sigma 100: 3e-4 of a code in float32, where the direct
    /// form drifts by 55 codes). The weights are scaled so the discrete
    /// kernel sums to 1, and a walk starts from the steady state of its
    /// edge sample repeated (c x, c = 1 / (1 - z)): the clamp-to-edge border.
    /// Against the exact Gaussian (truncated at 3 sigma, as the catalog's),
    /// one direction is within 0.32 of an 8-bit code on steps and noise at
    /// every sigma from 2 to 100.
    struct Recursive {
        /// The two poles, a, b = a z and c = 1 / (1 - z) of each.
        let poles: [(a: Complex, b: Complex, z: Complex, c: Complex)]

        /// The Gaussian's radius (ceil(3 sigma)) from which a CPU-class
        /// device walks rather than slides a window: sigma above 5.33.
        /// Measured on lavapipe (720p, 120 frames, alternating runs): the
        /// walks take 2.3 to 3.0 s at any sigma; the window 1.5 to 2.3 at
        /// sigma 1 to 3.5, 2.4 to 3.3 at sigma 5 (radius 15, even), 3.0
        /// to 4.4 at sigma 10 (radius 32), and the RGB pyramid past it
        /// 4.6 to 5.5 at sigma 20.
        static let fromRadius = 17

        /// Floats the coefficients take (io/planes_blur.glsl reads them in
        /// this order): a, b, z, c of the first pole, then of the second.
        static let floats = 16

        init(sigma: Double) {
            let terms: [(cosine: Double, sine: Double, decay: Double, frequency: Double)] = [
                (1.680, 3.735, 1.783, 0.6318), (-0.6803, -0.2598, 1.723, 1.997),
            ]
            let raw = terms.map { term -> (a: Complex, z: Complex) in
                let z = Complex(polar: exp(-term.decay / sigma), angle: term.frequency / sigma)
                return (Complex(term.cosine / 2, -term.sine / 2), z)
            }
            // The whole discrete kernel: both halves' geometric sums.
            let total = raw.reduce(0.0) { sum, pole in
                let one = Complex(1, 0)
                return sum + 2 * (pole.a / (one - pole.z)).re + 2 * (pole.a * pole.z / (one - pole.z)).re
            }
            poles = raw.map { pole in
                let a = pole.a.scaled(1 / total)
                return (a, a * pole.z, pole.z, Complex(1, 0) / (Complex(1, 0) - pole.z))
            }
        }

        var packed: [Float] {
            poles.flatMap { [$0.a, $0.b, $0.z, $0.c].flatMap { [Float($0.re), Float($0.im)] } }
        }
    }

    /// A complex number, for working out the poles.
    struct Complex {
        let re: Double
        let im: Double

        init(_ re: Double, _ im: Double) {
            self.re = re
            self.im = im
        }

        init(polar magnitude: Double, angle: Double) {
            self.init(magnitude * cos(angle), magnitude * sin(angle))
        }

        func scaled(_ factor: Double) -> Complex { Complex(re * factor, im * factor) }

        static func + (lhs: Complex, rhs: Complex) -> Complex { Complex(lhs.re + rhs.re, lhs.im + rhs.im) }
        static func - (lhs: Complex, rhs: Complex) -> Complex { Complex(lhs.re - rhs.re, lhs.im - rhs.im) }
        static func * (lhs: Complex, rhs: Complex) -> Complex {
            Complex(lhs.re * rhs.re - lhs.im * rhs.im, lhs.re * rhs.im + lhs.im * rhs.re)
        }
        static func / (lhs: Complex, rhs: Complex) -> Complex {
            let norm = rhs.re * rhs.re + rhs.im * rhs.im
            return Complex(
                (lhs.re * rhs.re + lhs.im * rhs.im) / norm, (lhs.im * rhs.re - lhs.re * rhs.im) / norm)
        }
    }
}
