"""One way to drive the three browser engines the page must work in, so that every engine suite
is written once and runs in each:

- Chromium: Debian's `chromium`, headless, through Playwright (the process's shared instance,
  `support.chromium.shared_chromium`, which the browser and element suites use too).
- WebKit: Debian's `webkit2gtk-driver` (`WebKitWebDriver`) driving WebKitGTK's `MiniBrowser`
  (from `libwebkit2gtk-4.1-0`) in `--automation` mode on a private Xvfb display, through
  Selenium's W3C WebDriver client.
- Firefox: Debian's `firefox-esr --marionette` with a fresh profile, through `marionette-driver`
  (Debian has no geckodriver; Marionette is Firefox's own remote protocol, the one geckodriver
  translates WebDriver into), in a window on a private Xvfb display whose screen the
  screenshots read (see FirefoxEngine for why not --headless).

    with EnginePool() as pool:
        webkit = pool.get("webkit")
        webkit.open("http://127.0.0.1:8000/")
        webkit.evaluate("(a, b) => a + b", 1, 2)        # 3; async functions are awaited
        webkit.click_at(100, 40)                        # a real pointer click (W3C actions)
        webkit.press("ArrowRight")                      # a real key press to the focused element
        image = webkit.screenshot()                     # the viewport as a PIL RGB image
        with pool.reduced_motion("webkit") as reduced:  # pages that prefer reduced motion
            reduced.open("http://127.0.0.1:8000/")

A missing engine is an error (`EngineMissing`) that says which Debian package brings it: the
suites fail on it rather than skip, so `make test` can never pass without the three engines.
Every browser, driver and display a pool starts is stopped by `EnginePool.close()`, which the
conftest calls in a finalizer (also when a test fails or the run is interrupted).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import struct
import subprocess
import tempfile
import time
import urllib.parse
from pathlib import Path

from PIL import Image

from support.chromium import CHROMIUM, shared_chromium
from support.page_guard import BLANK_PAGE_PATH, read_in_page_problems, watch_playwright_page
from support.ports import free_port
from support.waiting import wait_until

ENGINES = ("chromium", "webkit", "firefox")

WEBKIT_DRIVER = os.environ.get("TAGCLOUD_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("TAGCLOUD_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
FIREFOX = os.environ.get("TAGCLOUD_FIREFOX", "/usr/bin/firefox-esr")
SOCKET_TIMEOUT = 120  # s: how long the Firefox client waits for Marionette to answer a command
XVFB = os.environ.get("TAGCLOUD_XVFB", "/usr/bin/Xvfb")

# W3C WebDriver key code points (https://w3c.github.io/webdriver/#keyboard-actions) for the keys
# the tests press, named as KeyboardEvent.key (Playwright's names).
WEBDRIVER_KEYS = {
    "Backspace": "\ue003",
    "Delete": "\ue017",
    "Tab": "\ue004",
    "Enter": "\ue007",
    "Space": " ",
    "PageUp": "\ue00e",
    "PageDown": "\ue00f",
    "End": "\ue010",
    "Home": "\ue011",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
}


class EngineMissing(RuntimeError):
    """An engine cannot start here; the message says what to install."""


def _require(path: str, package: str, what: str) -> None:
    if not (Path(path).exists() or shutil.which(path)):
        raise EngineMissing(
            f"{what} is missing ({path}): install the Debian package {package} "
            "(scripts/install-deps.sh does; `make test` runs it)"
        )


def _wrap_async(function_source: str) -> str:
    """A WebDriver async script that calls `function_source` with the script's arguments, awaits
    it and reports its value or its error (WebDriver's own error reporting differs per driver)."""
    return (
        "const done = arguments[arguments.length - 1];"
        "const args = Array.prototype.slice.call(arguments, 0, -1);"
        f"Promise.resolve().then(() => ({function_source})(...args)).then("
        "  (value) => done({ ok: true, value: value === undefined ? null : value }),"
        "  (error) => done({ ok: false, error: String(error) + '\\n' + (error && error.stack || '') }));"
    )


class PageScriptError(AssertionError):
    """The function run in the page threw (or its promise rejected)."""


class Engine:
    """A browser window with one page, whatever the engine. Subclasses implement the transport.

    `guard` is the running test's PageGuard (support/page_guard.py; the pool sets it): Chromium's page
    reports to it through Playwright's events, WebKit's and Firefox's through the guard in the
    page (page_guard.IN_PAGE_GUARD), read before each navigation and by `collect_problems()`."""

    name = "?"
    guard = None

    def collect_problems(self) -> None:
        """Moves what the current page's own guard recorded into `guard` (WebKit, Firefox)."""
        if self.guard is not None:
            for problem in read_in_page_problems(self.evaluate):
                self.guard.record(problem)

    def evaluate(self, function_source: str, *args):
        """Calls the JS function `function_source` (a function expression, maybe async) with
        `args` (JSON values) in the page and returns its JSON result."""
        raise NotImplementedError

    def navigate(self, url: str) -> None:
        raise NotImplementedError

    def screenshot(self) -> Image.Image:
        """The viewport, as the engine painted it, in RGB."""
        raise NotImplementedError

    def _perform(self, actions: list[dict]) -> None:
        """Performs W3C WebDriver input actions (the WebDriver engines)."""
        raise NotImplementedError

    def _set_outer_size(self, width: int, height: int) -> None:
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError

    def lost(self) -> str | None:
        """Why this engine can no longer be driven (its browser or driver process ended, its
        session was closed), or None while it can. The pool starts a lost engine again."""
        raise NotImplementedError

    # -- shared, on top of the transport ----------------------------------------------------

    def open(self, url: str, *, clear_storage: bool = True) -> None:
        """Loads `url` with empty localStorage and sessionStorage (the page's first visit): the
        engines keep one profile for the whole run, so the origin's storage is cleared first, on
        the guarded copy's blank page (page_guard.BLANK_PAGE_PATH), rather than a fresh profile
        made per test."""
        if clear_storage:
            parts = urllib.parse.urlsplit(url)
            self.navigate(f"{parts.scheme}://{parts.netloc}{BLANK_PAGE_PATH}")
            self.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.navigate(url)

    def leave_page(self) -> None:
        """Goes to about:blank: the page of a test that has ended makes no more requests."""
        self.navigate("about:blank")

    def prefer_reduced_motion(self, reduce: bool) -> bool:
        """Makes the pages match `prefers-reduced-motion: reduce` (or stop matching it) from now
        on, as the user's system setting would; False when this engine cannot change it while it
        runs (WebKit: see `EnginePool.reduced_motion`)."""
        return False

    def viewport(self) -> tuple[int, int]:
        return tuple(self.evaluate("() => [innerWidth, innerHeight]"))

    def set_viewport(self, width: int, height: int) -> None:
        """Sizes the window so that the viewport is `width` × `height` CSS px (the window's own
        chrome, a toolbar in MiniBrowser, is measured and added)."""
        self._set_outer_size(width, height)
        held = 0
        for _ in range(40):
            inner_w, inner_h = self.viewport()
            if (inner_w, inner_h) == (width, height):
                # MiniBrowser can show its toolbar a moment after its window is mapped, taking
                # 38 px from a viewport that was already right: right three reads running.
                held += 1
                if held == 3:
                    return
                time.sleep(0.1)
                continue
            held = 0
            outer_w, outer_h = self.evaluate("() => [outerWidth, outerHeight]")
            wanted = (outer_w + width - inner_w, outer_h + height - inner_h)
            if min(inner_w, inner_h, *wanted) <= 0:
                # A window not mapped yet (seen with MiniBrowser right after its session starts)
                # reports 0 × 0 or an outer size below the inner one: ask again shortly.
                time.sleep(0.1)
                continue
            self._set_outer_size(*wanted)
        assert self.viewport() == (width, height), f"{self.name}: viewport {self.viewport()}, wanted {width}×{height}"

    def wait_for(self, function_source: str, *args, timeout: float = 15.0, what: str = ""):
        """Polls the JS predicate until it returns a truthy value (returned), or fails."""
        return wait_until(lambda: self.evaluate(function_source, *args), timeout=timeout,
                          what=f"{self.name}: {what or function_source}")

    def frames(self, count: int = 2) -> None:
        """Waits `count` animation frames in the page."""
        self.evaluate(
            """(count) => new Promise((resolve) => {
                 const step = (left) => left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
                 step(count);
               })""",
            count,
        )

    def click_at(self, x: float, y: float) -> None:
        """A primary-button mouse click at viewport coordinates (CSS px), as a user's."""
        self._perform(
            [
                {
                    "type": "pointer",
                    "id": "mouse",
                    "parameters": {"pointerType": "mouse"},
                    "actions": [
                        {"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport", "duration": 0},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0},
                    ],
                }
            ]
        )

    def move_to(self, x: float, y: float) -> None:
        """Moves the mouse to viewport coordinates (no button): hover ends where it was."""
        self._perform(
            [
                {
                    "type": "pointer",
                    "id": "mouse",
                    "parameters": {"pointerType": "mouse"},
                    "actions": [{"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport", "duration": 0}],
                }
            ]
        )

    def press(self, key: str) -> None:
        """Presses and releases `key` (a KeyboardEvent.key name of WEBDRIVER_KEYS, or one
        printable character) on the focused element."""
        value = key if len(key) == 1 else WEBDRIVER_KEYS[key]
        self._perform(
            [
                {
                    "type": "key",
                    "id": "keyboard",
                    "actions": [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}],
                }
            ]
        )


