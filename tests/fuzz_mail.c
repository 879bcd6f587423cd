#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "service.h"
#include "store.h"
#include "xmalloc.h"

/*
 * Fuzzing the path from a raw mail to the reply, not only the parser:
 * each mail of the corpus (tests/data/mail and tests/data/poison) is
 * given an id of its own, mutated, deterministically from a seed, and
 * handed to
 * mailloop_handle() as mupbemd --deliver does: message_parse(), the
 * game service with a real SQLite store in a temporary folder, the
 * replies built by reply_build() into the outbox.  Each reply is then
 * read back from the outbox and its header checked: ASCII, no line
 * over 998 bytes, no CR, only the header names mupbem writes and each
 * once (a CR or LF from the mail would add one), and ids between < >
 * in Message-ID, In-Reply-To and References.  The build under ASan and
 * UBSan (--enable-sanitizers) turns any bad access on the way into a
 * failure.
 *
 * The mutations: a bit flipped, a byte put in (8-bit, CR, LF, NUL), a
 * header line twice, a line taken out, a header of an odd shape added
 * (ids with spaces, 8-bit, 300 bytes or none; encoded words that
 * decode to CR LF; From the server's own address), a long line, the
 * mail cut short, LF made CR or CR LF, MIME boundaries that open and
 * never close, and a command line added to the text.
 *
 * usage: fuzz_mail [ITERATIONS [SEED]], or FUZZ_ITERATIONS and
 * FUZZ_SEED in the environment; make check runs 2,000 from seed 33.
 * Exits 1 at the first bad reply, printing the seed, iteration and
 * mail, so that the case can be run again alone.
 */

#define FUZZ_ITERATIONS	2000
#define FUZZ_SEED	33
#define FUZZ_LINE	998

struct fuzz {
	uint64_t		 rng;
	char			**mails;
	size_t			*lens;
	size_t			 n;
	struct config_file	 c;
	struct mailloop		 ml;
	struct service		*sv;
	char			*dir;
	long			 replies;
};

static const char *fuzz_headers[] = {
	"Message-ID: x y",
	"Message-ID: <caf\xe9@example.org>",
	"Message-ID: <>",
	"Message-ID:",
	"Message-ID: <a@b> <c@d>",
	"Message-ID: <a\r\nX-Injected: 1@b>",
	"In-Reply-To: <a b@c> <@> <x@y@z>",
	"In-Reply-To: x y",
	"In-Reply-To: <\xe9t\xe9@example.org>",
	"References: <> <no-at> < spaced @x> <ok@example.org>",
	"References: <a@b>\n\t<c@d>\n <e@f>",
	"From: \"=?utf-8?q?A=0D=0AX-Injected:_1?=\" <alice@example.org>",
	"From: a@b@c",
	"From: <>",
	"From: games@localhost",
	"From: =?utf-8?b?QQ==?= <zed@example.org>",
	"From: \"\xe9\xe8\" <dora@example.org>",
	"Reply-To: games@localhost",
	"Reply-To: <a\nb@c>",
	"Subject: =?utf-8?q?a=0D=0AX-Injected:_1?=",
	"Subject: =?utf-8?b?AAAA?=",
	"Subject: \xff\xfe\xfd",
	"Subject: [mupbem G1] =?iso-8859-1?q?=E9?=",
	"Content-Type: text/plain; charset=x-unknown",
	"Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes",
	"Content-Transfer-Encoding: base64",
	"Content-Transfer-Encoding: quoted-printable",
	"Content-Type: multipart/alternative; boundary=",
	"Content-Type: multipart/mixed; boundary=\"b\"",
	"Content-Type: message/rfc822",
	"Auto-Submitted: no",
	"Return-Path: <>"
};

static const char *fuzz_commands[] = {
	"help", "games", "new velox with robot", "new levis with robot",
	"#1 pass", "#2 resign", "board 1", "name Alice\r\nX-Injected: 1",
	"set pictures off", "link bob@example.org", "accept", "decline",
	"stats", "help rules", "who", "vacation 3"
};

