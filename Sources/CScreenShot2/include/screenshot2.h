// KWin's ScreenShot2 D-Bus interface (org.kde.KWin.ScreenShot2, as Spectacle uses it), called
// through sd-bus: the one call the zoom needs, in C because sd-bus builds its messages from
// variadic arguments, which Swift cannot pass.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// What KWin said of the picture it writes to the pipe: its size in pixels, the bytes of a
/// row, and its QImage format (4 RGB32, 5 ARGB32, 6 ARGB32 premultiplied, 16–18 RGBX/RGBA8888).
struct tl_screenshot2_image {
    uint32_t width, height, stride, format;
};

/// Asks KWin for the picture of the screen named `screen` (its output's name), without the
/// cursor, in the output's own pixels; KWin writes it raw to `pipe_fd` after it replies (the
/// caller closes its copy and reads). Waits at most `timeout_ms` for the reply.
/// Returns 0 and fills `image`, or -1 with why in `error` (`error_size` bytes at most).
int tl_screenshot2_capture_screen(const char *screen, int pipe_fd, uint64_t timeout_ms,
                                  struct tl_screenshot2_image *image, char *error, size_t error_size);