class ChromiumEngine(Engine):
    name = "chromium"

    def __init__(self) -> None:
        _require(CHROMIUM, "chromium", "Chromium")

        self._shared = shared_chromium(CHROMIUM)
        browser = self._shared.__enter__()
        try:
            self._context = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
            self.page = self._context.new_page()
        except BaseException:
            self._shared.__exit__(None, None, None)
            raise
        watch_playwright_page(self.page, lambda problem: self.guard is not None and self.guard.record(problem))

    def collect_problems(self):
        """Nothing to read: Playwright's events have reported every problem as it happened."""

    def evaluate(self, function_source, *args):
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(f"(args) => ({function_source})(...args)", list(args))
        except Error as error:
            raise PageScriptError(f"chromium: {error}") from None

    def navigate(self, url):
        self.page.goto(url)

    def screenshot(self):
        return Image.open(io.BytesIO(self.page.screenshot())).convert("RGB")

    def set_viewport(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})

    def click_at(self, x, y):
        self.page.mouse.click(x, y)

    def move_to(self, x, y):
        self.page.mouse.move(x, y)

    def press(self, key):
        self.page.keyboard.press(key)

    def prefer_reduced_motion(self, reduce):
        # CDP's Emulation.setEmulatedMedia; "null" ends the emulation (the headless default:
        # no preference).
        self.page.emulate_media(reduced_motion="reduce" if reduce else "null")
        return True

    def lost(self):
        if self.page.is_closed():
            return "chromium: the page was closed"
        if not self._context.browser.is_connected():
            return "chromium: the browser disconnected"
        return None

    def quit(self):
        try:
            self._context.close()
        finally:
            self._shared.__exit__(None, None, None)


