// Runs a command against emulated input devices, through the real libudev, libevdev and
// libinput: an umockdev testbed with the devices of DIR (devices.umockdev and an ioctl record
// per event node), an evemu event stream for the touchscreen, and optionally the touchscreen
// unplugged (a udev "remove") while the command runs.
//
//   umockdev-touch-driver DIR EVENTS REMOVE_MS RUN_MS SHIM -- COMMAND...
//
// EVENTS: an evemu file played into /dev/input/event5 from the start. REMOVE_MS: when to
// unplug the touchscreen (0: never). RUN_MS: when to send the command SIGTERM. SHIM: a
// library preloaded before umockdev's (see umockdev-shim.c). Exits with the command's status.
#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <umockdev.h>
#include <unistd.h>

static const char *const nodes[] = {"event5", "event6", "event7"};
static const char *const touchscreen = "/sys/devices/virtual/touchlight/input10/event5";

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {}
}

static void fail(const char *what, GError *error) {
    fprintf(stderr, "umockdev-touch-driver: %s: %s\n", what, error ? error->message : "failed");
    exit(3);
}

int main(int argc, char **argv) {
    if (argc < 8 || strcmp(argv[6], "--") != 0) {
        fprintf(stderr, "usage: umockdev-touch-driver DIR EVENTS REMOVE_MS RUN_MS SHIM -- COMMAND...\n");
        return 2;
    }
    const char *dir = argv[1], *events = argv[2], *shim = argv[5];
    long remove_ms = atol(argv[3]), run_ms = atol(argv[4]);
    GError *error = NULL;
    UMockdevTestbed *testbed = umockdev_testbed_new();
    char path[4096];
    snprintf(path, sizeof path, "%s/devices.umockdev", dir);
    if (!umockdev_testbed_add_from_file(testbed, path, &error)) fail(path, error);
    for (size_t i = 0; i < sizeof nodes / sizeof *nodes; i++) {
        char node[64];
        snprintf(node, sizeof node, "/dev/input/%s", nodes[i]);
        snprintf(path, sizeof path, "%s/%s.ioctl", dir, nodes[i]);
        if (!umockdev_testbed_load_ioctl(testbed, node, path, &error)) fail(path, error);
    }
    if (!umockdev_testbed_load_evemu_events(testbed, "/dev/input/event5", events, &error)) fail(events, error);

    pid_t child = fork();
    if (child == 0) {
        char preload[4096];
        snprintf(preload, sizeof preload, "%s:libumockdev-preload.so.0", shim);
        setenv("LD_PRELOAD", preload, 1);
        execvp(argv[7], argv + 7);
        perror("umockdev-touch-driver: exec");
        _exit(127);
    }
    long waited = 0;
    int status = 0;
    while (waited < run_ms) {
        if (remove_ms > 0 && waited == remove_ms) {
            umockdev_testbed_uevent(testbed, touchscreen, "remove");
            umockdev_testbed_remove_device(testbed, touchscreen);
            fprintf(stderr, "umockdev-touch-driver: touchscreen removed\n");
        }
        if (waitpid(child, &status, WNOHANG) == child) goto done;
        sleep_ms(10);
        waited += 10;
    }
    kill(child, SIGTERM);
    waitpid(child, &status, 0);
done:
    g_object_unref(testbed);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
