// Test driver: runs a Mir compositor through its WLCS integration, starts touchlight on a
// client socket of it, puts an ordinary window (an xdg_toplevel of this process) under the
// overlay, injects a real touch sequence, and reports what the window received.
//
//   mir-touch-driver INTEGRATION.so TOUCHLIGHT [touchlight arguments...]
//
// Prints "window-touch-down X Y" for each touch the window receives and "done" at the end;
// touchlight's own output goes to this process's standard error.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <wlcs/display_server.h>
#include <wlcs/touch.h>
#include <wlcs/pointer.h>
#include "xdg-shell-client-protocol.h"

struct window {
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    struct wl_touch *touch;
    struct wl_surface *surface;
    struct xdg_surface *xdg_surface;
    struct xdg_toplevel *toplevel;
    int configured;
};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct window *w = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0)
        w->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
    else if (strcmp(interface, wl_shm_interface.name) == 0)
        w->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    else if (strcmp(interface, xdg_wm_base_interface.name) == 0)
        w->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
    else if (strcmp(interface, wl_seat_interface.name) == 0 && !w->seat)
        w->seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
}
static void registry_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { registry_global, registry_remove };

static void wm_ping(void *data, struct xdg_wm_base *base, uint32_t serial) { xdg_wm_base_pong(base, serial); }
static const struct xdg_wm_base_listener wm_listener = { wm_ping };

static void xdg_configure(void *data, struct xdg_surface *surface, uint32_t serial) {
    struct window *w = data;
    xdg_surface_ack_configure(surface, serial);
    w->configured = 1;
}
static const struct xdg_surface_listener xdg_surface_listener = { xdg_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {}
static void toplevel_close(void *data, struct xdg_toplevel *t) {}
static const struct xdg_toplevel_listener toplevel_listener = { toplevel_configure, toplevel_close };

static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    printf("window-touch-down %.0f %.0f\n", wl_fixed_to_double(x), wl_fixed_to_double(y));
    fflush(stdout);
}
static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {}
static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {}
static void touch_frame(void *data, struct wl_touch *t) {}
static void touch_cancel(void *data, struct wl_touch *t) {}
static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {}
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {}
static const struct wl_touch_listener touch_listener = {
    touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation };

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    struct window *w = data;
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !w->touch) {
        w->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(w->touch, &touch_listener, w);
    }
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) {}
static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

// Dispatches the window's events for `ms` milliseconds.
static void pump(struct wl_display *display, int ms) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        wl_display_flush(display);
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= ms) break;
        struct pollfd pfd = { wl_display_get_fd(display), POLLIN, 0 };
        if (poll(&pfd, 1, (int)(ms - elapsed)) > 0) {
            if (wl_display_dispatch(display) < 0) { fprintf(stderr, "driver: window connection failed\n"); exit(3); }
        } else {
            wl_display_dispatch_pending(display);
        }
    }
}