def read_xwd(path: Path) -> Image.Image:
    """The screen of an Xvfb started with -fbdir: an XWD file (a big-endian header of 25
    words, a colormap of 12-byte entries, then rows of 32-bit BGRX pixels), as an RGB image."""
    data = path.read_bytes()
    fields = struct.unpack(">25I", data[:100])
    header_size, depth, width, height = fields[0], fields[3], fields[4], fields[5]
    bits_per_pixel, bytes_per_line, colormap_entries = fields[11], fields[12], fields[19]
    assert depth == 24 and bits_per_pixel == 32, f"unexpected XWD format: depth {depth}, {bits_per_pixel} bpp"
    start = header_size + 12 * colormap_entries
    pixels = data[start : start + bytes_per_line * height]
    return Image.frombuffer("RGBX", (width, height), pixels, "raw", "BGRX", bytes_per_line, 1).convert("RGB")


class XvfbDisplay:
    """A private X display: Xvfb picks a free display number and tells it on a pipe; its screen
    is memory-mapped to a file (-fbdir), so `grab()` reads exactly the pixels on screen (with
    -nocursor: Xvfb draws its pointer into that memory otherwise, in the middle of the screen)."""

    def __init__(self, width: int = 1920, height: int = 1200) -> None:
        _require(XVFB, "xvfb", "Xvfb")
        self._fbdir = tempfile.TemporaryDirectory(prefix="tagcloud-xvfb-")
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
             "-fbdir", self._fbdir.name, "-nocursor", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write_end)
        number = b""
        try:
            while not number.endswith(b"\n"):
                chunk = os.read(read_end, 16)  # Xvfb writes the number once it accepts clients
                if not chunk:
                    raise EngineMissing(f"Xvfb did not start (exit {self.process.wait(5)})")
                number += chunk
        except BaseException:
            self.stop()
            raise
        finally:
            os.close(read_end)
        self.display = f":{number.decode().strip()}"

    def grab(self, box: tuple[int, int, int, int] | None = None) -> Image.Image:
        """The screen (or the box left, top, right, bottom of it) as it is now."""
        image = read_xwd(Path(self._fbdir.name) / "Xvfb_screen0")
        return image.crop(box) if box else image

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self._fbdir.cleanup()


