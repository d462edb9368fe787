// The libwebsockets API as Debian's libwebsockets-dev (4.1.6) installs it.
#ifndef TAGCLOUD_CLIBWEBSOCKETS_SHIM_H
#define TAGCLOUD_CLIBWEBSOCKETS_SHIM_H
#include <libwebsockets.h>
#endif
