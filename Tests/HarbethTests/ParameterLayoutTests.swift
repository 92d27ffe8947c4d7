import HarbethShaders
import HarbethTestSupport
import XCTest

@testable import Harbeth

/// Every built-in filter names the floats it packs (`ParameterField`), its
/// default values fill that layout, and its shaders read the floats by
/// those names, never by position: adding a parameter cannot shift what a
/// shader reads for the others.
final class ParameterLayoutTests: XCTestCase {
    /// The files of every stage a descriptor may run: its stages, their CPU
    /// variants, and the stages it plans for its defaults, each choice and
    /// each number at the top of its range.
    private func files(of descriptor: FilterDescriptor) -> Set<String> {
        var stages = descriptor.stages
        var variants: [[String: FilterValue]] = [[:]]
        for parameter in descriptor.parameters {
            switch parameter.type {
            case .choice(let names): variants += names.map { [parameter.name: .choice($0)] }
            case .number, .integer: variants.append([parameter.name: .number(parameter.range?.upperBound ?? 1)])
            default: break
            }
        }
        for variant in variants {
            let values = Filter(clamping: descriptor, values: variant).values
            for input in [FrameSize(width: 64, height: 48), FrameSize(width: 1920, height: 1080)] {
                stages += ((try? descriptor.stages(for: values, input: input)) ?? []).map(\.stage)
            }
        }
        stages += stages.map { $0.variant(for: .cpu) }
        return Set(
            stages.compactMap { stage -> String? in
                switch stage.code {
                case .embedded(let path): return path
                // A built-in file with a value compiled in (the blur strips).
                case .inline(let name, _): return ShaderLibrary.source(name) == nil ? nil : name
                }
            })
    }

    func testEveryBuiltinFilterNamesWhatItPacks() throws {
        for descriptor in FilterCatalog.standard.descriptors where !descriptor.isLook {
            let layout = try XCTUnwrap(descriptor.layout, "\(descriptor.name) declares no parameter layout")
            XCTAssertEqual(Set(layout.map(\.name)).count, layout.count, "\(descriptor.name): a field named twice")
            XCTAssertFalse(layout.dropLast().contains { $0.count == nil }, "\(descriptor.name): a rest field not last")
            var environment = FilterEnvironment(
                inputSize: FrameSize(width: 64, height: 48), resources: FileResourceLoader())
            environment.nodeInputs = Array(
                repeating: FrameSize(width: 64, height: 48), count: descriptor.nodeInputs.count)
            environment.colorimetry = .untaggedDefault
            guard let packed = try? descriptor.pack(Filter(clamping: descriptor).values, environment) else {
                continue  // needs a file its defaults do not name
            }
            XCTAssertTrue(
                layout.accepts(packed.count),
                "\(descriptor.name) packs \(packed.count) floats; its layout names \(layout.fixedFloats)")
        }
    }

    /// Each shader file reads no parameter by position, a pointwise file
    /// (included once in a pass whichever filters call it) has one layout
    /// for every filter that runs it, and each field of a filter is read by
    /// one of its files: by name, or as part of a run indexed from an
    /// earlier field's start (`hbo_r + 4 * channel`).
    func testBuiltinShadersReadTheirParametersByName() throws {
        var pointwiseLayouts: [String: [ParameterField]] = [:]
        var checked = 0
        for descriptor in FilterCatalog.standard.descriptors where !descriptor.isLook {
            let layout = descriptor.layout ?? []
            var texts: [String] = []
            for file in files(of: descriptor).sorted() {
                let text = try XCTUnwrap(ShaderLibrary.source(file), file)
                texts.append(text)
                XCTAssertNil(
                    text.range(
                        of: #"hb_(p|data)\[\s*(base\b|hb_base)|\bbase\s*\+\s*[0-9]"#, options: .regularExpression),
                    "\(file) reads its parameters by position")
                guard file.hasPrefix("pointwise/") else { continue }
                if let other = pointwiseLayouts[file] {
                    XCTAssertEqual(other, layout, "\(file) is run by filters whose layouts differ")
                }
                pointwiseLayouts[file] = layout
            }
            let code = texts.joined(separator: "\n")
            var indexedFrom = false
            for field in layout {
                indexedFrom = indexedFrom || code.contains("hbo_\(field.name)")
                XCTAssertTrue(
                    indexedFrom || code.contains("hbp_\(field.name)"),
                    "\(descriptor.name) never reads its field \(field.name)")
            }
            checked += texts.isEmpty ? 0 : 1
        }
        XCTAssertGreaterThan(checked, 120)
    }

    func testAFrameWhosePackDoesNotFillTheLayoutIsRefused() throws {
        let descriptor = FilterDescriptor(
            name: "short_pack", kind: .pointwise, summary: "packs one float for two names", formula: "c",
            parameters: [.number("amount", default: 0, range: 0...1, summary: "unused")],
            stages: [.pointwise("hb_brightness", file: "pointwise/brightness.glsl")],
            layout: [ParameterField("brightness"), ParameterField("extra")], pack: { _, _ in [0] })
        let node = ImageNode(try Fixtures.frame(.yuv420p)).applying(try Filter(descriptor))
        XCTAssertThrowsError(try node.makeFrame(on: Fixtures.renderer())) {
            XCTAssertTrue(
                "\($0)".contains("packed 1 floats where its parameter layout names 2"), "\($0)")
        }
    }
}
