// animhost-motion: paints the drawing `animhost run --format gif|apng|webm|mp4` sends it
// on standard input and encodes the frames into a moving picture. animhost does every piece
// of geometry (docs/pictures.md, "Moving pictures"); this program only paints paths and
// text with cairo and hands the pixels to FFmpeg's libraries (libavfilter converts them:
// palettegen + paletteuse for GIF, yuv420p for H.264 and VP9; libavcodec encodes;
// libavformat writes the file). It is a separate executable so that `animhost run` links
// none of them: built on first use by scripts/setup (animhost_motion_build).
//
// Input, one command a line (numbers in pixels, colours as r g b a in 0…1):
//   animhost-motion 1
//   format gif|apng|webm|mp4   size W H   fps N   alpha 0|1   output PATH
//   frame                      starts a frame (cleared to transparent)
//   M x y | L x y | C x1 y1 x2 y2 x y | Z      build a path
//   fill r g b a                               fill the path and clear it
//   gradient x0 y0 x1 y1 r0 g0 b0 r1 g1 b1 a   fill with a linear gradient and clear it
//   stroke width r g b a                       stroke the path (round joins and caps), clear it
//   text x y size weight align r g b a|TEXT    align: l, c or r; y is the text's middle
//   end                                        no more frames: encode and write
// Errors go to stderr as one line beginning "animhost-motion:" and the exit status is 1.
#include <cairo.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("animhost-motion: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static void check(int status, const char *what) {
    if (status < 0) {
        char message[AV_ERROR_MAX_STRING_SIZE] = {0};
        av_strerror(status, message, sizeof message);
        fail("%s: %s", what, message);
    }
}

struct settings {
    char format[16];
    int width, height, fps, alpha;
    char output[4096];
};

struct encoder {
    AVFormatContext *file;
    AVCodecContext *codec;
    AVStream *stream;
    AVFilterGraph *graph;
    AVFilterContext *source, *sink;
    AVPacket *packet;
    int64_t next_pts;
};

// The filters between cairo's pixels (BGRA) and the encoder's input.
static const char *filters_for(const struct settings *s, char *buffer, size_t size) {
    if (strcmp(s->format, "gif") == 0) {
        // One palette for the whole run (every frame's colours counted), then each frame
        // mapped to it with an ordered dither: a moving gradient does not shimmer, and only
        // the rectangle that changed is stored again.
        snprintf(buffer, size,
                 "split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=%d[p];"
                 "[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle",
                 s->alpha);
    } else if (strcmp(s->format, "apng") == 0) {
        snprintf(buffer, size, "format=%s", s->alpha ? "rgba" : "rgb24");
    } else if (strcmp(s->format, "webm") == 0) {
        snprintf(buffer, size, "format=%s", s->alpha ? "yuva420p" : "yuv420p");
    } else {
        snprintf(buffer, size, "format=yuv420p");
    }
    return buffer;
}

static void open_filters(struct encoder *e, const struct settings *s) {
    e->graph = avfilter_graph_alloc();
    e->graph->nb_threads = 1;   // the same bytes every run
    char args[256];
    snprintf(args, sizeof args, "video_size=%dx%d:pix_fmt=%d:time_base=1/%d:pixel_aspect=1/1",
             s->width, s->height, AV_PIX_FMT_BGRA, s->fps);
    check(avfilter_graph_create_filter(&e->source, avfilter_get_by_name("buffer"), "in", args, NULL, e->graph),
          "the frame source");
    check(avfilter_graph_create_filter(&e->sink, avfilter_get_by_name("buffersink"), "out", NULL, NULL, e->graph),
          "the frame sink");
    AVFilterInOut *outputs = avfilter_inout_alloc(), *inputs = avfilter_inout_alloc();
    outputs->name = av_strdup("in"); outputs->filter_ctx = e->source; outputs->pad_idx = 0; outputs->next = NULL;
    inputs->name = av_strdup("out"); inputs->filter_ctx = e->sink; inputs->pad_idx = 0; inputs->next = NULL;
    char description[512];
    check(avfilter_graph_parse_ptr(e->graph, filters_for(s, description, sizeof description), &inputs, &outputs, NULL),
          "the filter graph");
    check(avfilter_graph_config(e->graph, NULL), "the filter graph");
    avfilter_inout_free(&inputs);
    avfilter_inout_free(&outputs);
}

