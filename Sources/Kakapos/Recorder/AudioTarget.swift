import CFFmpeg

/// The encoder a recording re-encodes its audio with: the one the options
/// name (FFmpeg's `-c:a`), or the container's (AAC, Opus for webm), at the
/// options' bit rate (`-b:a`) or 64 kb/s a channel, and their sample rate
/// and channels (`-ar`, `-ac`) or the source's.
struct AudioTarget: Sendable {
    /// The encoder's name, e.g. `libmp3lame`.
    let name: String
    /// Its codec's name, e.g. `mp3`, for notes.
    let codec: String
    /// Bits per second; nil for 64 kb/s a channel.
    let bitrate: Int?
    /// Samples per second and channels; nil for the source's.
    let sampleRate: Int?
    let channels: Int?

    /// The target for `options` in `container`, written by `muxer`; nil
    /// where the container holds no audio. An encoder that is not
    /// installed, or whose codec the container cannot hold, fails here,
    /// before anything is written.
    static func resolve(options: RecorderSink.Options, container: Container, muxer: FFOutputContext, path: String)
        throws(MediaError) -> AudioTarget?
    {
        guard let fallback = container.audioEncoder else { return nil }
        let name = options.audioEncoder ?? fallback.name
        guard let encoder = avcodec_find_encoder_by_name(name), av_codec_is_encoder(encoder) != 0,
            encoder.pointee.type == AVMEDIA_TYPE_AUDIO
        else {
            throw .audioFailed(path: path, detail: "no audio encoder named \(name) is installed (-c:a \(name))")
        }
        let codec = String(cString: avcodec_get_name(encoder.pointee.id))
        guard avformat_query_codec(muxer.format, encoder.pointee.id, FF_COMPLIANCE_NORMAL) != 0 else {
            throw .audioFailed(path: path, detail: "\(container.rawValue) cannot hold \(codec) audio (-c:a \(name))")
        }
        if let rate = options.audioSampleRate, let rates = sampleRates(of: encoder) {
            guard rates.contains(Int32(rate)) else {
                throw .audioFailed(
                    path: path,
                    detail: "\(name) takes \(rates.map(String.init).joined(separator: ", ")) Hz, not \(rate) (-ar)")
            }
        }
        let most = maximumChannels(name)
        if let channels = options.audioChannels, !(1...most).contains(channels) {
            throw .audioFailed(
                path: path, detail: "\(name) is written here with 1 to \(most) channels, not \(channels) (-ac)")
        }
        return AudioTarget(
            name: String(cString: encoder.pointee.name), codec: codec, bitrate: options.audioBitrate,
            sampleRate: options.audioSampleRate, channels: options.audioChannels)
    }

    /// The most channels audio is written with by the encoder `name`: two
    /// for Opus (the mapping family a stereo file takes), eight for others.
    static func maximumChannels(_ name: String) -> Int {
        name == "libopus" ? 2 : 8
    }

    /// The sample rates `encoder` takes; nil where it takes any.
    static func sampleRates(of encoder: UnsafePointer<AVCodec>) -> [Int32]? {
        guard var list = encoder.pointee.supported_samplerates else { return nil }
        var rates: [Int32] = []
        while list.pointee != 0 {
            rates.append(list.pointee)
            list += 1
        }
        return rates
    }
}
