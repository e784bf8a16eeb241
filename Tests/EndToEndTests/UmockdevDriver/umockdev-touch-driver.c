// Runs a command against emulated input devices, through the real libudev, libevdev and
// libinput: an umockdev testbed with the devices of DIR (devices.umockdev and an ioctl record
// per event node), an evemu event stream for the touchscreen, and the touchscreen unplugged
// (a udev "remove") when the driver gets SIGUSR2.
//
//   umockdev-touch-driver DIR EVENTS RUN_MS SHIM -- COMMAND...
//
// EVENTS: an evemu file played from the start into /dev/input/event5, or into another node
// when written NODE=FILE (event8=pen.evemu: the pen display); several, separated by commas,
// play at once into their nodes (event8=pen.evemu,event5=touch.evemu). RUN_MS: when to send the
// command SIGTERM at the latest. SHIM: a library preloaded before umockdev's (see
// umockdev-shim.c). Exits with the command's status. With DRIVER_PLAY_ON_SIGNAL=1 in the
// environment, the events are loaded (and start playing) only when the driver gets SIGUSR1,
// so a test can wait until its client is ready. SIGTERM to the driver is passed on to the
// command, so a test ends the run once it has seen what it waits for.
#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <umockdev.h>
#include <unistd.h>

static const char *const nodes[] = {"event5", "event6", "event7", "event8"};
static const char *const touchscreen = "/sys/devices/virtual/touchlight/input10/event5";

static volatile sig_atomic_t play_requested, unplug_requested, stop_requested;
static void on_play(int signal) { (void)signal; play_requested = 1; }
static void on_unplug(int signal) { (void)signal; unplug_requested = 1; }
static void on_stop(int signal) { (void)signal; stop_requested = 1; }

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {}
}

static void fail(const char *what, GError *error) {
    fprintf(stderr, "umockdev-touch-driver: %s: %s\n", what, error ? error->message : "failed");
    exit(3);
}

int main(int argc, char **argv) {
    if (argc < 7 || strcmp(argv[5], "--") != 0) {
        fprintf(stderr, "usage: umockdev-touch-driver DIR EVENTS RUN_MS SHIM -- COMMAND...\n");
        return 2;
    }
    const char *dir = argv[1], *events = argv[2], *shim = argv[4];
    long run_ms = atol(argv[3]);
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
    // Each NODE=FILE (or FILE, for event5), split at the commas.
    enum { most_streams = 4 };
    char targets[most_streams][64], files[most_streams][4096];
    int streams = 0;
    char list[8192];
    snprintf(list, sizeof list, "%s", events);
    for (char *item = strtok(list, ","); item && streams < most_streams; item = strtok(NULL, ","), streams++) {
        const char *equals = strchr(item, '=');
        if (equals && equals - item < 16) {
            snprintf(targets[streams], sizeof targets[streams], "/dev/input/%.*s", (int)(equals - item), item);
            snprintf(files[streams], sizeof files[streams], "%s", equals + 1);
        } else {
            snprintf(targets[streams], sizeof targets[streams], "/dev/input/event5");
            snprintf(files[streams], sizeof files[streams], "%s", item);
        }
    }
    int play_on_signal = getenv("DRIVER_PLAY_ON_SIGNAL") && strcmp(getenv("DRIVER_PLAY_ON_SIGNAL"), "1") == 0;
    signal(SIGUSR1, on_play);
    signal(SIGUSR2, on_unplug);
    signal(SIGTERM, on_stop);
    for (int i = 0; i < streams && !play_on_signal; i++)
        if (!umockdev_testbed_load_evemu_events(testbed, targets[i], files[i], &error)) fail(files[i], error);

    pid_t child = fork();
    if (child == 0) {
        prctl(PR_SET_PDEATHSIG, SIGTERM);  // the command never outlives the driver
        char preload[4096];
        snprintf(preload, sizeof preload, "%s:libumockdev-preload.so.0", shim);
        setenv("LD_PRELOAD", preload, 1);
        execvp(argv[6], argv + 6);
        perror("umockdev-touch-driver: exec");
        _exit(127);
    }
    long waited = 0;
    int status = 0;
    while (waited < run_ms) {
        if (unplug_requested) {
            unplug_requested = 0;
            umockdev_testbed_uevent(testbed, touchscreen, "remove");
            umockdev_testbed_remove_device(testbed, touchscreen);
            fprintf(stderr, "umockdev-touch-driver: touchscreen removed\n");
        }
        if (play_requested && play_on_signal) {
            play_requested = 0;
            play_on_signal = 0;  // umockdev 0.17 takes one event file per device
            for (int i = 0; i < streams; i++) {
                if (!umockdev_testbed_load_evemu_events(testbed, targets[i], files[i], &error)) fail(files[i], error);
                fprintf(stderr, "umockdev-touch-driver: playing %s\n", files[i]);
            }
        }
        if (stop_requested) break;
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
