'use strict';
/*
 * What the site should show, found without it: the store's rows by
 * sqlite3, and each game's positions and reports by the engine
 * (mupbem).  A game's record (mupbem --db STORE export G) is cut after
 * K turns; "mupbem replay" of the cut record gives position K, and
 * "mupbem play --as COLOUR" of turn K on the record cut after K - 1
 * gives the report of turn K (docs/record.md).
 */

const { execFile, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { positionText, positionView } = require('./position');

class Store {
	constructor(db, mupbem) {
		this.db = db;
		this.mupbem = mupbem;
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'records.'));
		this.limit = limiter(2);
		process.on('exit', () => fs.rmSync(this.dir,
		    { recursive: true, force: true }));
	}

	/* The rows of query, as objects. */
	rows(query) {
		const out = execFileSync('sqlite3', ['-json', this.db, query],
		    { encoding: 'utf8' });

		return out.trim() === '' ? [] : JSON.parse(out);
	}

	/* The values of the first column of query's rows, as strings. */
	column(query) {
		return this.rows(query).map((r) => String(Object.values(r)[0]));
	}

	/* Game g's record, as the store gives it. */
	recordText(g) {
		return execFileSync(this.mupbem,
		    ['--db', this.db, 'export', `G${g}`], { encoding: 'utf8' });
	}

	/*
	 * Game g's record as the site publishes it: no address (each seat
	 * line names its player P<id>, from the store's players) and no
	 * comment lines.
	 */
	publicRecord(g) {
		const ids = new Map(this.rows('select id, lower(address) ' +
		    'as a from players').map((r) => [r.a, r.id]));

		return this.recordText(g).split('\n').filter(
		    (l) => !l.startsWith('#')).map((l) => {
			const m = /^seat ([a-z]+) (\S+@\S+)$/.exec(l);

			if (!m)
				return l;
			return `seat ${m[1]} P${ids.get(m[2].toLowerCase())}`;
		}).join('\n');
	}

	/* Game g's record, split: header (with its blank line), turns. */
	record(g) {
		const text = this.recordText(g);
		const at = text.indexOf('\n\n') + 2;
		const turns = text.slice(at).split('\n').filter(
		    (l) => l !== '' && !l.startsWith('#')).map((l) => {
			const m = /^(\d+) ([a-z]+) (.+)$/.exec(l);

			if (!m)
				throw new Error(`G${g}: turn line '${l}'`);
			return { n: Number(m[1]), colour: m[2], turn: m[3] };
		});

		return { header: text.slice(0, at), turns };
	}

	/*
	 * Game g as the engine sees it: for K from 0 to N, the view of
	 * position K, and for K from 1, the move and its report.  The
	 * engine runs in the background, two programs at a time for all
	 * the games asked for, so that the browser need not wait.
	 */
	async game(g) {
		const rec = this.record(g);
		const steps = [];

		for (let k = 0; k <= rec.turns.length; k++)
			steps.push(this.limit(this.step(g, rec, k)));
		return { turns: rec.turns, steps: await Promise.all(steps) };
	}

	/* A function that finds step k of game g. */
	step(g, rec, k) {
		return async () => {
			const file = path.join(this.dir, `G${g}.${k}.rec`);
			const cut = (n) => rec.header +
			    rec.turns.slice(0, n).map(
			    (t) => `${t.n} ${t.colour} ${t.turn}\n`).join('');
			const step = {};

			fs.writeFileSync(file, cut(k));
			step.view = positionView(positionText(
			    await run(this.mupbem, ['replay', file])));
			if (k > 0) {
				const t = rec.turns[k - 1];

				fs.writeFileSync(file, cut(k - 1));
				step.move = t.turn;
				step.report = await run(this.mupbem,
				    ['play', '--as', t.colour, file, t.turn]);
			}
			fs.unlinkSync(file);
			return step;
		};
	}
}

/* The standard output of a program, or throws with its error. */
function run(program, args) {
	return new Promise((resolve, reject) => {
		execFile(program, args, { encoding: 'utf8' },
		    (err, stdout, stderr) => {
			if (err)
				reject(new Error(`${program} ` +
				    `${args.join(' ')}: ${stderr.trim()}`));
			else
				resolve(stdout);
		});
	});
}

/*
 * A function that runs the async functions given to it, at most n at a
 * time, in the order given, and returns the promise of each result.
 */
function limiter(n) {
	const queue = [];
	let running = 0;
	const next = () => {
		while (running < n && queue.length > 0) {
			const { job, resolve, reject } = queue.shift();

			running++;
			job().then(resolve, reject).finally(() => {
				running--;
				next();
			});
		}
	};

	return (job) => new Promise((resolve, reject) => {
		queue.push({ job, resolve, reject });
		next();
	});
}

module.exports = { Store };