static uint64_t	 fuzz_next(struct fuzz *);
static size_t	 fuzz_below(struct fuzz *, size_t);
static void	 fuzz_corpus(struct fuzz *, const char *);
static size_t	 fuzz_header_end(const struct buf *);
static size_t	 fuzz_line_start(const struct buf *, size_t);
static void	 fuzz_insert(struct buf *, size_t, const char *, size_t);
static void	 fuzz_mutate(struct fuzz *, struct buf *);
static int	 fuzz_ids(const char *);
static int	 fuzz_check(const char *, size_t, char **);
static int	 fuzz_outbox(struct fuzz *, char **);
static int	 fuzz_open(struct fuzz *);

/* xorshift64*: the same mails for the same seed, on every machine. */
static uint64_t
fuzz_next(struct fuzz *f)
{
	f->rng ^= f->rng >> 12;
	f->rng ^= f->rng << 25;
	f->rng ^= f->rng >> 27;
	return (f->rng * 2685821657736338717ULL);
}

static size_t
fuzz_below(struct fuzz *f, size_t n)
{
	return (n == 0 ? 0 : (size_t)(fuzz_next(f) % n));
}

/* Read every .eml file of dir into the corpus. */
static void
fuzz_corpus(struct fuzz *f, const char *dir)
{
	struct dirent	**names;
	char		 *path, *data;
	FILE		 *fp;
	long		  len;
	int		  i, n;

	if ((n = scandir(dir, &names, NULL, alphasort)) == -1) {
		fprintf(stderr, "fuzz_mail: %s: cannot list\n", dir);
		exit(99);
	}
	for (i = 0; i < n; i++) {
		len = (long)strlen(names[i]->d_name);
		if (len < 5 ||
		    strcmp(names[i]->d_name + len - 4, ".eml") != 0) {
			free(names[i]);
			continue;
		}
		xasprintf(&path, "%s/%s", dir, names[i]->d_name);
		free(names[i]);
		if ((fp = fopen(path, "rb")) == NULL ||
		    fseek(fp, 0, SEEK_END) == -1 || (len = ftell(fp)) < 0 ||
		    fseek(fp, 0, SEEK_SET) == -1) {
			fprintf(stderr, "fuzz_mail: %s: cannot read\n", path);
			exit(99);
		}
		data = xmalloc((size_t)len + 1);
		if (fread(data, 1, (size_t)len, fp) != (size_t)len) {
			fprintf(stderr, "fuzz_mail: %s: cannot read\n", path);
			exit(99);
		}
		fclose(fp);
		free(path);
		f->mails = xreallocarray(f->mails, f->n + 1, sizeof *f->mails);
		f->lens = xreallocarray(f->lens, f->n + 1, sizeof *f->lens);
		f->mails[f->n] = data;
		f->lens[f->n++] = (size_t)len;
	}
	free(names);
}

/* Where the header of b ends (the blank line), or its length. */
static size_t
fuzz_header_end(const struct buf *b)
{
	size_t	i;

	for (i = 0; i + 1 < b->len; i++) {
		if (b->data[i] == '\n' && (b->data[i + 1] == '\n' ||
		    b->data[i + 1] == '\r'))
			return (i + 1);
	}
	return (b->len);
}

/* The start of the line holding offset at. */
static size_t
fuzz_line_start(const struct buf *b, size_t at)
{
	while (at > 0 && b->data[at - 1] != '\n')
		at--;
	return (at);
}

/* Put s[0..n) into b at offset at. */
static void
fuzz_insert(struct buf *b, size_t at, const char *s, size_t n)
{
	struct buf	out;

	buf_init(&out);
	buf_add(&out, b->data, at);
	buf_add(&out, s, n);
	buf_add(&out, b->data + at, b->len - at);
	buf_free(b);
	*b = out;
}

