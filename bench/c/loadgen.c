// Load generator for `tagcloud serve` (and the bare echo floor, bench/c/echo_server.c), on
// libwebsockets' client API: one thread, one event loop, so it stays cheap next to the server.
// The loop is libev's (epoll), handed to lws as a foreign loop: lws's default loop is poll(),
// which walks all 1,000 sockets at every wake-up (about 50 µs here), and the generator wakes at
// every intended send time, every answer and every writable socket. On poll() it spent a whole
// core on that walk at every offered rate, so its own queue, not the server's, made most of
// the latency it reported; on epoll a wake-up costs what its ready sockets cost.
//
//   cc -O2 -o loadgen bench/c/loadgen.c $(pkg-config --cflags --libs libwebsockets) -lev
//   ./loadgen PORT SERVER_PID CONNECTIONS RATE WARMUP_S WINDOW_S [LATENCY_FILE]
//
// Opens CONNECTIONS sessions to ws://127.0.0.1:PORT/live (subprotocol tagcloud.v1, at most 128
// handshakes at a time). Each session reads the welcome, sends a `measure` of the welcome's tags
// and a `viewport`, and waits for its first layout: it is then "ready".
//
// RATE 0 (idle): once every session is ready, samples the server's VmRSS (from
// /proc/SERVER_PID/status) before connecting, when all are ready, and WINDOW_S later.
// RATE > 0 (busy): an open-loop load, as wrk2 makes one. Every session sends RATE viewports a
// second, phases spread evenly: viewport j of the whole run (to session j mod CONNECTIONS) has
// an intended send time, start + j / (RATE * CONNECTIONS), fixed in advance whatever the server
// does; the timer wakes at each intended time (not on a coarse tick). A viewport's width changes
// every time. Its latency counts from its intended send time, not from when it was written, so
// a server (or a load generator) that falls behind cannot hide the wait: no coordinated
// omission. A session's viewports due while an earlier one is not yet written wait in its
// queue and are written in order. The layout carrying a viewport's width answers it and every
// older one of that session still unanswered ("latest wins": those are counted as coalesced,
// and timed to that layout too). After WARMUP_S, the viewports intended within a window of
// WINDOW_S seconds count (their answers are awaited up to DRAIN_S after it): latencies, layout
// frames per second, the server's CPU time (/proc/SERVER_PID/stat) and this process's, and how
// late the writes were against their intended times (the generator's own lag). LATENCY_FILE, if
// given, receives every latency of the window in microseconds (little-endian doubles), for
// HdrHistogram (bench/py/server_bench.py).
//
// Prints one JSON object on stdout. Exit status 1 if sessions failed to become ready.
#define _GNU_SOURCE  // memmem
#include <ev.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

enum { RING = 64, MAX_HANDSHAKES = 128, HEAD = 160, MAX_TAGS = 512, CONNECT_TIMEOUT_S = 60, DRAIN_S = 2 };

enum state { IDLE, CONNECTING, OPEN, READY, CLOSED };

struct session {
  struct lws *wsi;
  enum state state;
  int index;
  int want_measure, want_viewport;  // the set-up frames waiting for a writable callback
  int viewport_width;               // the width of the set-up viewport
  unsigned width_counter;
  // The viewports not yet answered, oldest first: width and intended send time. The newest
  // `unwritten` of them wait for a writable callback.
  int ring_widths[RING];
  double ring_times[RING];
  unsigned ring_head, ring_count, unwritten;
  char head[HEAD];  // the first bytes of the message being received
  size_t head_length, message_length;
};

static struct {
  int port, server_pid, connections;
  double rate, warmup_s, window_s;
} config;

