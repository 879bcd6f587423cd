#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mail-text.h"
#include "test-util.h"

/*
 * The text helpers of the mail layer, one rule per case: charsets,
 * HTML, format=flowed, and the cutting of quotes and signatures.
 */

static const struct {
	const char	*what;
	const char	*in;
	const char	*want;
} cleans[] = {
	{ "quoted lines go", "C4-D2\n> old\n> older\n", "C4-D2\n" },
	{ "a Gmail attribution goes, top-posted",
	  "pass\n\nOn Sat, Nov 21, 2026 at 7:08 AM mupbem "
	  "<games@mupbem.example> wrote:\n> board\n", "pass\n" },
	{ "an attribution wrapped over two lines goes, bottom-posted",
	  "On 21/11/2026 07:08, mupbem <games@mupbem.example>\nwrote:\n"
	  "> board\n\nA0-A2\n", "A0-A2\n" },
	{ "Outlook's Original Message ends the text",
	  "resign\r\n\r\n-----Original Message-----\r\nFrom: x\r\nmore\r\n",
	  "resign\n" },
	{ "an Outlook From/Sent block ends the text",
	  "A0-A1\n\nFrom: mupbem <games@mupbem.example>\nSent: Saturday\n"
	  "To: Bob\nSubject: Re\n\nold\n", "A0-A1\n" },
	{ "a From: line without Sent: stays",
	  "From: the start, I move\nA0-A1\n",
	  "From: the start, I move\nA0-A1\n" },
	{ "a signature ends the text", "A0-A1\n-- \nBob\nphone\n", "A0-A1\n" },
	{ "blank lines are tidied", "\n\n  \nA0-A1   \n\n\n\nB0-B1\n\n",
	  "A0-A1\n\nB0-B1\n" },
	{ "nothing left is empty", "> all quoted\n", "" },
	{ "a German Thunderbird attribution goes, bottom-posted",
	  "Am 23.11.2026 um 20:58 schrieb Bob <b@x>:\n> board\n\nA0-A1\n",
	  "A0-A1\n" },
	{ "a French Gmail attribution goes, with its no-break space",
	  "A0-A1\n\nLe lun. 23 nov. 2026 \xc3\xa0 20:58, Bob <b@x> a "
	  "\xc3\xa9""crit\xc2\xa0:\n", "A0-A1\n" },
	{ "a Russian attribution goes",
	  "A0-A1\nBob \xd0\xbf\xd0\xb8\xd1\x81\xd0\xb0\xd0\xbb"
	  "(\xd0\xb0):\n", "A0-A1\n" },
	{ "a wrapped Dutch attribution goes",
	  "A0-A1\nOp ma 23 nov. 2026 om 20:58 schreef Bob\n<b@x>:\n",
	  "A0-A1\n" },
	{ "a German Outlook header block ends the text",
	  "A0-A1\n\nVon: mupbem\nGesendet: Montag\nAn: Bob\n", "A0-A1\n" },
	{ "a mobile signature ends the text",
	  "A0-A1\n\nVon meinem iPhone gesendet\n", "A0-A1\n" },
	{ "typography folds to ASCII",
	  "C4\xe2\x80\x93""D2 B0\xe2\x88\x92""B3\xc2\xa0\xef\xbc\xa1"
	  "\xef\xbc\x90-A1 \xe2\x80\x9cok\xe2\x80\x9d\n",
	  "C4-D2 B0-B3 A0-A1 \"ok\"\n" },
};

/*
 * The leftovers of clients, which must not reach the players (issue
 * 35), and the lines as written next to the folded ones: want is what
 * the command reader gets, said what is passed on.
 */