/* One mutation of the mail in b. */
static void
fuzz_mutate(struct fuzz *f, struct buf *b)
{
	static const char	 bytes[] = "\xff\xe9\r\n\t\0<>@\"=?";
	struct buf		 s;
	const char		*h;
	size_t			 at, end, hend, i, n;

	buf_init(&s);
	hend = fuzz_header_end(b);
	at = fuzz_below(f, b->len + 1);
	switch (fuzz_below(f, 10)) {
	case 0:		/* a bit flipped */
		if (b->len > 0)
			b->data[fuzz_below(f, b->len)] ^= (char)(1 <<
			    fuzz_below(f, 8));
		break;
	case 1:		/* a byte put in */
		fuzz_insert(b, at, &bytes[fuzz_below(f, sizeof bytes - 1)], 1);
		break;
	case 2:		/* a header line twice */
		at = fuzz_line_start(b, fuzz_below(f, hend + 1));
		if ((h = memchr(b->data + at, '\n', b->len - at)) == NULL)
			break;
		buf_add(&s, b->data + at, (size_t)(h - (b->data + at)) + 1);
		fuzz_insert(b, at, s.data, s.len);
		break;
	case 3:		/* a header of an odd shape */
		h = fuzz_headers[fuzz_below(f, sizeof fuzz_headers /
		    sizeof fuzz_headers[0])];
		buf_addf(&s, "%s\n", h);
		fuzz_insert(b, fuzz_below(f, 2) ? 0 :
		    fuzz_line_start(b, hend), s.data, s.len);
		break;
	case 4:		/* a long line, of words or of one word */
		n = 900 + fuzz_below(f, 3000);
		for (i = 0; i < n; i++)
			buf_addc(&s, fuzz_below(f, 2) && i % 7 == 6 ? ' ' :
			    'x');
		fuzz_insert(b, at, s.data, s.len);
		break;
	case 5:		/* cut short */
		if (at > 0)
			b->len = at;
		break;
	case 6:		/* line ends made CR or CR LF */
		for (i = 0, n = fuzz_below(f, 4) + 1; i < b->len && n > 0;
		    i++) {
			if (b->data[i] == '\n' && fuzz_below(f, 8) == 0) {
				if (fuzz_below(f, 2))
					b->data[i] = '\r';
				else
					fuzz_insert(b, i++, "\r", 1);
				n--;
			}
		}
		break;
	case 7:		/* MIME parts that open and do not close */
		buf_adds(&s, "Content-Type: multipart/mixed; boundary=\"b\"\n");
		fuzz_insert(b, 0, s.data, s.len);
		buf_reset(&s);
		buf_adds(&s, "\n--b\nContent-Type: multipart/alternative; "
		    "boundary=\"b\"\n\n--b\nContent-Type: text/plain; "
		    "charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
		    "aGVscA=\n--b\n");
		if (fuzz_below(f, 2))
			buf_adds(&s, "--b--\n");
		fuzz_insert(b, fuzz_below(f, b->len + 1), s.data, s.len);
		break;
	case 8:		/* a line taken out */
		at = fuzz_line_start(b, at < b->len ? at : b->len);
		h = memchr(b->data + at, '\n', b->len - at);
		end = h != NULL ? (size_t)(h - b->data) + 1 : b->len;
		memmove(b->data + at, b->data + end, b->len - end);
		b->len -= end - at;
		break;
	case 9:		/* a command in the text */
		buf_addf(&s, "\n%s\n", fuzz_commands[fuzz_below(f,
		    sizeof fuzz_commands / sizeof fuzz_commands[0])]);
		fuzz_insert(b, b->len, s.data, s.len);
		break;
	}
	buf_free(&s);
}

/* Is v ids between < >, one space between, each LEFT@RIGHT? */
static int
fuzz_ids(const char *v)
{
	const char	*p = v, *gt;
	size_t		 n;

	for (;;) {
		if (*p != '<' || (gt = strchr(p, '>')) == NULL)
			return (0);
		n = (size_t)(gt - p - 1);
		if (n == 0 || memchr(p + 1, '@', n) == NULL ||
		    strcspn(p + 1, " <") < n)
			return (0);
		p = gt + 1;
		if (*p == '\0')
			return (1);
		if (*p++ != ' ')
			return (0);
	}
}

/*
 * Is the reply data[0..len) well formed, as the top of this file
 * says?  0, or -1 and *why.
 */
