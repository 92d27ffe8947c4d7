import Foundation

/// Processes a test runs beside the tool: an HTTP server, an ffmpeg stream
/// sender, an X server. Each binds to 127.0.0.1 only, is killed when the
/// test ends (`stop()`, or the time limit), and is waited for by a
/// condition it makes true (a port that accepts, a socket that appears),
/// never by a sleep.
public final class Service {
    /// Why a service could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let process: Process
    private let timer: DispatchSourceTimer

    /// Starts `program` with `arguments`, killed after `timeLimit` seconds at the latest.
    public init(
        _ program: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
        timeLimit: Double = 120
    ) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : try Service.find(program))
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + timeLimit)
        timer.setEventHandler { kill(pid, SIGKILL) }
        timer.resume()
    }

    deinit { stop() }

    /// Kills the process (SIGKILL unless told otherwise) and waits for it.
    public func stop(signal: Int32 = SIGKILL) {
        timer.cancel()
        if process.isRunning {
            kill(process.processIdentifier, signal)
            kill(process.processIdentifier, SIGCONT)
        }
        process.waitUntilExit()
    }

    /// Freezes the process (SIGSTOP): its sockets stay open and silent.
    public func pause() {
        if process.isRunning { kill(process.processIdentifier, SIGSTOP) }
    }

    /// A port no one listens on now, for a service to take.
    public static func freePort(udp: Bool = false) -> UInt16 {
        let descriptor = socket(AF_INET, udp ? Int32(SOCK_DGRAM.rawValue) : Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length)
                return getsockname(descriptor, $0, &length)
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits until something accepts TCP connections on `port` (false after `timeLimit` seconds).
    public static func waitForListener(port: UInt16, timeLimit: Double = 30) -> Bool {
        waitUntil(timeLimit: timeLimit) {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = port.bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
        }
    }

    /// Waits until a TCP socket listens on 127.0.0.1:`port`, as /proc/net/tcp
    /// shows it, without connecting to it (a `-listen 1` server takes one
    /// connection only).
    public static func waitForListeningSocket(port: UInt16, timeLimit: Double = 30) -> Bool {
        let local = String(format: "0100007F:%04X", port)
        return waitUntil(timeLimit: timeLimit) {
            let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
            return table.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ")
                return fields.count > 3 && fields[1] == local && fields[3] == "0A"
            }
        }
    }

    /// Waits until a UDP socket is bound to 127.0.0.1:`port`, as /proc/net/udp shows it.
    public static func waitForUDPSocket(port: UInt16, timeLimit: Double = 30) -> Bool {
        let local = String(format: "0100007F:%04X", port)
        return waitUntil(timeLimit: timeLimit) {
            let table = (try? String(contentsOfFile: "/proc/net/udp", encoding: .utf8)) ?? ""
            return table.split(separator: "\n").contains {
                $0.split(separator: " ").dropFirst().first == Substring(local)
            }
        }
    }

    /// Polls `condition` every 20 ms until it holds (true) or `timeLimit` passes (false).
    public static func waitUntil(timeLimit: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeLimit)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// `python3 -m http.server` serving `folder` on 127.0.0.1; returns it and its port once it accepts.
    public static func httpServer(serving folder: URL) throws -> (Service, UInt16) {
        let port = freePort()
        let server = try Service(
            "python3", ["-m", "http.server", "\(port)", "--bind", "127.0.0.1", "--directory", folder.path])
        guard waitForListener(port: port) else { throw Failure(description: "the HTTP server never listened") }
        return (server, port)
    }

    /// An ffmpeg CLI sending `seconds` of testsrc2 and a 440 Hz tone (AAC,
    /// 44.1 kHz mono) in real time (`-re`) as MPEG-TS to `url`.
    public static func streamSender(to url: String, seconds: Int = 30, size: String = "160x120") throws -> Service {
        try Service(
            "ffmpeg",
            [
                "-v", "error", "-re", "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=44100", "-t", "\(seconds)", "-c:v", "libx264", "-preset",
                "ultrafast", "-g", "25", "-c:a", "aac", "-f", "mpegts", url,
            ])
    }

    /// An X server (Xvfb) on a free display, 320x240, once its socket is there.
    public static func virtualScreen() throws -> (Service, String) {
        for _ in 0..<20 {
            let number = Int.random(in: 100...900)
            let socketPath = "/tmp/.X11-unix/X\(number)"
            guard !FileManager.default.fileExists(atPath: socketPath),
                !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            else { continue }
            let server = try Service("Xvfb", [":\(number)", "-screen", "0", "320x240x24", "-nolisten", "tcp"])
            if waitUntil(timeLimit: 30, { FileManager.default.fileExists(atPath: socketPath) }) {
                return (server, ":\(number)")
            }
            server.stop()
        }
        throw Failure(description: "no X display could be started")
    }

    /// Something that moves on `display`: ffplay showing testsrc2 full screen.
    public static func movingPicture(on display: String) throws -> Service {
        try Service(
            "ffplay",
            [
                "-v", "error", "-an", "-noborder", "-left", "0", "-top", "0", "-f", "lavfi",
                "testsrc2=size=320x240:rate=25",
            ], environment: ["DISPLAY": display, "SDL_AUDIODRIVER": "dummy"])
    }

    private static func find(_ program: String) throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Failure(description: "\(program) is not installed")
    }
}
