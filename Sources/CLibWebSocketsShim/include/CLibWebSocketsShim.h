// Small C helpers for what Swift cannot import from libwebsockets: function-like macros
// (LWS_PRE's padding arithmetic) and a timer that finds its owner without a global.
#ifndef TAGCLOUD_CLIBWEBSOCKETS_SHIM_PUBLIC_H
#define TAGCLOUD_CLIBWEBSOCKETS_SHIM_PUBLIC_H

#include <libwebsockets.h>

/// The headroom lws_write() needs in front of every payload (LWS_PRE, a macro Swift cannot see).
size_t tc_lws_pre(void);

/// A sorted-usec-list timer with a pointer back to its owner. `sul` is the first member, so the
/// `lws_sorted_usec_list_t *` that lws hands to the callback is also the `tc_timer *`.
typedef struct tc_timer {
  lws_sorted_usec_list_t sul;
  void *owner;
} tc_timer;

/// Schedules `callback` on the service thread after `microseconds`.
void tc_timer_schedule(struct lws_context *context, tc_timer *timer,
                       void (*callback)(lws_sorted_usec_list_t *), long long microseconds);

/// Cancels a pending timer (no effect if it is not scheduled).
void tc_timer_cancel(tc_timer *timer);

/// Copies header `token` into `buffer` (NUL-terminated); returns its length, -1 if absent, -2 if
/// it does not fit.
int tc_lws_header(struct lws *wsi, enum lws_token_indexes token, char *buffer, int length);

/// prctl(PR_SET_PDEATHSIG, signal) (prctl is variadic, which Swift cannot call): the calling
/// process gets `signal` when its parent dies. Returns 0, or -1 with errno.
int tc_set_parent_death_signal(int signal);

/// POSIX_SPAWN_SETSID (glibc declares it only with _GNU_SOURCE): the child starts a session of
/// its own.
short tc_posix_spawn_setsid_flag(void);

/// The number of CPUs the calling process may run on (sched_getaffinity and CPU_COUNT, which
/// need _GNU_SOURCE and a macro); 0 when that cannot be read.
int tc_available_cpus(void);

/// A new epoll event loop for lws, or NULL when none can be had (then lws's own poll() loop
/// serves). lws's default loop calls poll() on every socket at every wake-up, which costs about
/// 50 µs at 1,000 WebSockets; epoll costs what the ready sockets cost. The loop is libev's, which
/// lws drives through its libev plugin (Debian's libwebsockets-evlib-ev, a dependency of
/// libwebsockets-dev); both are loaded at run time (dlopen), so a machine with only the
/// libwebsockets runtime gets NULL. Hand it to lws as `foreign_loops[0]` with
/// LWS_SERVER_OPTION_LIBEV.
void *tc_epoll_loop_new(void);

/// Waits for events once and handles them (libev's `ev_run(loop, EVRUN_ONCE)`): one turn of the
/// service loop. lws_cancel_service() wakes it.
void tc_epoll_loop_run_once(void *loop);

/// Frees a loop of tc_epoll_loop_new, after lws_context_destroy.
void tc_epoll_loop_destroy(void *loop);

#endif
