import Foundation

/// Where compiled shaders and pipeline caches are kept on disk.
public enum CacheLocation: Sendable, Hashable {
    /// `HARBETH_CACHE_DIR` when set (an empty value disables the disk cache),
    /// else `$XDG_CACHE_HOME/harbeth`, else `~/.cache/harbeth`.
    case automatic
    /// This folder.
    case directory(String)
    /// Memory only: nothing is read from or written to disk.
    case disabled

    /// The folder to use, or nil when the disk cache is off.
    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        switch self {
        case .disabled:
            return nil
        case .directory(let path):
            return path
        case .automatic:
            if let override = environment["HARBETH_CACHE_DIR"] {
                return override.isEmpty ? nil : override
            }
            if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
                return xdg + "/harbeth"
            }
            let home = environment["HOME"] ?? NSHomeDirectory()
            return home + "/.cache/harbeth"
        }
    }
}

/// A cache folder that only its owner can read or write (mode 0700), with
/// files written atomically. A folder that others can write is not trusted.
struct CacheDirectory: Sendable {
    let path: String

    /// Creates the folder (mode 0700) or tightens an existing one of ours.
    /// Returns nil when the folder cannot be made private to this user.
    init?(path: String) {
        var info = stat()
        if stat(path, &info) != 0 {
            guard
                (try? FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
            else { return nil }
            guard stat(path, &info) == 0 else { return nil }
        }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { return nil }
        if info.st_mode & 0o077 != 0 {
            guard chmod(path, 0o700) == 0 else { return nil }
        }
        self.path = path
    }

    func read(_ name: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path + "/" + name) else { return nil }
        return [UInt8](data)
    }

    /// Writes through a temporary file and a rename, so a reader never sees
    /// half a file. Failures are ignored: the cache is an optimisation.
    func write(_ name: String, _ bytes: [UInt8]) {
        let final = path + "/" + name
        let temporary = path + "/.\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == bytes.count {
            if rename(temporary, final) != 0 { unlink(temporary) }
        } else {
            unlink(temporary)
        }
    }

    func remove(_ name: String) {
        unlink(path + "/" + name)
    }
}

/// A self-checking cache file: a magic line, the SHA-256 of the key text,
/// the SHA-256 of the payload, the key text's length and the key text, then
/// the payload. Reading verifies all of it against what the caller expects,
/// so a corrupt, truncated or foreign file is never trusted.
enum CacheFile {
    static func encode(magic: String, keyText: String, payload: [UInt8]) -> [UInt8] {
        let keyBytes = Array(keyText.utf8)
        var header = magic + "\n"
        header += SHA256.hex(keyBytes) + "\n"
        header += SHA256.hex(payload) + "\n"
        header += "\(keyBytes.count)\n"
        return Array(header.utf8) + keyBytes + payload
    }

    static func decode(_ bytes: [UInt8], magic: String, keyText: String) -> [UInt8]? {
        var cursor = 0
        func line() -> String? {
            guard let end = bytes[cursor...].firstIndex(of: 0x0A), end - cursor <= 128 else { return nil }
            let text = String(decoding: bytes[cursor..<end], as: UTF8.self)
            cursor = end + 1
            return text
        }
        let keyBytes = Array(keyText.utf8)
        guard line() == magic, line() == SHA256.hex(keyBytes), let payloadHash = line(),
            let keyLengthText = line(), let keyLength = Int(keyLengthText), keyLength == keyBytes.count,
            bytes.count >= cursor + keyLength, Array(bytes[cursor..<(cursor + keyLength)]) == keyBytes
        else { return nil }
        let payload = Array(bytes[(cursor + keyLength)...])
        guard SHA256.hex(payload) == payloadHash else { return nil }
        return payload
    }
}
