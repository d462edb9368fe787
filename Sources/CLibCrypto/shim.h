// OpenSSL's libcrypto as Debian's libssl-dev installs it: the EVP digest interface only.
#ifndef TAGCLOUD_CLIBCRYPTO_SHIM_H
#define TAGCLOUD_CLIBCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
