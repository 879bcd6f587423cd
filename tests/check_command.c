#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "command.h"
#include "game-registry.h"
#include "game.h"
#include "test-util.h"

/*
 * The mail command language: each command's shape, turns gathered
 * over lines with their #N guard, the subject read when the body is
 * empty, one specific error per malformed command, what an address
 * is, and commands inside chat (accept, decline, resign, pass in the
 * languages the attribution reader knows) with the unclear lines that
 * have no single reading.
 */

static struct command_list	 l;

static void	parse(const char *, const char *);
static void	refuse(const char *, const char *);

static void
parse(const char *text, const char *subject)
{
	char	*cause = NULL;

	ck_assert_msg(command_parse(text, subject, NULL, 0, &l, &cause) == 0, "%s: %s",
	    text, cause);
}

static void
refuse(const char *text, const char *error)
{
	char	*cause = NULL;

	ck_assert_int_eq(command_parse(text, NULL, NULL, 0, &l, &cause), -1);
	ck_assert_str_eq(cause, error);
	ck_assert_uint_eq(l.n, 0);
	free(cause);
}

START_TEST(test_simple)
{
	parse("HELP\nhelp notation\nrules velox\ngames\nboard\nboard G7\n"
	    "history g12\nobserve 3\nunobserve G3\naccept G1\ndecline 2\n"
	    "join G4\nwithdraw G5\nname  Bob the Builder\n", NULL);
	ck_assert_uint_eq(l.n, 14);
	ck_assert_int_eq(l.v[0].type, COMMAND_HELP);
	ck_assert_ptr_null(l.v[0].arg);
	ck_assert_str_eq(l.v[1].arg, "notation");
	ck_assert_int_eq(l.v[2].type, COMMAND_RULES);
	ck_assert_str_eq(l.v[2].arg, "velox");
	ck_assert_int_eq(l.v[3].type, COMMAND_GAMES);
	ck_assert_int_eq(l.v[4].type, COMMAND_BOARD);
	ck_assert_int_eq(l.v[4].game, 0);
	ck_assert_int_eq(l.v[5].game, 7);
	ck_assert_int_eq(l.v[6].type, COMMAND_HISTORY);
	ck_assert_int_eq(l.v[6].game, 12);
	ck_assert_int_eq(l.v[7].type, COMMAND_OBSERVE);
	ck_assert_int_eq(l.v[8].type, COMMAND_UNOBSERVE);
	ck_assert_int_eq(l.v[9].type, COMMAND_ACCEPT);
	ck_assert_int_eq(l.v[9].game, 1);
	ck_assert_int_eq(l.v[10].type, COMMAND_DECLINE);
	ck_assert_int_eq(l.v[11].type, COMMAND_JOIN);
	ck_assert_int_eq(l.v[12].type, COMMAND_WITHDRAW);
	ck_assert_int_eq(l.v[13].type, COMMAND_NAME);
	ck_assert_str_eq(l.v[13].arg, "Bob the Builder");
	ck_assert_int_eq(l.v[13].line, 14);
	command_list_free(&l);
}
END_TEST

/* In a reply about a game, the game may go unnamed. */
START_TEST(test_unnamed)
{
	parse("accept\ndecline\njoin\nwithdraw\nhistory\nobserve\n"
	    "unobserve\n", NULL);
	ck_assert_uint_eq(l.n, 7);
	ck_assert_int_eq(l.v[0].type, COMMAND_ACCEPT);
	ck_assert_int_eq(l.v[0].game, 0);
	ck_assert_int_eq(l.v[6].type, COMMAND_UNOBSERVE);
	ck_assert_int_eq(l.v[6].game, 0);
	command_list_free(&l);
}
END_TEST

