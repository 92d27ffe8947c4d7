#ifndef HARBETH_CFFMPEG_SHIM_H
#define HARBETH_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavdevice/avdevice.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libavutil/display.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/timecode.h>
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

static inline int cav_error_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int cav_error_exit(void) { return AVERROR_EXIT; }
static inline int cav_error_eio(void) { return AVERROR(EIO); }
static inline int cav_error_enomem(void) { return AVERROR(ENOMEM); }
static inline int cav_error_einval(void) { return AVERROR(EINVAL); }
static inline int cav_error_efbig(void) { return AVERROR(EFBIG); }
static inline int cav_error_enospc(void) { return AVERROR(ENOSPC); }
static inline int cav_error_filter_not_found(void) { return AVERROR_FILTER_NOT_FOUND; }
static inline int cav_error_edquot(void) { return AVERROR(EDQUOT); }

// Flag macros built from shifts, wrapped so Swift sees plain values.
static inline int cav_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int cav_codec_cap_delay(void) { return AV_CODEC_CAP_DELAY; }
static inline int cav_codec_cap_experimental(void) { return AV_CODEC_CAP_EXPERIMENTAL; }
static inline int cav_frame_flag_corrupt(void) { return AV_FRAME_FLAG_CORRUPT; }
static inline int cav_disposition_attached_pic(void) { return AV_DISPOSITION_ATTACHED_PIC; }
static inline int cav_buffer_flag_readonly(void) { return AV_BUFFER_FLAG_READONLY; }
static inline int cav_probe_padding_size(void) { return AVPROBE_PADDING_SIZE; }
static inline int cav_probe_score_retry(void) { return AVPROBE_SCORE_RETRY; }

static inline uint64_t cav_pix_fmt_flag_rgb(void) { return AV_PIX_FMT_FLAG_RGB; }
static inline uint64_t cav_pix_fmt_flag_pal(void) { return AV_PIX_FMT_FLAG_PAL; }
static inline uint64_t cav_pix_fmt_flag_hwaccel(void) { return AV_PIX_FMT_FLAG_HWACCEL; }
static inline uint64_t cav_pix_fmt_flag_bitstream(void) { return AV_PIX_FMT_FLAG_BITSTREAM; }
static inline uint64_t cav_pix_fmt_flag_float(void) { return AV_PIX_FMT_FLAG_FLOAT; }
static inline uint64_t cav_pix_fmt_flag_alpha(void) { return AV_PIX_FMT_FLAG_ALPHA; }

static inline void cav_strerror(int errnum, char *buffer, size_t size) {
    av_strerror(errnum, buffer, size);
}

#endif
