#define _GNU_SOURCE
#include "CLibWebSocketsShim.h"

#include <sched.h>

#include <sys/prctl.h>

size_t tc_lws_pre(void) { return LWS_PRE; }

void tc_timer_schedule(struct lws_context *context, tc_timer *timer,
                       void (*callback)(lws_sorted_usec_list_t *), long long microseconds) {
  lws_sul_schedule(context, 0, &timer->sul, callback, (lws_usec_t)microseconds);
}

void tc_timer_cancel(tc_timer *timer) {
  lws_sul_cancel(&timer->sul);
}

int tc_lws_header(struct lws *wsi, enum lws_token_indexes token, char *buffer, int length) {
  int total = lws_hdr_total_length(wsi, token);
  if (total <= 0) return -1;
  if (total >= length) return -2;
  return lws_hdr_copy(wsi, buffer, length, token);
}

int tc_set_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

int tc_available_cpus(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
  return CPU_COUNT(&set);
}