static int
fuzz_check(const char *data, size_t len, char **why)
{
	static const char	*names[] = { "From", "To", "Reply-To",
	    "Subject", "X-Mupbem-State", "Date", "Message-ID",
	    "In-Reply-To", "References", "Auto-Submitted", "MIME-Version",
	    "Content-Type", "Content-Transfer-Encoding", NULL };
	struct buf		 value;
	const char		*p = data, *end = data + len, *nl, *colon;
	size_t			 i, n, seen[16] = { 0 }, which = 0;
	int			 in_header = 1, rc = 0;

	buf_init(&value);
	for (; p < end && rc == 0; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		n = (size_t)(nl - p);
		if (n > FUZZ_LINE) {
			xasprintf(why, "a line of %zu bytes", n);
			rc = -1;
		} else if (memchr(p, '\r', n) != NULL) {
			xasprintf(why, "a CR in '%.*s'", (int)n, p);
			rc = -1;
		}
		if (!in_header || rc == -1)
			continue;
		for (i = 0; i < n; i++) {
			if ((unsigned char)p[i] >= 0x7f ||
			    ((unsigned char)p[i] < ' ' && p[i] != '\t')) {
				xasprintf(why, "a byte %02x in the header line "
				    "'%.*s'", (unsigned char)p[i], (int)n, p);
				rc = -1;
				break;
			}
		}
		if (rc == -1)
			break;
		if (n > 0 && (*p == ' ' || *p == '\t')) {
			buf_add(&value, p, n);
			continue;
		}
		/* The header that ends here: its ids. */
		if ((which == 6 || which == 7 || which == 8) && value.len > 0 &&
		    !fuzz_ids(value.data + 1)) {
			xasprintf(why, "%s:%s: not ids between < >",
			    names[which], value.data);
			rc = -1;
			break;
		}
		buf_reset(&value);
		if (n == 0) {
			in_header = 0;
			continue;
		}
		if ((colon = memchr(p, ':', n)) == NULL) {
			xasprintf(why, "a header line without a name: '%.*s'",
			    (int)n, p);
			rc = -1;
			break;
		}
		for (which = 0; names[which] != NULL; which++) {
			if (strlen(names[which]) == (size_t)(colon - p) &&
			    strncmp(names[which], p, (size_t)(colon - p)) == 0)
				break;
		}
		if (names[which] == NULL || seen[which]++ > 0) {
			xasprintf(why, "the header '%.*s' %s", (int)n, p,
			    names[which] == NULL ? "is not mupbem's" :
			    "comes twice");
			rc = -1;
			break;
		}
		buf_add(&value, colon + 1, n - (size_t)(colon - p) - 1);
	}
	if (rc == 0 && in_header) {
		xasprintf(why, "no end of the header");
		rc = -1;
	}
	buf_free(&value);
	return (rc);
}

/* Check every reply queued, and mark it sent: 0, or -1 and *why. */
static int
fuzz_outbox(struct fuzz *f, char **why)
{
	struct store_outmail	 v[16];
	char			*cause = NULL;
	int			 i, n, rc = 0;

	while ((n = store_due_some(f->ml.store, 1795000000LL + 86400, v, 16,
	    &cause)) > 0) {
		if (store_begin(f->ml.store, &cause) == -1)
			goto store;
		for (i = 0; i < n; i++) {
			if (rc == 0 && fuzz_check(v[i].data, v[i].len,
			    why) == -1) {
				rc = -1;
				printf("--- the reply\n%.*s\n---\n",
				    (int)v[i].len, v[i].data);
			}
			if (store_sent(f->ml.store, v[i].id, 1795000000LL,
			    &cause) == -1)
				goto store;
			store_outmail_free(&v[i]);
			f->replies++;
		}
		if (store_commit(f->ml.store, &cause) == -1)
			goto store;
		if (rc == -1)
			return (-1);
	}
	if (n == -1)
		goto store;
	return (0);

store:
	xasprintf(why, "the store failed: %s", cause);
	free(cause);
	return (-1);
}

