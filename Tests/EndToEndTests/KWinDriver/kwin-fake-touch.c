/* A finger for KWin's screen through KWin's fake-input protocol (org_kde_kwin_fake_input, as
 * KDE Connect's remote input does), so each touch goes through KWin's own input stack to
 * whichever surface accepts it there.
 *
 *   kwin-fake-touch        then, on standard input, a line "X1 Y1 X2 Y2" per drag
 *                          (logical coordinates)
 *
 * It says "ready" once its fake device is there, and "done" once KWin has received a whole
 * drag; it exits 0 at the end of its input, 2 when the protocol is not offered. The device
 * gives KWin's seat its touch capability, and clients bind wl_touch when they hear of it: a
 * touch sent before a client has bound it reaches no one, which no connection of this
 * program's own could show. So it starts before the clients it touches, and keeps its device
 * as long as it runs. KWin offers the protocol to any client when
 * KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 (the test session sets it). The protocol code is
 * generated from plasma-wayland-protocols by wayland-scanner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fake-input-client-protocol.h"

enum { steps = 20 };

static struct org_kde_kwin_fake_input *fake_input;

static void handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 2) {
        fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, 2);
    }
}

static void handle_global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener registry_listener = {
    .global = handle_global,
    .global_remove = handle_global_remove,
};

/* One drag, a frame every 16 ms (a finger's pace), each received by KWin before the next. */
static void drag(struct wl_display *display, double x1, double y1, double x2, double y2) {
    org_kde_kwin_fake_input_touch_down(fake_input, 0, wl_fixed_from_double(x1), wl_fixed_from_double(y1));
    org_kde_kwin_fake_input_touch_frame(fake_input);
    wl_display_roundtrip(display);
    for (int i = 1; i <= steps; i++) {
        usleep(16000);
        double t = (double)i / steps;
        org_kde_kwin_fake_input_touch_motion(fake_input, 0, wl_fixed_from_double(x1 + (x2 - x1) * t), wl_fixed_from_double(y1 + (y2 - y1) * t));
        org_kde_kwin_fake_input_touch_frame(fake_input);
        wl_display_roundtrip(display);
    }
    org_kde_kwin_fake_input_touch_up(fake_input, 0);
    org_kde_kwin_fake_input_touch_frame(fake_input);
    wl_display_roundtrip(display);
}

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "kwin-fake-touch: cannot connect to the Wayland display\n");
        return 2;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (fake_input == NULL) {
        fprintf(stderr, "kwin-fake-touch: the compositor offers no org_kde_kwin_fake_input (version 2 or later)\n");
        return 2;
    }
    org_kde_kwin_fake_input_authenticate(fake_input, "touchlight tests", "a touch through the overlay");
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    double x1, y1, x2, y2;
    while (scanf("%lf %lf %lf %lf", &x1, &y1, &x2, &y2) == 4) {
        drag(display, x1, y1, x2, y2);
        printf("done\n");
        fflush(stdout);
    }
    wl_display_disconnect(display);
    return 0;
}
