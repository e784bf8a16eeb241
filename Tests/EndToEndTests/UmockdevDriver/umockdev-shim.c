// Preloaded before umockdev 0.17's own library in the emulated-touchscreen tests. It mends
// what that umockdev version lacks for libinput (fixed upstream in later versions), and makes
// every open of an input device observable:
// - fstat() of an emulated node reports the device number umockdev emulates (umockdev's node
//   is a pty; fstat is wrapped only from 0.19.2), so libinput accepts the device;
// - EVIOCSCLOCKID on an emulated node succeeds (0.17's ioctl records cannot describe it);
// - every open of a path under /dev/input/ is appended to $TOUCHLIGHT_OPEN_LOG, so a test can
//   prove which devices a program opened;
// - such an open ignores O_NOFOLLOW and is non-blocking: umockdev's node is a link to its
//   pty; libseat 0.7's noop backend opens devices with O_NOFOLLOW and without O_NONBLOCK,
//   and wlroots 0.15 reads them as if logind had opened them (non-blocking), so sway would
//   hang in read() after the first event (sway's libinput backend, in the pen tests);
// - libseat's "noop" backend (LIBSEAT_BACKEND=noop, sway as an ordinary user without a seat
//   daemon) is enabled as soon as the seat opens: libseat 0.7 never enables it, and wlroots
//   0.15 waits for that forever. Its seat is called seat0, where udev puts devices, instead
//   of 0.7's "noop", which libinput would find no device on.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <linux/input.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define NEXT(name) static __typeof__(name) *next; if (!next) next = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

/* The device number umockdev emulates for the pty behind fd, or 0 for any other fd. */
static dev_t emulated_device(int fd) {
    char tty[256], map[4096], numbers[32];
    const char *root = getenv("UMOCKDEV_DIR");
    if (!root || ttyname_r(fd, tty, sizeof tty) != 0) return 0;
    for (char *c = tty; *c; c++) if (*c == '/') *c = '_';
    snprintf(map, sizeof map, "%s/dev/.ptymap/%s", root, tty);
    ssize_t n = readlink(map, numbers, sizeof numbers - 1);
    if (n <= 0) return 0;
    numbers[n] = 0;
    unsigned major_number, minor_number;
    if (sscanf(numbers, "%u:%u", &major_number, &minor_number) != 2) return 0;
    return makedev(major_number, minor_number);
}

/* fstat and fstat64: the device number of an emulated node, as the kernel would give it. */
#define FSTAT_WRAPPER(name, type)                                                        \
    int name(int fd, type *st) {                                                         \
        NEXT(name);                                                                      \
        int result = next(fd, st);                                                       \
        dev_t device = result == 0 ? emulated_device(fd) : 0;                            \
        if (device) {                                                                    \
            st->st_rdev = device;                                                        \
            st->st_mode = (st->st_mode & ~S_IFMT) | S_IFCHR;                             \
        }                                                                                \
        return result;                                                                   \
    }
FSTAT_WRAPPER(fstat, struct stat)
FSTAT_WRAPPER(fstat64, struct stat64)

int ioctl(int fd, unsigned long request, ...) {
    NEXT(ioctl);
    va_list ap;
    va_start(ap, request);
    void *argument = va_arg(ap, void *);
    va_end(ap);
    if (request == EVIOCSCLOCKID && emulated_device(fd)) return 0;
    return next(fd, request, argument);
}

static void note_open(const char *path) {
    const char *log = getenv("TOUCHLIGHT_OPEN_LOG");
    if (!log || !path || strncmp(path, "/dev/input/", 11) != 0) return;
    static int (*raw_open)(const char *, int, ...);
    if (!raw_open) raw_open = dlsym(RTLD_NEXT, "open");
    int fd = raw_open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return;
    dprintf(fd, "%s\n", path);
    close(fd);
}

/* The flags an open of path goes on with: an input node's without O_NOFOLLOW, non-blocking. */
static int input_flags(const char *path, int flags) {
    return path && strncmp(path, "/dev/input/", 11) == 0 ? (flags & ~O_NOFOLLOW) | O_NONBLOCK : flags;
}

/* Every way glibc opens a file by name, fortified or not. */
#define OPEN_WRAPPER(name)                                              \
    int name(const char *path, int flags, ...) {                        \
        NEXT(name);                                                     \
        va_list ap;                                                     \
        va_start(ap, flags);                                            \
        mode_t mode = (mode_t)va_arg(ap, int);                          \
        va_end(ap);                                                     \
        note_open(path);                                                \
        return next(path, input_flags(path, flags), mode);              \
    }
#define OPENAT_WRAPPER(name)                                            \
    int name(int directory, const char *path, int flags, ...) {         \
        NEXT(name);                                                     \
        va_list ap;                                                     \
        va_start(ap, flags);                                            \
        mode_t mode = (mode_t)va_arg(ap, int);                          \
        va_end(ap);                                                     \
        note_open(path);                                                \
        return next(directory, path, input_flags(path, flags), mode);   \
    }
OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)
OPENAT_WRAPPER(openat)
OPENAT_WRAPPER(openat64)

/* The fortified forms (_FORTIFY_SOURCE), which take no mode. */
#define FORTIFIED_OPEN_WRAPPER(name)                                    \
    int name(const char *path, int flags) {                             \
        NEXT(name);                                                     \
        note_open(path);                                                \
        return next(path, input_flags(path, flags));                    \
    }
FORTIFIED_OPEN_WRAPPER(__open_2)
FORTIFIED_OPEN_WRAPPER(__open64_2)

/* libseat's noop backend, enabled at once (see the top of this file). */
struct libseat;
struct libseat_seat_listener {
    void (*enable_seat)(struct libseat *seat, void *data);
    void (*disable_seat)(struct libseat *seat, void *data);
};
struct libseat *libseat_open_seat(const struct libseat_seat_listener *listener, void *data) {
    NEXT(libseat_open_seat);
    struct libseat *seat = next(listener, data);
    const char *backend = getenv("LIBSEAT_BACKEND");
    if (seat && backend && strcmp(backend, "noop") == 0) listener->enable_seat(seat, data);
    return seat;
}

const char *libseat_seat_name(struct libseat *seat) {
    NEXT(libseat_seat_name);
    const char *name = next(seat);
    return name && strcmp(name, "noop") == 0 ? "seat0" : name;
}