static void open_encoder(struct encoder *e, const struct settings *s) {
    const char *muxer = s->format, *codec_name;
    if (strcmp(s->format, "gif") == 0) codec_name = "gif";
    else if (strcmp(s->format, "apng") == 0) codec_name = "apng";
    else if (strcmp(s->format, "webm") == 0) codec_name = "libvpx-vp9";
    else if (strcmp(s->format, "mp4") == 0) codec_name = "libx264";
    else fail("unknown format '%s' (gif, apng, webm, mp4)", s->format);
    const AVCodec *codec = avcodec_find_encoder_by_name(codec_name);
    if (!codec) fail("this FFmpeg has no %s encoder", codec_name);
    check(avformat_alloc_output_context2(&e->file, NULL, muxer, s->output), "the output format");
    e->file->flags |= AVFMT_FLAG_BITEXACT;   // no random ids or version strings: the same bytes every run
    e->stream = avformat_new_stream(e->file, NULL);
    e->codec = avcodec_alloc_context3(codec);
    AVCodecContext *c = e->codec;
    c->width = s->width; c->height = s->height;
    c->time_base = (AVRational){1, s->fps};
    c->framerate = (AVRational){s->fps, 1};
    c->pix_fmt = av_buffersink_get_format(e->sink);
    c->sample_aspect_ratio = (AVRational){1, 1};
    c->flags |= AV_CODEC_FLAG_BITEXACT;
    c->thread_count = 1;
    if (e->file->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary *options = NULL;
    if (strcmp(codec_name, "libx264") == 0) {
        // Flat colours and sharp edges: the animation tune; crf 20 keeps the edges clean.
        av_dict_set(&options, "preset", "medium", 0);
        av_dict_set(&options, "tune", "animation", 0);
        av_dict_set(&options, "crf", "20", 0);
    } else if (strcmp(codec_name, "libvpx-vp9") == 0) {
        av_dict_set(&options, "crf", "30", 0);
        av_dict_set(&options, "b", "0", 0);
        av_dict_set(&options, "deadline", "good", 0);
        av_dict_set(&options, "cpu-used", "2", 0);
        av_dict_set(&options, "row-mt", "0", 0);
    } else if (strcmp(codec_name, "apng") == 0) {
        av_dict_set(&options, "pred", "mixed", 0);
    }
    check(avcodec_open2(c, codec, &options), "the encoder");
    av_dict_free(&options);
    check(avcodec_parameters_from_context(e->stream->codecpar, c), "the stream");
    e->stream->time_base = c->time_base;
    e->stream->avg_frame_rate = c->framerate;
    if (!(e->file->oformat->flags & AVFMT_NOFILE)) check(avio_open(&e->file->pb, s->output, AVIO_FLAG_WRITE), s->output);
    AVDictionary *muxing = NULL;
    if (strcmp(muxer, "mp4") == 0) av_dict_set(&muxing, "movflags", "+faststart", 0);   // plays while it downloads
    check(avformat_write_header(e->file, &muxing), "the file header");
    av_dict_free(&muxing);
    e->packet = av_packet_alloc();
}

static void write_packets(struct encoder *e) {
    for (;;) {
        int status = avcodec_receive_packet(e->codec, e->packet);
        if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return;
        check(status, "encoding");
        av_packet_rescale_ts(e->packet, e->codec->time_base, e->stream->time_base);
        e->packet->stream_index = e->stream->index;
        check(av_interleaved_write_frame(e->file, e->packet), "writing");
    }
}

// Frames the filters have ready go to the encoder (NULL at the end flushes it).
static void drain_filters(struct encoder *e, int end) {
    AVFrame *frame = av_frame_alloc();
    for (;;) {
        int status = av_buffersink_get_frame(e->sink, frame);
        if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) break;
        check(status, "filtering");
        frame->pict_type = AV_PICTURE_TYPE_NONE;
        check(avcodec_send_frame(e->codec, frame), "encoding");
        av_frame_unref(frame);
        write_packets(e);
    }
    av_frame_free(&frame);
    if (end) {
        check(avcodec_send_frame(e->codec, NULL), "encoding");
        write_packets(e);
    }
}

