'use strict';
/*
 * The archive's accessibility, page by page, in the browser of
 * archive-test.js (docs/archive.md, "Accessibility"):
 *
 * - axe-core (tests/browser/package-lock.json pins it) run in each page:
 *   a violation of impact serious or critical fails, named by its rule,
 *   the page and the elements;
 * - at a phone's width, 390 CSS pixels (Emulation.setDeviceMetricsOverride
 *   as a mobile device), the page is laid out at that width and does
 *   not scroll sideways: document.documentElement.scrollWidth is at most
 *   its clientWidth, or the element that reaches furthest right is named;
 * - every focusable element, focused, has an outline at least 2 px wide
 *   whose colour has a contrast of 3:1 or more (WCAG's relative
 *   luminance) against the element's own background and against the
 *   background around it, from the computed styles.
 *
 * The pages are one of each kind: every HTML file of the site, grouped
 * by its path with each run of digits read as N (games/GN.html,
 * players/PN.html, index.html), and a game's page also by the kind and
 * state its JSON beside it gives; the first of each group, in the
 * order of the numbers, is checked.  A new kind of page is found without
 * a change here.
 */

const fs = require('fs');
const path = require('path');

const PHONE = { width: 390, height: 844, deviceScaleFactor: 1,
    mobile: true };
const FOCUS_CONTRAST = 3;
const FOCUS_WIDTH = 2;

/* Every .html file under dir, relative to it. */
function htmlFiles(dir, sub = '') {
	const out = [];

	for (const e of fs.readdirSync(path.join(dir, sub),
	    { withFileTypes: true })) {
		const rel = sub === '' ? e.name : `${sub}/${e.name}`;

		if (e.isDirectory())
			out.push(...htmlFiles(dir, rel));
		else if (e.name.endsWith('.html') && !e.name.startsWith('.'))
			out.push(rel);
	}
	return out;
}

/* Compare paths by their text, and runs of digits by their number. */
function byNumbers(a, b) {
	return a.localeCompare(b, 'en', { numeric: true });
}

/* The kind of page file is: its path with digits as N, and a game's. */
function pageKind(site, file) {
	const json = path.join(site, file.replace(/\.html$/, '.json'));
	let kind = file.replace(/[0-9]+/g, 'N');

	if (fs.existsSync(json)) {
		try {
			const g = JSON.parse(fs.readFileSync(json, 'utf8'));

			kind += ` (${g.kind}, ${g.state})`;
		} catch (e) {
			/* archive-test.js says the JSON does not parse. */
		}
	}
	return kind;
}

/* One page of each kind in site: [{ kind, file }], in path order. */
function pagesOfEachKind(site) {
	const seen = new Map();

	for (const file of htmlFiles(site).sort(byNumbers)) {
		const kind = pageKind(site, file);

		if (!seen.has(kind))
			seen.set(kind, file);
	}
	return Array.from(seen, ([kind, file]) => ({ kind, file }));
}

/*
 * axe-core's violations of impact serious or critical in the page.  It
 * reads the style sheets from the page's CSSOM, not by fetching them
 * again (preload), which a file: page may not.
 */
async function axeViolations(b, axeSource) {
	await b.eval(`${axeSource}; void 0`);
	return b.eval(`axe.run(document, {
		resultTypes: ['violations'],
		preload: false,
	}).then((r) => r.violations
	    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
	    .map((v) => ({
		id: v.id,
		impact: v.impact,
		help: v.help,
		nodes: v.nodes.map((n) => ({
			target: n.target.join(' '),
			summary: (n.failureSummary || '').split('\\n')
			    .slice(1).join(' ').trim(),
		})),
	})))`);
}

/*
 * The rules axe-core misses in a page made to break them (an image
 * without alt, a select without a name), so that a run that checks
 * nothing cannot pass.
 */
async function axeMisses(b, axeSource) {
	await b.open('about:blank');
	await b.eval(`document.body.innerHTML = '<main><img src="data:,">' +
	    '<select><option>x</option></select></main>'`);
	const found = (await axeViolations(b, axeSource)).map((v) => v.id);

	b.errors();
	return ['image-alt', 'select-name'].filter((r) => !found.includes(r));
}