class WebKitEngine(Engine):
    """WebKitWebDriver + MiniBrowser on a private Xvfb display, through Selenium.

    With `reduce_motion`, its pages match `prefers-reduced-motion: reduce`: WebKitGTK answers the
    query from GTK's `gtk-enable-animations` setting (the desktop's "reduce animation"), which
    MiniBrowser reads from a `gtk-3.0/settings.ini` of XDG_CONFIG_DIRS when it starts; this
    engine puts `gtk-enable-animations=false` in one of its own, first in that list (a user's
    own ~/.config/gtk-3.0/settings.ini still wins, as it would on a desktop). WebDriver has no
    command for it and the setting is read once, so such a WebKit is a second engine
    (`EnginePool.reduced_motion`)."""

    name = "webkit"

    def __init__(self, log_path: Path | None = None, reduce_motion: bool = False) -> None:
        _require(WEBKIT_DRIVER, "webkit2gtk-driver", "WebKitWebDriver")
        _require(MINIBROWSER, "libwebkit2gtk-4.1-0", "WebKitGTK's MiniBrowser")
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self._settings = None
        if reduce_motion:
            self.name = "webkit-reduced-motion"
            self._settings = tempfile.TemporaryDirectory(prefix="tagcloud-gtk-")
            (Path(self._settings.name) / "gtk-3.0").mkdir()
            (Path(self._settings.name) / "gtk-3.0" / "settings.ini").write_text(
                "[Settings]\ngtk-enable-animations=false\n")
        try:
            self.display = XvfbDisplay()
        except BaseException:
            self._cleanup_settings()
            raise
        try:
            options = Options()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            # The page's console reaches the driver's log (kept for a failing test's post-mortem).
            options.add_argument("--enable-write-console-messages-to-stdout=true")
            env = {**os.environ, "DISPLAY": self.display.display}
            env.pop("WAYLAND_DISPLAY", None)
            if self._settings:
                env["XDG_CONFIG_DIRS"] = ":".join([self._settings.name, os.environ.get("XDG_CONFIG_DIRS") or "/etc/xdg"])
            service = Service(
                executable_path=WEBKIT_DRIVER,
                port=free_port(),
                env=env,
                log_output=str(log_path) if log_path else subprocess.DEVNULL,
            )
            self.driver = webdriver.WebKitGTK(options=options, service=service)
            self.driver.set_script_timeout(30)
            self.driver.set_page_load_timeout(30)
        except BaseException:
            self.display.stop()
            self._cleanup_settings()
            raise

    def _cleanup_settings(self) -> None:
        if self._settings:
            self._settings.cleanup()

    def evaluate(self, function_source, *args):
        result = self.driver.execute_async_script(_wrap_async(function_source), *args)
        if not result["ok"]:
            raise PageScriptError(f"webkit: {result['error']}")
        return result["value"]

    def navigate(self, url):
        self.collect_problems()  # the page about to be left
        self.driver.get(url)

    def screenshot(self):
        return Image.open(io.BytesIO(self.driver.get_screenshot_as_png())).convert("RGB")

    def screen_grab(self) -> Image.Image:
        """The viewport as the X screen shows it (below MiniBrowser's toolbar)."""
        x, y, outer_h, inner_w, inner_h = self.evaluate("() => [screenX, screenY, outerHeight, innerWidth, innerHeight]")
        top = y + outer_h - inner_h
        return self.display.grab((x, top, x + inner_w, top + inner_h))

    def _perform(self, actions):
        from selenium.webdriver.remote.command import Command

        self.driver.execute(Command.W3C_ACTIONS, {"actions": actions})
        self.driver.execute(Command.W3C_CLEAR_ACTIONS)

    def _set_outer_size(self, width, height):
        self.driver.set_window_size(width, height)

    def lost(self):
        exit_code = self.driver.service.process.poll()
        if exit_code is not None:
            return f"{self.name}: WebKitWebDriver exited ({exit_code})"
        if self.display.process.poll() is not None:
            return f"{self.name}: its Xvfb display exited"
        return None

    def quit(self):
        try:
            self.driver.quit()  # ends the session (MiniBrowser) and stops WebKitWebDriver
        finally:
            self.display.stop()
            self._cleanup_settings()


