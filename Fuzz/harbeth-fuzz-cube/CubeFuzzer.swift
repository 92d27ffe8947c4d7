import HarbethFuzzSupport

/// libFuzzer target for CubeProperties, or a replayer of its corpus in
/// builds without libFuzzer (Fuzz/README.md).
@main
enum CubeFuzzer {
    static func main() {
        FuzzEntry.main("harbeth-fuzz-cube", CubeProperties.check)
    }
}
