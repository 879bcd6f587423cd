'use strict';
/*
 * The archive (mupbem archive) in headless Chromium, checked against
 * the store and the engine, and for accessibility with audit.js
 * (docs/archive.md, "Tested in a browser"):
 *
 *   node archive-test.js --site DIR --db STORE --mupbem MUPBEM
 *       --chromium CHROMIUM
 *
 * Each check prints its reasons for failing as "why: REASON" lines,
 * then "end: DESCRIPTION"; tests/browser.sh makes TAP of them (the
 * begin/why/end of tests/tap.sh).  The site is opened from its files
 * (file:// URLs), as a reader who downloaded it would.
 */

const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { checkAudit } = require('./audit');
const { Browser } = require('./cdp');
const { viewDiff } = require('./position');
const { Store } = require('./store');

const opt = {};
for (let i = 2; i + 1 < process.argv.length; i += 2)
	opt[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];

let why = [];
const linked = new Set();
/* Every wait's bound grows on a slow machine (tests/timed.sh). */
const slow = Number(process.env.MUPBEM_TEST_SLOW) || 1;

/* The end of a check: its reasons (the first 40), then its name. */
function end(description) {
	for (const w of why.slice(0, 40))
		console.log(`why: ${w.replace(/\n/g, '\\n')}`);
	if (why.length > 40)
		console.log(`why: and ${why.length - 40} more`);
	console.log(`end: ${description}`);
	why = [];
}

/* Compare: a reason if got is not want. */
function same(what, got, want) {
	if (JSON.stringify(got) !== JSON.stringify(want))
		why.push(`${what}: ${JSON.stringify(got)}, wanted ` +
		    JSON.stringify(want));
}

/* The URL of file (which may end in a #hash) in the site. */
function url(file) {
	const [name, hash] = file.split('#');

	return pathToFileURL(path.join(opt.site, name)).href +
	    (hash !== undefined ? `#${hash}` : '');
}

/* Open a page of the site, and note its links to check them later. */
async function open(b, file) {
	await b.open(url(file));
	for (const href of await b.eval(`Array.from(
	    document.querySelectorAll('a[href], link[href], script[src]'),
	    (e) => e.href || e.src)`))
		if (href.startsWith('file:'))
			linked.add(`${file} -> ${href}`);
}

/* Every error the page showed since the last look is a reason. */
function noErrors(b, where) {
	for (const e of b.errors())
		why.push(`${where}: ${e}`);
}

/* --- the index ------------------------------------------------------ */

const FILTERS = {
	'filter-kind': 'kind',
	'filter-player': 'players',
	'filter-tournament': 'tournament',
	'filter-state': 'state',
};

/* The games of the store as the index's rows should carry them. */
function storeGames(store) {
	return store.rows(`select g.id as game, g.variant as kind,
	    (select group_concat(player, ' ') from (select player from seats
	    where game = g.id order by seat)) as players,
	    coalesce((select tournament from pairings where game = g.id), '')
	    as tournament, g.status as state from games g order by g.id desc`)
	    .map((r) => ({ game: String(r.game), kind: r.kind,
	    players: r.players, tournament: String(r.tournament),
	    state: r.state }));
}

/* The games each filter value should leave, by its own query. */
function storeFilter(store, id, value) {
	const q = {
		'filter-kind': `select id from games
		    where variant = '${value}'`,
		'filter-player': `select distinct game from seats
		    where player = ${Number(value)}`,
		'filter-tournament': `select game from pairings
		    where tournament = ${Number(value)} and game is not null`,
		'filter-state': `select id from games
		    where status = '${value}'`,
	}[id];

	return store.column(q).sort((a, b) => b - a);
}

/* Choose value in the select id, as a reader does, firing change. */
async function choose(b, id, value) {
	await b.eval(`(() => {
		const s = document.getElementById('${id}');
		s.value = ${JSON.stringify(value)};
		s.dispatchEvent(new Event('input', { bubbles: true }));
		s.dispatchEvent(new Event('change', { bubbles: true }));
	})()`);
}

/* The rows the reader sees (not hidden, and laid out), and #count. */
async function shown(b) {
	return b.eval(`({
		rows: Array.from(document.querySelectorAll('#games tbody tr'))
		    .filter((r) => r.getClientRects().length > 0)
		    .map((r) => r.dataset.game),
		hidden: Array.from(document.querySelectorAll('#games tbody tr'))
		    .filter((r) => r.hidden !==
		    (r.getClientRects().length === 0))
		    .map((r) => r.dataset.game),
		count: document.getElementById('count').textContent,
	})`);
}

