#ifndef HARBETH_CFFMPEG_SHIM_H
#define HARBETH_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libavutil/display.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

// FFmpeg's error codes and sentinels are macros, which Swift cannot import.
static inline int cav_error(int errnum) { return AVERROR(errnum); }
static inline int cav_error_eof(void) { return AVERROR_EOF; }
static inline int cav_error_eagain(void) { return AVERROR(EAGAIN); }
static inline int cav_error_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cav_error_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int cav_error_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int64_t cav_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int cav_time_base(void) { return AV_TIME_BASE; }
static inline AVRational cav_time_base_q(void) { return (AVRational){1, AV_TIME_BASE}; }

static inline void cav_strerror(int errnum, char *buffer, size_t size) {
    av_strerror(errnum, buffer, size);
}

#endif