START_TEST(test_new)
{
	parse("new velox with bob@example.org Amy@Example.NET open 1 "
	    "segments 3\n", NULL);
	ck_assert_uint_eq(l.n, 1);
	ck_assert_int_eq(l.v[0].type, COMMAND_NEW);
	ck_assert_str_eq(l.v[0].arg, "velox");
	ck_assert_int_eq(l.v[0].nwith, 2);
	ck_assert_str_eq(l.v[0].with[0], "bob@example.org");
	ck_assert_str_eq(l.v[0].with[1], "Amy@Example.NET");
	ck_assert_int_eq(l.v[0].open, 1);
	ck_assert_int_eq(l.v[0].segments, 3);
	ck_assert_int_eq(l.v[0].match, 0);
	command_list_free(&l);
	parse("New Mur MATCH 4 with bob@example.org\nnew mur match 99\n",
	    NULL);
	ck_assert_uint_eq(l.n, 2);
	ck_assert_str_eq(l.v[0].arg, "Mur");
	ck_assert_int_eq(l.v[0].match, 4);
	ck_assert_int_eq(l.v[0].nwith, 1);
	ck_assert_str_eq(l.v[0].with[0], "bob@example.org");
	ck_assert_int_eq(l.v[0].segments, 0);
	ck_assert_int_eq(l.v[1].match, 99);
	ck_assert_int_eq(l.v[1].nwith, 0);
	command_list_free(&l);
	/* A sentence's full stop is not the address's. */
	parse("new velox with bob@example.org.\n", NULL);
	ck_assert_int_eq(l.v[0].nwith, 1);
	ck_assert_str_eq(l.v[0].with[0], "bob@example.org");
	command_list_free(&l);
}
END_TEST

/* seek, rated and unrated, games open, ratings, stats. */
START_TEST(test_seek)
{
	parse("seek classic players 3 unrated range 1400-1700 time 2d\n"
	    "seek velox min 1500\nseek velox max 1600.\n"
	    "new velox with bob@example.org unrated\ngames open\n"
	    "ratings classic3\nstats Alice Smith\nstats\n"
	    "seek classic with robot:greedy players 4 range 1400- with robot\n"
	    "seek velox with robot\n", NULL);
	ck_assert_uint_eq(l.n, 10);
	ck_assert_int_eq(l.v[8].type, COMMAND_SEEK);
	ck_assert_int_eq(l.v[8].nwith, 2);
	ck_assert_str_eq(l.v[8].with[0], "robot:greedy");
	ck_assert_str_eq(l.v[8].with[1], "robot");
	ck_assert_int_eq(l.v[8].open, 1);
	ck_assert_int_eq(l.v[8].low, 1400);
	ck_assert_int_eq(l.v[9].nwith, 1);
	ck_assert_int_eq(l.v[9].open, 0);
	ck_assert_int_eq(l.v[0].type, COMMAND_SEEK);
	ck_assert_str_eq(l.v[0].arg, "classic");
	ck_assert_int_eq(l.v[0].open, 2);
	ck_assert_int_eq(l.v[0].unrated, 1);
	ck_assert_int_eq(l.v[0].low, 1400);
	ck_assert_int_eq(l.v[0].high, 1700);
	ck_assert_str_eq(l.v[0].time, "2d");
	ck_assert_int_eq(l.v[1].open, 1);
	ck_assert_int_eq(l.v[1].unrated, 0);
	ck_assert_int_eq(l.v[1].low, 1500);
	ck_assert_int_eq(l.v[1].high, 0);
	ck_assert_int_eq(l.v[2].low, 0);
	ck_assert_int_eq(l.v[2].high, 1600);
	ck_assert_int_eq(l.v[3].type, COMMAND_NEW);
	ck_assert_int_eq(l.v[3].unrated, 1);
	ck_assert_int_eq(l.v[4].type, COMMAND_GAMES);
	ck_assert_str_eq(l.v[4].arg, "open");
	ck_assert_int_eq(l.v[5].type, COMMAND_RATINGS);
	ck_assert_str_eq(l.v[5].arg, "classic3");
	ck_assert_int_eq(l.v[6].type, COMMAND_STATS);
	ck_assert_str_eq(l.v[6].arg, "Alice Smith");
	ck_assert_ptr_null(l.v[7].arg);
	command_list_free(&l);
	/* Sentences that start with the words are conversation. */
	parse("stats are fun to read\ngames are great\n", NULL);
	ck_assert_uint_eq(l.n, 0);
	command_list_free(&l);
}
END_TEST