function games(n) {
	return `${n} ${n === 1 ? 'game' : 'games'}`;
}

async function checkIndex(b, store) {
	const want = storeGames(store);

	await open(b, 'index.html');
	same('rows', await b.eval(`Array.from(
	    document.querySelectorAll('#games tbody tr'), (r) => ({
	    game: r.dataset.game, kind: r.dataset.kind,
	    players: r.dataset.players, tournament: r.dataset.tournament,
	    state: r.dataset.state }))`), want);
	same('links to the games', await b.eval(`Array.from(
	    document.querySelectorAll('#games tbody tr'),
	    (r) => r.querySelector('a').getAttribute('href'))`),
	    want.map((g) => `games/G${g.game}.html`));
	same('at first', await shown(b), { rows: want.map((g) => g.game),
	    hidden: [], count: games(want.length) });

	for (const id of Object.keys(FILTERS)) {
		const values = await b.eval(`Array.from(
		    document.getElementById('${id}').options, (o) => o.value)`);
		const field = FILTERS[id];
		const wantValues = [...new Set(want.flatMap(
		    (g) => g[field].split(' ')).filter((v) => v !== ''))];

		same(`${id}'s first option`, values[0], '');
		same(`${id}'s options`, values.slice(1).sort(),
		    wantValues.sort());
		for (const v of values.slice(1)) {
			const rows = storeFilter(store, id, v);

			await choose(b, id, v);
			same(`${id} ${v}`, await shown(b), { rows, hidden: [],
			    count: games(rows.length) });
		}
		await choose(b, id, '');
	}

	/* Two at once: the velox games of the first player. */
	const player = await b.eval(
	    `document.getElementById('filter-player').options[1].value`);
	const both = store.column(`select id from games where
	    variant = 'velox' and id in (select game from seats
	    where player = ${Number(player)}) order by id desc`);
	await choose(b, 'filter-kind', 'velox');
	await choose(b, 'filter-player', player);
	same(`velox and player ${player}`, await shown(b), { rows: both,
	    hidden: [], count: games(both.length) });
	await choose(b, 'filter-kind', '');
	await choose(b, 'filter-player', '');
	same('all again', await shown(b), { rows: want.map((g) => g.game),
	    hidden: [], count: games(want.length) });
	noErrors(b, 'index.html');
	end(`the index lists the store's ${want.length} games newest first, ` +
	    'and each filter value and a pair of them leave the games the ' +
	    'store gives for them');
}

/* --- a game --------------------------------------------------------- */

/*
 * The board a page shows, as an expression inside a page's script that
 * has main, all (the shown shapes of a selector, mapped and sorted)
 * and d (an element's data): a Mur board's points, stones and mur, a
 * Mu board's cells and pieces, to compare with the engine's.
 */
const boardView = `main.dataset.kind === 'mur' ? {
	points: all('.point[data-point]', (e) => d(e).point),
	stones: all('.piece[data-point]',
	    (e) => d(e).point + ' ' + d(e).seat),
	mur: all('.mur', (e) => d(e).point),
} : {
	cells: all('[data-cell][data-layer]',
	    (e) => d(e).cell + ' ' + d(e).layer),
	pieces: all('.piece[data-cell]',
	    (e) => d(e).cell + ' ' + d(e).seat + ' ' + d(e).height),
}`;

/* What the game page shows now: step, moves, caption, report, board. */
async function viewerState(b) {
	return b.eval(`(() => {
		const main = document.getElementById('game');
		const svgs = document.querySelectorAll('#board svg');
		const svg = svgs[0];
		const shown = (e) => {
			for (; e && e !== svg.parentNode; e = e.parentElement)
				if (getComputedStyle(e).display === 'none')
					return false;
			return true;
		};
		const all = (sel, f) => Array.from(svg.querySelectorAll(sel))
		    .filter(shown).map(f).sort();
		const d = (e) => e.dataset;
		return {
			step: main.dataset.step,
			steps: main.dataset.steps,
			hash: location.hash,
			current: Array.from(document.querySelectorAll(
			    '#moves [aria-current]'), (e) => e.tagName + ' ' +
			    e.getAttribute('aria-current') + ' ' + d(e).step),
			caption: document.getElementById('caption').textContent,
			report: document.getElementById('report').textContent,
			svgs: svgs.length,
			view: ${boardView},
		};
	})()`);
}