static struct session *sessions;
static struct lws_context *context;
static int timer_fd = -1;
static char measure_message[65536];
static size_t measure_length;
static int next_to_connect, handshakes, ready, failed, closed_by_server;
static int close_codes[5000];
static double started_us, all_ready_us, window_start_us, window_end_us;
static int phase;  // 0 connecting, 1 warm-up, 2 window, 4 drain (answers to the window), 3 done
static double schedule_start_us, send_interval_us;
static long next_send;  // index of the next viewport of the schedule
static long pending_in_window, dropped_in_window;
static double lag_sum_us, lag_max_us;
static long lag_count;
static double *rtts;
static size_t rtt_count, rtt_capacity;
static long frames_in_window, bytes_in_window, sent_in_window, coalesced_in_window, late_in_window;
static const char *latency_path;
static long rss_before_kb, rss_ready_kb, rss_after_kb;
static double server_cpu_start, server_cpu_end, own_cpu_start, own_cpu_end;
static double server_wait_start, server_wait_end, own_wait_start, own_wait_end;

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static double own_cpu_s(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (double)usage.ru_utime.tv_sec + (double)usage.ru_stime.tv_sec +
         ((double)usage.ru_utime.tv_usec + (double)usage.ru_stime.tv_usec) / 1e6;
}

