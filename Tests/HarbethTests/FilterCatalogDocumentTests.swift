import Foundation
import Harbeth
import XCTest

/// docs/FILTERS.md is generated from the catalog's metadata; this keeps the
/// committed file in step with the code.
final class FilterCatalogDocumentTests: XCTestCase {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/FILTERS.md").path

    static let regenerate =
        "HARBETH_WRITE_FILTERS_MD=1 swift test --skip-build --filter HarbethTests.FilterCatalogDocumentTests"

    func testCommittedDocumentMatchesTheCatalog() throws {
        let generated = FilterCatalog.standard.markdown()
        if ProcessInfo.processInfo.environment["HARBETH_WRITE_FILTERS_MD"] == "1" {
            try Data(generated.utf8).write(to: URL(fileURLWithPath: Self.path))
        }
        let committed = (try? String(contentsOfFile: Self.path, encoding: .utf8)) ?? ""
        XCTAssertTrue(
            committed == generated,
            "docs/FILTERS.md differs from FilterCatalog.standard.markdown(); regenerate it with: \(Self.regenerate)")
    }

    func testEveryFilterAndParameterIsDocumented() {
        let text = FilterCatalog.standard.markdown()
        for descriptor in FilterCatalog.standard.descriptors {
            XCTAssertTrue(text.contains("\n## \(descriptor.name)\n"), descriptor.name)
            XCTAssertTrue(text.contains("Formula: `\(descriptor.formula)`"), descriptor.name)
            for parameter in descriptor.parameters {
                XCTAssertTrue(text.contains("| `\(parameter.name)` | "), "\(descriptor.name).\(parameter.name)")
            }
        }
        XCTAssertTrue(
            text.contains("| `mode` | luminosity\\|average\\|desaturate | `luminosity` |  | how grey is computed |"))
        XCTAssertTrue(text.contains("| `levels` | integer | `10` | 1...255 | levels per channel |"))
        XCTAssertTrue(text.contains("| `file` | text | required |  | the .cube (LUT_3D_SIZE 2...65) or .3dl file |"))
        XCTAssertTrue(text.contains("| `preserve_lightness` | boolean | false |  | keep each pixel's HSL lightness |"))
    }
}
