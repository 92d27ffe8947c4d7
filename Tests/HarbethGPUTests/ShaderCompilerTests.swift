import Foundation
import HarbethGPU
import HarbethTestSupport
import XCTest

final class ShaderCompilerTests: XCTestCase {
    private func freshCacheFolder() -> String {
        NSTemporaryDirectory() + "harbeth-cache-test-\(UUID().uuidString)"
    }

    func testBrokenShaderReportsTheLine() throws {
        let context = try GPUTestEnvironment.context()
        let text = """
            #version 450
            layout(local_size_x = 1) in;
            void main() {
                float x = 1.0;
                x = undefinedThing + 2.0;
            }
            """
        XCTAssertThrowsError(try context.compiler.compile(ShaderSource(name: "broken.glsl", text: text))) { error in
            guard let error = error as? ShaderCompileError else {
                return XCTFail("expected ShaderCompileError, got \(error)")
            }
            XCTAssertEqual(error.diagnostics.first?.line, 5)
            XCTAssertEqual(error.diagnostics.first?.file, "broken.glsl")
            XCTAssertTrue(error.description.contains("undefinedThing"), error.description)
            XCTAssertTrue(error.description.contains("broken.glsl:5"), error.description)
        }
    }

    func testLineDirectivesNameTheUsersFile() throws {
        let context = try GPUTestEnvironment.context()
        let text = """
            #version 450
            #extension GL_GOOGLE_cpp_style_line_directive : require
            layout(local_size_x = 1) in;
            #line 1 "my_effect.glsl"
            void main() {
                int y = nope;
            }
            """
        XCTAssertThrowsError(try context.compiler.compile(ShaderSource(name: "generated", text: text))) { error in
            let error = error as? ShaderCompileError
            XCTAssertEqual(error?.diagnostics.first?.file, "my_effect.glsl")
            XCTAssertEqual(error?.diagnostics.first?.line, 2)
        }
    }

    func testSecondCompileHitsMemoryThenDiskInANewContext() throws {
        let folder = freshCacheFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = ShaderSource(
            name: "cached", text: "#version 450\nlayout(local_size_x = 1) in;\nvoid main() { }\n",
            defines: ["UNIQUE": "\(UUID().uuidString.hashValue & 0xFFFF)"])

        do {
            let first = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
            let before = first.compiler.cacheStatistics
            let words = try first.compiler.compile(source)
            XCTAssertEqual(words.first, 0x0723_0203)
            XCTAssertEqual(first.compiler.cacheStatistics.compiles, before.compiles + 1)
            _ = try first.compiler.compile(source)
            XCTAssertEqual(first.compiler.cacheStatistics.compiles, before.compiles + 1)
            XCTAssertEqual(first.compiler.cacheStatistics.memoryHits, before.memoryHits + 1)
        }
        let second = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
        _ = try second.compiler.compile(source)
        XCTAssertEqual(second.compiler.cacheStatistics.compiles, 0)
        XCTAssertEqual(second.compiler.cacheStatistics.diskHits, 1)

        var info = stat()
        XCTAssertEqual(stat(folder, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700, "the cache folder is private to its owner")
    }

    func testCorruptOrForeignCacheFilesAreDiscardedAndRewritten() throws {
        let folder = freshCacheFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = ShaderSource(
            name: "poisoned", text: "#version 450\nlayout(local_size_x = 1) in;\nvoid main() { }\n")
        do {
            let context = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
            _ = try context.compiler.compile(source)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".spv") }
        XCTAssertEqual(files.count, 1)
        let path = folder + "/" + files[0]

        // Flip a byte of the SPIR-V payload: the checksum no longer matches.
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        bytes[bytes.count - 5] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        let context = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
        _ = try context.compiler.compile(source)
        XCTAssertEqual(context.compiler.cacheStatistics.rejectedFiles, 1)
        XCTAssertEqual(context.compiler.cacheStatistics.compiles, 1)

        // Garbage of any shape is rejected the same way, never trusted.
        try Data("not a cache file".utf8).write(to: URL(fileURLWithPath: path))
        let third = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
        _ = try third.compiler.compile(source)
        XCTAssertEqual(third.compiler.cacheStatistics.rejectedFiles, 1)

        // The rewritten file is valid again.
        let fourth = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
        _ = try fourth.compiler.compile(source)
        XCTAssertEqual(fourth.compiler.cacheStatistics.diskHits, 1)
    }

    func testPipelineCacheIsSavedAndReloaded() throws {
        let folder = freshCacheFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let descriptor = KernelDescriptor(
            source: ShaderSource(name: "p", text: "#version 450\nlayout(local_size_x_id = 0) in;\nvoid main() { }\n"),
            bindings: [])
        do {
            let context = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
            XCTAssertFalse(context.compiler.cacheStatistics.pipelineCacheLoaded)
            _ = try context.makePipeline(descriptor)
            context.savePipelineCache()
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertTrue(files.contains { $0.hasPrefix("pipelines-") }, "\(files)")
        let path = folder + "/" + files.first { $0.hasPrefix("pipelines-") }!
        // Files are replaced whole (written beside, then renamed): a write
        // is a new file number.
        func fileNumber() throws -> Int {
            try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
        }
        let written = try fileNumber()
        let context = try GPUContext(options: GPUTestEnvironment.options(cache: .directory(folder)))
        XCTAssertTrue(context.compiler.cacheStatistics.pipelineCacheLoaded)
        // A warm start makes the same pipeline from the file: nothing new
        // to write.
        _ = try context.makePipeline(descriptor)
        context.savePipelineCache()
        XCTAssertEqual(try fileNumber(), written, "a warm start rewrote the pipeline cache")
    }
}
