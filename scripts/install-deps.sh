#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only those missing. Idempotent.
set -euo pipefail
# nginx: only its binary is used (the tests and `make cluster` start their own, on their own
# ports, as foreground processes); where services may start, Debian also starts its packaged
# one on port 80 (`systemctl disable --now nginx` if unwanted).
# The browser engines the page is tested in (Tests/python/engines): chromium; WebKitGTK through
# webkit2gtk-driver (WebKitWebDriver, with MiniBrowser from libwebkit2gtk-4.1-0); firefox-esr; and
# Xvfb, the X display WebKit and Firefox draw on. libssl-dev: libcrypto's headers for the
# server's SHA-256 (CLibCrypto; libwebsockets-dev pulls it in, listed for its own sake).
# libwebsockets-evlib-ev and libev-dev: the server's epoll loop (lws's libev plugin, loaded at run
# time; docs/SERVER.md "Event loop: epoll") and the bench's load generator and floor, linked with
# -lev (libwebsockets-dev pulls both in, listed for their own sake).
packages=(pkg-config libwebsockets-dev libwebsockets-evlib-ev libev-dev libssl-dev chromium binaryen libclang-rt-14-dev-wasm32 nginx openssl
  systemd webkit2gtk-driver firefox-esr xvfb)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if ((${#missing[@]} == 0)); then exit 0; fi
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
