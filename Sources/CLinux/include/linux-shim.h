// Linux interfaces the Glibc module does not bring into Swift: timerfd, signalfd, memfd.
#pragma once
#include <stdint.h>
#include <sys/types.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>

/// memfd_create(name, MFD_CLOEXEC).
int tl_memfd_create(const char *name);
#include <sys/inotify.h>
