/* Three fingers circling on KWin's screen through its fake-input protocol, for
 * scripts/bench-peers: 120 degrees apart on a circle of RADIUS around the screen's centre, a
 * turn every 2.5 s, a frame every 1/60 s for SECONDS, then lifted.
 *
 *   kwin-fake-fingers WIDTH HEIGHT SECONDS [RADIUS]
 *
 * It waits on standard input for a line before it starts (so the measurement starts with it),
 * prints "done" when the fingers have lifted, and exits 2 when the protocol is not offered
 * (KWin offers it to any client with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "fake-input-client-protocol.h"

static struct org_kde_kwin_fake_input *fake_input;

static void handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 2)
        fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, 2);
}

static void handle_global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }

static const struct wl_registry_listener registry_listener = {.global = handle_global, .global_remove = handle_global_remove};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void sleep_until(double when) {
    double left = when - now();
    if (left <= 0) return;
    struct timespec t = {(time_t)left, (long)((left - (time_t)left) * 1e9)};
    while (nanosleep(&t, &t) != 0) {}
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: kwin-fake-fingers WIDTH HEIGHT SECONDS [RADIUS]\n");
        return 1;
    }
    double cx = atof(argv[1]) / 2, cy = atof(argv[2]) / 2, seconds = atof(argv[3]), radius = argc > 4 ? atof(argv[4]) : 150;
    struct wl_display *display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "kwin-fake-fingers: cannot connect to the Wayland display\n");
        return 2;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (fake_input == NULL) {
        fprintf(stderr, "kwin-fake-fingers: the compositor offers no org_kde_kwin_fake_input (version 2 or later)\n");
        return 2;
    }
    org_kde_kwin_fake_input_authenticate(fake_input, "touchlight bench-peers", "three fingers circling");
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    char line[64];
    if (fgets(line, sizeof line, stdin) == NULL) return 0;
    double start = now();
    int frames = (int)(seconds * 60);
    for (int frame = 0; frame <= frames; frame++) {
        double t = frame / 60.0;
        for (int finger = 0; finger < 3; finger++) {
            double angle = 2 * M_PI * (t / 2.5 + finger / 3.0);
            wl_fixed_t x = wl_fixed_from_double(cx + radius * cos(angle)), y = wl_fixed_from_double(cy + radius * sin(angle));
            if (frame == 0) org_kde_kwin_fake_input_touch_down(fake_input, finger, x, y);
            else org_kde_kwin_fake_input_touch_motion(fake_input, finger, x, y);
        }
        org_kde_kwin_fake_input_touch_frame(fake_input);
        wl_display_flush(display);
        sleep_until(start + (frame + 1) / 60.0);
    }
    for (int finger = 0; finger < 3; finger++) org_kde_kwin_fake_input_touch_up(fake_input, finger);
    org_kde_kwin_fake_input_touch_frame(fake_input);
    wl_display_roundtrip(display);
    printf("done\n");
    fflush(stdout);
    wl_display_disconnect(display);
    return 0;
}
