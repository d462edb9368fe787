"""Static files like a production server, from an instance directly and through nginx, for every
file of web/: kept and revalidated (`Cache-Control: no-cache`, an ETag, 304 on If-None-Match,
per variant), the gzip variant exactly when the request accepts gzip (Content-Encoding,
Vary, the same Content-Type), and each page's Content-Security-Policy, the same both ways.

Broken once each to watch it fail: `cache-control: no-store` in StaticFilePolicy fails the
revalidation checks; ignoring `q=0` in acceptsGzip fails `gzip;q=0`; `gzip_static off` in
deploy/nginx/http.conf fails the nginx half; deleting web/*.gz fails loudly ("make web-gzip")."""

import gzip

import pytest

from support.cluster import fetch as get
from support.paths import WEB
SKIP_SUFFIXES = (".gz", ".d.ts")
EXPECTED_TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".svg": "image/svg+xml",
    ".json": "application/json",
}


def web_files():
    files = [path for path in sorted(WEB.rglob("*"))
             if path.is_file() and not path.name.endswith(SKIP_SUFFIXES)
             and path.suffix in EXPECTED_TYPES]
    assert any(path.name == "tagcloud.wasm" for path in files)
    return files


def port_of(cluster, target):
    return cluster.ports[0] if target == "direct" else cluster.http_port


@pytest.mark.parametrize("target", ["direct", "nginx"])
def test_every_file_is_revalidated_and_gzipped_only_when_accepted(tls_cluster, target):
    port = port_of(tls_cluster, target)
    for file in web_files():
        url = "/" + file.relative_to(WEB).as_posix()
        content = file.read_bytes()
        variant = file.with_name(file.name + ".gz")
        plain_status, plain, body = get(port, url)
        assert plain_status == 200, url
        assert body == content, url
        assert "content-encoding" not in plain, url
        assert plain["content-type"] == EXPECTED_TYPES[file.suffix], (url, plain["content-type"])
        assert plain["cache-control"] == "no-cache", url
        assert plain["x-content-type-options"] == "nosniff", url
        if file.suffix in (".js", ".wasm", ".css", ".html"):
            assert variant.exists(), f"{variant} is missing: run 'make web-gzip'"
        if not variant.exists():
            continue
        status, packed, packed_body = get(port, url, {"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and packed["content-encoding"] == "gzip", url
        assert gzip.decompress(packed_body) == content, url
        assert len(packed_body) < len(content), url
        assert packed["content-type"] == plain["content-type"], url
        for headers in (plain, packed):
            assert "accept-encoding" in headers["vary"].lower(), url
        assert packed["etag"] != plain["etag"], url
        _, refused, refused_body = get(port, url, {"Accept-Encoding": "gzip;q=0, br"})
        assert "content-encoding" not in refused and refused_body == content, url
        # Revalidation: each variant with its own ETag gets a bodiless 304.
        for accept, etag in ((None, plain["etag"]), ("gzip", packed["etag"])):
            headers = {"If-None-Match": etag}
            if accept:
                headers["Accept-Encoding"] = accept
            status, again, again_body = get(port, url, headers)
            assert status == 304 and again_body == b"", (url, accept, status)
            assert again["etag"] == etag and again["cache-control"] == "no-cache", url
        status, _, _ = get(port, url, {"If-None-Match": '"not-the-current-one"'})
        assert status == 200, url


def test_pages_carry_the_same_policy_directly_and_through_nginx(tls_cluster):
    for page in ("/", "/examples/element.html", "/examples/embed.html", "/examples/tag-input.html"):
        _, direct, _ = get(tls_cluster.ports[1], page)
        _, proxied, _ = get(tls_cluster.http_port, page)
        policy = direct["content-security-policy"]
        assert policy == proxied["content-security-policy"], page
        assert "script-src 'self' 'wasm-unsafe-eval'" in policy and "connect-src 'self'" in policy
        assert "unsafe-inline" not in policy and "'unsafe-eval'" not in policy
        assert direct["etag"] == proxied["etag"], "the instances hash content: one ETag"


def test_a_folder_redirects_hidden_files_and_metrics_stay_out(tls_cluster):
    for port in (tls_cluster.ports[0], tls_cluster.http_port):
        status, headers, _ = get(port, "/examples")
        assert status == 301 and headers["location"].endswith("/examples/")
        assert get(port, "/.git/config")[0] == 404
    assert get(tls_cluster.http_port, "/metrics")[0] == 404  # scraped per instance, not here
    assert get(tls_cluster.ports[0], "/metrics")[0] == 200