// Cairo's pixels are premultiplied; FFmpeg's BGRA is not.
static void push_frame(struct encoder *e, cairo_surface_t *surface, const struct settings *s) {
    cairo_surface_flush(surface);
    AVFrame *frame = av_frame_alloc();
    frame->format = AV_PIX_FMT_BGRA; frame->width = s->width; frame->height = s->height;
    check(av_frame_get_buffer(frame, 0), "a frame");
    const unsigned char *pixels = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < s->height; y++) {
        const unsigned char *from = pixels + (size_t)y * stride;
        unsigned char *to = frame->data[0] + (size_t)y * frame->linesize[0];
        for (int x = 0; x < s->width; x++) {
            unsigned a = from[4 * x + 3];
            for (int k = 0; k < 3; k++) to[4 * x + k] = a ? (unsigned char)((from[4 * x + k] * 255u + a / 2) / a) : 0;
            to[4 * x + 3] = (unsigned char)a;
        }
    }
    frame->pts = e->next_pts++;
    check(av_buffersrc_add_frame(e->source, frame), "filtering");
    av_frame_free(&frame);
    drain_filters(e, 0);
}

static void set_color(cairo_t *cr, const char *text) {
    double r, g, b, a;
    if (sscanf(text, "%lf %lf %lf %lf", &r, &g, &b, &a) != 4) fail("expected r g b a, got '%s'", text);
    cairo_set_source_rgba(cr, r, g, b, a);
}

static void draw_text(cairo_t *cr, char *rest, int line) {
    char *bar = strchr(rest, '|');
    if (!bar) fail("line %d: text needs '|' before the text", line);
    *bar = 0;
    double x, y, size, r, g, b, a;
    int weight;
    char align;
    if (sscanf(rest, "%lf %lf %lf %d %c %lf %lf %lf %lf", &x, &y, &size, &weight, &align, &r, &g, &b, &a) != 9)
        fail("line %d: text takes x y size weight align r g b a|TEXT", line);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           weight >= 600 ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ink;
    cairo_font_extents_t font;
    const char *text = bar + 1;
    cairo_text_extents(cr, text, &ink);
    cairo_font_extents(cr, &font);
    double left = align == 'c' ? x - ink.x_advance / 2 : align == 'r' ? x - ink.x_advance : x;
    // Centred on y as the page's textBaseline "middle": the middle of the em box.
    double baseline = y + (font.ascent - font.descent) / 2;
    cairo_set_source_rgba(cr, r, g, b, a);
    cairo_move_to(cr, left, baseline);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}

