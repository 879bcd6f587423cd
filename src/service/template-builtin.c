/* Made by make from templates/: the shipped templates. */
#include "config.h"
#include <stddef.h>
#include "template-set.h"
const struct template_builtin template_builtin[] = {
	{ "invitation",
	    "Hello {{player}},\n"
	    "\n"
	    "{{inviter}} invites you to a game of {{variant}}, game {{game}}, with\n"
	    "{{players}} players.\n"
	    "\n"
	    "To play, reply to this mail with the word\n"
	    "\n"
	    "    accept\n"
	    "\n"
	    "or, to say no thanks,\n"
	    "\n"
	    "    decline\n"
	    "\n"
	    "Replying to this mail is how mupbem knows it is really you: keep the\n"
	    "reply address as it is.\n"
	},
	{ "started",
	    "Game {{game}} ({{variant}}) has started. The seats:\n"
	    "\n"
	    "{{seats}}\n"
	    "\n"
	    "{{board}}\n"
	    "{{status}}\n"
	},
	{ "your-turn",
	    "{{report}}\n"
	    "Game {{game}} ({{variant}}), move {{move}}: it is your turn, {{player}}.\n"
	    "\n"
	    "{{board}}\n"
	    "{{status}}\n"
	    "Reply to this mail with your turn, such as\n"
	    "\n"
	    "    #{{move}} {{example}}\n"
	    "\n"
	    "(the #{{move}} makes sure your turn is read against this board).\n"
	},
	{ "accepted",
	    "Your turn in game {{game}} ({{variant}}) is played:\n"
	    "\n"
	    "{{report}}\n"
	    "{{board}}\n"
	    "{{status}}\n"
	},
	{ "played",
	    "{{mover}} played in game {{game}} ({{variant}}), move {{move}}:\n"
	    "\n"
	    "{{report}}\n"
	    "{{score}}\n"
	    "{{board}}\n"
	},
	{ "rejected",
	    "Your mail about game {{game}} ({{variant}}) changed nothing:\n"
	    "\n"
	    "    {{error}}\n"
	    "\n"
	    "The board is as it was, move {{move}}:\n"
	    "\n"
	    "{{board}}\n"
	    "{{status}}\n"
	},
	{ "preview",
	    "A preview for game {{game}} ({{variant}}): nothing is stored.\n"
	    "\n"
	    "{{report}}\n"
	    "{{board}}\n"
	    "{{status}}\n"
	},
	{ "over",
	    "Game {{game}} ({{variant}}) is over.\n"
	    "\n"
	    "{{report}}\n"
	    "{{board}}\n"
	},
	{ "help",
	    "mupbem plays Mu (classic, levis and velox) by mail.\n"
	    "\n"
	    "Write commands on lines of their own:\n"
	    "\n"
	    "    new velox with bob@example.org   start a game and invite Bob\n"
	    "    accept G12, decline G12           answer an invitation\n"
	    "    join G12, withdraw G12            take or give up an open seat\n"
	    "    board G12, history G12, games     look at games\n"
	    "    observe G12, unobserve G12        follow a game without playing\n"
	    "    rules velox                       the rules of a game\n"
	    "    name Your Name                    the name other players see\n"
	    "    preview C4-D2                     try a turn; nothing is stored\n"
	    "\n"
	    "To play, reply to the mail that shows your turn with the turn itself,\n"
	    "for example\n"
	    "\n"
	    "    #14 C4-D2 B0-B3(B4,C1)\n"
	    "\n"
	    "{{topic}}\n"
	},
	{ "reminder",
	    "A reminder: in game {{game}} ({{variant}}) it has been your turn since\n"
	    "{{since}}.\n"
	    "\n"
	    "{{board}}\n"
	    "{{status}}\n"
	},
	{ "error",
	    "mupbem could not do what your mail asked:\n"
	    "\n"
	    "    {{error}}\n"
	    "\n"
	    "Nothing was changed. Write \"help\" for the commands.\n"
	},
	{ "notice",
	    "{{text}}\n"
	},
	{ "forged",
	    "Hello {{player}},\n"
	    "\n"
	    "mupbem received a mail about game {{game}} ({{variant}}) that says it\n"
	    "is from you, {{address}}, but it was not a reply to the mail mupbem\n"
	    "sent you, so it was not accepted:\n"
	    "\n"
	    "    {{error}}\n"
	    "\n"
	    "Nothing in the game changed. If you wrote it, please reply to the\n"
	    "last mail mupbem sent you about game {{game}} instead (keeping the\n"
	    "reply address as it is), or write \"board {{game}}\" to get a fresh one.\n"
	    "If you did not write it, someone may be trying to play in your name;\n"
	    "you need do nothing.\n"
	},
	{ "rules-classic",
	    "Mu, by Christian Freeling (the full reading: docs/rules.md).\n"
	    "\n"
	    "- The board is built during the game from 7-cell segments. In the\n"
	    "  layout each player places their segments in turn; in the selection\n"
	    "  each clears all but one, and the last keeps 7 men.\n"
	    "- A stack of k men moves its top k men exactly k cells; men may merge\n"
	    "  with their own colour or capture by replacement.\n"
	    "- A cell with too many men explodes: the men spread one to each\n"
	    "  neighbour and the cell turns from Virginity to Commonwealth, or to\n"
	    "  Wall where it touches two sections. Explosions chain; you choose the\n"
	    "  order in brackets after the move, as C4-D2(D2,C1).\n"
	    "- Classic: one move for each segment you occupy at the start of your\n"
	    "  turn, for two to six players.\n"
	    "- The game ends when every player passes in a row; regions of one\n"
	    "  colour score, and leftover Virginity counts.\n"
	},
	{ "rules-levis",
	    "Mu levis, by Christian Freeling (the full reading: docs/rules.md).\n"
	    "\n"
	    "- The board is built during the game from 7-cell segments. In the\n"
	    "  layout each player places their segments in turn; in the selection\n"
	    "  each clears all but one, and the last keeps 7 men.\n"
	    "- A stack of k men moves its top k men exactly k cells; men may merge\n"
	    "  with their own colour or capture by replacement.\n"
	    "- A cell with too many men explodes: the men spread one to each\n"
	    "  neighbour and the cell turns from Virginity to Commonwealth, or to\n"
	    "  Wall where it touches two sections. Explosions chain; you choose the\n"
	    "  order in brackets after the move, as C4-D2(D2,C1).\n"
	    "- Levis: one move a turn.\n"
	    "- The game ends when every player passes in a row; regions of one\n"
	    "  colour score, and leftover Virginity counts.\n"
	},
	{ "rules-velox",
	    "Mu velox, by Christian Freeling (the full reading: docs/rules.md).\n"
	    "\n"
	    "- The board is built during the game from 7-cell segments. In the\n"
	    "  layout each player places their segments in turn, with one man on\n"
	    "  each centre; those men are the starting position (velox has no\n"
	    "  selection).\n"
	    "- A stack of k men moves its top k men exactly k cells; men may merge\n"
	    "  with their own colour or capture by replacement.\n"
	    "- A cell with too many men explodes: the men spread one to each\n"
	    "  neighbour and the cell turns from Virginity to Commonwealth, or to\n"
	    "  Wall where it touches two sections. Explosions chain; you choose the\n"
	    "  order in brackets after the move, as C4-D2(D2,C1).\n"
	    "- Velox: on turn T (counted across all players from 1) you make up\n"
	    "  to T moves, at most one from each segment you occupy; a segment your\n"
	    "  men reach during the turn may move too.\n"
	    "- The game ends when every player passes in a row; regions of one\n"
	    "  colour score, and leftover Virginity counts.\n"
	},
	{ NULL, NULL }
};
