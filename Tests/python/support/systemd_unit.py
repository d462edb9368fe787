"""deploy/tagcloud.service as the tests read it: its directives and the flags of its ExecStart,
with the machine-specific ones swapped for local values. The suites that run "the production
command line" (the start-up matrix, the cluster, the unit's own tests) take it from here, so
that a flag added to the unit is exercised everywhere at once.

    serve_arguments(host="127.0.0.1", port=0, web=WEB)
    # ['--host', '127.0.0.1', '--port', '0', '--web', '/…/web', '--workers', 'auto', …]
"""

import re
import shlex

from support.paths import REPO

UNIT = REPO / "deploy" / "tagcloud.service"


def directive(name):
    """The last value of `name=` in the unit (a later line overrides an earlier one)."""
    values = re.findall(rf"^{name}=(.*)$", UNIT.read_text(), re.MULTILINE)
    assert values, f"{name}= missing from {UNIT}"
    return values[-1]


def exec_start_arguments():
    """The words of ExecStart after `tagcloud serve`, exactly as the unit gives them."""
    text = UNIT.read_text().replace("\\\n", " ")
    line = re.search(r"^ExecStart=(.*)$", text, re.MULTILINE).group(1)
    words = shlex.split(line)
    assert words[1] == "serve", words
    return words[2:]


def serve_arguments(*, host, port, web, allow_origins=()):
    """The unit's flags with `--host`, `--port` and `--web` replaced by local values (tests bind
    to 127.0.0.1 on a free port and serve a folder of their own); `allow_origins` are added to
    the unit's own `--allow-origin`s (a proxy in front, whose origin browsers send). Every other
    flag is the unit's, word for word."""
    local = {"--host": str(host), "--port": str(port), "--web": str(web)}
    arguments = exec_start_arguments()
    missing = [flag for flag in local if flag not in arguments]
    assert not missing, f"{UNIT}'s ExecStart has no {missing}"
    swapped, index = [], 0
    while index < len(arguments):
        word = arguments[index]
        if word in local:
            swapped += [word, local[word]]
            index += 2
        else:
            swapped.append(word)
            index += 1
    for origin in allow_origins:
        swapped += ["--allow-origin", origin]
    return swapped
