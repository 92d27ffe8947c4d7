// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Harbeth",
    products: [
        .library(name: "Harbeth", targets: ["Harbeth"]),
        .library(name: "Kakapos", targets: ["Kakapos"]),
        .executable(name: "harbeth-render", targets: ["harbeth-render"]),
        .executable(name: "harbeth-bench", targets: ["harbeth-bench"]),
    ],
    targets: [
        // System-library shims: a module map and one header each.
        .systemLibrary(name: "CVulkan", path: "Sources/CVulkan"),
        .systemLibrary(name: "CGlslang", path: "Sources/CGlslang"),
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg"),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),

        // Shaders/ is embedded into the targets that run kernels.
        .executableTarget(name: "ShaderEmbedder", path: "Plugins/ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),

        .target(name: "HarbethGPU", dependencies: ["CVulkan", "CGlslang"]),
        // Shaders/ as a target of its own, so adding or removing a .glsl file
        // makes SwiftPM run the plugin again.
        .target(name: "HarbethShaders", path: "Shaders", plugins: ["EmbedShaders"]),
        .target(name: "Harbeth", dependencies: ["HarbethGPU", "HarbethShaders"]),
        .target(name: "Kakapos", dependencies: ["Harbeth", "CFFmpeg", "CLinux"]),
        .executableTarget(name: "harbeth-render", dependencies: ["Kakapos", "Harbeth"]),
        // The benchmark drives the built harbeth-render and the ffmpeg CLI as
        // a user would, so it links none of the package's modules.
        .executableTarget(name: "harbeth-bench", path: "Benchmarks/harbeth-bench"),

        // Examples/: short programs that use the public API only, as a
        // program depending on this package would (a test builds them again
        // from a separate package to prove it).
        .executableTarget(name: "still", dependencies: ["Kakapos"], path: "Examples/still"),
        .executableTarget(name: "export", dependencies: ["Kakapos"], path: "Examples/export"),
        .executableTarget(name: "generate", dependencies: ["Kakapos"], path: "Examples/generate"),
        .executableTarget(name: "animate", dependencies: ["Kakapos"], path: "Examples/animate"),
        .executableTarget(name: "handles", dependencies: ["Harbeth"], path: "Examples/handles"),

        // Fuzz targets for the text parsers (Fuzz/README.md): libFuzzer entry
        // points when Scripts/fuzz builds them with -sanitize=fuzzer, corpus
        // replayers in every other build.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(
            name: "HarbethFuzzSupport", dependencies: ["Harbeth", "CLibFuzzer"], path: "Fuzz/HarbethFuzzSupport"),
        .executableTarget(
            name: "harbeth-fuzz-chain", dependencies: ["HarbethFuzzSupport"], path: "Fuzz/harbeth-fuzz-chain"),
        .executableTarget(
            name: "harbeth-fuzz-cube", dependencies: ["HarbethFuzzSupport"], path: "Fuzz/harbeth-fuzz-cube"),
        .executableTarget(
            name: "harbeth-fuzz-shader", dependencies: ["HarbethFuzzSupport"], path: "Fuzz/harbeth-fuzz-shader"),

        .target(
            name: "HarbethTestSupport", dependencies: ["Harbeth", "HarbethTestRegistration"], path: "Tests/Support"),
        // Registers the tests' validation observer when a test bundle loads.
        .target(name: "HarbethTestRegistration", path: "Tests/SupportRegistration"),
        .testTarget(
            name: "HarbethGPUTests",
            dependencies: ["HarbethGPU", "HarbethShaders", "HarbethTestSupport"]
        ),
        // A program the tests run as a child process (ProcessExitTests).
        .executableTarget(
            name: "exit-while-rendering", dependencies: ["Harbeth"], path: "Tests/Programs/exit-while-rendering"),
        .testTarget(
            name: "HarbethTests",
            dependencies: ["Harbeth", "HarbethTestSupport", "exit-while-rendering"]
        ),
        .testTarget(
            name: "KakaposTests",
            dependencies: ["Kakapos", "HarbethTestSupport"]
        ),
        // Parser unit tests import the executable's module; the end-to-end
        // tests run its built binary (the dependency makes sure it is built).
        // The benchmark's plan and process plumbing; nothing is timed.
        .testTarget(name: "harbeth-benchTests", dependencies: ["harbeth-bench"]),
        .testTarget(
            name: "harbeth-renderTests",
            dependencies: ["harbeth-render", "Kakapos", "HarbethTestSupport"]
        ),
    ]
)