static const struct {
	const char	*what;
	const char	*in;
	const char	*name;
	const char	*want;
	const char	*said;
} leftovers[] = {
	{ "Outlook's name, title and disclaimer go",
	  "C4-D2\r\n\r\nJohn Smith\r\nSenior Analyst | Acme Corp\r\n"
	  "CONFIDENTIALITY NOTICE: This e-mail is for the recipient.\r\n",
	  "John Smith", "C4-D2\n", "C4-D2\n" },
	{ "a disclaimer sentence ends the text",
	  "pass\n\nThis e-mail and any attachments are confidential.\n",
	  NULL, "pass\n", "pass\n" },
	{ "a German disclaimer ends the text",
	  "A0-A1\n\nDiese E-Mail enth\xc3\xa4lt vertrauliche "
	  "Informationen.\n", NULL, "A0-A1\n", "A0-A1\n" },
	{ "a player's own disclaimer stays",
	  "Disclaimer: I am new to this.\nA0-A1\n", NULL,
	  "Disclaimer: I am new to this.\nA0-A1\n",
	  "Disclaimer: I am new to this.\nA0-A1\n" },
	{ "Outlook's separator and its From/Sent block end the text",
	  "resign\n\n________________________________\nFrom: mupbem\n"
	  "Sent: Monday\n", NULL, "resign\n", "resign\n" },
	{ "Outlook's separator alone ends the text",
	  "A0-A1\n________________________________\nmupbem game 12\n",
	  NULL, "A0-A1\n", "A0-A1\n" },
	{ "German Outlook's separator and Von/Gesendet block",
	  "A0-A1\n\n________________________________\nVon: mupbem\n"
	  "Gesendet: Montag\n", NULL, "A0-A1\n", "A0-A1\n" },
	{ "Foxmail's Original block ends the text",
	  "#4 C4-D2\n\n------------------ Original ------------------\n"
	  "From: \"mupbem\"<games@mupbem.example>;\n", NULL, "#4 C4-D2\n",
	  "#4 C4-D2\n" },
	{ "QQ Mail's &nbsp; in its Original line",
	  "pass\n------------------&nbsp;Original&nbsp;------------------\n"
	  "From: x\n", NULL, "pass\n", "pass\n" },
	{ "Foxmail's Chinese Original block ends the text",
	  "A0-A1\n------------------ \xe5\x8e\x9f\xe5\xa7\x8b\xe9\x82\xae"
	  "\xe4\xbb\xb6 ------------------\n\xe5\x8f\x91\xe4\xbb\xb6\xe4\xba"
	  "\xba: mupbem\n", NULL, "A0-A1\n", "A0-A1\n" },
	{ "Zimbra's Mail original ends the text",
	  "A0-A1\n\n----- Mail original -----\nDe: \"mupbem\"\n", NULL,
	  "A0-A1\n", "A0-A1\n" },
	{ "Yahoo's unquoted quote goes with its attribution",
	  "C4-D2\n\n    On Monday, November 23, 2026, 08:58:00 PM GMT+1, "
	  "mupbem <games@mupbem.example> wrote:\n\n mupbem game 12\n",
	  NULL, "C4-D2\n", "C4-D2\n" },
	{ "Horde's attribution and quote go",
	  "A0-A1\n\nQuoting mupbem <games@mupbem.example>:\n\n"
	  "> mupbem game 12\n", NULL, "A0-A1\n", "A0-A1\n" },
	{ "a name alone after a closing stays",
	  "A0-A1\n\nCheers,\nAnna\n", "Anna Berg", "A0-A1\n\nCheers,\nAnna\n",
	  "A0-A1\n\nCheers,\nAnna\n" },
	{ "the sender's full name as the last line goes",
	  "A0-A1\nAnna Berg\n", "Anna Berg", "A0-A1\n", "A0-A1\n" },
	{ "a line of dashes in chat stays",
	  "A0-A1\n----- well played -----\n", NULL,
	  "A0-A1\n----- well played -----\n",
	  "A0-A1\n----- well played -----\n" },
	{ "typography is folded for commands and kept as written",
	  "C4\xe2\x80\x93""D2\nI\xe2\x80\x99m sorry\xe2\x80\xa6 "
	  "\xc2\xab""bien\xc2\xbb \xe5\xa5\xbd \xf0\x9f\x98\x80\xc2\xa0\n",
	  NULL, "C4-D2\nI'm sorry... \xc2\xab""bien\xc2\xbb \xe5\xa5\xbd "
	  "\xf0\x9f\x98\x80\n", "C4\xe2\x80\x93""D2\nI\xe2\x80\x99m "
	  "sorry\xe2\x80\xa6 \xc2\xab""bien\xc2\xbb \xe5\xa5\xbd "
	  "\xf0\x9f\x98\x80\n" },
	{ "FairEmail's attribution goes",
	  "A0-A1\n\n23 Nov 2026 20:58:00 mupbem <games@mupbem.example>:\n"
	  "> q\n", NULL, "A0-A1\n", "A0-A1\n" },
	{ "an address in chat stays",
	  "A0-A1\nWrite to me at <anna@example.org>:\nok?\n", NULL,
	  "A0-A1\nWrite to me at <anna@example.org>:\nok?\n",
	  "A0-A1\nWrite to me at <anna@example.org>:\nok?\n" },
	{ "Proton's footer ends the text",
	  "A0-A1\n\nSent with Proton Mail secure email.\n", NULL, "A0-A1\n",
	  "A0-A1\n" },
};

START_TEST(test_leftover)
{
	char	*out, *said = NULL;

	out = mail_text_clean(leftovers[_i].in, leftovers[_i].name, &said);
	ck_assert_msg(strcmp(out, leftovers[_i].want) == 0, "%s: got '%s'",
	    leftovers[_i].what, out);
	ck_assert_msg(strcmp(said, leftovers[_i].said) == 0, "%s: said '%s'",
	    leftovers[_i].what, said);
	free(out);
	free(said);
}
END_TEST

/* Conversation the command reader found, as the player wrote it. */
START_TEST(test_written)
{
	const char	*in = "accept\xe2\x80\xa6 Gl\xc3\xbc""ck "
			    "auf \xe2\x80\x93 \xe2\x80\x9c""bonne"
			    "\xe2\x80\x9d!\n\xef\xbc\xa1\xef\xbc\x90-A1\n"
			    "See you \xe2\x80\x99\n";
	char		*text, *said, *out;

	text = mail_text_clean(in, NULL, &said);
	out = mail_text_written("Gl\xc3\xbc""ck auf - \"bonne\"!\n"
	    "See you '\n", text, said);
	ck_assert_str_eq(out, "Gl\xc3\xbc""ck auf \xe2\x80\x93 \xe2\x80\x9c"
	    "bonne\xe2\x80\x9d!\nSee you \xe2\x80\x99\n");
	free(out);
	out = mail_text_written("not there\n", text, said);
	ck_assert_str_eq(out, "not there\n");
	free(out);
	out = mail_text_written("x\n", text, NULL);
	ck_assert_str_eq(out, "x\n");
	free(out);
	free(text);
	free(said);
}
END_TEST

