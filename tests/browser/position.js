'use strict';
/*
 * What a board should show, from the engine's position text
 * (docs/position.md), in the words of the archive's SVG
 * (docs/archive.md): sorted lists of strings, so that two views compare
 * as text and their differences can be named.
 *
 *   Mu:  cells   "A4 V"        cell A4 (segment A, cell 4) and its layer
 *        pieces  "A4 red 3"    the piece on A4, its seat and height
 *   Mur: points  "n1"          every point of the board
 *        stones  "n1 black"    a stone and its side
 *        mur     "c"           the mur stone's point
 *
 * A Mu segment line is "LABEL @q,r COLOUR T0 ... T6", each token T the
 * layer (V, C, W) and, if a piece stands there, its colour letter and
 * height: "Vb12".
 */

const COLOURS = { r: 'red', b: 'blue', g: 'green', y: 'yellow',
    p: 'purple', w: 'white' };

/* The 25 points in board order (docs/notation.md, Point names). */
const SPOKES = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'];
const POINTS = ['c'].concat(...[1, 2, 3].map(
    (ring) => SPOKES.map((s) => s + ring)));

/* The position part of "mupbem replay" output: up to the blank line. */
function positionText(replay) {
	const end = replay.indexOf('\n\n');

	return end === -1 ? replay : replay.slice(0, end + 1);
}

/* The view of the position text, or throws on text it cannot read. */
function positionView(text) {
	const lines = text.split('\n').filter((l) => l !== '');
	const game = /^game (\S+)$/.exec(lines[1] || '');

	if (lines[0] !== 'mupbem position 2' || !game)
		throw new Error('not a position: ' +
		    lines.slice(0, 2).join('|'));
	return game[1] === 'mur' ? murView(lines) : muView(lines);
}

function muView(lines) {
	const view = { cells: [], pieces: [] };

	/* The header is ten lines; then one line a segment. */
	for (const line of lines.slice(10)) {
		const f = line.split(' ');

		if (f.length !== 10 || !/^[A-Z]+$/.test(f[0]))
			throw new Error(`not a segment line: '${line}'`);
		for (let k = 0; k < 7; k++) {
			const m = /^([VCW])(?:([rbgypw])([1-9][0-9]*))?$/
			    .exec(f[3 + k]);
			const cell = f[0] + k;

			if (!m)
				throw new Error(
				    `${cell}: not a cell: '${f[3 + k]}'`);
			view.cells.push(`${cell} ${m[1]}`);
			if (m[2])
				view.pieces.push(
				    `${cell} ${COLOURS[m[2]]} ${m[3]}`);
		}
	}
	view.cells.sort();
	view.pieces.sort();
	return view;
}

function murView(lines) {
	const view = { points: POINTS.slice().sort(), stones: [], mur: [] };
	const field = (key) => {
		const line = lines.find((l) => l.startsWith(key + ' '));

		if (!line)
			throw new Error(`no '${key}' line`);
		const v = line.slice(key.length + 1);
		return v === '-' ? [] : v.split(' ');
	};

	for (const side of ['black', 'white'])
		for (const p of field(side))
			view.stones.push(`${p} ${side}`);
	view.stones.sort();
	view.mur = field('mur');
	return view;
}

/* What differs between two views: "pieces: missing A4 red 3". */
function viewDiff(want, got) {
	const out = [];

	for (const key of Object.keys(want)) {
		const w = new Set(want[key]), g = got[key] || [];
		const missing = want[key].filter((x) => !g.includes(x));
		const extra = g.filter((x) => !w.has(x));

		if (missing.length)
			out.push(`${key}: missing ${missing.join(', ')}`);
		if (extra.length)
			out.push(`${key}: extra ${extra.join(', ')}`);
		if (!missing.length && !extra.length &&
		    g.length !== want[key].length)
			out.push(`${key}: shown twice in ${g.join(', ')}`);
	}
	return out;
}

module.exports = { positionText, positionView, viewDiff, POINTS };
