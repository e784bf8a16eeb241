#define _GNU_SOURCE
#include <sys/mman.h>
#include "linux-shim.h"

int tl_memfd_create(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

#include <malloc.h>
void tl_malloc_trim(void) { malloc_trim(0); }

#include <fcntl.h>
#include <sys/uio.h>
ssize_t tl_vmsplice(int fd, const void *bytes, size_t count) {
    struct iovec pages = {.iov_base = (void *)bytes, .iov_len = count};
    return vmsplice(fd, &pages, 1, 0);
}

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static int exit_notify_fd = -1;
static volatile sig_atomic_t exit_signal = 0;
static int exit_grace_ms = 1000;
static volatile sig_atomic_t watchdog_held = 0;

static void arm_watchdog(int ms) {
    struct itimerval watchdog = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};
    setitimer(ITIMER_REAL, &watchdog, NULL);
}

/// Writes to standard error only if that cannot block: a signal handler that blocks on a full
/// pipe nobody reads would keep the process from ever exiting.
static void say(const char *text) {
    struct pollfd out = {.fd = 2, .events = POLLOUT, .revents = 0};
    if (poll(&out, 1, 0) != 1 || !(out.revents & POLLOUT)) return;
    ssize_t ignored = write(2, text, strlen(text));  // shorter than PIPE_BUF: written whole or not at all
    (void)ignored;
}

static void on_exit_signal(int signo) {
    int saved = errno;
    if (exit_signal != 0) {
        say("touchlight: second signal: exiting at once\n");
        _exit(0);  // a stop that was asked for, twice

    }
    exit_signal = signo;
    unsigned char byte = (unsigned char)signo;
    ssize_t ignored = write(exit_notify_fd, &byte, 1);
    (void)ignored;
    if (!watchdog_held) arm_watchdog(exit_grace_ms);
    errno = saved;
}

static void on_watchdog(int signo) {
    (void)signo;
    say("touchlight: shutdown did not finish in time: exiting at once\n");
    _exit(0);  // the stop was asked for: it ends as one
}

int tl_install_exit_signals(int notify_fd, int grace_ms) {
    exit_notify_fd = notify_fd;
    exit_grace_ms = grace_ms > 0 ? grace_ms : 1000;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_exit_signal;
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGTERM, &action, NULL) != 0 || sigaction(SIGHUP, &action, NULL) != 0)
        return -1;
    action.sa_handler = on_watchdog;
    if (sigaction(SIGALRM, &action, NULL) != 0) return -1;
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    sigaddset(&mask, SIGALRM);
    return sigprocmask(SIG_UNBLOCK, &mask, NULL);
}

int tl_exit_signal(void) { return exit_signal; }

void tl_extend_exit_watchdog(int ms) {
    if (exit_signal == 0 || ms <= 0) return;
    arm_watchdog(ms);
}

void tl_hold_exit_watchdog(int held) {
    watchdog_held = held;
    if (!held && exit_signal != 0) arm_watchdog(exit_grace_ms);
}

#include <sys/socket.h>

int tl_peer_hung_up(int fd) {
    struct pollfd peer = {.fd = fd, .events = POLLIN | POLLRDHUP, .revents = 0};
    if (poll(&peer, 1, 0) < 0) return 1;
    return (peer.revents & (POLLHUP | POLLRDHUP | POLLERR | POLLNVAL)) != 0;
}

int tl_peer_credentials(int fd, unsigned int *uid, int *pid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *uid = credentials.uid;
    *pid = credentials.pid;
    return 0;
}
