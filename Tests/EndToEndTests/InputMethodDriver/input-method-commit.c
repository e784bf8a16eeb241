// A minimal input method for Touchlight's tests (input-method-v2, as fcitx5 or squeekboard
// speak it on wlroots compositors): once the compositor activates it, it shows PREEDIT as a
// composition, then commits TEXT (COUNT times, one commit each: a Wayland message holds at
// most 4096 bytes), then stays until its standard input closes.
//   input-method-commit TEXT PREEDIT [COUNT]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "input-method-unstable-v2-client-protocol.h"

static struct wl_seat *seat;
static struct zwp_input_method_manager_v2 *manager;
static int active, dones, step, count = 1;
static const char *text, *preedit;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, "wl_seat") == 0 && !seat) seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    if (strcmp(interface, "zwp_input_method_manager_v2") == 0) manager = wl_registry_bind(registry, name, &zwp_input_method_manager_v2_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { global, global_remove };

static void activate(void *data, struct zwp_input_method_v2 *im) { active = 1; }
static void deactivate(void *data, struct zwp_input_method_v2 *im) { active = 0; }
static void surrounding_text(void *data, struct zwp_input_method_v2 *im, const char *t, uint32_t cursor, uint32_t anchor) {
    printf("surrounding %u:%s\n", cursor, t);
    fflush(stdout);
}
static void text_change_cause(void *data, struct zwp_input_method_v2 *im, uint32_t cause) {}
static void content_type(void *data, struct zwp_input_method_v2 *im, uint32_t hint, uint32_t purpose) {}
static void done(void *data, struct zwp_input_method_v2 *im) {
    dones++;
    if (!active || step > count) return;
    if (step == 0) {
        zwp_input_method_v2_set_preedit_string(im, preedit, 0, (int32_t)strlen(preedit));
        printf("preedit\n");
    } else {
        zwp_input_method_v2_commit_string(im, text);
        printf("committed\n");
    }
    zwp_input_method_v2_commit(im, (uint32_t)dones);
    fflush(stdout);
    step++;
}
static void unavailable(void *data, struct zwp_input_method_v2 *im) {
    fprintf(stderr, "another input method has the seat\n");
    exit(1);
}
static const struct zwp_input_method_v2_listener im_listener = {
    activate, deactivate, surrounding_text, text_change_cause, content_type, done, unavailable,
};

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage: input-method-commit TEXT PREEDIT [COUNT]\n"); return 2; }
    text = argv[1];
    preedit = argv[2];
    if (argc == 4) count = atoi(argv[3]);
    if (count < 1) count = 1;
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "no Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) { fprintf(stderr, "the compositor offers no input-method-v2\n"); return 1; }
    struct zwp_input_method_v2 *im = zwp_input_method_manager_v2_get_input_method(manager, seat);
    zwp_input_method_v2_add_listener(im, &im_listener, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    // Serve until the test closes standard input (each done may call for the next step).
    while (wl_display_dispatch(display) != -1) {
        if (step > count) {
            wl_display_roundtrip(display);
            char buffer[16];
            while (read(0, buffer, sizeof buffer) > 0) {}
            break;
        }
    }
    zwp_input_method_v2_destroy(im);
    wl_display_disconnect(display);
    return 0;
}
