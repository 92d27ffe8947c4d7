import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one child used, from the rusage that `wait4` returns for that pid
/// alone. (`getrusage(RUSAGE_CHILDREN)` sums every child reaped so far and
/// its peak is the largest child's, so it cannot be split per run.)
struct ChildUsage: Sendable {
    /// From just before posix_spawn to wait4's return.
    var wallSeconds: Double
    var userSeconds: Double
    var systemSeconds: Double
    /// `ru_maxrss`: the child's peak resident set, in KiB on Linux.
    var peakRSSKiB: Int

    var cpuSeconds: Double { userSeconds + systemSeconds }
}

/// How a child ended.
enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signalled(let signal): return "was killed by signal \(signal)"
        }
    }
}

/// Runs programs with posix_spawn and reaps them with wait4. Not
/// Foundation.Process: on Linux it reaps its children itself, so the
/// rusage of one child (its peak memory) would be lost to us.
enum ChildProcess {
    /// Runs `command` to its end: standard input from /dev/null, standard
    /// output and error into the given files (truncated first).
    static func run(
        _ command: Command, stdoutPath: String, stderrPath: String
    ) throws(BenchError) -> (usage: ChildUsage, termination: Termination) {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in command.environment { environment[key] = value }
        let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var pid = pid_t()
        let started = ContinuousClock.now
        let spawnError = posix_spawn(&pid, command.executable, &actions, nil, argv, envp)
        guard spawnError == 0 else {
            throw .spawnFailed(command: command.displayText, reason: String(cString: strerror(spawnError)))
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            // Only an interrupted wait is retried; any other error means the
            // child is not ours to wait for, which cannot happen here.
            guard errno == EINTR else {
                throw .io("wait4 for \(command.executable) failed: \(String(cString: strerror(errno)))")
            }
        }
        let wall = ContinuousClock.now - started
        // WIFEXITED and friends are macros Swift does not import.
        let termination: Termination =
            status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        return (
            ChildUsage(
                wallSeconds: wall.seconds, userSeconds: usage.ru_utime.seconds,
                systemSeconds: usage.ru_stime.seconds, peakRSSKiB: usage.ru_maxrss),
            termination
        )
    }

    /// Runs a short command and returns its standard output, or throws with
    /// the end of its standard error when it fails.
    static func capture(_ command: Command, scratch: String) throws(BenchError) -> String {
        let stdoutPath = scratch + "/capture.out"
        let stderrPath = scratch + "/capture.err"
        let (_, termination) = try run(command, stdoutPath: stdoutPath, stderrPath: stderrPath)
        guard termination == .exited(0) else {
            throw .runFailed(
                command: command.displayText, termination: termination.description,
                detail: TextFile.tail(of: stderrPath))
        }
        return TextFile.read(stdoutPath) ?? ""
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

extension timeval {
    fileprivate var seconds: Double { Double(tv_sec) + Double(tv_usec) * 1e-6 }
}
