import HarbethFuzzSupport

/// libFuzzer target for ShaderProperties, or a replayer of its corpus in
/// builds without libFuzzer (Fuzz/README.md).
@main
enum ShaderFuzzer {
    static func main() {
        FuzzEntry.main("harbeth-fuzz-shader", ShaderProperties.check)
    }
}
