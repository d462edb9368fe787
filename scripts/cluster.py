"""`make cluster`: three `tagcloud serve` instances on free local ports and Debian's nginx in
front on http://localhost:PORT (default 8080), with the shipped deploy/nginx/ parts (the same
Cluster the tests use: Tests/python/support/cluster.py). Ctrl-C (or SIGTERM) stops nginx
and then the instances (each closes its WebSockets with 1001) and leaves nothing running.

    make cluster                 # http://localhost:8080
    make cluster CLUSTER_PORT=9000
"""

import argparse
import os
import pathlib
import signal
import sys
import time

from support.paths import TAGCLOUD_DEBUG, WEB


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080, help="nginx's port (default 8080)")
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--bin", default=str(TAGCLOUD_DEBUG))
    parser.add_argument("--web", default=str(WEB))
    options = parser.parse_args()
    os.environ["TAGCLOUD_BIN"] = str(pathlib.Path(options.bin).resolve())
    from support.cluster import Cluster  # after TAGCLOUD_BIN: the harness reads it

    # SIGTERM ends the run like Ctrl-C. Ctrl-C also reaches the instances (same process group:
    # each closes its WebSockets with 1001 and exits 0), not nginx (its own group, so that its
    # workers go with it): close() stops nginx, then whatever instance is left.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        cluster = Cluster(options.instances, web=pathlib.Path(options.web),
                          http_port=options.port)
    except AssertionError as error:
        print(f"cluster: {error}", file=sys.stderr)
        return 1
    try:
        for index, server in enumerate(cluster.servers):
            print(f"cluster: instance {index} on http://127.0.0.1:{cluster.ports[index]} "
                  f"(pid {server.pid})", file=sys.stderr)
        print(f"cluster: nginx on http://localhost:{cluster.http_port} (pid "
              f"{cluster.nginx.process.pid}, config {cluster.nginx.config_path}); "
              "Ctrl-C stops everything", file=sys.stderr)
        reported = set()
        while True:
            time.sleep(0.5)
            for index, server in enumerate(cluster.servers):
                if index not in reported and not server.alive:
                    reported.add(index)
                    print(f"cluster: instance {index} exited ({server.process.returncode}); "
                          "nginx sends its clients to the others", file=sys.stderr)
            if cluster.nginx.process.poll() is not None:
                print(f"cluster: nginx exited:\n{cluster.nginx.log()}", file=sys.stderr)
                return 1
    except KeyboardInterrupt:
        print("\ncluster: stopping nginx and the instances", file=sys.stderr)
        return 0
    finally:
        cluster.close()
        print("cluster: stopped; nothing left running", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
