extension Duration {
    /// The duration in seconds, for progress and timing counters.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
