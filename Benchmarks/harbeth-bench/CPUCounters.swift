import Foundation

/// Busy CPU time of the whole machine, from the first line of /proc/stat.
/// The load average cannot tell the bench's own children from other work
/// (a run that keeps both cores busy adds 2 by itself); busy time minus
/// the child's own CPU time can.
enum CPUCounters {
    /// Seconds all cores have spent busy (user, nice, system, irq, softirq,
    /// steal) since boot; nil where /proc/stat cannot be read.
    static func busySeconds() -> Double? {
        guard let text = TextFile.read("/proc/stat"), let line = text.split(separator: "\n").first,
            line.hasPrefix("cpu ")
        else { return nil }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return nil }
        // user nice system idle iowait irq softirq steal (guest is in user)
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Cores that other processes kept busy over `seconds` while the bench
    /// ran nothing.
    static func otherCores(over seconds: Double) -> Double? {
        guard let before = busySeconds() else { return nil }
        usleep(useconds_t(seconds * 1e6))
        guard let after = busySeconds() else { return nil }
        return (after - before) / seconds
    }
}
