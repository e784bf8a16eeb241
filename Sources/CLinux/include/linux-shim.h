// Linux interfaces the Glibc module does not bring into Swift: timerfd, signalfd, memfd.
#pragma once
#include <stdint.h>
#include <sys/types.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>

/// memfd_create(name, MFD_CLOEXEC).
int tl_memfd_create(const char *name);

/// Gives memory free in malloc's arenas back to the system (glibc's malloc_trim(0)).
void tl_malloc_trim(void);

/// vmsplice(fd, {bytes, count}, 1, 0): hands the pages holding `bytes` to the pipe `fd`
/// without copying them; they must stay unchanged until the reader has read them.
ssize_t tl_vmsplice(int fd, const void *bytes, size_t count);
#include <sys/inotify.h>

/// SIGINT, SIGTERM and SIGHUP (a closed terminal) handling that works even while the program is busy or blocked:
/// the first signal writes its number to `notify_fd` (the event loop polls the other end)
/// and arms a watchdog of `grace_ms`; a second signal, or the watchdog, ends the process at
/// once with `_exit(0)` (the stop was asked for, so it is status 0), after one line on
/// standard error. Async-signal-safe, so it lives in C.
int tl_install_exit_signals(int notify_fd, int grace_ms);

/// The signal that asked the program to end, or 0.
int tl_exit_signal(void);

/// After an exit signal: gives the shutdown `ms` milliseconds from now before the watchdog
/// ends the process (a save of the drawing under way gets its own deadline). Nothing before
/// a signal. Called from the program, not from a handler.
void tl_extend_exit_watchdog(int ms);

/// While held (1), an exit signal is noted but starts no watchdog: for start-up work that must
/// finish whole once begun (reading and taking over a saved drawing). Released (0), a signal
/// that came meanwhile starts it then.
void tl_hold_exit_watchdog(int held);

/// The user and process id of the peer of a connected Unix socket (SO_PEERCRED); 0 on
/// success, -1 with errno set.
/// 1 when the peer of socket `fd` has closed its end or shut down its writing (asked
/// without waiting: POLLHUP or POLLRDHUP), else 0.
int tl_peer_hung_up(int fd);

int tl_peer_credentials(int fd, unsigned int *uid, int *pid);
