import Foundation
import HarbethTestSupport
import XCTest

/// Runs the built `harbeth-render` binary as a user would: arguments, a
/// working folder, and the test environment (lavapipe, the validation layer,
/// a private shader cache), capturing both streams and the exit status.
enum Tool {
    /// What one run printed and how it ended.
    struct Run {
        let status: Int32
        /// True when the process ended by a signal rather than an exit.
        let killedBySignal: Bool
        /// True when it ran past its time limit and the watchdog killed it.
        let timedOut: Bool
        let stdout: String
        let stderr: String

        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The binary in the build folder: beside the test bundle, which on
    /// Linux is itself the executable the tests run in.
    static let binary: URL = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        var bundle = Bundle(for: Marker.self).bundleURL
        while bundle.pathComponents.count > 1, bundle.pathExtension != "xctest" { bundle.deleteLastPathComponent() }
        candidates.append(bundle.deletingLastPathComponent())
        let found = candidates.map { $0.appendingPathComponent("harbeth-render") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
        return found ?? candidates[0].appendingPathComponent("harbeth-render")
    }()

    private final class Marker {}

    /// The environment every run gets: the test process's own, with the
    /// GPU test settings, and the binary's shader cache kept in the test's
    /// cache folder so later runs find what earlier ones compiled.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // The same choices GPUTestEnvironment makes for the library's tests,
        // set here explicitly: lavapipe unless a driver was chosen, and the
        // validation layer on.
        if environment["VK_DRIVER_FILES"] == nil && environment["VK_ICD_FILENAMES"] == nil {
            environment["VK_DRIVER_FILES"] = GPUTestEnvironment.lavapipeICD
        }
        if environment["HARBETH_VALIDATION"] == nil { environment["HARBETH_VALIDATION"] = "1" }
        if environment["VK_LOADER_DEBUG"] == nil { environment["VK_LOADER_DEBUG"] = "error" }
        environment["HARBETH_CACHE_DIR"] = GPUTestEnvironment.cacheDirectory + "/cli"
        environment.removeValue(forKey: "HARBETH_RENDER_HOLD_AT_FRAME")
        return environment
    }

    /// How long a run may take before the watchdog kills it: far more
    /// than any test's render needs on two shared cores in a debug build.
    static let defaultTimeLimit: Double = 300

    /// Runs the tool to its end. A run that outlives `timeLimit` seconds is
    /// killed and fails the test, so no test waits on a hung tool.
    static func run(
        _ arguments: [String], in folder: URL? = nil, environment extra: [String: String] = [:],
        timeLimit: Double = defaultTimeLimit, launcher: [String] = [], standardOutput: FileHandle? = nil,
        standardInput: FileHandle? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Run {
        let process = try start(
            arguments, in: folder, environment: extra, timeLimit: timeLimit, launcher: launcher,
            standardOutput: standardOutput, standardInput: standardInput)
        let result = process.finish()
        XCTAssertFalse(
            result.timedOut,
            "harbeth-render \(arguments.joined(separator: " ")) ran past \(timeLimit) s and was killed",
            file: file, line: line)
        assertNoValidationMessages(result, file: file, line: line)
        return result
    }

    /// A started process whose standard error can be read line by line.
    final class Running {
        let process: Process
        private let stderrHandle: FileHandle
        private let stdoutData = LockedBox(Data())
        private let stdoutDone = DispatchSemaphore(value: 0)
        private var stderrBuffer = Data()
        private var stderrText = ""
        private let expired = LockedBox(false)
        private let watchdog: DispatchSourceTimer

        init(process: Process, stdout: Pipe?, stderr: Pipe, timeLimit: Double, exited: LockedBox<Bool>) {
            self.process = process
            stderrHandle = stderr.fileHandleForReading
            // The watchdog: past the limit the process is killed, which ends
            // its streams, so every read below returns and the test fails
            // on `timedOut` instead of hanging.
            watchdog = DispatchSource.makeTimerSource(queue: .global())
            watchdog.schedule(deadline: .now() + timeLimit)
            let pid = process.processIdentifier
            watchdog.setEventHandler { [expired] in
                guard !exited.value else { return }
                expired.set(true)
                kill(pid, SIGKILL)
            }
            watchdog.resume()
            // Drain standard output on its own thread so the tool never blocks on it.
            let box = stdoutData
            let done = stdoutDone
            if let handle = stdout?.fileHandleForReading {
                Thread {
                    box.set(handle.readDataToEndOfFile())
                    done.signal()
                }.start()
            } else {
                done.signal()
            }
        }

        /// Reads standard error until a line containing `text` arrives;
        /// returns false if the stream ends first.
        func waitForStderrLine(containing text: String) -> Bool {
            while true {
                if let range = stderrBuffer.firstRange(of: Data("\n".utf8)) {
                    let line = String(decoding: stderrBuffer[..<range.lowerBound], as: UTF8.self)
                    stderrText += line + "\n"
                    stderrBuffer.removeSubrange(..<range.upperBound)
                    if line.contains(text) { return true }
                    continue
                }
                let chunk = stderrHandle.availableData
                if chunk.isEmpty { return false }
                stderrBuffer.append(chunk)
            }
        }

        /// Reads both streams to their end and waits for the exit.
        func finish() -> Run {
            let rest = stderrHandle.readDataToEndOfFile()
            stderrText += String(decoding: stderrBuffer + rest, as: UTF8.self)
            stdoutDone.wait()
            process.waitUntilExit()
            watchdog.cancel()
            return Run(
                status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                timedOut: expired.value, stdout: String(decoding: stdoutData.value, as: UTF8.self),
                stderr: stderrText)
        }
    }

    /// Starts the tool; `launcher` runs it through another program (e.g.
    /// `/usr/bin/prlimit --fsize=N`), which must exec it in its place.
    /// `standardOutput` replaces the captured pipe (e.g. `/dev/full`).
    static func start(
        _ arguments: [String], in folder: URL? = nil, environment extra: [String: String] = [:],
        timeLimit: Double = defaultTimeLimit, launcher: [String] = [], standardOutput: FileHandle? = nil,
        standardInput: FileHandle? = nil
    ) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Failure(description: "\(binary.path) is missing: build with swift build --build-tests")
        }
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.environment = environment.merging(extra) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        let stdout = standardOutput == nil ? Pipe() : nil
        let stderr = Pipe()
        process.standardOutput = standardOutput ?? stdout
        process.standardError = stderr
        process.standardInput = standardInput ?? FileHandle.nullDevice
        let exited = LockedBox(false)
        process.terminationHandler = { _ in exited.set(true) }
        try process.run()
        return Running(process: process, stdout: stdout, stderr: stderr, timeLimit: timeLimit, exited: exited)
    }

    /// The binary prints the validation layer's errors and warnings; any
    /// of them fails the test, as in the library's own tests.
    static func assertNoValidationMessages(_ run: Run, file: StaticString = #filePath, line: UInt = #line) {
        for text in run.stderrLines where text.contains("vulkan validation") {
            XCTFail(text, file: file, line: line)
        }
    }

    /// Runs the binary with `arguments` in `folder` and asserts a usage
    /// error: `message` as its one line, exit status 2.
    static func assertUsageError(
        _ arguments: [String], in folder: URL, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let run = try run(arguments, in: folder)
        XCTAssertEqual(run.stderrLines, ["harbeth-render: error: " + message], file: file, line: line)
        XCTAssertEqual(run.status, 2, file: file, line: line)
    }
}

/// A value shared between threads under a lock.
final class LockedBox<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value { lock.withLock { stored } }
}
