import Foundation

#if HARBETH_FUZZ
    import CLibFuzzer
#endif

/// A fuzz target's properties: throws when one does not hold for the input.
public typealias FuzzCheck = @Sendable ([UInt8]) throws(FuzzFailure) -> Void

/// The two ways a fuzz target runs: under libFuzzer (`Scripts/fuzz` builds
/// with `-sanitize=fuzzer` and `-D HARBETH_FUZZ`), and as a plain program
/// that replays corpus files, which every normal build makes.
public enum FuzzEntry {
    /// The target's `main`: hands the command line to libFuzzer in a fuzz
    /// build, replays the files it names otherwise.
    public static func main(_ tool: String, _ check: @escaping FuzzCheck) -> Never {
        #if HARBETH_FUZZ
            fuzzCheck = check
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in FuzzEntry.fuzz(data, size) })
        #else
            exit(replay(tool, arguments: Array(CommandLine.arguments.dropFirst()), check))
        #endif
    }

    #if HARBETH_FUZZ
        /// The check libFuzzer's callback runs; a C callback cannot capture it.
        /// Safe unsynchronised: set once before the driver starts, and the
        /// driver calls back on this thread only.
        nonisolated(unsafe) private static var fuzzCheck: FuzzCheck?

        /// One libFuzzer input. A failed property stops the process, so
        /// libFuzzer saves the input as a crash artifact.
        private static func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
            let bytes = Array(UnsafeBufferPointer(start: data, count: size))
            do {
                try fuzzCheck!(bytes)
            } catch {
                fatalError("property failed: \(error)")
            }
            return 0
        }
    #endif

    /// Replays the files named on the command line, and the files in the
    /// folders named there, through `check`; prints each failure with its
    /// file and a one-line summary. Returns the exit status: 0 when every
    /// property held, 1 when one failed, 2 for bad arguments.
    static func replay(_ tool: String, arguments: [String], _ check: FuzzCheck) -> Int32 {
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            printError("usage: \(tool) FILE_OR_FOLDER...")
            printError("Replays corpus inputs; Scripts/fuzz builds this target for libFuzzer.")
            return 2
        }
        var files: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                printError("\(tool): no such file or folder: \(argument)")
                return 2
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                files += names.sorted().map { argument + "/" + $0 }
            } else {
                files.append(argument)
            }
        }
        var failures = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("\(tool): cannot read \(file)")
                return 2
            }
            do {
                try check(Array(data))
            } catch {
                failures += 1
                printError("\(file): \(error)")
            }
        }
        print("\(tool): replayed \(files.count) inputs, \(failures) failed")
        return failures == 0 ? 0 : 1
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
