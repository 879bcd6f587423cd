#include "config.h"

#include <math.h>
#include <stddef.h>

#include "glicko.h"

/*
 * Glicko-2 as in Glickman's "Example of the Glicko-2 system".  A player
 * is kept on the Glicko scale (rating r, deviation RD) and worked on on
 * the Glicko-2 scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178.
 * One rating period takes the player's games against opponents as they
 * were before it: the estimated variance v and improvement delta from
 * the expected scores, a new volatility sigma' found by the Illinois
 * method (to within 0.000001), then phi* = sqrt(phi^2 + sigma'^2), the
 * new phi' = 1 / sqrt(1 / phi*^2 + 1 / v) and mu' = mu + phi'^2 *
 * sum g(phi_j) (s_j - E_j).  A period without games only grows phi by
 * the volatility, and so does each idle period between games, as a
 * fraction of one when the time is; that growth stops at the
 * newcomer's RD.
 */

#define GLICKO_SCALE	173.7178
#define GLICKO_BASE	1500.0
#define GLICKO_EPSILON	0.000001

static double	glicko_g(double);
static double	glicko_e(double, double, double);
static double	glicko_f(double, double, double, double, double, double);
static double	glicko_sigma(const struct glicko_settings *, double, double,
		    double, double);
static void	glicko_grow(const struct glicko_settings *, struct glicko *,
		    double);

void
glicko_defaults(struct glicko_settings *s)
{
	s->rating = 1500;
	s->rd = 350;
	s->volatility = 0.06;
	s->tau = 0.5;
	s->period = 7 * 24 * 3600;
}

void
glicko_new(const struct glicko_settings *s, struct glicko *g)
{
	g->rating = s->rating;
	g->rd = s->rd;
	g->volatility = s->volatility;
}

/* Grows g's RD as after seconds idle: fractional rating periods. */
void
glicko_idle(const struct glicko_settings *s, struct glicko *g,
    double seconds)
{
	if (seconds <= 0 || s->period <= 0)
		return;
	glicko_grow(s, g, seconds / s->period);
}

/* One rating period of n games: rating, RD and volatility move. */
void
glicko_rate(const struct glicko_settings *s, struct glicko *g,
    const struct glicko_game *games, size_t n)
{
	double	mu, phi, mu_j, gj, e, v, sum, delta, sigma, star;
	size_t	j;

	if (n == 0) {
		glicko_grow(s, g, 1);
		return;
	}
	mu = (g->rating - GLICKO_BASE) / GLICKO_SCALE;
	phi = g->rd / GLICKO_SCALE;

	v = 0;
	sum = 0;
	for (j = 0; j < n; j++) {
		mu_j = (games[j].rating - GLICKO_BASE) / GLICKO_SCALE;
		gj = glicko_g(games[j].rd / GLICKO_SCALE);
		e = glicko_e(mu, mu_j, gj);
		v += gj * gj * e * (1 - e);
		sum += gj * (games[j].score - e);
	}
	v = 1 / v;
	delta = v * sum;

	sigma = glicko_sigma(s, phi, v, delta, g->volatility);
	star = phi * phi + sigma * sigma;
	phi = 1 / sqrt(1 / star + 1 / v);
	mu += phi * phi * sum;

	g->rating = GLICKO_SCALE * mu + GLICKO_BASE;
	g->rd = GLICKO_SCALE * phi;
	g->volatility = sigma;
}

/*
 * Seat who's score against seat other by their ranks (1 is first); a
 * seat out of range draws.
 */
double
glicko_pairwise(const int *ranks, size_t n, size_t who, size_t other)
{
	if (who >= n || other >= n || ranks[who] == ranks[other])
		return (0.5);
	return (ranks[who] < ranks[other] ? 1.0 : 0.0);
}

int
glicko_provisional(const struct glicko *g)
{
	return (g->rd > GLICKO_PROVISIONAL);
}

/* The score a expects against b. */
double
glicko_expected(const struct glicko *a, const struct glicko *b)
{
	return (glicko_e((a->rating - GLICKO_BASE) / GLICKO_SCALE,
	    (b->rating - GLICKO_BASE) / GLICKO_SCALE,
	    glicko_g(b->rd / GLICKO_SCALE)));
}

/* Glickman's g(phi): how much an uncertain opponent's result counts. */
static double
glicko_g(double phi)
{
	return (1 / sqrt(1 + 3 * phi * phi / (M_PI * M_PI)));
}

/* Glickman's E: the expected score of mu against mu_j, weighted gj. */
static double
glicko_e(double mu, double mu_j, double gj)
{
	return (1 / (1 + exp(-gj * (mu - mu_j))));
}

/* Step 5's f(x), whose root is ln(sigma'^2); a is ln(sigma^2). */
static double
glicko_f(double x, double delta, double phi, double v, double a,
    double tau)
{
	double	ex, d;

	ex = exp(x);
	d = phi * phi + v + ex;
	return (ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) -
	    (x - a) / (tau * tau));
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double
glicko_sigma(const struct glicko_settings *s, double phi, double v,
    double delta, double sigma)
{
	double	a, xa, xb, xc, fa, fb, fc, tau;
	int	k;

	tau = s->tau;
	a = log(sigma * sigma);
	xa = a;
	if (delta * delta > phi * phi + v)
		xb = log(delta * delta - phi * phi - v);
	else {
		/* f(a) < 0 here: step down to bracket the root. */
		k = 1;
		while (glicko_f(a - k * tau, delta, phi, v, a, tau) < 0)
			k++;
		xb = a - k * tau;
	}
	fa = glicko_f(xa, delta, phi, v, a, tau);
	fb = glicko_f(xb, delta, phi, v, a, tau);
	while (fabs(xb - xa) > GLICKO_EPSILON) {
		xc = xa + (xa - xb) * fa / (fb - fa);
		fc = glicko_f(xc, delta, phi, v, a, tau);
		if (fc * fb <= 0) {
			xa = xb;
			fa = fb;
		} else
			fa /= 2;
		xb = xc;
		fb = fc;
	}
	return (exp(xa / 2));
}

/* Step 6 for t periods: phi* = sqrt(phi^2 + t sigma^2), at most s->rd. */
static void
glicko_grow(const struct glicko_settings *s, struct glicko *g, double t)
{
	double	phi, rd;

	phi = g->rd / GLICKO_SCALE;
	rd = GLICKO_SCALE * sqrt(phi * phi + t * g->volatility *
	    g->volatility);
	if (rd > s->rd)
		rd = s->rd;
	if (rd > g->rd)
		g->rd = rd;
}