/* The page shows step k of the engine's game, or reasons why not. */
async function checkStep(b, g, engine, k, how) {
	const n = engine.steps.length - 1;
	const s = await viewerState(b);
	const at = `G${g} step ${k} (${how})`;
	const step = engine.steps[k];

	same(`${at}: data-step`, s.step, String(k));
	same(`${at}: data-steps`, s.steps, String(n));
	same(`${at}: aria-current`, s.current, k === 0 ? [] :
	    [`LI step ${k}`]);
	same(`${at}: caption`, s.caption, k === 0 ?
	    `The start, before turn 1 of ${n}` :
	    `Turn ${k} of ${n}: ${step.move}`);
	same(`${at}: report`, s.report, k === 0 ? '' : step.report);
	same(`${at}: svg elements in #board`, s.svgs, 1);
	for (const d of viewDiff(step.view, s.view))
		why.push(`${at}: ${d}`);
	return s;
}

/* Wait for the page to show step k (a hash changes it later). */
async function untilStep(b, k) {
	await b.eval(`new Promise((resolve, reject) => {
		const t = Date.now();
		const main = document.getElementById('game');
		(function wait() {
			if (main.dataset.step === '${k}')
				resolve();
			else if (Date.now() - t > ${5000 * slow})
				reject(new Error('the step stays at ' +
				    main.dataset.step));
			else
				setTimeout(wait, 10);
		})();
	})`).catch((e) => why.push(`waiting for step ${k}: ${e.message}`));
}

async function checkGame(b, store, g, found) {
	const engine = await found;
	const n = engine.steps.length - 1;
	const kind = store.column(`select variant from games where id = ${g}`);
	const page = `games/G${g}.html`;
	let k;

	await open(b, page);
	const first = await viewerState(b);
	await checkStep(b, g, engine, Number(first.step), 'as opened');

	await b.press('Home');
	await checkStep(b, g, engine, 0, 'Home');
	for (k = 1; k <= n; k++) {
		await b.press('ArrowRight');
		await checkStep(b, g, engine, k, 'ArrowRight');
	}
	await b.press('ArrowRight');
	await checkStep(b, g, engine, n, 'ArrowRight at the end');
	for (k = n - 1; k >= Math.max(0, n - 3); k--) {
		await b.press('ArrowLeft');
		await checkStep(b, g, engine, k, 'ArrowLeft');
	}
	await b.press('End');
	await checkStep(b, g, engine, n, 'End');
	await b.press('Home');
	await checkStep(b, g, engine, 0, 'Home');
	await b.press('ArrowLeft');
	await checkStep(b, g, engine, 0, 'ArrowLeft at the start');

	await b.click('#next');
	await checkStep(b, g, engine, Math.min(1, n), 'click #next');
	await b.click('#next');
	await checkStep(b, g, engine, Math.min(2, n), 'click #next');
	await b.click('#last');
	await checkStep(b, g, engine, n, 'click #last');
	await b.click('#prev');
	await checkStep(b, g, engine, Math.max(0, n - 1), 'click #prev');
	await b.click('#first');
	await checkStep(b, g, engine, 0, 'click #first');

	/* A deep link opens the step; a new hash goes to its step. */
	k = Math.floor(n / 2);
	await b.open('about:blank');
	await open(b, `${page}#${k}`);
	await checkStep(b, g, engine, k, `opened at #${k}`);
	await b.eval(`location.hash = '#${n}'`);
	await untilStep(b, n);
	await checkStep(b, g, engine, n, `hash #${n}`);
	await b.click('#moves li[data-step="1"] a');
	await untilStep(b, 1);
	await checkStep(b, g, engine, 1, 'click the first move');

	/* The record and the data it links to. */
	const rec = fs.readFileSync(path.join(opt.site, 'games', `G${g}.rec`),
	    'utf8');
	same(`G${g}.rec`, rec, store.publicRecord(g));
	try {
		JSON.parse(fs.readFileSync(path.join(opt.site, 'games',
		    `G${g}.json`), 'utf8'));
	} catch (e) {
		why.push(`G${g}.json: ${e.message}`);
	}
	same(`G${g}'s links to its record and data`, await b.eval(`Array.from(
	    document.querySelectorAll('a[href$=".rec"], a[href$=".json"]'),
	    (a) => a.getAttribute('href'))`), [`G${g}.rec`, `G${g}.json`]);
	noErrors(b, page);
	end(`G${g} (${kind}): Home, ArrowRight through its ${n} turns, ` +
	    'ArrowLeft, End, the buttons, a deep link and a move clicked ' +
	    "show each position as the engine has it, with the move's " +
	    'caption and report');
}

/* --- a game without JavaScript ------------------------------------- */

/*
 * What the page shows without its script: the .turn shown (its
 * caption), whether a button looks active, the result, the board.
 */
