/*
 * dlxref: a plain dancing-links exact-cover counter in C, used only as a
 * same-run speed reference for polyspec's backends (bench/compare.sh).
 *
 * It implements Algorithm X with dancing links as Knuth describes it
 * (minimum-remaining-values branching, ties to the first item, secondary
 * items without colours), reading the same text format as
 * `polyspec solve FILE.dlx`: '|' comment lines, one line of items with
 * secondaries after a lone '|', then one option per line.
 *
 * Usage: dlxref FILE.dlx [LIMIT]   prints "N solutions, M nodes, U updates",
 * stopping after LIMIT solutions when given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int len, llink, rlink; } item_t;   /* header per item */
typedef struct { int top, ulink, dlink; } node_t;   /* top<=0 marks a spacer */

static item_t *items;
static node_t *nodes;
static char **names;
static int nitems, nprimary, nnodes, cap;
static long long nsol, nnode, nupd, limit;

static void report(void) {
	printf("%lld solutions, %lld nodes, %lld updates\n", nsol, nnode, nupd);
	exit(0);
}

static int lookup(const char *s) {
	for (int i = 1; i <= nitems; i++)
		if (!strcmp(names[i], s)) return i;
	return 0;
}

static void push(int top) {
	if (nnodes == cap) { cap *= 2; nodes = realloc(nodes, cap * sizeof *nodes); }
	nodes[nnodes].top = top;
	nnodes++;
}

static void hide(int p) {
	for (int q = p + 1; q != p;) {
		int x = nodes[q].top;
		if (x <= 0) { q = nodes[q].ulink; continue; }
		int u = nodes[q].ulink, d = nodes[q].dlink;
		nodes[u].dlink = d; nodes[d].ulink = u; items[x].len--; nupd++;
		q++;
	}
}

static void unhide(int p) {
	for (int q = p - 1; q != p;) {
		int x = nodes[q].top;
		if (x <= 0) { q = nodes[q].dlink; continue; }
		int u = nodes[q].ulink, d = nodes[q].dlink;
		nodes[u].dlink = q; nodes[d].ulink = q; items[x].len++;
		q--;
	}
}

static void cover(int i) {
	for (int p = nodes[i].dlink; p != i; p = nodes[p].dlink) hide(p);
	int l = items[i].llink, r = items[i].rlink;
	items[l].rlink = r; items[r].llink = l; nupd++;
}

static void uncover(int i) {
	int l = items[i].llink, r = items[i].rlink;
	items[l].rlink = i; items[r].llink = i;
	for (int p = nodes[i].ulink; p != i; p = nodes[p].ulink) unhide(p);
}

static void search(void) {
	if (items[0].rlink == 0) {
		if (++nsol == limit) report();
		return;
	}
	int best = 0, min = 1 << 30;
	for (int i = items[0].rlink; i; i = items[i].rlink)
		if (items[i].len < min) { min = items[i].len; best = i; if (!min) break; }
	if (!min) return;
	cover(best);
	for (int r = nodes[best].dlink; r != best; r = nodes[r].dlink) {
		nnode++;
		for (int p = r + 1; p != r;) {
			int x = nodes[p].top;
			if (x <= 0) { p = nodes[p].ulink; continue; }
			cover(x); p++;
		}
		search();
		for (int p = r - 1; p != r;) {
			int x = nodes[p].top;
			if (x <= 0) { p = nodes[p].dlink; continue; }
			uncover(x); p--;
		}
	}
	uncover(best);
}

int main(int argc, char **argv) {
	if (argc != 2 && argc != 3) { fprintf(stderr, "usage: dlxref FILE.dlx [LIMIT]\n"); return 2; }
	if (argc == 3) limit = atoll(argv[2]);
	FILE *f = fopen(argv[1], "r");
	if (!f) { perror(argv[1]); return 2; }
	static char line[1 << 20];
	int header = 0, spacer = 0;
	cap = 1 << 16;
	nodes = malloc(cap * sizeof *nodes);
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '|') continue;
		size_t width = strlen(line); /* a line of k bytes names fewer than k items */
		char *tok = strtok(line, " \t\r\n");
		if (!tok) continue;
		if (!header) {
			int n = 0, secondary = 0;
			names = malloc(sizeof(char *) * (width + 2));
			items = calloc(width + 2, sizeof *items);
			for (; tok; tok = strtok(NULL, " \t\r\n")) {
				if (!strcmp(tok, "|")) { secondary = 1; continue; }
				names[++n] = strdup(tok);
				if (!secondary) nprimary = n;
			}
			nitems = n;
			for (int i = 0; i <= nitems; i++) push(0);
			for (int i = 1; i <= nitems; i++) nodes[i].ulink = nodes[i].dlink = i;
			/* primaries form the active list; secondaries link to themselves */
			for (int i = 0; i <= nprimary; i++) {
				items[i].rlink = i == nprimary ? 0 : i + 1;
				items[i].llink = i == 0 ? nprimary : i - 1;
			}
			for (int i = nprimary + 1; i <= nitems; i++) items[i].llink = items[i].rlink = i;
			spacer = nnodes; push(0);
			header = 1;
			continue;
		}
		int first = nnodes;
		for (; tok; tok = strtok(NULL, " \t\r\n")) {
			int x = lookup(tok);
			if (!x) { fprintf(stderr, "%s: unknown item %s\n", argv[1], tok); return 2; }
			push(x);
			int q = nnodes - 1;
			nodes[q].ulink = nodes[x].ulink; nodes[q].dlink = x;
			nodes[nodes[x].ulink].dlink = q; nodes[x].ulink = q; items[x].len++;
		}
		nodes[spacer].dlink = nnodes - 1;
		push(nodes[spacer].top - 1);
		spacer = nnodes - 1;
		nodes[spacer].ulink = first;
	}
	search();
	report();
}