/* At the width set, how the page fits: widths and the widest element. */
async function sideways(b) {
	return b.eval(`(() => {
		const root = document.documentElement;
		const cw = root.clientWidth;
		let far = null;
		let right = cw;

		for (const e of document.querySelectorAll('body *')) {
			const r = e.getBoundingClientRect();

			/* The last of equals is the innermost. */
			if (r.width > 0 && r.right + window.scrollX >= right &&
			    r.right + window.scrollX > cw + 0.5) {
				right = r.right + window.scrollX;
				far = e;
			}
		}
		const name = (e) => e.tagName.toLowerCase() +
		    (e.id ? '#' + e.id : '') +
		    (e.getAttribute('class') ? '.' +
		    e.getAttribute('class').trim().split(/\\s+/).join('.') :
		    '');
		let where = null;

		if (far !== null) {
			const chain = [];

			for (let e = far; e && e !== document.body;
			    e = e.parentElement)
				chain.unshift(name(e));
			where = chain.join(' > ') + ', ' +
			    Math.round(far.getBoundingClientRect().width) +
			    ' px wide, to x = ' + Math.round(right);
		}
		return { scrollWidth: root.scrollWidth, clientWidth: cw,
		    innerWidth: window.innerWidth, widest: where };
	})()`);
}

/*
 * Focus every focusable element of the page in turn: the reasons its
 * outline is missing, thin or of too little contrast.
 */
async function focusProblems(b) {
	return b.eval(`(() => {
		const rgb = (s) => {
			const m = /rgba?\\(([^)]*)\\)/.exec(s);
			if (!m)
				return null;
			const v = m[1].split(/[ ,\\/]+/).filter((x) => x)
			    .map(Number);
			return { r: v[0], g: v[1], b: v[2],
			    a: v.length > 3 ? v[3] : 1 };
		};
		const lum = (c) => {
			const f = (x) => {
				x /= 255;
				return x <= 0.04045 ? x / 12.92 :
				    Math.pow((x + 0.055) / 1.055, 2.4);
			};
			return 0.2126 * f(c.r) + 0.7152 * f(c.g) +
			    0.0722 * f(c.b);
		};
		const ratio = (x, y) => {
			const a = lum(x);
			const b = lum(y);
			return (Math.max(a, b) + 0.05) /
			    (Math.min(a, b) + 0.05);
		};
		/* The first opaque background from e up; the canvas's. */
		const background = (e) => {
			for (; e; e = e.parentElement) {
				const c = rgb(getComputedStyle(e)
				    .backgroundColor);
				if (c && c.a > 0)
					return c;
			}
			return { r: 255, g: 255, b: 255, a: 1 };
		};
		const show = (c) => 'rgb(' + c.r + ', ' + c.g + ', ' + c.b +
		    ')';
		const name = (e) => e.tagName.toLowerCase() +
		    (e.id ? '#' + e.id : '') + (e.textContent.trim() ?
		    ' "' + e.textContent.trim().slice(0, 20) + '"' : '');
		const out = [];
		const seen = new Set();
		let count = 0;

		for (const e of document.querySelectorAll('a[href], button, ' +
		    'select, input, textarea, summary, [tabindex]')) {
			if (e.tabIndex < 0 || e.disabled ||
			    e.getClientRects().length === 0)
				continue;
			e.focus();
			if (document.activeElement !== e)
				continue;
			count++;
			const s = getComputedStyle(e);
			const o = rgb(s.outlineColor);
			const w = parseFloat(s.outlineWidth);
			const key = (problem) => {
				/* One line a kind of element and problem. */
				const k = e.tagName + ' ' + problem;
				if (seen.has(k))
					return false;
				seen.add(k);
				return true;
			};

			if (s.outlineStyle === 'none' ||
			    !(w >= ${FOCUS_WIDTH})) {
				if (key('width'))
					out.push(name(e) + ': outline ' +
					    s.outlineStyle + ' ' +
					    s.outlineWidth + ', wanted ' +
					    '${FOCUS_WIDTH}px or more');
				continue;
			}
			for (const [what, c] of [
			    ['its background', background(e)],
			    ['the background around it',
			    background(e.parentElement)]]) {
				const k = ratio(o, c);
				if (k < ${FOCUS_CONTRAST} &&
				    key(what + show(o) + show(c)))
					out.push(name(e) + ': outline ' +
					    show(o) + ' has ' + k.toFixed(2) +
					    ':1 against ' + what + ' ' +
					    show(c) + ', wanted ' +
					    '${FOCUS_CONTRAST}:1');
			}
		}
		if (document.activeElement)
			document.activeElement.blur();
		return { count, problems: out };
	})()`);
}

