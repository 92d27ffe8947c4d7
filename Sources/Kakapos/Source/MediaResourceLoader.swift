import CFFmpeg
import Foundation
import Harbeth

/// The media layer's `FilterResourceLoader`: reads files for `.cube` LUTs
/// and custom shaders, and decodes image files (PNG with its alpha, JPEG,
/// or anything else FFmpeg reads; the first frame of a video) to RGBA8
/// frames, so `blend`, `overlay`, `mask_blend` and `lookup` can name them.
///
/// The image goes through the same checks as an `AssetSource` (missing,
/// empty, not media, too large) and its errors are `MediaError`s naming the
/// file. YUV images are converted with their own matrix and range.
public struct MediaResourceLoader: FilterResourceLoader {
    /// Images declaring more pixels than this are refused before decoding.
    public let maxPixels: Int

    /// A loader that refuses images declaring more than `maxPixels` pixels, by default `AssetSource.defaultMaxPixels`.
    public init(maxPixels: Int = AssetSource.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    public func data(at path: String) throws -> [UInt8] {
        try FileResourceLoader().data(at: path)
    }

    public func image(at path: String) throws -> VideoFrame {
        let opened = try AssetSource.open(
            location: .file(path), options: AssetSource.Options(frameLimit: 1, maxPixels: maxPixels),
            watchdog: IOWatchdog())
        // Opening decodes the first frame to learn what the file holds; a
        // seek is never asked for, so that frame is still there.
        guard let first = opened.primed else { throw MediaError.noDecodableFrames(path: path, undecodablePackets: 0) }
        let raw = first.pointer.pointee
        let format = AVPixelFormat(rawValue: raw.format)
        do {
            if format == AV_PIX_FMT_RGBA {
                return try VideoFrame.wrapping(first, layout: .rgba8, colorimetry: nil, time: nil)
            }
            let colorimetry = FFColor.colorimetry(space: raw.colorspace, range: raw.color_range, format: format)
            let color = (matrix: FFColor.swscaleMatrix(colorimetry?.matrix), fullRange: colorimetry?.range == .full)
            let scaler = try FFScaler(
                width: raw.width, height: raw.height, from: format, to: AV_PIX_FMT_RGBA, sourceColor: color,
                destinationColor: color)
            return try VideoFrame.wrapping(scaler.convert(first), layout: .rgba8, colorimetry: nil, time: nil)
        } catch let error as AVError {
            throw MediaError.unsupportedPixelFormat(path: path, format: "\(FFPixelFormat.name(format)) (\(error))")
        }
    }
}