/* Open the store and the service in a new temporary folder. */
static int
fuzz_open(struct fuzz *f)
{
	const char	*base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" :
			    "/tmp";
	char		*path, *cause = NULL;

	xasprintf(&f->dir, "%s/mupbem-fuzz-XXXXXX", base);
	if (mkdtemp(f->dir) == NULL) {
		fprintf(stderr, "fuzz_mail: %s: cannot make\n", f->dir);
		return (-1);
	}
	config_file_defaults(&f->c);
	free(f->c.address);
	f->c.address = xstrdup("games@localhost");
	f->c.rate_burst = 0;
	f->c.max_mails = 0;
	f->c.loop_burst = 0;
	free(f->c.invitations);
	f->c.invitations = xstrdup("any");
	xasprintf(&path, "%s/mupbem.db", f->dir);
	free(f->c.store);
	f->c.store = path;
	memset(&f->ml, 0, sizeof f->ml);
	f->ml.config = &f->c;
	f->ml.handle = service_handle;
	if ((f->ml.store = store_open(path, &cause)) == NULL ||
	    (f->sv = service_create(&f->c, f->ml.store, &cause)) == NULL) {
		fprintf(stderr, "fuzz_mail: %s\n", cause);
		free(cause);
		return (-1);
	}
	f->ml.arg = f->sv;
	service_robots_inline(f->sv, 1);
	return (0);
}

int
main(int argc, char **argv)
{
	struct fuzz	 f;
	struct buf	 b;
	const char	*e;
	FILE		*quiet;
	char		*cause = NULL, *why = NULL, *key;
	long		 iterations = FUZZ_ITERATIONS, i, seed = FUZZ_SEED;
	size_t		 k, m;
	int		 rc = 0;

	if ((e = getenv("FUZZ_ITERATIONS")) != NULL)
		iterations = atol(e);
	if ((e = getenv("FUZZ_SEED")) != NULL)
		seed = atol(e);
	if (argc > 1)
		iterations = atol(argv[1]);
	if (argc > 2)
		seed = atol(argv[2]);
	setenv("MUPBEM_NOW", "1795000000", 1);
	log_init("fuzz_mail", 0);
	memset(&f, 0, sizeof f);
	f.rng = (uint64_t)seed * 0x9e3779b97f4a7c15ULL + 1;
	fuzz_corpus(&f, TEST_DATA "/mail");
	fuzz_corpus(&f, TEST_DATA "/poison");
	if (f.n == 0 || fuzz_open(&f) == -1)
		return (99);
	/*
	 * Quiet: thousands of mails would log thousands of lines.  Only
	 * the stream the log writes to goes, not descriptor 2, where the
	 * sanitizers report.
	 */
	if ((quiet = fopen("/dev/null", "w")) == NULL)
		return (99);
	stderr = quiet;
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < iterations && rc == 0; i++) {
		buf_init(&b);
		k = fuzz_below(&f, f.n);
		/* An id of its own first, or it is found handled before. */
		buf_addf(&b, "Message-ID: <fuzz.%ld.%ld@example.org>\n", seed,
		    i);
		buf_add(&b, f.mails[k], f.lens[k]);
		for (m = 1 + fuzz_below(&f, 4); m > 0; m--)
			fuzz_mutate(&f, &b);
		xasprintf(&key, "fuzz/%ld", i);
		if (b.len > 0 && mailloop_handle(&f.ml, b.data, b.len, key,
		    &cause) == -1) {
			/* A store that works fails no mail. */
			xasprintf(&why, "mailloop_handle: %s", cause);
			free(cause);
			cause = NULL;
		}
		if (why == NULL)
			fuzz_outbox(&f, &why);
		if (why != NULL) {
			printf("not ok: seed %ld, iteration %ld (%s): %s\n",
			    seed, i, key, why);
			printf("--- the mail\n%.*s\n---\n", (int)b.len,
			    b.data != NULL ? b.data : "");
			rc = 1;
		}
		free(key);
		buf_free(&b);
	}
	printf("fuzz_mail: %ld mails from seed %ld, %ld replies checked%s\n",
	    i, seed, f.replies, rc == 0 ? "" : "; failed");
	service_free(f.sv);
	store_close(f.ml.store);
	config_file_free(&f.c);
	xasprintf(&key, "rm -rf '%s'", f.dir);
	if (system(key) != 0)
		rc = 1;
	free(key);
	free(f.dir);
	for (k = 0; k < f.n; k++)
		free(f.mails[k]);
	free(f.mails);
	free(f.lens);
	free(why);
	fclose(quiet);
	return (rc);
}
