import CGlslang
import Foundation

/// Counts of what the shader and pipeline caches did, for reports.
package struct ShaderCacheStatistics: Sendable, Equatable {
    /// Sources compiled by glslang.
    package var compiles = 0
    /// Lookups answered from memory.
    package var memoryHits = 0
    /// Lookups answered from the disk cache.
    package var diskHits = 0
    /// Disk cache files that failed verification and were discarded.
    package var rejectedFiles = 0
    /// Compute pipelines created (each uses the pipeline cache).
    package var pipelinesCreated = 0
    /// Whether the `VkPipelineCache` was loaded from disk at start.
    package var pipelineCacheLoaded = false

    package init() {}
}

/// Compiles GLSL compute shaders to SPIR-V with glslang, caching results by
/// a SHA-256 of the compiler's signature, the defines and the source, in
/// memory and (optionally) on disk.
package final class ShaderCompiler: Sendable {
    /// glslang version, client and SPIR-V target: part of every cache key.
    package static let signature =
        "glslang \(cglslang_version_major()).\(cglslang_version_minor()).\(cglslang_version_patch()) vulkan1.2 spv1.5"

    private static let magic = "HARBETH-SPIRV-1"
    private let memory = Locked<[String: [UInt32]]>([:])
    private let statistics = Locked(ShaderCacheStatistics())
    let directory: CacheDirectory?

    init(directory: CacheDirectory?) {
        self.directory = directory
    }

    /// What the caches have done so far.
    package var cacheStatistics: ShaderCacheStatistics { statistics.withLock { $0 } }

    func recordPipelineCreated() { statistics.withLock { $0.pipelinesCreated += 1 } }
    func recordPipelineCacheLoaded() { statistics.withLock { $0.pipelineCacheLoaded = true } }

    /// Compiles `source`, or returns the cached SPIR-V for it.
    package func compile(_ source: ShaderSource) throws(ShaderCompileError) -> [UInt32] {
        let keyText = Self.signature + "\n" + source.preamble + "\n" + source.text
        let key = SHA256.hex(Array(keyText.utf8))
        if let cached = memory.withLock({ $0[key] }) {
            statistics.withLock { $0.memoryHits += 1 }
            return cached
        }
        if let directory, let file = directory.read(key + ".spv") {
            if let payload = CacheFile.decode(file, magic: Self.magic, keyText: keyText),
                let words = Self.words(payload)
            {
                memory.withLock { $0[key] = words }
                statistics.withLock { $0.diskHits += 1 }
                return words
            }
            statistics.withLock { $0.rejectedFiles += 1 }
            directory.remove(key + ".spv")
        }
        let words = try GlslangProcess.shared.compile(source)
        statistics.withLock { $0.compiles += 1 }
        memory.withLock { $0[key] = words }
        if let directory {
            let payload = words.withUnsafeBytes { Array($0) }
            directory.write(key + ".spv", CacheFile.encode(magic: Self.magic, keyText: keyText, payload: payload))
        }
        return words
    }

    /// SPIR-V words from bytes, if they look like a SPIR-V module.
    private static func words(_ bytes: [UInt8]) -> [UInt32]? {
        guard bytes.count >= 20, bytes.count % 4 == 0 else { return nil }
        let words = bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        return words[0] == 0x0723_0203 ? words : nil
    }
}

/// glslang's process-wide state: initialised once, on first use, and never
/// finalised (finalising while another thread compiles is unsafe). Compiles
/// are serialised: glslang 12's C interface shares a symbol table pool.
final class GlslangProcess: Sendable {
    static let shared = GlslangProcess()
    private let lock = Locked(())

    private init() {
        _ = glslang_initialize_process()
    }

    func compile(_ source: ShaderSource) throws(ShaderCompileError) -> [UInt32] {
        let result: Result<[UInt32], ShaderCompileError> = lock.withLock { _ in
            Self.compileLocked(source)
        }
        return try result.get()
    }

    private static func compileLocked(_ source: ShaderSource) -> Result<[UInt32], ShaderCompileError> {
        source.text.withCString { code in
            var input = glslang_input_t()
            input.language = GLSLANG_SOURCE_GLSL
            input.stage = GLSLANG_STAGE_COMPUTE
            input.client = GLSLANG_CLIENT_VULKAN
            input.client_version = GLSLANG_TARGET_VULKAN_1_2
            input.target_language = GLSLANG_TARGET_SPV
            input.target_language_version = GLSLANG_TARGET_SPV_1_5
            input.code = code
            input.default_version = 450
            input.default_profile = GLSLANG_NO_PROFILE
            input.force_default_version_and_profile = 0
            input.forward_compatible = 0
            input.messages = glslang_messages_t(
                rawValue: GLSLANG_MSG_SPV_RULES_BIT.rawValue | GLSLANG_MSG_VULKAN_RULES_BIT.rawValue)
            input.resource = glslang_default_resource()

            guard let shader = glslang_shader_create(&input) else {
                return .failure(
                    ShaderCompileError(name: source.name, stage: .parse, log: "glslang could not create a shader"))
            }
            defer { glslang_shader_delete(shader) }
            let preamble = source.preamble
            return preamble.withCString { preamblePointer in
                if !preamble.isEmpty { glslang_shader_set_preamble(shader, preamblePointer) }
                if glslang_shader_preprocess(shader, &input) == 0 {
                    return .failure(
                        ShaderCompileError(name: source.name, stage: .preprocess, log: Self.log(of: shader)))
                }
                if glslang_shader_parse(shader, &input) == 0 {
                    return .failure(ShaderCompileError(name: source.name, stage: .parse, log: Self.log(of: shader)))
                }
                guard let program = glslang_program_create() else {
                    return .failure(
                        ShaderCompileError(name: source.name, stage: .link, log: "glslang could not create a program"))
                }
                defer { glslang_program_delete(program) }
                glslang_program_add_shader(program, shader)
                let messages = Int32(GLSLANG_MSG_SPV_RULES_BIT.rawValue | GLSLANG_MSG_VULKAN_RULES_BIT.rawValue)
                if glslang_program_link(program, messages) == 0 {
                    let log = glslang_program_get_info_log(program).map { String(cString: $0) } ?? ""
                    return .failure(ShaderCompileError(name: source.name, stage: .link, log: log))
                }
                glslang_program_SPIRV_generate(program, GLSLANG_STAGE_COMPUTE)
                let count = glslang_program_SPIRV_get_size(program)
                guard count > 0, let words = glslang_program_SPIRV_get_ptr(program) else {
                    let log = glslang_program_SPIRV_get_messages(program).map { String(cString: $0) } ?? ""
                    return .failure(ShaderCompileError(name: source.name, stage: .spirv, log: log))
                }
                return .success(Array(UnsafeBufferPointer(start: words, count: count)))
            }
        }
    }

    private static func log(of shader: OpaquePointer) -> String {
        glslang_shader_get_info_log(shader).map { String(cString: $0) } ?? ""
    }
}