int main(int argc, char **argv) {
    if (argc > 1) {
        fputs("usage: animhost-motion < drawing\n"
              "animhost run --format gif|apng|webm|mp4 starts this program; see docs/pictures.md.\n", stderr);
        return argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
    }
    av_log_set_level(AV_LOG_ERROR);
    struct settings s = {.fps = 30};
    struct encoder e = {0};
    cairo_surface_t *surface = NULL;
    cairo_t *cr = NULL;
    char *line = NULL;
    size_t capacity = 0;
    int number = 0, frames = 0, started = 0, ended = 0;
    while (getline(&line, &capacity, stdin) >= 0) {
        number++;
        line[strcspn(line, "\n")] = 0;
        char word[16] = {0};
        int used = 0;
        if (sscanf(line, "%15s%n", word, &used) < 1) continue;
        char *rest = line + used;
        while (*rest == ' ') rest++;
        if (number == 1) {
            if (strcmp(line, "animhost-motion 1") != 0) fail("line 1: expected 'animhost-motion 1', got '%s'", line);
            continue;
        }
        if (!started) {
            if (strcmp(word, "format") == 0) snprintf(s.format, sizeof s.format, "%s", rest);
            else if (strcmp(word, "size") == 0 && sscanf(rest, "%d %d", &s.width, &s.height) == 2) {}
            else if (strcmp(word, "fps") == 0 && sscanf(rest, "%d", &s.fps) == 1) {}
            else if (strcmp(word, "alpha") == 0 && sscanf(rest, "%d", &s.alpha) == 1) {}
            else if (strcmp(word, "output") == 0) snprintf(s.output, sizeof s.output, "%s", rest);
            else if (strcmp(word, "frame") != 0) fail("line %d: unknown setting '%s'", number, line);
            if (strcmp(word, "frame") != 0) continue;
            if (s.width < 2 || s.height < 2 || s.width > 8192 || s.height > 8192) fail("size %dx%d is outside 2…8192", s.width, s.height);
            if (s.fps < 1 || s.fps > 1000) fail("fps %d is outside 1…1000", s.fps);
            if (!s.output[0]) fail("no output file was named");
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, s.width, s.height);
            cr = cairo_create(surface);
            open_filters(&e, &s);
            open_encoder(&e, &s);
            started = 1;
        }
        double v[11];
        if (strcmp(word, "frame") == 0) {
            if (frames++) push_frame(&e, surface, &s);
            cairo_save(cr);
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
            cairo_paint(cr);
            cairo_restore(cr);
            cairo_new_path(cr);
        } else if (strcmp(word, "M") == 0 && sscanf(rest, "%lf %lf", v, v + 1) == 2) {
            cairo_move_to(cr, v[0], v[1]);
        } else if (strcmp(word, "L") == 0 && sscanf(rest, "%lf %lf", v, v + 1) == 2) {
            cairo_line_to(cr, v[0], v[1]);
        } else if (strcmp(word, "C") == 0 && sscanf(rest, "%lf %lf %lf %lf %lf %lf", v, v + 1, v + 2, v + 3, v + 4, v + 5) == 6) {
            cairo_curve_to(cr, v[0], v[1], v[2], v[3], v[4], v[5]);
        } else if (strcmp(word, "Z") == 0) {
            cairo_close_path(cr);
        } else if (strcmp(word, "fill") == 0) {
            set_color(cr, rest);
            cairo_fill(cr);
        } else if (strcmp(word, "gradient") == 0 &&
                   sscanf(rest, "%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", v, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6,
                          v + 7, v + 8, v + 9, v + 10) == 11) {
            cairo_pattern_t *p = cairo_pattern_create_linear(v[0], v[1], v[2], v[3]);
            cairo_pattern_add_color_stop_rgba(p, 0, v[4], v[5], v[6], v[10]);
            cairo_pattern_add_color_stop_rgba(p, 1, v[7], v[8], v[9], v[10]);
            cairo_set_source(cr, p);
            cairo_fill(cr);
            cairo_pattern_destroy(p);
        } else if (strcmp(word, "stroke") == 0 && sscanf(rest, "%lf", v) == 1) {
            set_color(cr, strchr(rest, ' ') ? strchr(rest, ' ') + 1 : "");
            cairo_set_line_width(cr, v[0]);
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
            cairo_stroke(cr);
        } else if (strcmp(word, "text") == 0) {
            draw_text(cr, rest, number);
        } else if (strcmp(word, "end") == 0) {
            ended = 1;
            break;
        } else {
            fail("line %d: cannot read '%s'", number, line);
        }
    }
    if (!ended) fail("the drawing ended without 'end' (animhost stopped early)");
    if (!frames) fail("no frames");
    push_frame(&e, surface, &s);
    check(av_buffersrc_add_frame(e.source, NULL), "filtering");
    drain_filters(&e, 1);
    check(av_write_trailer(e.file), "the file's end");
    if (!(e.file->oformat->flags & AVFMT_NOFILE)) avio_closep(&e.file->pb);
    avcodec_free_context(&e.codec);
    avformat_free_context(e.file);
    avfilter_graph_free(&e.graph);
    av_packet_free(&e.packet);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    free(line);
    return 0;
}
