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
 *
 * The index (main#index) hides the rows of table#games that do not
 * match the four selects, and says how many are shown in #count.
 */
(function () {
	"use strict";

	function list(s) {
		var out = [], parts, a, b, i, j;

		if (!s)
			return out;
		parts = s.split(",");
		for (i = 0; i < parts.length; i++) {
			a = parts[i].split("-");
			b = a.length > 1 ? parseInt(a[1], 10) : parseInt(a[0], 10);
			for (j = parseInt(a[0], 10); j <= b; j++)
				out.push(j);
		}
		return out;
	}

	function words(main) {
		var seats = main.querySelectorAll("#players tr[data-seat]");
		var out = [], i, seat, pieces, names, text, cells, mur;

		function visible(sel) {
			return Array.prototype.filter.call(
			    main.querySelectorAll(sel), function (e) {
				return e.getAttribute("display") !== "none";
			});
		}
		pieces = visible("#board .piece");
		for (i = 0; i < seats.length; i++) {
			seat = seats[i].getAttribute("data-seat");
			names = pieces.filter(function (e) {
				return e.getAttribute("data-seat") === seat;
			}).map(function (e) {
				var where = e.getAttribute("data-cell") ||
				    e.getAttribute("data-point");
				var h = e.getAttribute("data-height");
				return h ? where + " height " + h : where;
			});
			out.push(seat + ": " + (names.length ? names.join(", ") :
			    "none") + ".");
		}
		[["W", "Wall"], ["C", "Commonwealth"]].forEach(function (l) {
			cells = visible("#board [data-layer=\"" + l[0] + "\"]");
			if (cells.length)
				out.push(l[1] + ": " + cells.map(function (e) {
					return e.getAttribute("data-cell");
				}).join(", ") + ".");
		});
		mur = visible("#board .mur");
		if (mur.length)
			out.push("Mur stone: " + mur[0].getAttribute("data-point") +
			    ".");
		text = out.join(" ");
		return text;
	}

	function viewer(main) {
		var data = JSON.parse(document.getElementById("steps").textContent);
		var n = data.show.length - 1;
		var cur = parseInt(main.getAttribute("data-step"), 10);
		var els = {}, changes = [], k;
		var caption = document.getElementById("caption");
		var report = document.getElementById("report");
		var desc = document.getElementById("board-desc");
		var items = document.querySelectorAll("#moves li[data-step]");

		document.querySelectorAll("#board [data-i]").forEach(function (e) {
			els[e.getAttribute("data-i")] = e;
		});
		for (k = 0; k <= n; k++) {
			var parts = data.show[k].split("|");
			changes.push([list(parts[0]), list(parts[1])]);
		}

		function set(indices, on) {
			var i, e;

			for (i = 0; i < indices.length; i++) {
				e = els[indices[i]];
				if (!e)
					continue;
				if (on)
					e.removeAttribute("display");
				else
					e.setAttribute("display", "none");
			}
		}

		function show(step, keep) {
			var i;

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
			caption.textContent = cur === 0 ?
			    "The start, before turn 1 of " + n :
			    "Turn " + cur + " of " + n + ": " + data.moves[cur - 1];
			report.textContent = cur === 0 ? "" : data.reports[cur - 1];
			if (desc)
				desc.textContent = words(main);
			for (i = 0; i < items.length; i++) {
				if (parseInt(items[i].getAttribute("data-step"), 10) ===
				    cur)
					items[i].setAttribute("aria-current", "step");
				else
					items[i].removeAttribute("aria-current");
			}
			document.getElementById("first").disabled = cur === 0;
			document.getElementById("prev").disabled = cur === 0;
			document.getElementById("next").disabled = cur === n;
			document.getElementById("last").disabled = cur === n;
			if (!keep && history.replaceState)
				history.replaceState(null, "", "#" + cur);
		}

		document.getElementById("first").addEventListener("click",
		    function () { show(0); });
		document.getElementById("prev").addEventListener("click",
		    function () { show(cur - 1); });
		document.getElementById("next").addEventListener("click",
		    function () { show(cur + 1); });
		document.getElementById("last").addEventListener("click",
		    function () { show(n); });
		document.addEventListener("keydown", function (ev) {
			var t = ev.target && ev.target.tagName;

			if (ev.altKey || ev.ctrlKey || ev.metaKey ||
			    t === "INPUT" || t === "SELECT" || t === "TEXTAREA")
				return;
			if (ev.key === "ArrowLeft")
				show(cur - 1);
			else if (ev.key === "ArrowRight")
				show(cur + 1);
			else if (ev.key === "Home")
				show(0);
			else if (ev.key === "End")
				show(n);
			else
				return;
			ev.preventDefault();
		});
		function fromHash() {
			var m = /^#(\d+)$/.exec(location.hash);

			if (m)
				show(parseInt(m[1], 10), true);
		}
		window.addEventListener("hashchange", fromHash);
		show(cur, true);
		fromHash();
	}

	function filters() {
		var ids = ["filter-kind", "filter-player", "filter-tournament",
		    "filter-state"];
		var rows = document.querySelectorAll("#games tr.game");
		var count = document.getElementById("count");

		function apply() {
			var v = ids.map(function (id) {
				return document.getElementById(id).value;
			});
			var shown = 0, i, r, ok;

			for (i = 0; i < rows.length; i++) {
				r = rows[i];
				ok = (!v[0] || r.getAttribute("data-kind") === v[0]) &&
				    (!v[1] || r.getAttribute("data-players").split(" ")
				    .indexOf(v[1]) !== -1) &&
				    (!v[2] ||
				    r.getAttribute("data-tournament") === v[2]) &&
				    (!v[3] || r.getAttribute("data-state") === v[3]);
				if (ok) {
					r.removeAttribute("hidden");
					shown++;
				} else
					r.setAttribute("hidden", "");
			}
			count.textContent = shown + (shown === 1 ? " game" : " games");
		}
		ids.forEach(function (id) {
			document.getElementById(id).addEventListener("change", apply);
		});
		apply();
	}

	var game = document.getElementById("game");

	if (game && document.getElementById("steps"))
		viewer(game);
	if (document.getElementById("games") &&
	    document.getElementById("filter-kind"))
		filters();
}());
