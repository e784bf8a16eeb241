/* Sets the scale of KWin's first output while it runs, through KDE's own output-management
 * protocol (kde_output_management_v2), as System Settings and kscreen-doctor do.
 *
 *   kwin-output-scale SCALE
 *
 * Prints "applied" and exits 0 when KWin applied the configuration, "failed" and exits 1 when
 * it refused it, and exits 2 when the protocol is not offered. KWin offers it to any client
 * when KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 (the test session sets it). The protocol headers are
 * generated from plasma-wayland-protocols by wayland-scanner when the test builds this file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "kde-output-device-v2-client-protocol.h"
#include "kde-output-management-v2-client-protocol.h"

struct state {
    struct kde_output_device_v2 *device;      /* the first output KWin announces */
    struct kde_output_management_v2 *management;
    int outcome;                              /* 0 pending, 1 applied, -1 failed */
};

static void handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct state *state = data;
    if (strcmp(interface, kde_output_device_v2_interface.name) == 0 && state->device == NULL) {
        state->device = wl_registry_bind(registry, name, &kde_output_device_v2_interface, 1);
    } else if (strcmp(interface, kde_output_management_v2_interface.name) == 0) {
        state->management = wl_registry_bind(registry, name, &kde_output_management_v2_interface, 1);
    }
}

static void handle_global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener registry_listener = {
    .global = handle_global,
    .global_remove = handle_global_remove,
};

static void handle_applied(void *data, struct kde_output_configuration_v2 *configuration) {
    ((struct state *)data)->outcome = 1;
}

static void handle_failed(void *data, struct kde_output_configuration_v2 *configuration) {
    ((struct state *)data)->outcome = -1;
}

static const struct kde_output_configuration_v2_listener configuration_listener = {
    .applied = handle_applied,
    .failed = handle_failed,
};

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: kwin-output-scale SCALE\n");
        return 2;
    }
    double scale = strtod(argv[1], NULL);
    struct wl_display *display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "kwin-output-scale: cannot connect to the Wayland display\n");
        return 2;
    }
    struct state state = {0};
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &state);
    wl_display_roundtrip(display);
    if (state.device == NULL || state.management == NULL) {
        fprintf(stderr, "kwin-output-scale: the compositor offers no %s\n",
                state.device == NULL ? "kde_output_device_v2" : "kde_output_management_v2");
        return 2;
    }
    wl_display_roundtrip(display);  /* the device's current state, before it is changed */
    struct kde_output_configuration_v2 *configuration = kde_output_management_v2_create_configuration(state.management);
    kde_output_configuration_v2_add_listener(configuration, &configuration_listener, &state);
    kde_output_configuration_v2_scale(configuration, state.device, wl_fixed_from_double(scale));
    kde_output_configuration_v2_apply(configuration);
    while (state.outcome == 0 && wl_display_dispatch(display) != -1) {}
    puts(state.outcome == 1 ? "applied" : "failed");
    wl_display_disconnect(display);
    return state.outcome == 1 ? 0 : 1;
}
