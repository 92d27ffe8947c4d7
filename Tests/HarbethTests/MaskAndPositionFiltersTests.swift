import Harbeth
import HarbethTestSupport
import XCTest

/// luminance_threshold, chroma_key (alpha), vignette and haze (position)
/// against the numpy references.
final class MaskAndPositionFiltersTests: XCTestCase {
    func testLuminanceThresholdAndChromaKey() throws {
        for chain in [
            "luminance_threshold=0", "luminance_threshold", "luminance_threshold=0.31", "luminance_threshold=0.97",
            "chroma_key", "chroma_key=color=#ff0000:threshold=0.2:smoothing=0",
            "chroma_key=color=0/0/1:threshold=0:smoothing=1", "chroma_key=threshold=1",
            "chroma_key=0.9/0.1/0.6:0.1:0.3",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testVignetteAndHazeDependOnPosition() throws {
        for chain in [
            "vignette", "vignette=center=0.2/0.7:start=0.1:end=0.5:color=#ffffff", "vignette=start=0.4:end=0.4",
            "vignette=start=0:end=1.5", "vignette=center=1/0:start=1.5:end=0", "haze", "haze=distance=-0.3:slope=0.3",
            "haze=distance=0.3:slope=-0.3", "haze=0.3:0.3",
            // After a crop the pass's size is the crop's, and positions follow it.
            "crop=w=200:h=120:x=30:y=40,vignette=center=0.3/0.6,haze=0.1:0.2",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }
}