class FirefoxEngine(Engine):
    """firefox-esr --marionette with a fresh profile, through marionette-driver, in a real window
    on a private Xvfb display (software WebRender), screenshots read from that screen.

    Why not --headless: Firefox's WebDriver screenshot (Marionette's TakeScreenshot, drawn by
    drawSnapshot outside WebRender) leaves `backdrop-filter` out, headless or not, while the
    window itself shows it (measured here: a saturate(1.8) backdrop under a 30 % orange tint is
    rgb(123, 92, 178) on screen, as in Chromium and WebKit, and rgb(126, 96, 123) in the
    WebDriver screenshot, the tint over the unfiltered page). The pixels a user sees are the
    screen's, so the tests read the screen (`screenshot()`); `webdriver_screenshot()` is the
    other path, kept to show the difference (docs/WEB.md, "Engines")."""

    name = "firefox"

    def __init__(self, log_path: Path | None = None, headless: bool = False) -> None:
        _require(FIREFOX, "firefox-esr", "Firefox")
        from marionette_driver.marionette import Marionette

        self.csp_refuses_eval = False  # the last evaluate ran in Marionette's global (see evaluate)
        self.log_path = log_path
        self.display = None if headless else XvfbDisplay()
        saved_display = os.environ.get("DISPLAY")
        try:
            if self.display:
                os.environ["DISPLAY"] = self.display.display  # mozrunner copies os.environ
            # Marionette(bin=...) makes a temporary profile, starts Firefox with --marionette on
            # a free port and waits for it; cleanup() quits Firefox and removes the profile.
            self.client = Marionette(
                bin=FIREFOX,
                port=0,
                headless=headless,
                startup_timeout=60,
                # A command that has not answered in this time never will: Marionette then kills
                # Firefox and ends the session (lost() says so, the pool starts a new one). Its
                # default, 360 s, let one stuck command cost a run six minutes; the longest a
                # command may legitimately take here is a script or page load (30 s, below).
                socket_timeout=SOCKET_TIMEOUT,
                gecko_log=str(log_path) if log_path else os.devnull,
                prefs={
                    # No first-run pages, no updates, no telemetry: a quiet browser for tests.
                    "browser.shell.checkDefaultBrowser": False,
                    "datareporting.policy.dataSubmissionEnabled": False,
                    "app.update.disabledForTesting": True,
                },
            )
        except BaseException:
            if self.display:
                self.display.stop()
            raise
        finally:
            if saved_display is None:
                os.environ.pop("DISPLAY", None)
            else:
                os.environ["DISPLAY"] = saved_display
        try:
            self.client.start_session()
            self.client.timeout.script = 30
            self.client.timeout.page_load = 30
            if self.display:
                self.client.set_window_rect(x=0, y=0)
        except BaseException:
            self.quit()
            raise

    def evaluate(self, function_source, *args):
        # Marionette's scripts run in a global of their own, even with sandbox=None: its
        # Uint8Array is not the page's (so `new TextEncoder().encode('') instanceof Uint8Array`
        # is false there), and a module it imports is a second copy living in that global. The
        # function is therefore compiled by the page's own Function constructor, so that it
        # runs in the page's realm as in the other engines, with its arguments and its result
        # crossing as JSON text. A page whose Content-Security-Policy refuses eval (the
        # deployment's) refuses that; the function then runs in Marionette's global, which
        # reads the DOM alike but cannot use a module it imports (`CSP_REFUSES_EVAL` in the
        # result tells the caller: see engine_page.wasm_layout).
        script = (
            "const [source, json, done] = arguments;"
            "let cspRefusesEval = false;"
            "const finish = (value) => done(JSON.stringify({ ok: true, value: value === undefined ? null : value, cspRefusesEval }));"
            "const fail = (error) => done(JSON.stringify({ ok: false, cspRefusesEval,"
            "  error: String(error) + '\\n' + (error && error.stack || '') }));"
            "let run;"
            "try { run = new window.Function('json', `return (${source})(...JSON.parse(json));`); }"
            "catch (error) {"
            "  if (!(String(error).includes('CSP') || (error && error.name === 'EvalError'))) { fail(error); return; }"
            "  cspRefusesEval = true;"
            f"  const direct = ({function_source});"
            "  Promise.resolve().then(() => direct(...JSON.parse(json))).then(finish, fail);"
            "  return;"
            "}"
            "const report = new window.Function('promise', 'finish', 'fail', 'promise.then(finish, fail);');"
            "report(new window.Promise((resolve) => resolve(run(json))), finish, fail);"
        )
        text = self.client.execute_async_script(script, script_args=[function_source, json.dumps(list(args))], sandbox=None)
        result = json.loads(text)
        self.csp_refuses_eval = bool(result.get("cspRefusesEval"))
        if not result["ok"]:
            raise PageScriptError(f"firefox: {result['error']}")
        return result["value"]

    def navigate(self, url):
        self.collect_problems()  # the page about to be left
        self.client.navigate(url)

    def webdriver_screenshot(self) -> Image.Image:
        png = self.client.screenshot(format="binary", full=False)
        return Image.open(io.BytesIO(png)).convert("RGB")

    def screenshot(self):
        if not self.display:
            return self.webdriver_screenshot()
        left, top, width, height = self.evaluate(
            "() => [mozInnerScreenX, mozInnerScreenY, innerWidth, innerHeight].map(Math.round)"
        )
        box = (left, top, left + width, top + height)
        # The window reaches the screen up to a second or two after the page's frame (software
        # WebRender on a busy 2-core machine): a 2 × 2 px marker of a fresh colour goes into the
        # bottom-right corner of the viewport, and the screen is read once it shows that colour
        # (content and marker reach the screen in the same composite). The marker is removed
        # after; its 4 pixels in the image are the marker's.
        colour = [int(x) for x in os.urandom(3)]
        self.evaluate(
            """(rgb) => {
                 const marker = document.createElement('div');
                 marker.dataset.screenMarker = '';
                 marker.setAttribute('aria-hidden', 'true');
                 marker.style.cssText = `position:fixed;right:0;bottom:0;width:2px;height:2px;z-index:2147483647;
                   pointer-events:none;background:rgb(${rgb.join(',')})`;
                 document.documentElement.append(marker);
               }""",
            colour,
        )
        def marked() -> Image.Image | None:
            image = self.display.grab(box)
            seen = image.getpixel((width - 1, height - 1))
            return image if all(abs(a - b) <= 1 for a, b in zip(seen, colour)) else None

        try:
            return wait_until(marked, timeout=15, interval=0.03,
                              what=f"firefox: the window on the screen (the marker {colour} in its corner)",
                              seen=lambda: self.display.grab(box).getpixel((width - 1, height - 1)))
        finally:
            self.evaluate("() => document.querySelectorAll('[data-screen-marker]').forEach((m) => m.remove())")

    def _perform(self, actions):
        self.client.actions.perform(actions)
        self.client.actions.release()

    def prefer_reduced_motion(self, reduce):
        # The pref behind the query (LookAndFeel's PrefersReducedMotion, which otherwise asks
        # GTK); set in the chrome context, it reaches open pages at once (their
        # matchMedia change events fire).
        if reduce:
            self.client.set_pref("ui.prefersReducedMotion", 1)
        else:
            self.client.clear_pref("ui.prefersReducedMotion")
        return True

    def _set_outer_size(self, width, height):
        self.client.set_window_rect(width=width, height=height)

    def lost(self):
        if self.client.session_id is None:
            return f"firefox: the Marionette session ended ({self.log_hint()})"
        runner = self.client.instance.runner if self.client.instance else None
        if runner is not None and not runner.is_running():
            return f"firefox: Firefox exited ({runner.returncode}; {self.log_hint()})"
        if self.display and self.display.process.poll() is not None:
            return "firefox: its Xvfb display exited"
        return None

    def log_hint(self) -> str:
        return f"its log: {self.log_path}" if self.log_path else "no log kept"

    def quit(self):
        try:
            with contextlib.suppress(Exception):
                self.client.delete_session()
            self.client.cleanup()  # quits Firefox, removes the profile
        finally:
            if self.display:
                self.display.stop()


