import Harbeth
import HarbethTestSupport
import XCTest

/// linearize and delinearize against the numpy references (2/255) and as
/// each other's inverse, and `FilterChain.linearized()` (`--linear`):
/// where it puts them, and a blur and a resize in linear light against
/// the references composed (PSNR >= 45 dB).
final class LinearLightTests: XCTestCase {
    func testLinearizeAndDelinearize() throws {
        for transfer in ["auto", "bt1886", "bt709", "srgb", "gamma28", "pq", "hlg"] {
            try assertMatchesReference("linearize=transfer=\(transfer)", .pointwise)
            try assertMatchesReference("delinearize=transfer=\(transfer)", .pointwise)
            let frame = try Fixtures.frame(.rgba8)
            let there = try ImageNode(frame)
                .applying(try FilterChain(parsing: "linearize=\(transfer),delinearize=\(transfer)"))
                .makeFrame(on: try Fixtures.renderer()).packedBytes(plane: 0)
            let worst = zip(there, frame.packedBytes(plane: 0)).map { abs(Int($0) - Int($1)) }.max() ?? 99
            XCTAssertLessThanOrEqual(worst, 1, "\(transfer) there and back")
        }
    }

    func testLinearizedChainsWrapBlursAndResizes() throws {
        let chain = try FilterChain(
            parsing: "sepia,gaussian_blur=sigma=2,resize=w=160:h=120,vignette,box_blur,dreamy=amount=0.5")
        XCTAssertEqual(
            chain.linearized().description,
            "sepia,linearize,gaussian_blur,resize=w=160:h=120,delinearize,vignette,linearize,box_blur,"
                + "gaussian_blur=sigma=0.75,delinearize,saturation=saturation=1.05,exposure=exposure=0.05,"
                + "color_vector=vector=0.01/0.005/0/0,channel_control=red=0.025:green=0.01")
        XCTAssertEqual(try FilterChain(parsing: "sepia").linearized().description, "sepia")
        try assertMatchesReference(
            try FilterChain(parsing: "gaussian_blur=sigma=3,resize=w=200:h=150").linearized().description,
            .psnr(45))
    }
}
