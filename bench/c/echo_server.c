// The floor for the server benchmark: a bare libwebsockets server that answers each viewport
// message with one frame of the same size as tagcloud's layout frame, and does nothing else.
// What tagcloud serve costs per frame above this is the cost of the Swift layer (protocol,
// sessions, layout, JSON), since both use the same library the same way.
//
//   cc -O2 -o echo_server bench/c/echo_server.c $(pkg-config --cflags --libs libwebsockets) -lev
//   ./echo_server PORT FRAME_BYTES [poll|epoll]   (PORT 0: any free port; prints "listening on N")
//
// The event loop is the one `tagcloud serve` uses, so that the floor differs from it only in
// the Swift layer: `epoll` (default) is libev's epoll loop handed to lws as a foreign loop, as
// the server does (Sources/TagCloudServer/LWS/EventLoop.swift); `poll` is lws's own poll()
// loop, the server's with TAGCLOUD_EVENT_LOOP=poll.
//
// Speaks just enough of the live protocol (docs/PROTOCOL.md) for bench/c/loadgen.c: a small `welcome` on
// connect, and for every message with a "width" a `layout`-shaped frame that carries that width
// (padded to FRAME_BYTES). Like tagcloud serve: subprotocol tagcloud.v1, one frame per writable
// callback, latest width wins. Stops on SIGINT/SIGTERM.
#define _GNU_SOURCE  // memmem
#include <ev.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FRAME = 65536 };

struct connection {
  int welcomed;
  int pending;  // a width waits to be answered
  char width[32];
  unsigned seq;
};

static size_t frame_bytes = 1500;
static volatile sig_atomic_t stopping;
static struct lws_context *context;

static void on_signal(int signal_number) {
  (void)signal_number;
  stopping = 1;
  if (context) lws_cancel_service(context);
}

// Copies the number after "width": in `message`, or returns 0 when there is none.
static int find_width(const char *message, size_t length, char *out, size_t capacity) {
  static const char key[] = "\"width\":";
  const char *at = memmem(message, length, key, sizeof key - 1);
  if (!at) return 0;
  at += sizeof key - 1;
  const char *end = message + length;
  size_t n = 0;
  while (at < end && n + 1 < capacity && (*at == '-' || *at == '.' || (*at >= '0' && *at <= '9')))
    out[n++] = *at++;
  out[n] = '\0';
  return n > 0;
}

static int write_text(struct lws *wsi, const char *text, size_t length) {
  static unsigned char buffer[LWS_PRE + MAX_FRAME];
  memcpy(buffer + LWS_PRE, text, length);
  return lws_write(wsi, buffer + LWS_PRE, length, LWS_WRITE_TEXT) < (int)length ? -1 : 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len) {
  struct connection *connection = user;
  static char frame[MAX_FRAME];
  switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
      memset(connection, 0, sizeof *connection);
      lws_callback_on_writable(wsi);
      break;
    case LWS_CALLBACK_RECEIVE:
      // Messages from the load generator are small and arrive whole.
      if (find_width(in, len, connection->width, sizeof connection->width)) {
        connection->pending = 1;
        lws_callback_on_writable(wsi);
      }
      break;
    case LWS_CALLBACK_SERVER_WRITEABLE:
      if (!connection->welcomed) {
        static const char welcome[] =
            "{\"type\":\"welcome\",\"session\":\"echo\",\"tags\":[{\"id\":\"Echo\"}]}";
        connection->welcomed = 1;
        if (write_text(wsi, welcome, sizeof welcome - 1)) return -1;
        if (connection->pending) lws_callback_on_writable(wsi);
      } else if (connection->pending) {
        int head = snprintf(frame, sizeof frame, "{\"type\":\"layout\",\"seq\":%u,\"width\":%s,\"pad\":\"",
                            ++connection->seq, connection->width);
        size_t total = frame_bytes > (size_t)head + 2 ? frame_bytes : (size_t)head + 2;
        memset(frame + head, 'x', total - 2 - (size_t)head);
        frame[total - 2] = '"';
        frame[total - 1] = '}';
        connection->pending = 0;
        if (write_text(wsi, frame, total)) return -1;
      }
      break;
    default:
      break;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: echo_server PORT FRAME_BYTES [poll|epoll]\n");
    return 2;
  }
  int use_epoll = argc < 4 || strcmp(argv[3], "poll") != 0;
  frame_bytes = (size_t)atol(argv[2]);
  if (frame_bytes < 64 || frame_bytes > MAX_FRAME) {
    fprintf(stderr, "echo_server: FRAME_BYTES must be 64 to %d\n", MAX_FRAME);
    return 2;
  }
  static const struct lws_protocols protocols[] = {
      {"tagcloud.v1", callback, sizeof(struct connection), 4096, 0, NULL, 0},
      {NULL, NULL, 0, 0, 0, NULL, 0},
  };
  struct lws_context_creation_info info;
  memset(&info, 0, sizeof info);
  info.port = atoi(argv[1]);
  info.iface = "127.0.0.1";
  info.protocols = protocols;
  info.options = LWS_SERVER_OPTION_DISABLE_IPV6;
  struct ev_loop *loop = use_epoll ? ev_loop_new(EVBACKEND_EPOLL) : NULL;
  void *foreign_loops[] = {loop};
  if (loop) {
    info.options |= LWS_SERVER_OPTION_LIBEV;
    info.foreign_loops = foreign_loops;
  }
  lws_set_log_level(LLL_ERR, NULL);
  context = lws_create_context(&info);
  if (!context) {
    fprintf(stderr, "echo_server: cannot listen on port %s\n", argv[1]);
    return 1;
  }
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  printf("listening on %d (%s)\n", lws_get_vhost_listen_port(lws_get_vhost_by_name(context, "default")),
         loop ? "epoll" : "poll");
  fflush(stdout);
  if (loop) {
    while (!stopping) ev_run(loop, EVRUN_ONCE);  // lws_cancel_service (a signal) wakes it
  } else {
    while (!stopping && lws_service(context, 0) >= 0) {
    }
  }
  lws_context_destroy(context);
  if (loop) ev_loop_destroy(loop);
  return 0;
}