/*
 * Check one page of each kind of the site with axe, at 390 px and for
 * focus: open(b, file) opens a page (archive-test.js's, which notes
 * its links), fail(reason) gives a reason, end(description) ends a
 * check (a TAP line).
 */
async function checkAudit(b, site, open, fail, end) {
	const axeSource = require('axe-core').source;
	const pages = pagesOfEachKind(site);
	const client = b.client;
	let focused = 0;
	let t = Date.now();
	/* What each check took, as a comment line of the test's log. */
	const took = (what) => {
		console.log(`${what} took ${((Date.now() - t) / 1000)
		    .toFixed(1)} s`);
		t = Date.now();
	};

	for (const r of await axeMisses(b, axeSource))
		fail(`axe-core does not find ${r} in a page made to break it`);
	/* On a screen, then on a phone, whose layout differs. */
	for (const phone of [false, true]) {
		if (phone)
			await client.Emulation.setDeviceMetricsOverride(PHONE);
		for (const { kind, file } of pages) {
			const at = `${file} (${kind}` +
			    `${phone ? ', 390 px' : ''})`;

			await open(b, file);
			for (const v of await axeViolations(b, axeSource))
				for (const n of v.nodes)
					fail(`${at}: axe ${v.impact} ` +
					    `${v.id} (${v.help}): ` +
					    `${n.target}: ${n.summary}`);
			for (const e of b.errors())
				fail(`${file}: ${e}`);
		}
	}
	await client.Emulation.clearDeviceMetricsOverride();
	took('axe-core');
	end(`axe-core ${require('axe-core/package.json').version} finds ` +
	    `no serious or critical violation in the ${pages.length} ` +
	    'kinds of page, on a screen and at 390 px: ' +
	    pages.map((p) => p.file).join(' '));

	await client.Emulation.setDeviceMetricsOverride(PHONE);
	try {
		for (const { kind, file } of pages) {
			await open(b, file);
			const s = await sideways(b);

			if (s.clientWidth !== PHONE.width)
				fail(`${file} (${kind}): laid out ` +
				    `${s.clientWidth} px wide on a ` +
				    `${PHONE.width} px phone`);
			if (s.scrollWidth > s.clientWidth)
				fail(`${file} (${kind}): scrolls ` +
				    `sideways, ${s.scrollWidth} px wide in ` +
				    `${s.clientWidth}; the widest: ` +
				    `${s.widest}`);
		}
	} finally {
		await client.Emulation.clearDeviceMetricsOverride();
	}
	took('the width');
	end(`at ${PHONE.width} px wide no kind of page scrolls sideways`);

	/* A headless page has no focus of its own: :focus needs this. */
	await client.Emulation.setFocusEmulationEnabled({ enabled: true });
	for (const { kind, file } of pages) {
		await open(b, file);
		const f = await focusProblems(b);

		focused += f.count;
		for (const p of f.problems)
			fail(`${file} (${kind}): ${p}`);
	}
	await client.Emulation.setFocusEmulationEnabled({ enabled: false });
	took('the focus');
	end(`the ${focused} focusable elements of those pages show focus ` +
	    `with an outline of ${FOCUS_WIDTH} px or more and a contrast ` +
	    `of ${FOCUS_CONTRAST}:1 against the element and around it`);
}

module.exports = { checkAudit, pagesOfEachKind };
