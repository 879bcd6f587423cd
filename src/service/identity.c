#include "config.h"

#include <sys/random.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <nettle/hmac.h>
#include <nettle/memops.h>

#include "identity.h"

/*
 * A player's secret is 128 random bits (getrandom), kept in the store
 * as hex.  The token for game G is the first 48 bits of
 * HMAC-SHA256(secret, "gG"), in hex; the reply address for it puts
 * "+gG-TOKEN" after the local part of the server's address:
 *
 *	game@example.org  ->  game+g12-7f3a9c2e01b4@example.org
 *
 * Only someone who received the mail knows the token, so a command
 * that changes a game must come back to that address (checked in
 * constant time) as well as from the seat's address.  Tokens differ
 * per game, and a new secret revokes them all.
 */

/* A new random secret, as hex, in out (size > IDENTITY_SECRET_LEN). */
int
identity_secret(char *out, size_t size)
{
	unsigned char	bytes[IDENTITY_SECRET_LEN / 2];
	size_t		i;

	if (size <= IDENTITY_SECRET_LEN ||
	    getrandom(bytes, sizeof bytes, 0) != (ssize_t)sizeof bytes)
		return (-1);
	for (i = 0; i < sizeof bytes; i++)
		snprintf(out + 2 * i, 3, "%02x", bytes[i]);
	return (0);
}

/* The token of secret for game, in out (size > IDENTITY_TOKEN_LEN). */
void
identity_token(const char *secret, int game, char *out, size_t size)
{
	struct hmac_sha256_ctx	ctx;
	uint8_t			mac[SHA256_DIGEST_SIZE];
	char			msg[32];
	size_t			i;

	snprintf(msg, sizeof msg, "g%d", game);
	hmac_sha256_set_key(&ctx, strlen(secret), (const uint8_t *)secret);
	hmac_sha256_update(&ctx, strlen(msg), (const uint8_t *)msg);
	hmac_sha256_digest(&ctx, sizeof mac, mac);
	for (i = 0; i < IDENTITY_TOKEN_LEN / 2 && 2 * i + 2 < size; i++)
		snprintf(out + 2 * i, 3, "%02x", mac[i]);
}

/* The reply address of game with token, from the server's address. */
int
identity_address(const char *server, int game, const char *token,
    char *out, size_t size)
{
	const char	*at = strchr(server, '@');
	int		 n;

	if (at == NULL)
		return (-1);
	n = snprintf(out, size, "%.*s+g%d-%s%s", (int)(at - server), server,
	    game, token, at);
	return (n < 0 || (size_t)n >= size ? -1 : 0);
}

/*
 * Take an address apart: if it is the server's address with a
 * "+gG-TOKEN" tag, set *game and token and return 0; else -1.  The
 * comparison of the rest ignores case.
 */
int
identity_parse(const char *address, const char *server, int *game,
    char *token, size_t size)
{
	const char	*at = strchr(server, '@'), *plus, *dash, *end;
	size_t		 local, n;
	long		 g = 0;

	if (at == NULL)
		return (-1);
	local = (size_t)(at - server);
	if (strncasecmp(address, server, local) != 0 || address[local] != '+' ||
	    (address[local + 1] != 'g' && address[local + 1] != 'G'))
		return (-1);
	plus = address + local + 2;
	for (dash = plus; isdigit((unsigned char)*dash) && dash - plus < 9;
	    dash++)
		g = g * 10 + (*dash - '0');
	if (dash == plus || *dash != '-' || g < 1)
		return (-1);
	end = strchr(dash, '@');
	if (end == NULL || strcasecmp(end, at) != 0)
		return (-1);
	n = (size_t)(end - dash - 1);
	if (n != IDENTITY_TOKEN_LEN || n >= size)
		return (-1);
	memcpy(token, dash + 1, n);
	token[n] = '\0';
	*game = (int)g;
	return (0);
}

/* Is token the right one for secret and game?  1 or 0. */
int
identity_check(const char *secret, int game, const char *token)
{
	char	want[IDENTITY_TOKEN_LEN + 1];
	char	got[IDENTITY_TOKEN_LEN + 1];
	size_t	i;

	if (strlen(token) != IDENTITY_TOKEN_LEN)
		return (0);
	identity_token(secret, game, want, sizeof want);
	for (i = 0; i <= IDENTITY_TOKEN_LEN; i++)
		got[i] = (char)tolower((unsigned char)token[i]);
	return (memeql_sec(want, got, IDENTITY_TOKEN_LEN));
}
