"""`WireWording`'s table in Sources/TagCloudCore/Wire/WireMessage.swift is what
scripts/wire-messages.txt generates (scripts/wire-wording.py --check), and the check notices an
edit to either side. Runs in well under a second; needs nothing built.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "wire-wording.py")
MESSAGES = os.path.join(ROOT, "scripts", "wire-messages.txt")
SWIFT = os.path.join(ROOT, "Sources", "TagCloudCore", "Wire", "WireMessage.swift")


def check(*extra):
    return subprocess.run(
        [sys.executable, SCRIPT, "--check", *extra], capture_output=True, text=True, timeout=60
    )


def test_the_committed_table_is_what_the_messages_generate():
    result = check()
    assert result.returncode == 0, result.stderr


def copies(tmp_path):
    messages = tmp_path / "wire-messages.txt"
    swift = tmp_path / "WireMessage.swift"
    shutil.copy(MESSAGES, messages)
    shutil.copy(SWIFT, swift)
    return messages, swift


def edited(path, old, new):
    """Replaces `old` (which must be there) by `new` in the file."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_an_edited_message_is_noticed(tmp_path):
    messages, swift = copies(tmp_path)
    edited(messages, "\nmalformed number\n", "\nmalformed numeral\n")
    result = check("--messages", str(messages), "--swift", str(swift))
    assert result.returncode == 1
    assert "is not what" in result.stderr


def test_a_hand_edited_table_is_noticed(tmp_path):
    messages, swift = copies(tmp_path)
    edited(swift, "    malformed\\u{F}\\0\\\n", "    malformed number\\0\\\n")
    assert check("--messages", str(messages), "--swift", str(swift)).returncode == 1


def test_an_edit_regenerates_and_then_checks(tmp_path):
    messages, swift = copies(tmp_path)
    edited(messages, "\nmalformed number\n", "\nmalformed numeral\n")
    outputs = []
    for _ in range(2):  # the same input gives the same bytes
        shutil.copy(SWIFT, swift)
        result = subprocess.run(
            [sys.executable, SCRIPT, "--messages", str(messages), "--swift", str(swift)],
            capture_output=True, text=True, timeout=60,
        )
        assert result.returncode == 0, result.stderr
        outputs.append(swift.read_text())
    assert outputs[0] == outputs[1] != open(SWIFT, encoding="utf-8").read()
    assert check("--messages", str(messages), "--swift", str(swift)).returncode == 0
