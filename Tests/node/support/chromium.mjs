// A minimal Chrome DevTools Protocol client over --remote-debugging-pipe (node 20 has no
// WebSocket client), enough to load a page in Debian's headless Chromium and evaluate
// expressions in it. The browser is always closed, also when a test fails.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

/** Starts headless Chromium; returns `{ evaluate(expression), navigate(url), close() }`. */
export async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'tagcloud-chromium-'));
  const child = spawn(CHROMIUM, ['--headless=new', '--no-sandbox', '--disable-gpu',
    '--no-first-run', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
  // A process group of its own, so that closing stops the helper processes too.
  { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  const [toBrowser, fromBrowser] = [child.stdio[3], child.stdio[4]];
  let nextId = 1;
  const pending = new Map();
  let buffer = Buffer.alloc(0);
  fromBrowser.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let end; (end = buffer.indexOf(0)) >= 0; buffer = buffer.subarray(end + 1)) {
      const message = JSON.parse(buffer.subarray(0, end).toString('utf8'));
      const waiter = pending.get(message.id);
      if (!waiter) continue;
      pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`CDP: ${message.error.message}`));
      else waiter.resolve(message.result);
    }
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
  });

  const close = async () => {
    const groupAlive = () => {
      try { process.kill(-child.pid, 0); return true; } catch { return false; }
    };
    try { process.kill(-child.pid, 'SIGTERM'); } catch { child.kill('SIGTERM'); }
    await exited;
    // Helpers (renderer, GPU, crashpad) may outlive the browser for a moment and keep writing
    // the profile: wait for the whole group, then stop any straggler.
    for (let i = 0; i < 100 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 20));
    if (groupAlive()) { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }
    // Chromium's helper processes may still be writing the profile when the browser exits:
    // retry on ENOTEMPTY/EBUSY rather than fail a test in its cleanup.
    rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  };
  try {
    const { targetInfos } = await send('Target.getTargets');
    const page = targetInfos.find((target) => target.type === 'page');
    const { sessionId } = await send('Target.attachToTarget', { targetId: page.targetId, flatten: true });
    const evaluate = async (expression) => {
      const { result, exceptionDetails } = await send('Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true }, sessionId);
      if (exceptionDetails) throw new Error(`in page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    };
    const navigate = async (url) => {
      await send('Page.navigate', { url }, sessionId);
      for (let i = 0; i < 200 && (await evaluate('document.readyState')) !== 'complete'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    return { evaluate, navigate, close };
  } catch (error) {
    await close();
    throw error;
  }
}
