#include "CLibWebSocketsShim.h"

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