/* Turn lines gather into one turn; a blank line starts another. */
START_TEST(test_turns)
{
	parse("#14 C4-D2\nB0-B3(B4,C1)\n\npass\npreview #3 A0-A1\nA1-A2\n",
	    NULL);
	ck_assert_uint_eq(l.n, 3);
	ck_assert_int_eq(l.v[0].type, COMMAND_PLAY);
	ck_assert_int_eq(l.v[0].guard, 14);
	ck_assert_str_eq(l.v[0].arg, "C4-D2 B0-B3(B4,C1)");
	ck_assert_int_eq(l.v[1].type, COMMAND_PLAY);
	ck_assert_str_eq(l.v[1].arg, "pass");
	ck_assert_int_eq(l.v[1].line, 4);
	ck_assert_int_eq(l.v[2].type, COMMAND_PREVIEW);
	ck_assert_int_eq(l.v[2].guard, 3);
	ck_assert_str_eq(l.v[2].arg, "A0-A1 A1-A2");
	command_list_free(&l);
}
END_TEST

/* The subject is read only when the body says nothing, and not ours. */
START_TEST(test_subject)
{
	parse("\n  \n", "Re: new levis with bob@example.org");
	ck_assert_uint_eq(l.n, 1);
	ck_assert_int_eq(l.v[0].type, COMMAND_NEW);
	ck_assert_int_eq(l.v[0].line, 0);
	command_list_free(&l);
	parse("", "Re: [mupbem G12] velox: your turn 14");
	ck_assert_uint_eq(l.n, 0);
	command_list_free(&l);
	/* The subject of a mail sent before the words changed. */
	parse("", "Re: [mupbem G12] velox: your move (turn 14)");
	ck_assert_uint_eq(l.n, 0);
	command_list_free(&l);
	parse("games\n", "new velox");
	ck_assert_uint_eq(l.n, 1);
	ck_assert_int_eq(l.v[0].type, COMMAND_GAMES);
	command_list_free(&l);
	ck_assert_int_eq(command_subject_game("Re: [mupbem G12] velox"), 12);
	ck_assert_int_eq(command_subject_game("RE: [MUPBEM g7] x"), 7);
	ck_assert_int_eq(command_subject_game("[mupbem G12 velox"), 0);
	ck_assert_int_eq(command_subject_game("no tag"), 0);
	ck_assert_int_eq(command_subject_game(NULL), 0);
}
END_TEST

/*
 * How a mail is read: turns inside chatter, commands that are only
 * the first word of a sentence, conversation kept in order.
 */
static const struct {
	const char	*game;		/* NULL: no game known */
	const char	*text;
	const char	*want;		/* type:arg;... then "|" and the talk */
} readings[] = {
	{ "mur", "Hi all,\nMy move for this round: n1\nRegards, Carol\n",
	  "turn:n1|Hi all,\n\nRegards, Carol\n" },
	{ "mur", "my move: n1 thanks!\n", "turn:n1|" },
	{ "mur", "#20 n1.\n\nSent from a phone\n", "turn:n1|Sent from a phone\n" },
	{ "mur", "I pass on that\n", "|I pass on that\n" },
	{ "mur", "Zug: pass\n", "turn:pass|" },
	{ "mur", "accept\nLooking forward to it!\n",
	  "accept:|Looking forward to it!\n" },
	{ "mur", "Accept my apologies, I was away.\n",
	  "|Accept my apologies, I was away.\n" },
	{ "mur", "accept, see you on the board\n", "accept:|see you on the board\n" },
	{ "mur", "Board looks tense!\nhelp me out here\nnew here, hi\n",
	  "|Board looks tense!\nhelp me out here\nnew here, hi\n" },
	{ NULL, "press Hello\nthere\n\nA0-A1\n", "press:Hello\nthere\n\nA0-A1|" },
	{ NULL, "C4-D2(D2,\nC1).\n", "turn:C4-D2(D2, C1)|" },
	{ NULL, "I think C4-D9 wins\n", "turn:C4-D9|" },
	{ NULL, "A0-A1, B0-B1.\nThanks\n", "turn:A0-A1, B0-B1|Thanks\n" },
	{ NULL, "I think a is best\na\n", "turn:a|I think a is best\n" },
	{ NULL, "link\nunlink <Bob@Example.org>.\nconfirm 12345678 thanks\n",
	  "link:;unlink:Bob@Example.org;confirm:12345678|thanks\n" },
	{ NULL, "Link up with you later\nconfirm my move please\nConfirm.\n",
	  "confirm:|Link up with you later\nconfirm my move please\n" },
};

/*
 * Commands inside chat, read only when the sender's state makes them
 * mean something (COMMAND_CHAT_*); "?" after the talk marks a line
 * that could be a command but has no single reading.
 */
