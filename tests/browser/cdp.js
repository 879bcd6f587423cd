'use strict';
/*
 * Headless Chromium driven over the DevTools protocol with
 * chrome-remote-interface: start the browser, open pages, press keys
 * and click as a user does (Input.dispatchKeyEvent and
 * Input.dispatchMouseEvent, which go through the page's event handlers
 * like real input), evaluate expressions, and collect every error the
 * page shows: uncaught exceptions, console.error, the browser's own
 * log entries of level error and requests that failed.
 *
 * A Browser has one page (one tab); errors() returns what went wrong
 * since it was last called.
 */

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const CDP = require('chrome-remote-interface');

/* Keys as the DevTools protocol wants them. */
/* Every wait's bound grows on a slow machine (tests/timed.sh). */
const slow = Number(process.env.MUPBEM_TEST_SLOW) || 1;

const KEYS = {
	ArrowLeft: 37,
	ArrowRight: 39,
	Home: 36,
	End: 35,
};

class Browser {
	/* Start chromium (its path) and attach to its first tab. */
	static async launch(chromium) {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium.'));
		const child = spawn(chromium, [
			'--headless', '--no-sandbox', '--disable-gpu',
			'--disable-dev-shm-usage', '--no-first-run',
			'--no-default-browser-check', '--disable-extensions',
			'--disable-background-networking', '--disable-sync',
			'--disable-component-update', '--password-store=basic',
			'--remote-debugging-port=0', `--user-data-dir=${dir}`,
			'--window-size=1280,900', 'about:blank',
		], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
		/*
		 * Debian's chromium is a script that runs the browser as its
		 * child: end the whole process group, however node exits.
		 */
		process.on('exit', () => {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch (e) {
				/* It is gone already. */
			}
			fs.rmSync(dir, { recursive: true, force: true });
		});
		const port = await new Promise((resolve, reject) => {
			let text = '';
			const timer = setTimeout(() => reject(new Error(
			    `chromium did not start: ${text}`)), 30000 * slow);
			child.stderr.on('data', (d) => {
				text += d;
				const m = new RegExp('DevTools listening ' +
				    'on ws://[^:]+:(\\d+)/').exec(text);
				if (m) {
					clearTimeout(timer);
					resolve(Number(m[1]));
				}
			});
			child.on('exit', (code) => reject(new Error(
			    `chromium exited (${code}): ${text}`)));
		});
		const targets = await CDP.List({ port });
		const tab = targets.find((t) => t.type === 'page');
		const client = await CDP({ port, target: tab });
		const b = new Browser(child, dir, client);
		await b.attach();
		return b;
	}

	constructor(child, dir, client) {
		this.child = child;
		this.dir = dir;
		this.client = client;
		this.failures = [];
		this.urls = new Map();
	}

	/* Enable the domains and listen for errors. */
	async attach() {
		const c = this.client;

		c.on('Runtime.exceptionThrown', (e) => {
			const d = e.exceptionDetails;
			this.failures.push('exception: ' + ((d.exception &&
			    d.exception.description) || d.text));
		});
		c.on('Runtime.consoleAPICalled', (e) => {
			if (e.type !== 'error' && e.type !== 'assert')
				return;
			this.failures.push(`console.${e.type}: ` + e.args.map(
			    (a) => a.value !== undefined ? a.value :
			    a.description).join(' '));
		});
		c.on('Log.entryAdded', (e) => {
			if (e.entry.level === 'error')
				this.failures.push(`log (${e.entry.source}): ` +
				    `${e.entry.text} ${e.entry.url || ''}`);
		});
		c.on('Network.requestWillBeSent', (e) => {
			this.urls.set(e.requestId, e.request.url);
		});
		c.on('Network.loadingFailed', (e) => {
			this.failures.push(`request failed: ` +
			    `${this.urls.get(e.requestId)}: ${e.errorText}`);
		});
		await Promise.all([c.Page.enable(), c.Runtime.enable(),
		    c.Log.enable(), c.Network.enable()]);
	}

	/* The errors since the last call. */
	errors() {
		const f = this.failures;

		this.failures = [];
		return f;
	}

	/* Open url as a new document and wait for its load event. */
	async open(url) {
		const loaded = this.client.Page.loadEventFired();
		const r = await this.client.Page.navigate({ url });

		if (r.errorText)
			throw new Error(`${url}: ${r.errorText}`);
		await loaded;
	}

	/* The value of expression, a promise's once it is settled. */
	async eval(expression) {
		const r = await this.client.Runtime.evaluate({
			expression, returnByValue: true, awaitPromise: true,
		});

		const what = expression.replace(/\s+/g, ' ').slice(0, 60);

		if (r.exceptionDetails)
			throw new Error(`${what}: ` +
			    (r.exceptionDetails.exception ?
			    r.exceptionDetails.exception.description :
			    r.exceptionDetails.text));
		return r.result.value;
	}

	/* Press and release a key (ArrowLeft, ArrowRight, Home, End). */
	async press(key) {
		const code = KEYS[key];
		const e = { key, code: key, windowsVirtualKeyCode: code,
		    nativeVirtualKeyCode: code };

		const input = this.client.Input;

		await input.dispatchKeyEvent({ type: 'rawKeyDown', ...e });
		await input.dispatchKeyEvent({ type: 'keyUp', ...e });
	}

	/*
	 * Click the middle of the element selector finds, after scrolling
	 * it into view; throws if something else is on top of it there.
	 */
	async click(selector) {
		const at = await this.eval(`(() => {
			const e = document.querySelector(
			    ${JSON.stringify(selector)});
			if (!e)
				return null;
			e.scrollIntoView({ block: 'center' });
			const r = e.getBoundingClientRect();
			const x = r.left + r.width / 2;
			const y = r.top + r.height / 2;
			const top = document.elementFromPoint(x, y);
			return { x, y, hit: top === e || e.contains(top) };
		})()`);
		const m = { x: at && at.x, y: at && at.y, button: 'left',
		    clickCount: 1 };

		if (!at || !at.hit)
			throw new Error(`${selector}: ` + (at ? 'covered' :
			    'not found'));
		const input = this.client.Input;

		await input.dispatchMouseEvent({ type: 'mouseMoved', x: m.x,
		    y: m.y });
		await input.dispatchMouseEvent({ type: 'mousePressed', ...m });
		await input.dispatchMouseEvent({ type: 'mouseReleased', ...m });
	}

	/* Close the browser; what is left of it goes when node exits. */
	async close() {
		const exited = new Promise((resolve) => {
			if (this.child.exitCode !== null)
				resolve();
			else
				this.child.on('exit', resolve);
		});

		await this.client.Browser.close().catch(() => {});
		await Promise.race([exited,
		    new Promise((resolve) => setTimeout(resolve, 5000))]);
	}
}

module.exports = { Browser };