async function noScriptState(b) {
	return b.eval(`(() => {
		const main = document.getElementById('game');
		const svg = document.querySelector('#board svg');
		const shown = (e) => {
			for (; e && e !== document.body; e = e.parentElement)
				if (getComputedStyle(e).display === 'none')
					return false;
			return true;
		};
		const all = (sel, f) => Array.from(svg.querySelectorAll(sel))
		    .filter(shown).map(f).sort();
		const d = (e) => e.dataset;
		const turns = Array.from(document.querySelectorAll('.turn'))
		    .filter(shown);
		const t = turns[0];
		return {
			turns: turns.length,
			caption: t ? t.querySelector('p').textContent : null,
			buttons: Array.from(document.querySelectorAll(
			    '#controls button')).filter((e) => shown(e) &&
			    !e.disabled).length,
			final: !!document.getElementById('final') &&
			    shown(document.getElementById('final')),
			view: ${boardView},
		};
	})()`);
}

/* The page without its script shows step k of the engine's game. */
async function checkNoScriptStep(b, g, engine, k, how, over) {
	const n = engine.steps.length - 1;
	const s = await noScriptState(b);
	const at = `G${g} without script, step ${k} (${how})`;
	const step = engine.steps[k];

	same(`${at}: turns shown`, s.turns, 1);
	same(`${at}: caption`, s.caption, k === 0 ?
	    `The start, before turn 1 of ${n}` :
	    `Turn ${k} of ${n}: ${step.move}`);
	same(`${at}: buttons that look active`, s.buttons, 0);
	same(`${at}: the result shown`, s.final, over && k === n);
	for (const d of viewDiff(step.view, s.view))
		why.push(`${at}: ${d}`);
}

/*
 * With JavaScript off, each game's page shows its last position; a
 * move's link opens its position, and the turns' Next, Previous,
 * First and Last links reach every other, all by CSS :target.
 */
async function checkNoScript(b, store, ids, engines) {
	await b.client.Emulation.setScriptExecutionDisabled({ value: true });
	for (let i = 0; i < ids.length; i++) {
		const g = ids[i];
		const engine = await engines[i];
		const n = engine.steps.length - 1;
		const page = `games/G${g}.html`;
		/* A game that ended says so at its last step. */
		const over = store.column(`select count(*) from games
		    where id = ${g} and (result is not null or exists
		    (select 1 from seats where game = ${g} and rank = 1))`)[0]
		    > 0;

		await b.open('about:blank');
		await open(b, page);
		await checkNoScriptStep(b, g, engine, n, 'as opened', over);
		await b.click('#moves li[data-step="1"] a');
		await checkNoScriptStep(b, g, engine, 1, 'the first move',
		    over);
		await b.click('#ends a[href="#0"]');
		await checkNoScriptStep(b, g, engine, 0, 'First', over);
		for (let k = 1; k <= n; k++) {
			await b.click(`.turn.t${k - 1} a[href="#${k}"]`);
			await checkNoScriptStep(b, g, engine, k, 'Next', over);
		}
		if (n > 1) {
			await b.click(`.turn.t${n} a[href="#${n - 1}"]`);
			await checkNoScriptStep(b, g, engine, n - 1,
			    'Previous', over);
			await b.click(`#ends a[href="#${n}"]`);
			await checkNoScriptStep(b, g, engine, n, 'Last', over);
		}
		noErrors(b, `${page} without script`);
	}
	await b.client.Emulation.setScriptExecutionDisabled({ value: false });
	end(`without JavaScript, each of the ${ids.length} games' pages ` +
	    'shows every position by links alone (the moves, Next, ' +
	    'Previous, First, Last), with its caption, the ' +
	    'buttons inactive, and the result at the last');
}

/* --- players and tournaments ---------------------------------------- */

async function checkPlayers(b, store) {
	const players = store.column(`select distinct player from seats
	    order by player`);

	for (const p of players) {
		const page = `players/P${p}.html`;
		const rated = store.column(`select game from rating_history
		    where player = ${p} order by game`);

		await open(b, page);
		const s = await b.eval(`(() => {
			const svg = document.getElementById('rating-plot');
			const title = svg &&
			    svg.querySelector(':scope > title');
			return {
				plot: svg ? svg.tagName : null,
				title: title ? title.textContent : null,
				points: svg ? Array.from(svg.querySelectorAll(
				    'polyline'), (l) => l.points.numberOfItems)
				    .reduce((a, c) => a + c, 0) : 0,
				stats: !!document.getElementById('stats'),
				unrated: !!document.getElementById('unrated'),
				name: document.querySelector('h1').textContent,
			};
		})()`);

		/* One with no rated game is said to have no rating. */
		same(`${page}: plot`, s.plot, rated.length > 0 ? 'svg' : null);
		same(`${page}: unrated`, s.unrated, rated.length === 0);
		if (rated.length > 0 && (!s.title || !/\w/.test(s.title)))
			why.push(`${page}: the rating plot has no title`);
		same(`${page}: points plotted`, s.points, rated.length);
		same(`${page}: #stats`, s.stats, true);
		same(`${page}: name`, s.name, store.column(
		    `select name from players where id = ${p}`)[0]);
		noErrors(b, page);
	}
	end(`the pages of the ${players.length} players: a rating plot ` +
	    'with a title and a point for each rated game, and statistics');
}

