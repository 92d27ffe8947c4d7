import Harbeth
import HarbethTestSupport
import XCTest

/// Blurs and other smoothing filters against the numpy references.
final class NeighbourhoodFiltersTests: XCTestCase {
    /// Both variants against the reference: the running sums a CPU-class
    /// device gets (lavapipe's own choice) and the per-pixel kernel a GPU
    /// gets, forced here with the renderer's device class.
    func testBoxBlur() throws {
        let context = try GPUTestEnvironment.context()
        for deviceClass in DeviceCapabilities.DeviceClass.allCases {
            let renderer = Renderer(context: context, options: .init(deviceClass: deviceClass))
            XCTAssertEqual(renderer.deviceClass, deviceClass)
            for radius in ["1", "4", "37", "100"] {
                try assertMatchesReference("box_blur=radius=\(radius)", .neighborhood, renderer: renderer)
            }
        }
        XCTAssertEqual(context.capabilities.deviceClass, .cpu, "lavapipe is a CPU-class device")
        let stage = FilterCatalog.standard.descriptor(named: "box_blur")!.stages[0]
        XCTAssertEqual(stage.variant(for: .gpu).function, "hb_box_blur_h")
        XCTAssertEqual(stage.variant(for: .cpu).code, .embedded("kernels/box_running_h.glsl"))
    }

    func testBilateral() throws {
        for chain in [
            "bilateral", "bilateral=sigma_space=0.5:sigma_color=0.01",
            // The widest window on a small crop keeps the reference quick.
            "crop=w=96:h=72:x=100:y=80,bilateral=sigma_space=8:sigma_color=1",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testMedianIsExact() throws {
        for size in ["3", "5"] {
            try assertMatchesReference("median=size=\(size)", .pointwise)
        }
    }

    func testMotionAndZoomBlur() throws {
        for chain in [
            "motion_blur=angle=0:length=10", "motion_blur=angle=35:length=24.5",
            "crop=w=96:h=72:x=100:y=80,motion_blur=angle=-360:length=200",
            "motion_blur=length=0", "zoom_blur", "zoom_blur=center=0.2/0.7:strength=1", "zoom_blur=strength=0",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testSwiftInitialisersClampIntoRange() throws {
        XCTAssertEqual(Filter.boxBlur(radius: 500).description, "box_blur=radius=100")
        XCTAssertEqual(Filter.sharpen(amount: -9).description, "sharpen=amount=-4")
        XCTAssertEqual(Filter.unsharpMask(sigma: 0, amount: 9).description, "unsharp_mask=sigma=0.1:amount=5")
        XCTAssertEqual(Filter.median(.five).description, "median=size=5")
        XCTAssertEqual(Filter.zoomBlur(center: (2, -1), strength: 0.5).description, "zoom_blur=center=1/0:strength=0.5")
    }
}
