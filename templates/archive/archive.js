/*
 * The archive's viewer and filters (docs/archive.md).  Everything it
 * needs is in the page: it fetches nothing, so the site works from
 * files.
 *
 * A game page (main#game) holds one SVG with every shape the game ever
 * shows, each with an index (data-i), and in script#steps the changes
 * from each step to the next ("ADDED|REMOVED", lists of indices with
 * ranges), the moves and their reports.  Going to a step applies those
 * changes forwards or backwards, shape by shape, with the display
 * attribute.  The buttons, the keys (ArrowLeft, ArrowRight, Home, End),
 * the moves' links and the URL's hash (#K) all go through show().
 * The page comes with its buttons disabled and main#game of class
 * "nojs", whose style lets a reader without the script step by links
 * alone (archive-game.c): the script enables the buttons as it steps
 * and takes the class away, so that its own stepping is the only one.
 *
 * The index (main#index) hides the rows of table#games that do not
 * match the four selects, and says how many are shown in #count.
 */
(function () {
	"use strict";

	function $(id) {
		return document.getElementById(id);
	}

	function num(s) {
		return parseInt(s, 10);
	}

	/* "0-3,7" as [0, 1, 2, 3, 7]. */
	function list(s) {
		var out = [], parts, a, b, i, j;

		if (!s)
			return out;
		parts = s.split(",");
		for (i = 0; i < parts.length; i++) {
			a = parts[i].split("-");
			b = num(a[a.length - 1]);
			for (j = num(a[0]); j <= b; j++)
				out.push(j);
		}
		return out;
	}

	function visible(main, sel) {
		var all = main.querySelectorAll(sel);

		return Array.prototype.filter.call(all, function (e) {
			return e.getAttribute("display") !== "none";
		});
	}

	/* Where a piece stands, with its height. */
	function where(e) {
		var at = e.getAttribute("data-cell") ||
		    e.getAttribute("data-point");
		var h = e.getAttribute("data-height");

		return h ? at + " height " + h : at;
	}

	/* The position shown, in words, as picture_svg_words() says it. */
	function words(main) {
		var seats = main.querySelectorAll("#players tr[data-seat]");
		var pieces = visible(main, "#board .piece");
		var out = [], i, seat, names, cells, mur;

		for (i = 0; i < seats.length; i++) {
			seat = seats[i].getAttribute("data-seat");
			names = pieces.filter(function (e) {
				return e.getAttribute("data-seat") === seat;
			}).map(where);
			out.push(seat + ": " +
			    (names.length ? names.join(", ") : "none") + ".");
		}
		[["W", "Wall"], ["C", "Commonwealth"]].forEach(function (l) {
			cells = visible(main,
			    "#board [data-layer=\"" + l[0] + "\"]");
			if (cells.length)
				out.push(l[1] + ": " + cells.map(function (e) {
					return e.getAttribute("data-cell");
				}).join(", ") + ".");
		});
		mur = visible(main, "#board .mur");
		if (mur.length)
			out.push("Mur stone: " +
			    mur[0].getAttribute("data-point") + ".");
		return out.join(" ");
	}

	function viewer(main) {
		var data = JSON.parse($("steps").textContent);
		var n = data.show.length - 1;
		var cur = num(main.getAttribute("data-step"));
		var items = document.querySelectorAll("#moves li[data-step]");
		var els = {}, changes = [], k, parts;

		main.classList.remove("nojs");
		document.querySelectorAll("#board [data-i]").forEach(
		    function (e) {
			els[e.getAttribute("data-i")] = e;
		});
		for (k = 0; k <= n; k++) {
			parts = data.show[k].split("|");
			changes.push([list(parts[0]), list(parts[1])]);
		}

		function set(indices, on) {
			indices.forEach(function (i) {
				var e = els[i];

				if (e && on)
					e.removeAttribute("display");
				else if (e)
					e.setAttribute("display", "none");
			});
		}

		function caption() {
			if (cur === 0)
				return "The start, before turn 1 of " + n;
			return "Turn " + cur + " of " + n + ": " +
			    data.moves[cur - 1];
		}

		function show(step, keep) {
			if (isNaN(step))
				return;
			step = Math.max(0, Math.min(n, step));
			while (cur < step) {
				cur++;
				set(changes[cur][1], false);
				set(changes[cur][0], true);
			}
			while (cur > step) {
				set(changes[cur][0], false);
				set(changes[cur][1], true);
				cur--;
			}
			main.setAttribute("data-step", String(cur));
			$("caption").textContent = caption();
			$("report").textContent = cur === 0 ? "" :
			    data.reports[cur - 1];
			if ($("board-desc"))
				$("board-desc").textContent = words(main);
			Array.prototype.forEach.call(items, function (li) {
				if (num(li.getAttribute("data-step")) === cur)
					li.setAttribute("aria-current", "step");
				else
					li.removeAttribute("aria-current");
			});
			if ($("final"))
				$("final").hidden = cur !== n;
			$("first").disabled = $("prev").disabled = cur === 0;
			$("next").disabled = $("last").disabled = cur === n;
			if (!keep && history.replaceState)
				history.replaceState(null, "", "#" + cur);
		}

		function fromHash() {
			var m = /^#(\d+)$/.exec(location.hash);

			if (m)
				show(num(m[1]), true);
		}

		$("first").addEventListener("click", function () {
			show(0);
		});
		$("prev").addEventListener("click", function () {
			show(cur - 1);
		});
		$("next").addEventListener("click", function () {
			show(cur + 1);
		});
		$("last").addEventListener("click", function () {
			show(n);
		});
		document.addEventListener("keydown", function (ev) {
			var t = ev.target && ev.target.tagName;
			var keys = { ArrowLeft: cur - 1, ArrowRight: cur + 1,
			    Home: 0, End: n };

			if (ev.altKey || ev.ctrlKey || ev.metaKey ||
			    t === "INPUT" || t === "SELECT" ||
			    t === "TEXTAREA" || !(ev.key in keys))
				return;
			show(keys[ev.key]);
			ev.preventDefault();
		});
		window.addEventListener("hashchange", fromHash);
		show(cur, true);
		fromHash();
	}

	/* Whether row r matches the filters' values v. */
	function matches(r, v) {
		var players = r.getAttribute("data-players").split(" ");

		return (!v[0] || r.getAttribute("data-kind") === v[0]) &&
		    (!v[1] || players.indexOf(v[1]) !== -1) &&
		    (!v[2] || r.getAttribute("data-tournament") === v[2]) &&
		    (!v[3] || r.getAttribute("data-state") === v[3]);
	}

	function filters() {
		var ids = ["filter-kind", "filter-player", "filter-tournament",
		    "filter-state"];
		var rows = document.querySelectorAll("#games tr.game");

		function apply() {
			var v = ids.map(function (id) {
				return $(id).value;
			});
			var shown = 0;

			Array.prototype.forEach.call(rows, function (r) {
				if (matches(r, v)) {
					r.removeAttribute("hidden");
					shown++;
				} else
					r.setAttribute("hidden", "");
			});
			$("count").textContent = shown +
			    (shown === 1 ? " game" : " games");
		}
		ids.forEach(function (id) {
			$(id).addEventListener("change", apply);
		});
		apply();
	}

	if ($("game") && $("steps"))
		viewer($("game"));
	if ($("games") && $("filter-kind"))
		filters();
}());
