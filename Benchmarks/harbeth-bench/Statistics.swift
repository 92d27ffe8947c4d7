/// Medians: robust to the odd run slowed by another process on a shared
/// machine, which a mean is not.
enum Statistics {
    static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "a median of nothing")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
