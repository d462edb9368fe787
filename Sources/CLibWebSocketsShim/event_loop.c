// The epoll event loop for lws (see tc_epoll_loop_new in CLibWebSocketsShim.h): libev, loaded at
// run time, so that the binary still starts (on lws's poll loop) where libev or lws's libev
// plugin is not installed.
#include "CLibWebSocketsShim.h"

#include <dlfcn.h>
#include <ev.h>
#include <stddef.h>

typedef struct ev_loop *(*loop_new_function)(unsigned int flags);
typedef int (*run_function)(struct ev_loop *loop, int flags);
typedef void (*loop_destroy_function)(struct ev_loop *loop);

static run_function run;
static loop_destroy_function loop_destroy;

void *tc_epoll_loop_new(void) {
  // lws loads its plugin itself at lws_create_context; an absent plugin would fail the context.
  void *plugin = dlopen("libwebsockets-evlib_ev.so", RTLD_NOW | RTLD_LOCAL);
  if (!plugin) return NULL;
  dlclose(plugin);
  void *library = dlopen("libev.so.4", RTLD_NOW | RTLD_GLOBAL);
  if (!library) return NULL;
  loop_new_function loop_new = (loop_new_function)dlsym(library, "ev_loop_new");
  run = (run_function)dlsym(library, "ev_run");
  loop_destroy = (loop_destroy_function)dlsym(library, "ev_loop_destroy");
  if (!loop_new || !run || !loop_destroy) return NULL;
  return loop_new(EVBACKEND_EPOLL);
}

void tc_epoll_loop_run_once(void *loop) { run((struct ev_loop *)loop, EVRUN_ONCE); }

void tc_epoll_loop_destroy(void *loop) { loop_destroy((struct ev_loop *)loop); }