#define INVITED	COMMAND_CHAT_INVITED
#define TO_MOVE	COMMAND_CHAT_TO_MOVE
static const struct {
	const char	*game;
	int		 chat;
	const char	*text;
	const char	*want;
} chats[] = {
	{ "velox", 0, "#4 (g)\n", "turn:g|" },
	{ NULL, 0, "(b)\n", "turn:b|" },
	{ "velox", INVITED, "Accepted. Revanche angenommen!\n",
	  "accept:|Revanche angenommen!\n" },
	{ "velox", INVITED, "Avec plaisir ! accept\n",
	  "accept:|Avec plaisir !\n" },
	{ "velox", TO_MOVE, "resign - Dmitri deserves it, I misread the "
	  "board.\n", "turn:resign|Dmitri deserves it, I misread the "
	  "board.\n" },
	{ "velox", TO_MOVE, "Well played - I resign\n",
	  "turn:resign|Well played\n" },
	{ "velox", INVITED, "Yes!\n", "accept:|" },
	{ "velox", INVITED, "Ja, gerne. Bis bald\n",
	  "accept:|gerne. Bis bald\n" },
	{ "velox", INVITED, "Oui, avec plaisir\n", "accept:|avec plaisir\n" },
	{ "velox", INVITED, "S\xc3\xad, claro\n", "accept:|claro\n" },
	{ "velox", INVITED, "j'accepte, bonne chance\n",
	  "accept:|bonne chance\n" },
	{ "velox", INVITED, "No thanks, not this week.\n",
	  "decline:|not this week.\n" },
	{ "velox", INVITED, "Nein danke\n", "decline:|" },
	{ "velox", TO_MOVE, "Hmm. pass - nothing to do\n",
	  "turn:pass|Hmm. nothing to do\n" },
	{ "velox", INVITED, "accept or decline?\n", "|?" },
	{ "velox", INVITED, "accept?\n", "|?" },
	{ "velox", TO_MOVE, "maybe resign\nwhat do you think\n",
	  "|what do you think\n?" },
	{ "velox", TO_MOVE, "Hi, I maybe resign?\n", "|?" },
	/* What is not a command, or means nothing now, is conversation. */
	{ "velox", 0, "Accepted. Revanche angenommen!\n",
	  "|Accepted. Revanche angenommen!\n" },
	{ "velox", TO_MOVE, "Accepted. Revanche angenommen!\n",
	  "|Accepted. Revanche angenommen!\n" },
	{ "velox", INVITED, "resign - I misread it\n",
	  "|resign - I misread it\n" },
	{ "velox", INVITED, "Accept my apologies, I was away.\n",
	  "|Accept my apologies, I was away.\n" },
	{ "mur", TO_MOVE, "I pass on that\nWhy did you pass?\n",
	  "|I pass on that\nWhy did you pass?\n" },
	{ "velox", TO_MOVE, "Should I resign?\n", "|Should I resign?\n" },
	{ "velox", INVITED, "I accept your apologies\n",
	  "|I accept your apologies\n" },
	{ "velox", INVITED, "No, thanks to you\n", "|No, thanks to you\n" },
};

/* Parse text for a new game of kind (NULL: none) as "type:arg;...|talk". */
static void
reading(const char *kind, int chat, const char *text, const char *want)
{
	struct game_options	 opts;
	struct game		*g = NULL;
	struct buf		 got;
	size_t			 i;
	char			*cause = NULL;

	memset(&opts, 0, sizeof opts);
	if (kind != NULL)
		g = game_create(game_find(kind), &opts, &cause);
	ck_assert_int_eq(command_parse(text, NULL, g, chat, &l, &cause), 0);
	buf_init(&got);
	for (i = 0; i < l.n; i++) {
		buf_addf(&got, "%s%s:%s", i > 0 ? ";" : "",
		    command_name(l.v[i].type), l.v[i].arg != NULL ?
		    l.v[i].arg : "");
	}
	buf_addf(&got, "|%s%s", l.talk != NULL ? l.talk : "",
	    l.unclear != NULL ? "?" : "");
	ck_assert_msg(strcmp(got.data, want) == 0, "%s: got '%s', want '%s'",
	    text, got.data, want);
	buf_free(&got);
	command_list_free(&l);
	game_free(g);
}

