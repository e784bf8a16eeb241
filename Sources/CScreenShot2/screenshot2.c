#include "screenshot2.h"

#include <stdio.h>
#include <string.h>
#include <systemd/sd-bus.h>

static int failed(char *error, size_t size, const char *what, int status, const sd_bus_error *bus_error) {
    if (bus_error && sd_bus_error_is_set(bus_error)) {
        snprintf(error, size, "%s: %s (%s)", what, bus_error->message ? bus_error->message : "no message", bus_error->name);
    } else {
        snprintf(error, size, "%s: %s", what, strerror(status < 0 ? -status : status));
    }
    return -1;
}

/// One entry of the reply's a{sv}: the numbers kept, "type" checked, the rest skipped.
static int read_entry(sd_bus_message *reply, struct tl_screenshot2_image *image, int *raw) {
    const char *key = NULL;
    int status = sd_bus_message_read_basic(reply, 's', &key);
    if (status < 0) return status;
    uint32_t *field = strcmp(key, "width") == 0 ? &image->width
                    : strcmp(key, "height") == 0 ? &image->height
                    : strcmp(key, "stride") == 0 ? &image->stride
                    : strcmp(key, "format") == 0 ? &image->format : NULL;
    if (field) return sd_bus_message_read(reply, "v", "u", field);
    if (strcmp(key, "type") == 0) {
        const char *type = NULL;
        status = sd_bus_message_read(reply, "v", "s", &type);
        if (status >= 0) *raw = strcmp(type, "raw") == 0;
        return status;
    }
    return sd_bus_message_skip(reply, "v");
}

int tl_screenshot2_capture_screen(const char *screen, int pipe_fd, uint64_t timeout_ms,
                                  struct tl_screenshot2_image *image, char *error, size_t error_size) {
    sd_bus *bus = NULL;
    sd_bus_message *reply = NULL;
    sd_bus_error bus_error = SD_BUS_ERROR_NULL;
    int result = -1, raw = 1;
    memset(image, 0, sizeof *image);
    int status = sd_bus_open_user(&bus);
    if (status < 0) {
        failed(error, error_size, "cannot reach the session bus", status, NULL);
        goto done;
    }
    sd_bus_set_method_call_timeout(bus, timeout_ms * 1000);
    status = sd_bus_call_method(bus, "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureScreen",
                                &bus_error, &reply, "sa{sv}h", screen, 2, "include-cursor", "b", 0, "native-resolution", "b", 1, pipe_fd);
    if (status < 0) {
        failed(error, error_size, "KWin's ScreenShot2 took no picture", status, &bus_error);
        goto done;
    }
    status = sd_bus_message_enter_container(reply, 'a', "{sv}");
    while (status >= 0 && (status = sd_bus_message_enter_container(reply, 'e', "sv")) > 0) {
        status = read_entry(reply, image, &raw);
        if (status >= 0) status = sd_bus_message_exit_container(reply);
    }
    if (status < 0) {
        failed(error, error_size, "KWin's ScreenShot2 reply is not understood", status, NULL);
        goto done;
    }
    if (!raw) {
        snprintf(error, error_size, "KWin's ScreenShot2 wrote its picture in a form other than raw pixels");
        goto done;
    }
    result = 0;
done:
    sd_bus_error_free(&bus_error);
    sd_bus_message_unref(reply);
    sd_bus_flush_close_unref(bus);
    return result;
}
