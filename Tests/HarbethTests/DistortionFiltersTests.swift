import Harbeth
import HarbethTestSupport
import XCTest

/// Swirl, bulge, pinch and sphere refraction against the numpy references.
final class DistortionFiltersTests: XCTestCase {
    func testSwirl() throws {
        for chain in ["swirl", "swirl=center=0.3/0.6:radius=2:angle=-10", "swirl=radius=0.01:angle=10"] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testBulge() throws {
        for chain in ["bulge", "bulge=center=0.7/0.2:radius=0.6:scale=1", "bulge=radius=2:scale=-1"] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testPinch() throws {
        for chain in ["pinch", "pinch=scale=-2", "pinch=center=0/1:radius=1:scale=2"] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testSphereRefraction() throws {
        for chain in [
            "sphere_refraction", "sphere_refraction=center=0.4/0.6:radius=0.45:refractive_index=0.3",
            "sphere_refraction=radius=1:refractive_index=2", "sphere_refraction=radius=0.01:refractive_index=0.05",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testDistortionsAfterAnotherSizeKeepTheirCircleRound() throws {
        // After a crop to a tall frame, the radius is still a fraction of
        // the (new) width on both axes.
        try assertMatchesReference("crop=w=120:h=220:x=100:y=10,swirl=angle=2,bulge=scale=0.8", .neighborhood)
    }

    func testSwiftInitialisersClampIntoRange() {
        XCTAssertEqual(Filter.swirl(angle: 50).description, "swirl=angle=10")
        XCTAssertEqual(Filter.bulge(center: (0.2, 2), scale: -3).description, "bulge=center=0.2/1:scale=-1")
        XCTAssertEqual(Filter.sphereRefraction(radius: 0).description, "sphere_refraction=radius=0.01")
    }
}