START_TEST(test_reading)
{
	reading(readings[_i].game, 0, readings[_i].text, readings[_i].want);
}
END_TEST

START_TEST(test_chat)
{
	reading(chats[_i].game, chats[_i].chat, chats[_i].text,
	    chats[_i].want);
}
END_TEST

/* What the sender is told of a line with no single reading. */
START_TEST(test_unclear)
{
	char	*cause = NULL;

	ck_assert_int_eq(command_parse("Hi\naccept or decline?\n", NULL,
	    NULL, INVITED, &l, &cause), 0);
	ck_assert_str_eq(l.unclear, "line 2: \"accept or decline?\" was not "
	    "done, as it can be read more than one way; write accept or "
	    "decline alone on a line to do it");
	command_list_free(&l);
	ck_assert_int_eq(command_parse("accept?\n", NULL, NULL, INVITED, &l,
	    &cause), 0);
	ck_assert_uint_eq(l.n, 0);
	ck_assert_str_eq(l.unclear, "line 1: \"accept?\" was not done, as it "
	    "asks rather than says; write accept alone on a line to do it");
	command_list_free(&l);
}
END_TEST

static const struct {
	const char	*text;
	const char	*error;
} errors[] = {
	{ "accept G\n", "line 1: accept: which game? Write it like G12" },
	{ "games\naccept Gx\n", "line 2: accept: which game? Write it like "
	    "G12" },
	{ "games G1\n", "line 1: games: nothing more is expected after it" },
	{ "seek velox range 1700-1400\n", "line 1: seek: the range 1700-1400 "
	    "is empty; write the lower rating first, such as range "
	    "1400-1700" },
	{ "seek velox range 1500\n", "line 1: seek: range takes two ratings, "
	    "such as range 1400-1700 (or 1400-, or -1700)" },
	{ "seek velox min\n", "line 1: seek: min takes a rating, such as min "
	    "1500" },
	{ "seek classic players 1\n", "line 1: seek: players takes a number "
	    "from 2, such as players 3" },
	{ "seek velox open 1\n", "line 1: seek: 'open' is not a word seek "
	    "understands (time 3d+1d/10d, segments N, players N, with "
	    "robot[:LEVEL], rated, unrated, range 1400-1700, min N, max N)" },
	{ "seek velox with bob@example.org\n", "line 1: seek: "
	    "'bob@example.org' is not a robot; a seek invites nobody, but may "
	    "seat robots (with robot, with robot:greedy)" },
	{ "seek velox with robot robot:greedy\n", "line 1: seek: players 2 "
	    "leaves no seat for 2 robots; say players 3" },
	{ "rules\n", "line 1: rules: which game? Write rules velox, levis, "
	    "classic or mur" },
	{ "new\n", "line 1: new: which game? Write new velox, new levis, new "
	    "classic or new mur" },
	{ "new velox against bob\n", "line 1: new: 'against' is not a word "
	    "new understands (with ADDRESS..., open N, segments N, match N, time 3d+1d/10d, rated, unrated)" },
	{ "new velox with bob\n", "line 1: new: 'bob' is not a word new "
	    "understands (with ADDRESS..., open N, segments N, match N, time 3d+1d/10d, rated, unrated)" },
	{ "new velox open many\n", "line 1: new: open takes a number of "
	    "seats, such as open 1" },
	{ "new mur match\n", "line 1: new: match takes a number from 1 to 99, "
	    "such as match 4" },
	{ "games\nnew mur match 0\n", "line 2: new: match takes a number "
	    "from 1 to 99, such as match 4" },
	{ "new mur match 100\n", "line 1: new: match takes a number from 1 "
	    "to 99, such as match 4" },
	{ "new mur match six\n", "line 1: new: match takes a number from 1 "
	    "to 99, such as match 4" },
	{ "new mur 6\n", "line 1: new: '6' is not a word new understands "
	    "(with ADDRESS..., open N, segments N, match N, time 3d+1d/10d, rated, unrated)" },
	{ "#x A0-A1\n", "line 1: '#x': a turn number is written #14" },
	{ "#3 A0-A1\n#4 B0-B1\n", "line 2: two turn numbers in one mail: #3 "
	    "and #4" },
	{ "name\n", "line 1: name: a name has 1 to 40 characters" },
	{ "press\n", "line 1: press: write the message after it, on the same "
	    "line or the lines below" },
	{ "new velox with bob@x\rRSET\n", "line 1: new: 'bob@x\rRSET' is "
	    "not an address; write it as bob@example.org" },
	{ "new velox with <bob@example.org>\n", "line 1: new: "
	    "'<bob@example.org>' is not an address; write it as "
	    "bob@example.org" },
	{ "new velox with bob@x,carol@y\n", "line 1: new: 'bob@x,carol@y' "
	    "is not an address; write it as bob@example.org" },
	{ "link bob\n", "line 1: link: 'bob' is not an address; write it as "
	    "bob@example.org" },
	{ "games\nlink bob@x@y\n", "line 2: link: 'bob@x@y' is not an "
	    "address; write it as bob@example.org" },
	{ "unlink\n", "line 1: unlink: which address? Write unlink "
	    "bob@example.org" },
	{ "confirm 1234\n", "line 1: confirm: '1234' is not a code; copy the "
	    "8 digits from the mail, such as confirm 12345678" },
};