// utime + stime of the server process, in seconds.
static double server_cpu_s(void) {
  char path[64], text[2048];
  snprintf(path, sizeof path, "/proc/%d/stat", config.server_pid);
  FILE *file = fopen(path, "r");
  if (!file) return -1;
  size_t length = fread(text, 1, sizeof text - 1, file);
  fclose(file);
  text[length] = '\0';
  const char *after = strrchr(text, ')');  // the command name may hold spaces
  if (!after) return -1;
  unsigned long utime = 0, stime = 0;
  // Fields after the name: state(3) ... utime(14) stime(15).
  if (sscanf(after + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
    return -1;
  return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

// Time the server spent runnable but waiting for a CPU (the second field of
// /proc/SERVER_PID/schedstat), in seconds: how much other work on the machine held it back.
// The same for this process with `pid` 0.
static double run_queue_wait_s(int pid) {
  char path[64];
  if (pid) snprintf(path, sizeof path, "/proc/%d/schedstat", pid);
  else snprintf(path, sizeof path, "/proc/self/schedstat");
  FILE *file = fopen(path, "r");
  if (!file) return -1;
  unsigned long long running = 0, waiting = 0;
  int fields = fscanf(file, "%llu %llu", &running, &waiting);
  fclose(file);
  return fields == 2 ? (double)waiting / 1e9 : -1;
}

static long server_rss_kb(void) {
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/status", config.server_pid);
  FILE *file = fopen(path, "r");
  if (!file) return -1;
  long kb = -1;
  while (fgets(line, sizeof line, file))
    if (sscanf(line, "VmRSS: %ld kB", &kb) == 1) break;
  fclose(file);
  return kb;
}

static int write_text(struct lws *wsi, const char *text, size_t length) {
  static unsigned char buffer[LWS_PRE + 65536];
  memcpy(buffer + LWS_PRE, text, length);
  return lws_write(wsi, buffer + LWS_PRE, length, LWS_WRITE_TEXT) < (int)length ? -1 : 0;
}

// The measure message, made once from the first welcome: every served id, a plausible capsule.
static void make_measure(const char *welcome, size_t length) {
  static const char key[] = "\"id\":\"";
  size_t out = (size_t)snprintf(measure_message, sizeof measure_message, "{\"type\":\"measure\",\"tags\":[");
  const char *at = welcome, *end = welcome + length;
  int tags = 0;
  while (tags < MAX_TAGS && (at = memmem(at, (size_t)(end - at), key, sizeof key - 1))) {
    at += sizeof key - 1;
    const char *close = memchr(at, '"', (size_t)(end - at));
    if (!close) break;
    int id_length = (int)(close - at);
    out += (size_t)snprintf(measure_message + out, sizeof measure_message - out,
                            "%s{\"id\":\"%.*s\",\"size\":[%d,40]}", tags ? "," : "", id_length, at,
                            40 + 7 * id_length);
    tags++;
    at = close;
  }
  out += (size_t)snprintf(measure_message + out, sizeof measure_message - out, "]}");
  measure_length = out;
}

static int layout_width(const struct session *session, int *width) {
  static const char key[] = "\"width\":";
  if (!memmem(session->head, session->head_length, "\"type\":\"layout\"", 15)) return 0;
  const char *at = memmem(session->head, session->head_length, key, sizeof key - 1);
  return at && sscanf(at + sizeof key - 1, "%d", width) == 1;
}

static void record_rtt(double value) {
  if (rtt_count == rtt_capacity) {
    rtt_capacity = rtt_capacity ? 2 * rtt_capacity : 65536;
    rtts = realloc(rtts, rtt_capacity * sizeof *rtts);
    if (!rtts) abort();
  }
  rtts[rtt_count++] = value;
}

// Whether a viewport intended at `intended` belongs to the measured window.
static int in_window(double intended) {
  return window_start_us && intended >= window_start_us && (!window_end_us || intended < window_end_us);
}

static void on_layout(struct session *session, int width, double now) {
  if (session->state == OPEN) {
    session->state = READY;
    ready++;
    return;
  }
  // The newest viewport with this width answers it and every older one (coalesced by the
  // server, "latest wins"); each is timed from its intended send time.
  for (unsigned k = session->unwritten; k < session->ring_count; k++) {
    unsigned slot = (session->ring_head + RING - 1 - k) % RING;
    if (session->ring_widths[slot] != width) continue;
    if (phase == 2 || phase == 4) {
      if (phase == 2) {
        frames_in_window++;
        bytes_in_window += (long)session->message_length;
      }
      for (unsigned older = k; older < session->ring_count; older++) {
        unsigned at = (session->ring_head + RING - 1 - older) % RING;
        double intended = session->ring_times[at];
        if (!in_window(intended)) continue;
        record_rtt(now - intended);
        pending_in_window--;
        if (older > k) coalesced_in_window++;
      }
    }
    session->ring_count = k;  // keep only the ones sent after it
    return;
  }
  if (phase == 2) frames_in_window++;
}

static void connect_next(void) {
  while (next_to_connect < config.connections && handshakes < MAX_HANDSHAKES) {
    struct session *session = &sessions[next_to_connect++];
    struct lws_client_connect_info info;
    memset(&info, 0, sizeof info);
    info.context = context;
    info.address = "127.0.0.1";
    info.port = config.port;
    info.path = "/live";
    info.host = "127.0.0.1";
    info.protocol = "tagcloud.v1";
    info.opaque_user_data = session;
    info.pwsi = &session->wsi;
    session->state = CONNECTING;
    handshakes++;
    if (!lws_client_connect_via_info(&info)) {
      session->state = CLOSED;
      handshakes--;
      failed++;
    }
  }
}

// A viewport of the schedule for `session`, intended at `intended`: queued, then written when
// the connection is writable.
static void enqueue(struct session *session, double intended) {
  if (session->ring_count == RING) {
    // A full queue (an overloaded server): the oldest unanswered viewport is given up.
    unsigned oldest = (session->ring_head + RING - RING) % RING;
    if (in_window(session->ring_times[oldest])) dropped_in_window++, pending_in_window--;
    session->ring_count--;
    if (session->unwritten > session->ring_count) session->unwritten = session->ring_count;
  }
  unsigned slot = session->ring_head;
  session->ring_widths[slot] = 320 + (int)(session->width_counter++ % 700);
  session->ring_times[slot] = intended;
  session->ring_head = (slot + 1) % RING;
  session->ring_count++;
  if (in_window(intended)) pending_in_window++;
  if (session->unwritten++ > 0) {
    if (phase == 2) late_in_window++;  // the previous one is not even written yet
  } else {
    lws_callback_on_writable(session->wsi);
  }
}

static void tick_body(double now);

// Arms the timer for `at` (CLOCK_MONOTONIC, microseconds).
static void arm_timer(double at) {
  struct itimerspec when = {{0, 0}, {(time_t)(at / 1e6), (long)(at - (double)(time_t)(at / 1e6) * 1e6) * 1000}};
  timerfd_settime(timer_fd, TFD_TIMER_ABSTIME, &when, NULL);
}

// Called from a timerfd in lws's poll set, at each intended send time and at least every
// millisecond. (An lws_sul timer would make lws poll with a 0 ms timeout until it is due: a busy
// loop that would take the core.)
static void tick(void) {
  double now = now_us();
  tick_body(now);
  double next = now_us() + 1000;
  if ((phase == 1 || phase == 2) && config.rate > 0) {
    double due = schedule_start_us + (double)next_send * send_interval_us;
    if (due < next) next = due;
  }
  arm_timer(next);
}

static void tick_body(double now) {
  connect_next();
  if (phase == 0 && ready + failed >= config.connections) {
    all_ready_us = now;
    rss_ready_kb = server_rss_kb();
    phase = 1;
    schedule_start_us = now;
    send_interval_us = config.rate > 0 ? 1e6 / (config.rate * config.connections) : 0;
    next_send = 0;
  }
  if (phase == 0 && now - started_us > CONNECT_TIMEOUT_S * 1e6) {
    phase = 3;  // give up: report how many became ready
    lws_cancel_service(context);
    return;
  }
  if (phase == 1 && now - all_ready_us >= config.warmup_s * 1e6) {
    phase = 2;
    window_start_us = now;
    server_cpu_start = server_cpu_s();
    own_cpu_start = own_cpu_s();
    server_wait_start = run_queue_wait_s(config.server_pid);
    own_wait_start = run_queue_wait_s(0);
  }
  if (phase == 2 && now - window_start_us >= config.window_s * 1e6) {
    window_end_us = window_start_us + config.window_s * 1e6;
    server_cpu_end = server_cpu_s();
    own_cpu_end = own_cpu_s();
    server_wait_end = run_queue_wait_s(config.server_pid);
    own_wait_end = run_queue_wait_s(0);
    rss_after_kb = server_rss_kb();
    phase = config.rate > 0 ? 4 : 3;
    if (phase == 3) {
      lws_cancel_service(context);
      return;
    }
  }
  if (phase == 4 && (pending_in_window <= 0 || now - window_end_us >= DRAIN_S * 1e6)) {
    phase = 3;
    lws_cancel_service(context);
    return;
  }
  if ((phase == 1 || phase == 2) && config.rate > 0) {
    for (;;) {
      double due = schedule_start_us + (double)next_send * send_interval_us;
      if (due > now) break;
      struct session *session = &sessions[next_send % config.connections];
      next_send++;
      if (session->state == READY) enqueue(session, due);
    }
  }
}

static int timer_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                          size_t len) {
  (void)wsi, (void)user, (void)in, (void)len;
  if (reason == LWS_CALLBACK_RAW_RX_FILE) {
    uint64_t expirations;
    if (read(timer_fd, &expirations, sizeof expirations) == sizeof expirations) tick();
  }
  return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len) {
  (void)user;
  struct session *session = lws_get_opaque_user_data(wsi);
  switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
      handshakes--;
      session->state = OPEN;
      break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
      if (session && session->state == CONNECTING) {
        handshakes--;
        failed++;
        session->state = CLOSED;
      }
      break;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
      if (lws_is_first_fragment(wsi)) session->head_length = session->message_length = 0;
      size_t take = len < HEAD - session->head_length ? len : HEAD - session->head_length;
      memcpy(session->head + session->head_length, in, take);
      session->head_length += take;
      session->message_length += len;
      if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi)) break;
      double now = now_us();
      int width;
      if (layout_width(session, &width)) {
        on_layout(session, width, now);
      } else if (session->state == OPEN && memmem(session->head, session->head_length, "welcome", 7)) {
        // Only the first welcome is parsed whole; it is small, so it arrives in one piece.
        if (!measure_length) make_measure(in, len);
        session->want_measure = session->want_viewport = 1;
        session->viewport_width = 390;
        lws_callback_on_writable(wsi);
      }
      break;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE:
      if (session->want_measure) {
        session->want_measure = 0;
        if (write_text(wsi, measure_message, measure_length)) return -1;
        lws_callback_on_writable(wsi);
      } else if (session->want_viewport) {
        char message[96];
        int length = snprintf(message, sizeof message, "{\"type\":\"viewport\",\"width\":%d}",
                              session->viewport_width);
        session->want_viewport = 0;
        if (write_text(wsi, message, (size_t)length)) return -1;
      } else if (session->unwritten > 0) {
        // The oldest viewport not yet written.
        unsigned slot = (session->ring_head + RING - session->unwritten) % RING;
        char message[96];
        int length = snprintf(message, sizeof message, "{\"type\":\"viewport\",\"width\":%d}",
                              session->ring_widths[slot]);
        session->unwritten--;
        if (in_window(session->ring_times[slot])) {
          double lag = now_us() - session->ring_times[slot];
          sent_in_window++;
          lag_sum_us += lag;
          lag_count++;
          if (lag > lag_max_us) lag_max_us = lag;
        }
        if (write_text(wsi, message, (size_t)length)) return -1;
        if (session->unwritten > 0) lws_callback_on_writable(wsi);
      }
      break;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
      if (len >= 2) {
        int code = ((unsigned char *)in)[0] << 8 | ((unsigned char *)in)[1];
        if (code > 0 && code < 5000) close_codes[code]++;
      }
      break;
    case LWS_CALLBACK_CLIENT_CLOSED:
      if (session && session->state != CLOSED) {
        if (session->state == READY) ready--;
        if (session->state == CONNECTING) handshakes--;
        if (session->state != READY) failed++;
        session->state = CLOSED;
        closed_by_server++;
      }
      break;
    default:
      break;
  }
  return 0;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double percentile(double fraction) {
  if (!rtt_count) return -1;
  size_t index = (size_t)(fraction * (double)(rtt_count - 1) + 0.5);
  return rtts[index];
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: loadgen PORT SERVER_PID CONNECTIONS RATE WARMUP_S WINDOW_S\n");
    return 2;
  }
  config.port = atoi(argv[1]);
  config.server_pid = atoi(argv[2]);
  config.connections = atoi(argv[3]);
  config.rate = atof(argv[4]);
  config.warmup_s = atof(argv[5]);
  config.window_s = atof(argv[6]);
  latency_path = argc > 7 ? argv[7] : NULL;
  if (config.port <= 0 || config.connections <= 0 || config.rate < 0 || config.window_s <= 0) {
    fprintf(stderr, "loadgen: bad arguments\n");
    return 2;
  }
  sessions = calloc((size_t)config.connections, sizeof *sessions);
  if (!sessions) return 1;
  for (int i = 0; i < config.connections; i++) sessions[i].index = i;

  static const struct lws_protocols protocols[] = {
      {"tagcloud.v1", callback, 0, 65536, 0, NULL, 0},
      {"timer", timer_callback, 0, 0, 0, NULL, 0},
      {NULL, NULL, 0, 0, 0, NULL, 0},
  };
  struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL);
  if (!loop) {
    fprintf(stderr, "loadgen: cannot create the epoll loop (libev)\n");
    return 1;
  }
  void *foreign_loops[] = {loop};
  struct lws_context_creation_info info;
  memset(&info, 0, sizeof info);
  info.port = CONTEXT_PORT_NO_LISTEN;
  info.protocols = protocols;
  info.options = LWS_SERVER_OPTION_LIBEV;
  info.foreign_loops = foreign_loops;
  lws_set_log_level(LLL_ERR, NULL);
  context = lws_create_context(&info);
  if (!context) {
    fprintf(stderr, "loadgen: cannot create the lws context\n");
    return 1;
  }
  signal(SIGPIPE, SIG_IGN);
  rss_before_kb = server_rss_kb();
  started_us = now_us();
  timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
  struct itimerspec first = {{0, 0}, {0, 1000000}};
  lws_sock_file_fd_type descriptor;
  descriptor.filefd = timer_fd;
  if (timer_fd < 0 || timerfd_settime(timer_fd, 0, &first, NULL) ||
      !lws_adopt_descriptor_vhost(lws_get_vhost_by_name(context, "default"),
                                  LWS_ADOPT_RAW_FILE_DESC, descriptor, "timer", NULL)) {
    fprintf(stderr, "loadgen: cannot set up the millisecond timer\n");
    return 1;
  }
  // lws_cancel_service (phase 3) wakes the loop, so every turn sees the phase change.
  while (phase != 3) ev_run(loop, EVRUN_ONCE);
  if (!window_end_us) window_end_us = now_us();

  if (latency_path) {
    FILE *file = fopen(latency_path, "wb");
    if (!file || fwrite(rtts, sizeof *rtts, rtt_count, file) != rtt_count || fclose(file)) {
      fprintf(stderr, "loadgen: cannot write %s\n", latency_path);
      return 1;
    }
  }
  qsort(rtts, rtt_count, sizeof *rtts, compare_doubles);
  double window = (window_end_us - window_start_us) / 1e6;
  int became_ready = ready;
  printf("{\"connections\": %d, \"rate\": %g, \"ready\": %d, \"failed\": %d, "
         "\"closed_by_server\": %d, \"close_1013\": %d, \"connect_s\": %.3f, "
         "\"rss_before_kb\": %ld, \"rss_ready_kb\": %ld, \"rss_after_kb\": %ld",
         config.connections, config.rate, became_ready, failed, closed_by_server, close_codes[1013],
         (all_ready_us ? all_ready_us - started_us : now_us() - started_us) / 1e6, rss_before_kb,
         rss_ready_kb, rss_after_kb);
  if (config.rate > 0 && window_start_us) {
    printf(", \"window_s\": %.3f, \"sent\": %ld, \"frames\": %ld, \"late\": %ld, \"coalesced\": %ld, "
           "\"frame_bytes_mean\": %.1f, \"frames_per_s\": %.1f, \"sent_per_s\": %.1f, "
           "\"rtt_p50_us\": %.1f, \"rtt_p99_us\": %.1f, \"rtt_p999_us\": %.1f, \"rtt_max_us\": %.1f, "
           "\"rtt_samples\": %zu, \"server_cpu_s\": %.3f, \"loadgen_cpu_s\": %.3f, "
           "\"unanswered\": %ld, \"dropped\": %ld, \"send_lag_mean_us\": %.1f, \"send_lag_max_us\": %.1f, "
           "\"offered_per_s\": %.1f, \"server_wait_s\": %.3f, \"loadgen_wait_s\": %.3f",
           window, sent_in_window, frames_in_window, late_in_window, coalesced_in_window,
           frames_in_window ? (double)bytes_in_window / (double)frames_in_window : 0.0,
           (double)frames_in_window / window, (double)sent_in_window / window, percentile(0.5),
           percentile(0.99), percentile(0.999), rtt_count ? rtts[rtt_count - 1] : -1.0, rtt_count,
           server_cpu_end - server_cpu_start, own_cpu_end - own_cpu_start, pending_in_window,
           dropped_in_window, lag_count ? lag_sum_us / (double)lag_count : 0.0, lag_max_us,
           config.rate * config.connections, server_wait_end - server_wait_start,
           own_wait_end - own_wait_start);
  }
  printf("}\n");
  fflush(stdout);
  lws_context_destroy(context);
  ev_loop_destroy(loop);
  return became_ready == config.connections ? 0 : 1;
}
