"""deploy/nginx.conf itself (the main file operators install, not only the parts the other cluster
tests include) passes `nginx -t`, with two local substitutions only: the certificate paths (the
test's own certificate) and the pid file. Broken once to watch it fail: a directive outside its
context (`proxy_pass` at http level) or a missing `;` fails it."""

import subprocess

from support.cluster import INCLUDES, SHIPPED_CONFIG, make_certificate, nginx_binary, upstream_blocks


def test_the_shipped_main_config_passes_nginx_t(tmp_path):
    certificate, key = make_certificate(tmp_path)
    text = SHIPPED_CONFIG.read_text()
    for old, new in (("/etc/ssl/tagcloud/fullchain.pem", str(certificate)),
                     ("/etc/ssl/tagcloud/privkey.pem", str(key)),
                     ("pid /run/nginx.pid;", f"pid {tmp_path / 'nginx.pid'};")):
        assert old in text, f"{old} is no longer in {SHIPPED_CONFIG}: update this test"
        text = text.replace(old, new)
    config = tmp_path / "nginx.conf"
    config.write_text(text)
    (tmp_path / "tagcloud").symlink_to(INCLUDES, target_is_directory=True)
    result = subprocess.run([nginx_binary(), "-t", "-p", str(tmp_path), "-c", str(config),
                             "-e", "stderr"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr and "test is successful" in result.stderr


def test_both_upstreams_list_the_same_instances():
    """deploy/nginx.conf lists the instances twice (`tagcloud` for pages and probes with passive
    health checks, `tagcloud_live` for WebSockets without failure state): an instance missing
    from one list would get pages but no WebSockets, or the reverse. Broken once to watch it
    fail: a fourth server in `tagcloud` only."""
    blocks = {block.name: block for block in upstream_blocks()}
    assert set(blocks) == {"tagcloud", "tagcloud_live"}, sorted(blocks)
    assert blocks["tagcloud"].addresses == blocks["tagcloud_live"].addresses