def _start_engine(name: str, log_path: Path | None) -> Engine:
    if name == "chromium":
        return ChromiumEngine()
    if name == "webkit":
        return WebKitEngine(log_path)
    if name == "webkit-reduced-motion":
        return WebKitEngine(log_path, reduce_motion=True)
    if name == "firefox":
        return FirefoxEngine(log_path)
    raise ValueError(f"no engine {name!r}; one of {ENGINES}")


LOG_STEMS = {"chromium": None, "webkit": "webkit-driver", "webkit-reduced-motion": "webkit-reduced-motion-driver",
             "firefox": "firefox-gecko"}


class EnginePool:
    """Starts each engine on first use and keeps it for the run; an engine found lost (its
    browser crashed or was killed) is quit and started again, and `restarts` keeps why;
    `close()` quits them all. `start(name, log_path)` makes an engine (the real ones unless a
    test of the pool passes its own)."""

    def __init__(self, artifacts: Path | None = None, start=_start_engine) -> None:
        self.artifacts = artifacts
        self._start = start
        self._engines: dict[str, Engine] = {}
        self.restarts: list[str] = []
        self.guard = None
        self._used: set[str] = set()  # the engines handed out since the test began (watch)

    def watch(self, guard) -> None:
        """Every engine, now and started later, reports its pages' problems to `guard`."""
        self.guard = guard
        self._used.clear()
        for engine in self._engines.values():
            engine.guard = guard

    def finish_test(self) -> list[str]:
        """At the end of a test: what each live engine's page recorded goes into the guard, then
        the engines stop reporting to it and leave their pages (for about:blank), so that a
        page left open causes nothing in the next test. Returns why each engine the test used
        is lost, if it is (the test fails for it: engine_rerun.py)."""
        lost = [reason for name, engine in self._engines.items()
                if name in self._used and (reason := engine.lost()) is not None]
        try:
            for engine in self._engines.values():
                if engine.lost() is None:
                    engine.collect_problems()
        finally:
            self.watch(None)
            for engine in self._engines.values():
                if engine.lost() is None:
                    with contextlib.suppress(Exception):  # a stuck engine is the next get()'s to find
                        engine.leave_page()
        return lost

    def get(self, name: str) -> Engine:
        self._used.add(name)
        engine = self._engines.get(name)
        if engine is not None:
            reason = engine.lost()
            if reason is None:
                return engine
            self.restarts.append(reason)
            del self._engines[name]
            with contextlib.suppress(Exception):  # whatever is left of it
                engine.quit()
        engine = self._start(name, self._log(name))
        engine.guard = self.guard
        self._engines[name] = engine
        return engine

    @contextlib.contextmanager
    def reduced_motion(self, name: str, viewport: tuple[int, int] = (1280, 720)):
        """An engine `name` whose pages prefer reduced motion, at `viewport`: Chromium's and
        Firefox's own engine with the preference set while the block runs (Playwright's media
        emulation; the pref `ui.prefersReducedMotion` = 1), WebKit's a second WebKit started
        with GTK's animations off (WebKitEngine; kept for the run as `webkit-reduced-motion`)."""
        engine = self.get(name)
        if not engine.prefer_reduced_motion(True):
            engine = self.get(f"{name}-reduced-motion")
            engine.set_viewport(*viewport)
            yield engine
            return
        try:
            engine.set_viewport(*viewport)
            yield engine
        finally:
            if engine.lost() is None:
                engine.prefer_reduced_motion(False)

    def _log(self, engine: str) -> Path | None:
        """Where the engine's log goes: `stem.log`, then `stem-2.log`, … for each restart (the
        log of the engine that was lost is kept for a post-mortem)."""
        stem = LOG_STEMS.get(engine)
        if not self.artifacts or not stem:
            return None
        self.artifacts.mkdir(parents=True, exist_ok=True)
        starts = 1 + sum(reason.startswith(f"{engine}:") for reason in self.restarts)
        return self.artifacts / (f"{stem}.log" if starts == 1 else f"{stem}-{starts}.log")

    def close(self) -> None:
        errors = []
        while self._engines:
            _, engine = self._engines.popitem()
            try:
                engine.quit()
            except Exception as error:  # quit the others all the same
                errors.append(f"{engine.name}: {error}")
        if errors:
            raise RuntimeError("quitting the engines failed: " + "; ".join(errors))

    def __enter__(self) -> "EnginePool":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