START_TEST(test_clean)
{
	char	*out;

	out = mail_text_clean(cleans[_i].in, NULL, NULL);
	ck_assert_msg(strcmp(out, cleans[_i].want) == 0, "%s: got '%s'",
	    cleans[_i].what, out);
	free(out);
}
END_TEST

static const struct {
	const char	*in;
	const char	*want;
} htmls[] = {
	{ "<html><head><style>p {}</style></head><body><p>C4-D2</p>"
	  "<p>pass&nbsp;now</p></body></html>", "C4-D2\npass now\n" },
	{ "<div>A &amp; B &lt;3&gt;<br>x&#8217;s &#x263A;</div>",
	  "A & B <3>\nx\xe2\x80\x99s \xe2\x98\xba\n" },
	{ "<div>one\r\n two</div><!-- <p>no</p> --><script>x</script>",
	  "one two\n" },
	{ "C4-D2<br/>B0-B3<p>pass</p><div>x<div>y</div></div>z",
	  "C4-D2\nB0-B3\npass\nx\ny\nz" },
	/* The clients' HTML quotes go with what they hold (issue 35). */
	{ "<div>A0-A1</div><blockquote type=\"cite\"><div>On x wrote:</div>"
	  "<blockquote>old</blockquote>older</blockquote><div>ok</div>",
	  "A0-A1\nok\n" },
	{ "<div dir=\"ltr\">pass</div><br><div class=\"gmail_quote\">"
	  "<div class=\"gmail_attr\">Le lun.</div><div>q</div></div>",
	  "pass\n\n" },
	{ "<p>A0-A1</p><div class=\"moz-cite-prefix\">On x, y wrote:<br>"
	  "</div><blockquote type=\"cite\">q</blockquote>", "A0-A1\n" },
	{ "<div>A0-A1</div><div id=\"yahoo_quoted_1\" class=\"yahoo_quoted\">"
	  "<div>On Monday</div><div>q</div></div>", "A0-A1\n" },
	{ "<div>A0-A1</div><hr id=\"zwchr\"><div><b>De: </b>x<br><b>À: </b>"
	  "y</div><div>q</div>", "A0-A1\n" },
	{ "<div>A0-A1</div><div id=\"appendonsend\"></div><hr><div>q</div>",
	  "A0-A1\n" },
	{ "<p>pass</p><p id=\"reply-intro\">On 2026-11-23, x wrote:</p>",
	  "pass\n" },
};

START_TEST(test_html)
{
	char	*out;

	out = mail_text_html(htmls[_i].in);
	ck_assert_str_eq(out, htmls[_i].want);
	free(out);
}
END_TEST

START_TEST(test_unflow)
{
	char	*out;

	out = mail_text_unflow("A0-A1 B0-B1 \nC0-C1\n> quoted \n> more\n"
	    " >not quote\n-- \nsig\n", 0);
	ck_assert_str_eq(out, "A0-A1 B0-B1 C0-C1\n> quoted more\n"
	    ">not quote\n-- \nsig\n");
	free(out);
	out = mail_text_unflow("A0-A1(B0, \nC1)\n", 1);
	ck_assert_str_eq(out, "A0-A1(B0,C1)\n");
	free(out);
}
END_TEST

START_TEST(test_utf8)
{
	char	*out;

	out = mail_text_utf8("iso-8859-1", "caf\xe9", 4);
	ck_assert_str_eq(out, "caf\xc3\xa9");
	free(out);
	out = mail_text_utf8("windows-1252", "\x93x\x94", 3);
	ck_assert_str_eq(out, "\xe2\x80\x9cx\xe2\x80\x9d");
	free(out);
	out = mail_text_utf8("utf-8", "a\xffz", 3);
	ck_assert_str_eq(out, "a\xef\xbf\xbdz");
	free(out);
	out = mail_text_utf8("x-no-such-charset", "a\xe9", 2);
	ck_assert_str_eq(out, "a\xef\xbf\xbd");
	free(out);
	out = mail_text_utf8(NULL, "plain", 5);
	ck_assert_str_eq(out, "plain");
	free(out);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mail_text");
	TCase	*tc = tcase_create("text");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_clean, 0,
	    sizeof cleans / sizeof cleans[0]);
	tcase_add_loop_test(tc, test_leftover, 0,
	    sizeof leftovers / sizeof leftovers[0]);
	tcase_add_test(tc, test_written);
	tcase_add_loop_test(tc, test_html, 0, sizeof htmls / sizeof htmls[0]);
	tcase_add_test(tc, test_unflow);
	tcase_add_test(tc, test_utf8);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
