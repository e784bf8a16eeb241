/* Drags one finger across KWin's screen through KWin's fake-input protocol
 * (org_kde_kwin_fake_input, as KDE Connect's remote input does), so the touch goes through
 * KWin's own input stack to whichever surface accepts it there.
 *
 *   kwin-fake-touch X1 Y1 X2 Y2     (logical coordinates)
 *
 * Exits 0 once KWin has received the whole drag, 2 when the protocol is not offered. KWin
 * offers it to any client when KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 (the test session sets it).
 * The protocol code is generated from plasma-wayland-protocols by wayland-scanner. */
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

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: kwin-fake-touch X1 Y1 X2 Y2\n");
        return 2;
    }
    double x1 = atof(argv[1]), y1 = atof(argv[2]), x2 = atof(argv[3]), y2 = atof(argv[4]);
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
    /* The fake device gives KWin's seat its touch capability: clients bind wl_touch when they
     * hear of it, and a touch-down sent before then reaches no one. */
    wl_display_roundtrip(display);
    usleep(500000);
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
    wl_display_disconnect(display);
    return 0;
}