static struct wl_buffer *make_buffer(struct wl_shm *shm, int width, int height) {
    int stride = width * 4, size = stride * height;
    int fd = memfd_create("driver-window", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, size) < 0) { perror("driver: memfd"); exit(3); }
    uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    for (int i = 0; i < width * height; i++) pixels[i] = 0xFF336699;
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_ARGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    return buffer;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s INTEGRATION.so TOUCHLIGHT [arguments...]\n", argv[0]); return 2; }
    void *library = dlopen(argv[1], RTLD_NOW);
    if (!library) { fprintf(stderr, "driver: %s\n", dlerror()); return 2; }
    const WlcsServerIntegration *integration = dlsym(library, "wlcs_server_integration");
    if (!integration) { fprintf(stderr, "driver: no wlcs_server_integration in %s\n", argv[1]); return 2; }
    const char *server_argv[] = { "mir-touch-driver" };
    WlcsDisplayServer *server = integration->create_server(1, server_argv);
    server->start(server);

    // touchlight, on a client socket of its own.
    int touchlight_fd = server->create_client_socket(server);
    pid_t child = fork();
    if (child == 0) {
        char socket_text[16];
        snprintf(socket_text, sizeof socket_text, "%d", touchlight_fd);
        fcntl(touchlight_fd, F_SETFD, 0);  // keep it open across exec
        setenv("WAYLAND_SOCKET", socket_text, 1);
        unsetenv("WAYLAND_DISPLAY");
        execv(argv[2], argv + 2);
        perror("driver: exec touchlight");
        _exit(127);
    }
    close(touchlight_fd);

    // An ordinary window under the overlay, at the top-left of the output.
    struct window w = { 0 };
    struct wl_display *display = wl_display_connect_to_fd(server->create_client_socket(server));
    if (!display) { fprintf(stderr, "driver: window client could not connect\n"); return 3; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, &w);
    wl_display_roundtrip(display);
    if (!w.compositor || !w.shm || !w.wm_base || !w.seat) { fprintf(stderr, "driver: missing globals for the window\n"); return 3; }
    xdg_wm_base_add_listener(w.wm_base, &wm_listener, &w);
    wl_seat_add_listener(w.seat, &seat_listener, &w);
    w.surface = wl_compositor_create_surface(w.compositor);
    w.xdg_surface = xdg_wm_base_get_xdg_surface(w.wm_base, w.surface);
    xdg_surface_add_listener(w.xdg_surface, &xdg_surface_listener, &w);
    w.toplevel = xdg_surface_get_toplevel(w.xdg_surface);
    xdg_toplevel_add_listener(w.toplevel, &toplevel_listener, &w);
    xdg_toplevel_set_title(w.toplevel, "window under the overlay");
    wl_surface_commit(w.surface);
    while (!w.configured) if (wl_display_dispatch(display) < 0) return 3;
    wl_surface_attach(w.surface, make_buffer(w.shm, 400, 300), 0, 0);
    wl_surface_damage(w.surface, 0, 0, 400, 300);
    wl_surface_commit(w.surface);
    wl_display_roundtrip(display);
    server->position_window_absolute(server, display, w.surface, 0, 0);
    pump(display, 2000);  // time for touchlight to map its overlay

    // A real touch: down, two moves, up. Mir reads these as plain pixels (see the notes).
    WlcsTouch *touch = server->create_touch(server);
    // DRIVER_TAP=X,Y: first a tap there (down and up in place).
    const char *tap = getenv("DRIVER_TAP");
    int tap_x, tap_y;
    if (tap && sscanf(tap, "%d,%d", &tap_x, &tap_y) == 2) {
        touch->touch_down(touch, tap_x, tap_y);
        pump(display, 60);
        touch->touch_up(touch);
        pump(display, 500);
    }
    touch->touch_down(touch, 100, 120);
    pump(display, 100);
    touch->touch_move(touch, 110, 130);
    pump(display, 50);
    touch->touch_move(touch, 120, 140);
    pump(display, 50);
    touch->touch_up(touch);
    pump(display, 800);
    touch->destroy(touch);

    // A mouse drag with the left button held (BTN_LEFT), elsewhere on the output.
    WlcsPointer *mouse = server->create_pointer(server);
    mouse->move_absolute(mouse, wl_fixed_from_int(200), wl_fixed_from_int(220));
    pump(display, 100);
    mouse->button_down(mouse, 0x110);
    pump(display, 50);
    mouse->move_absolute(mouse, wl_fixed_from_int(230), wl_fixed_from_int(230));
    pump(display, 50);
    mouse->move_absolute(mouse, wl_fixed_from_int(260), wl_fixed_from_int(240));
    pump(display, 50);
    mouse->button_up(mouse, 0x110);
    pump(display, 500);
    mouse->destroy(mouse);

    kill(child, SIGTERM);
    int status = 0;
    waitpid(child, &status, 0);
    printf("touchlight-exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    printf("done\n");
    fflush(stdout);
    wl_display_disconnect(display);
    server->stop(server);
    integration->destroy_server(server);
    return 0;
}
