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

/// The number of CPUs the calling process may run on (sched_getaffinity and CPU_COUNT, which
/// need _GNU_SOURCE and a macro); 0 when that cannot be read.
int tc_available_cpus(void);

#endif
