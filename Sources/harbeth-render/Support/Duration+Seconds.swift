extension Duration {
    /// The duration in seconds, for timings and reports.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