/* The rules of a name, from "name" or from a From header. */
static const struct {
	const char	*s;
	const char	*error;		/* NULL: taken */
} names[] = {
	{ "Alice Smith", NULL },
	{ "M\xc3\xbcller", NULL },
	{ "\xe5\xb1\xb1\xe7\x94\xb0", NULL },
	{ "O'Neil, Jr.", NULL },
	{ "", "name: a name has 1 to 40 characters" },
	{ "12345678901234567890123456789012345678901", "name: a name has 1 "
	    "to 40 characters" },
	{ "A\nB", "name: a name cannot hold control characters; write just "
	    "the name, like Alice Smith" },
	{ "A\rB", "name: a name cannot hold control characters; write just "
	    "the name, like Alice Smith" },
	{ "A\tB", "name: a name cannot hold control characters; write just "
	    "the name, like Alice Smith" },
	{ "A\x7f", "name: a name cannot hold control characters; write just "
	    "the name, like Alice Smith" },
	{ "A\xc2\x85" "B", "name: a name cannot hold control characters; "
	    "write just the name, like Alice Smith" },	/* NEL */
	{ "A\xe2\x80\xa8" "B", "name: a name cannot hold control "
	    "characters; write just the name, like Alice Smith" },
	{ "A\xe2\x80\xae" "B", "name: a name cannot hold control "
	    "characters; write just the name, like Alice Smith" },
	{ "A\xe2\x81\xa6" "B", "name: a name cannot hold control "
	    "characters; write just the name, like Alice Smith" },
	{ "A\xff" "B", "name: a name is written in UTF-8" },
	{ "A\xc3", "name: a name is written in UTF-8" },
	{ "Bob <b@x>", "name: a name cannot hold '<'; write just the name, "
	    "like Alice Smith" },
	{ "b@x", "name: a name cannot hold '@'; write just the name, like "
	    "Alice Smith" },
	{ "\"Bob\"", "name: a name cannot hold '\"'; write just the name, "
	    "like Alice Smith" },
};

START_TEST(test_name)
{
	char	*cause = NULL;
	int	 rc = command_name_check(names[_i].s, &cause);

	if (names[_i].error == NULL)
		ck_assert_msg(rc == 0, "'%s': %s", names[_i].s, cause);
	else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(cause, names[_i].error);
		free(cause);
		ck_assert_int_eq(command_name_check(names[_i].s, NULL), -1);
	}
}
END_TEST

START_TEST(test_errors)
{
	refuse(errors[_i].text, errors[_i].error);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("command");
	TCase	*tc = tcase_create("command");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_simple);
	tcase_add_test(tc, test_unnamed);
	tcase_add_test(tc, test_new);
	tcase_add_test(tc, test_seek);
	tcase_add_test(tc, test_turns);
	tcase_add_test(tc, test_subject);
	tcase_add_loop_test(tc, test_name, 0,
	    sizeof names / sizeof names[0]);
	tcase_add_loop_test(tc, test_reading, 0,
	    sizeof readings / sizeof readings[0]);
	tcase_add_loop_test(tc, test_chat, 0, sizeof chats / sizeof chats[0]);
	tcase_add_test(tc, test_unclear);
	tcase_add_loop_test(tc, test_errors, 0,
	    sizeof errors / sizeof errors[0]);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
