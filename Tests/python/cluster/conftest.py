"""Fixtures of the cluster suite: three `tagcloud serve` instances behind a real nginx (Debian's,
started by the test on free 127.0.0.1 ports with the shipped deploy/nginx/ parts) and always
stopped, pass or fail. `CLUSTER_CLIENTS` sets the client count of the failover and rolling
restart tests (60 under make test, 300 under make check-full)."""

import pytest

from support.cluster import Cluster


@pytest.fixture
def cluster():
    with Cluster(instances=3) as running:
        yield running


@pytest.fixture(scope="module")
def tls_cluster():
    with Cluster(instances=3, tls=True) as running:
        yield running
