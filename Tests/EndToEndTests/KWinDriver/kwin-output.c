/* Changes KWin's outputs while it runs, through KDE's own output-management protocol
 * (kde_output_management_v2), as System Settings and kscreen-doctor do:
 *
 *   kwin-output scale SCALE      the first output's scale
 *   kwin-output enable N 0|1     turns output N (from 0, in the order KWin announces them) off or on
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
    struct kde_output_device_v2 *devices[8];  /* the outputs, in the order KWin announces them */
    int count;
    struct kde_output_management_v2 *management;
    int outcome;                              /* 0 pending, 1 applied, -1 failed */
};

static void handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct state *state = data;
    if (strcmp(interface, kde_output_device_v2_interface.name) == 0 && state->count < 8) {
        state->devices[state->count++] = wl_registry_bind(registry, name, &kde_output_device_v2_interface, 1);
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
    int scaling = argc == 3 && strcmp(argv[1], "scale") == 0, enabling = argc == 4 && strcmp(argv[1], "enable") == 0;
    if (!scaling && !enabling) {
        fprintf(stderr, "usage: kwin-output scale SCALE | kwin-output enable N 0|1\n");
        return 2;
    }
    struct wl_display *display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "kwin-output: cannot connect to the Wayland display\n");
        return 2;
    }
    struct state state = {0};
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &state);
    wl_display_roundtrip(display);
    int index = enabling ? atoi(argv[2]) : 0;
    if (index < 0 || index >= state.count || state.management == NULL) {
        fprintf(stderr, "kwin-output: the compositor offers no %s\n",
                state.management == NULL ? "kde_output_management_v2" : "such kde_output_device_v2");
        return 2;
    }
    wl_display_roundtrip(display);  /* the devices' current state, before it is changed */
    struct kde_output_configuration_v2 *configuration = kde_output_management_v2_create_configuration(state.management);
    kde_output_configuration_v2_add_listener(configuration, &configuration_listener, &state);
    if (scaling) kde_output_configuration_v2_scale(configuration, state.devices[0], wl_fixed_from_double(strtod(argv[2], NULL)));
    else kde_output_configuration_v2_enable(configuration, state.devices[index], atoi(argv[3]));
    kde_output_configuration_v2_apply(configuration);
    while (state.outcome == 0 && wl_display_dispatch(display) != -1) {}
    puts(state.outcome == 1 ? "applied" : "failed");
    wl_display_disconnect(display);
    return state.outcome == 1 ? 0 : 1;
}