/*
 * A ratings page a kind of game: the store's ratings of it, best
 * first, each with its player, rating and rated games.
 */
async function checkRatings(b, store) {
	const kinds = ['velox', 'levis', 'classic', 'mur'];
	let rows = 0;

	for (const kind of kinds) {
		const page = `ratings/${kind}.html`;
		const want = store.rows(`select player, kind,
		    cast(round(rating) as integer) as r, games from ratings
		    where kind = '${kind}' or (kind glob '${kind}[0-9]' and
		    '${kind}' = 'classic') order by kind, rating desc, rd,
		    player`).map((r) => `${r.kind} ${r.player} ${r.r} ` +
		    `${r.games}`);

		rows += want.length;
		await open(b, page);
		same(`${page}: rows`, await b.eval(`Array.from(
		    document.querySelectorAll('table.ratings tbody tr'),
		    (r) => r.closest('table').id.replace('ratings-', '') +
		    ' ' + r.dataset.player + ' ' +
		    r.querySelector('.rating').textContent + ' ' +
		    r.querySelector('.games').textContent)`), want);
		same(`${page}: says it is empty`, await b.eval(
		    `!!document.getElementById('unrated')`), want.length === 0);
		noErrors(b, page);
	}
	end(`the ratings pages of ${kinds.join(', ')} list the store's ` +
	    `${rows} ratings, best first, with their rated games`);
}

async function checkTournaments(b, store) {
	const ts = store.column('select id from tournaments order by id');

	for (const t of ts) {
		const page = `tournaments/T${t}.html`;
		const entrants = store.rows(`select p.id, p.name from entrants e
		    join players p on p.id = e.player where e.tournament = ${t}
		    order by p.id`).map((r) => `${r.id} ${r.name}`);

		await open(b, page);
		const s = await b.eval(`({
			standings: Array.from(document.querySelectorAll(
			    '#standings tbody tr'), (r) => r.dataset.player +
			    ' ' + r.querySelector('a').textContent).sort(),
			crosstable: document.querySelectorAll(
			    '#crosstable tbody tr').length,
		})`);

		same(`${page}: standings`, s.standings, entrants.sort());
		same(`${page}: crosstable rows`, s.crosstable, entrants.length);
		noErrors(b, page);
	}
	end(`the page of the tournament: its standings and crosstable ` +
	    'hold its entrants');
}

/* Every link of the pages opened goes to a file of the site. */
function checkLinks() {
	for (const l of linked) {
		const href = l.split(' -> ')[1].replace(/#.*$/, '');
		const file = decodeURIComponent(new URL(href).pathname);

		if (!fs.existsSync(file))
			why.push(`${l}: no such file`);
	}
	end(`the ${linked.size} links of the pages opened lead to files of ` +
	    'the site');
}

async function main() {
	const store = new Store(opt.db, opt.mupbem);
	const b = await Browser.launch(opt.chromium);

	const ids = store.column('select id from games order by id');
	/* The engine's games, found while the browser works. */
	const engines = ids.map((g) => {
		const p = store.game(g);

		p.catch(() => {});
		return p;
	});

	try {
		await checkIndex(b, store);
		for (let i = 0; i < ids.length; i++)
			await checkGame(b, store, ids[i], engines[i]);
		await checkNoScript(b, store, ids, engines);
		await checkPlayers(b, store);
		await checkRatings(b, store);
		await checkTournaments(b, store);
		await checkAudit(b, opt.site, open, (w) => why.push(w), end);
		checkLinks();
	} finally {
		await b.close();
	}
}

/* tests/browser.sh ends the check the error stopped. */
/* A signal ends node through its exit handlers, which end Chromium. */
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
	process.on(sig, () => process.exit(1));
setTimeout(() => {
	console.log('why: stopped after 5 minutes');
	process.exit(1);
}, 300000).unref();
main().catch((e) => {
	why.push(e.stack);
	for (const w of why)
		console.log(`why: ${w.replace(/\n/g, '\\n')}`);
	process.exit(1);
});
