import HarbethFuzzSupport

/// libFuzzer target for ChainProperties, or a replayer of its corpus in
/// builds without libFuzzer (Fuzz/README.md).
@main
enum ChainFuzzer {
    static func main() {
        FuzzEntry.main("harbeth-fuzz-chain", ChainProperties.check)
    }
}
