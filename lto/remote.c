/* The LTRANS cache's remote: -flto-cache-remote=URL.
 *
 * The remote sits under the local cache (cache.c): a key the local
 * cache misses is asked of the remote, a remote hit is entered locally,
 * and what the link compiles goes to both.  The remote holds exactly the
 * bytes of a local entry (magic, length, tag, object), and cache.c uses
 * one only when its tag is an HMAC under the team's secret: whoever can
 * write to the server, a reader links only what a holder of the secret
 * wrote for that key.  This file only moves bytes; it never judges them.
 *
 * Two kinds of server, both as ccache's remote storage uses them:
 *
 *   http://HOST[:PORT]/PATH and https://...  (libcurl)
 *     The entry KEY (64 hexadecimal digits) is the object
 *     PATH/KE/Y... (the first two digits, a slash, the other 62): the
 *     "subdirs" layout of ccache's http storage, so one server directory
 *     holds at most 256 subdirectories.  GET fetches an entry (200 a hit,
 *     404 a miss), HEAD asks whether one is there before a PUT uploads
 *     it (a link that races ours may have put it meanwhile), PUT stores
 *     it (200, 201 or 204).  nginx's WebDAV module, bazel-remote's and
 *     ccache's own servers answer these.  Credentials go in an
 *     Authorization header, bearer or basic.
 *
 *   redis://HOST[:PORT][/DB]  (hiredis)
 *     The entry KEY is the string "xgcc-ltrans:KEY".  GETRANGE K 0 MAX
 *     fetches it, at most MAX+1 bytes whatever its size (a missing key
 *     reads as the empty string), so an oversized value is refused
 *     without transferring it.  SET K V NX stores it: like HEAD before
 *     PUT, an entry already there is left alone, since two writers of
 *     one key write equivalent entries and the first suffices.  Where
 *     this link refused the entry there (its tag failed), a plain SET
 *     replaces it.  AUTH (user and password, or a password alone) and
 *     SELECT DB follow the connection.
 *
 * Concurrent writers are safe on both: a Redis SET is atomic, and nginx
 * writes a PUT body to a temporary file that it renames into place, so
 * a reader gets one writer's whole entry (and a torn one would fail its
 * tag anyway).
 *
 * A remote is a convenience, never a condition of the link: every
 * request has a connect timeout and a total one (short by default), and
 * the first failure (no connection, a timeout, a status or reply that is
 * neither a hit nor a miss) is one warning, after which the remote is
 * not asked again during this link.  Credentials come from a file
 * (-flto-cache-remote-auth-file=) or the environment
 * (XGCC_LTO_CACHE_REMOTE_AUTH), never from the command line, where any
 * user could read them in the process list: a URL with user:password@
 * is refused.
 */
#include "config.h"

#include "lto1.h"

#include "diag.h"

#include <curl/curl.h>
#include <errno.h>
#include <hiredis/hiredis.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/time.h>
#include <time.h>

enum {
	DEFAULT_CONNECT_MS = 250,
	DEFAULT_TOTAL_MS = 5000,
	DEFAULT_MAX_ENTRY_MIB = 64,
	AUTH_MAX = 4096,
	REDIS_DEFAULT_PORT = 6379,
};

#define REDIS_PREFIX "xgcc-ltrans:"

enum remote_kind { REMOTE_HTTP, REMOTE_REDIS };
enum auth_kind { AUTH_NONE, AUTH_BEARER, AUTH_BASIC };

struct lto_remote {
	enum remote_kind kind;
	char *url;                 /* as given, for messages */
	long connect_ms, total_ms;
	uint64_t max_entry;        /* bytes */
	int verbose;
	int down;                  /* failed once: not asked again in this link */
	size_t lookups, stores;    /* for -v: what the link asked of the remote */
	double seconds;            /* and how long it waited for it */
	enum auth_kind auth;
	char *auth_user;           /* basic: the user; bearer: NULL */
	char *auth_secret;         /* the password or the token */
	char *ca_file;             /* https: the certificates to trust, or NULL: the system's */
	/* http */
	CURL *curl;
	char *base;                /* URL without its trailing slashes */
	struct curl_slist *headers;
	/* redis */
	char *host;
	int port, db;
	redisContext *redis;
};

void lto_remote_options_init(struct lto_remote_options *o)
{
	o->url = getenv("XGCC_LTO_CACHE_REMOTE");
	o->auth_file = NULL;
	o->ca_file = getenv("XGCC_LTO_CACHE_REMOTE_CA");
	o->connect_timeout = getenv("XGCC_LTO_CACHE_REMOTE_CONNECT_TIMEOUT");
	o->timeout = getenv("XGCC_LTO_CACHE_REMOTE_TIMEOUT");
	o->max_entry = getenv("XGCC_LTO_CACHE_REMOTE_MAX_ENTRY");
}

int lto_remote_option(struct lto_remote_options *o, const char *opt)
{
	static const struct {
		const char *prefix;
		size_t field;
	} table[] = {
		{ "-flto-cache-remote=", offsetof(struct lto_remote_options, url) },
		{ "-flto-cache-remote-auth-file=", offsetof(struct lto_remote_options, auth_file) },
		{ "-flto-cache-remote-ca=", offsetof(struct lto_remote_options, ca_file) },
		{ "-flto-cache-remote-connect-timeout=", offsetof(struct lto_remote_options, connect_timeout) },
		{ "-flto-cache-remote-timeout=", offsetof(struct lto_remote_options, timeout) },
		{ "-flto-cache-remote-max-entry=", offsetof(struct lto_remote_options, max_entry) },
	};
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		size_t len = strlen(table[i].prefix);
		if (!strncmp(opt, table[i].prefix, len)) {
			*(const char **)((char *)o + table[i].field) = opt + len;
			return 1;
		}
	}
	return 0;
}

/* Milliseconds from OPTION's VALUE, or DEFAULT when unset. */
static long parse_ms(const char *option, const char *value, long dflt)
{
	if (!value || !*value)
		return dflt;
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	if (errno || end == value || *end || v <= 0 || v > 3600 * 1000)
		fatal("%s%s: not a time in milliseconds (1 to 3600000)", option, value);
	return v;
}

static void remote_free(struct lto_remote *r)
{
	if (r->curl) {
		curl_easy_cleanup(r->curl);
		curl_global_cleanup();
	}
	curl_slist_free_all(r->headers);
	if (r->redis)
		redisFree(r->redis);
	if (r->auth_secret)
		explicit_bzero(r->auth_secret, strlen(r->auth_secret));
	free(r->auth_secret);
	free(r->auth_user);
	free(r->base);
	free(r->host);
	free(r->url);
	free(r->ca_file);
	free(r);
}

/* The credential TEXT ("bearer TOKEN" or "basic USER:PASSWORD", one line)
 * into R; NULL, or why it cannot serve. */
static const char *take_credential(struct lto_remote *r, const char *text)
{
	size_t len = strcspn(text, "\r\n");
	const char *sp = memchr(text, ' ', len);
	if (!sp)
		return "not \"bearer TOKEN\" or \"basic USER:PASSWORD\"";
	size_t word = (size_t)(sp - text);
	const char *rest = sp + 1;
	size_t nrest = len - word - 1;
	if (word == 6 && !strncasecmp(text, "bearer", 6) && nrest) {
		r->auth = AUTH_BEARER;
		r->auth_secret = xstrndup(rest, nrest);
		return NULL;
	}
	const char *colon = memchr(rest, ':', nrest);
	if (word == 5 && !strncasecmp(text, "basic", 5) && colon) {
		r->auth = AUTH_BASIC;
		r->auth_user = xstrndup(rest, (size_t)(colon - rest));
		r->auth_secret = xstrndup(colon + 1, nrest - (size_t)(colon - rest) - 1);
		return NULL;
	}
	return "not \"bearer TOKEN\" or \"basic USER:PASSWORD\"";
}

/* The credential of O, if any, into R: NULL, or why not (*WHERE names its
 * source). */
static const char *read_credential(struct lto_remote *r, const struct lto_remote_options *o, const char **where)
{
	const char *env = getenv("XGCC_LTO_CACHE_REMOTE_AUTH");
	if (o->auth_file && *o->auth_file) {
		*where = o->auth_file;
		size_t n;
		const char *why;
		uint8_t *text = lto_read_private_file(o->auth_file, 1, AUTH_MAX, "a credential has 1 to 4096 bytes",
							&n, &why);
		if (!text)
			return why;
		char *s = xstrndup((const char *)text, n);
		explicit_bzero(text, n);
		free(text);
		why = take_credential(r, s);
		explicit_bzero(s, n);
		free(s);
		return why;
	}
	*where = "XGCC_LTO_CACHE_REMOTE_AUTH";
	return env && *env ? take_credential(r, env) : NULL;
}

/* Does the authority of a URL (what follows the scheme's "//", up to the
 * path) carry user information, USER[:PASSWORD]@? */
static int has_userinfo(const char *after_scheme)
{
	size_t authority = strcspn(after_scheme, "/?#");
	return memchr(after_scheme, '@', authority) != NULL;
}

/* redis://HOST[:PORT][/DB] into R: NULL, or why not. */
static const char *parse_redis(struct lto_remote *r, const char *rest)
{
	const char *host = rest, *end;
	size_t nhost;
	if (*host == '[') { /* [IPv6] */
		end = strchr(host, ']');
		if (!end)
			return "no ']' after the IPv6 address";
		host++;
		nhost = (size_t)(end - host);
		end++;
	} else {
		nhost = strcspn(host, ":/");
		end = host + nhost;
	}
	if (!nhost)
		return "no host";
	r->host = xstrndup(host, nhost);
	r->port = REDIS_DEFAULT_PORT;
	char *stop;
	if (*end == ':') {
		long port = strtol(end + 1, &stop, 10);
		if (stop == end + 1 || port <= 0 || port > 65535)
			return "not a port";
		r->port = (int)port;
		end = stop;
	}
	if (*end == '/' && end[1]) {
		long db = strtol(end + 1, &stop, 10);
		if (stop == end + 1 || *stop || db < 0 || db > 1 << 20)
			return "not a database number after the host";
		r->db = (int)db;
	} else if (*end && strcmp(end, "/"))
		return "not redis://HOST[:PORT][/DB]";
	return NULL;
}

static const char *setup_http(struct lto_remote *r)
{
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0)
		return "libcurl cannot start";
	r->curl = curl_easy_init();
	if (!r->curl) {
		curl_global_cleanup();
		return "libcurl cannot start";
	}
	size_t n = strlen(r->url);
	while (n > 0 && r->url[n - 1] == '/')
		n--;
	r->base = xstrndup(r->url, n);
	/* no "Expect: 100-continue" round trip before a body */
	r->headers = curl_slist_append(NULL, "Expect:");
	r->headers = curl_slist_append(r->headers, "Content-Type: application/octet-stream");
	return NULL;
}

struct lto_remote *lto_remote_open(const struct lto_remote_options *o, int verbose)
{
	struct lto_remote *r = xcalloc(1, sizeof *r);
	r->url = xstrdup(o->url);
	r->ca_file = o->ca_file && *o->ca_file ? xstrdup(o->ca_file) : NULL;
	r->verbose = verbose;
	r->connect_ms = parse_ms("-flto-cache-remote-connect-timeout=", o->connect_timeout, DEFAULT_CONNECT_MS);
	r->total_ms = parse_ms("-flto-cache-remote-timeout=", o->timeout, DEFAULT_TOTAL_MS);
	r->max_entry = o->max_entry && *o->max_entry ? lto_parse_size("-flto-cache-remote-max-entry=", o->max_entry)
						     : (uint64_t)DEFAULT_MAX_ENTRY_MIB << 20;
	const char *why = NULL, *where = NULL;
	if (!strncmp(o->url, "http://", 7) || !strncmp(o->url, "https://", 8)) {
		r->kind = REMOTE_HTTP;
		if (has_userinfo(strstr(o->url, "//") + 2))
			why = "credentials in the URL would show in the process list: give them in "
			      "-flto-cache-remote-auth-file=FILE or XGCC_LTO_CACHE_REMOTE_AUTH";
	} else if (!strncmp(o->url, "redis://", 8)) {
		r->kind = REMOTE_REDIS;
		if (has_userinfo(o->url + 8))
			why = "credentials in the URL would show in the process list: give them in "
			      "-flto-cache-remote-auth-file=FILE or XGCC_LTO_CACHE_REMOTE_AUTH";
		else
			why = parse_redis(r, o->url + 8);
	} else {
		why = "not an http://, https:// or redis:// URL";
	}
	if (!why && (why = read_credential(r, o, &where))) {
		diag(DIAG_WARNING, "%s: cannot use as the LTRANS cache remote's credential: %s; not using the remote",
		     where, why);
		remote_free(r);
		return NULL;
	}
	if (!why && r->kind == REMOTE_HTTP)
		why = setup_http(r);
	if (why) {
		diag(DIAG_WARNING, "%s: cannot use as the LTRANS cache's remote: %s", o->url, why);
		remote_free(r);
		return NULL;
	}
	return r;
}

const char *lto_remote_url(const struct lto_remote *r)
{
	return r->url;
}

/* The first failure of the link: one warning, and the remote is not
 * asked again. */
static void remote_failed(struct lto_remote *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void remote_failed(struct lto_remote *r, const char *fmt, ...)
{
	if (r->down)
		return;
	va_list ap;
	va_start(ap, fmt);
	char *why = NULL;
	if (vasprintf(&why, fmt, ap) < 0)
		why = NULL;
	va_end(ap);
	diag(DIAG_WARNING, "%s: the LTRANS cache's remote failed: %s; not using it for the rest of this link", r->url,
	     why ? why : "out of memory");
	free(why);
	r->down = 1;
}

/* --- HTTP ------------------------------------------------------------ */

/* A response body, kept up to the entry size cap. */
struct http_body {
	unsigned char *buf;
	size_t len, cap;
	uint64_t max;
	int too_big;
};

static size_t http_receive(char *data, size_t size, size_t n, void *arg)
{
	struct http_body *b = arg;
	size_t add = size * n;
	if (b->len + add > b->max) {
		b->too_big = 1;
		return 0; /* abort the transfer */
	}
	if (b->len + add > b->cap) {
		b->cap = b->cap ? b->cap : 1 << 16;
		while (b->cap < b->len + add)
			b->cap *= 2;
		b->buf = xrealloc(b->buf, b->cap);
	}
	memcpy(b->buf + b->len, data, add);
	b->len += add;
	return add;
}

/* An upload body. */
struct http_upload {
	const unsigned char *data;
	size_t len, at;
};

static size_t http_send(char *to, size_t size, size_t n, void *arg)
{
	struct http_upload *u = arg;
	size_t room = size * n, left = u->len - u->at;
	size_t k = left < room ? left : room;
	memcpy(to, u->data + u->at, k);
	u->at += k;
	return k;
}

/* Ready the handle for one request on KEY's object: the options every
 * request has (the connection to the server stays open across resets). */
static void http_prepare(struct lto_remote *r, const char *key)
{
	CURL *c = r->curl;
	curl_easy_reset(c);
	char *url = xasprintf("%s/%.2s/%s", r->base, key, key + 2);
	curl_easy_setopt(c, CURLOPT_URL, url);
	free(url); /* libcurl keeps its own copy */
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, r->connect_ms);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, r->total_ms);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, r->headers);
	/* a team's own authority; the peer is verified either way */
	if (r->ca_file)
		curl_easy_setopt(c, CURLOPT_CAINFO, r->ca_file);
	if (r->auth == AUTH_BEARER) {
		curl_easy_setopt(c, CURLOPT_HTTPAUTH, CURLAUTH_BEARER);
		curl_easy_setopt(c, CURLOPT_XOAUTH2_BEARER, r->auth_secret);
	} else if (r->auth == AUTH_BASIC) {
		curl_easy_setopt(c, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
		curl_easy_setopt(c, CURLOPT_USERNAME, r->auth_user);
		curl_easy_setopt(c, CURLOPT_PASSWORD, r->auth_secret);
	}
}

/* Run the prepared request: its HTTP status, or 0 after the failure's
 * warning (or, with TOO_BIG set, a body over the cap: not a failure). */
static long http_perform(struct lto_remote *r, const char *method, const char *key, const int *too_big)
{
	CURLcode rc = curl_easy_perform(r->curl);
	if (rc != CURLE_OK) {
		if (rc == CURLE_FILESIZE_EXCEEDED || (too_big && *too_big))
			return -1;
		remote_failed(r, "%s %.2s/%s: %s", method, key, key + 2, curl_easy_strerror(rc));
		return 0;
	}
	long status = 0;
	curl_easy_getinfo(r->curl, CURLINFO_RESPONSE_CODE, &status);
	return status;
}

static int http_get(struct lto_remote *r, const char *key, unsigned char **data, size_t *len)
{
	struct http_body body = { .max = r->max_entry };
	http_prepare(r, key);
	curl_easy_setopt(r->curl, CURLOPT_HTTPGET, 1L);
	curl_easy_setopt(r->curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)r->max_entry);
	curl_easy_setopt(r->curl, CURLOPT_WRITEFUNCTION, http_receive);
	curl_easy_setopt(r->curl, CURLOPT_WRITEDATA, &body);
	long status = http_perform(r, "GET", key, &body.too_big);
	if (status == 200) {
		*data = body.buf;
		*len = body.len;
		return 1;
	}
	free(body.buf);
	if (status < 0) {
		if (r->verbose)
			fprintf(stderr, "lto1: LTRANS cache: %s: the entry %s is larger than %llu bytes; ignored\n",
				r->url, key, (unsigned long long)r->max_entry);
	} else if (status && status != 404) {
		remote_failed(r, "GET %.2s/%s: HTTP status %ld", key, key + 2, status);
	}
	return 0;
}

static void http_put(struct lto_remote *r, const char *key, const void *entry, size_t len, int replace)
{
	if (!replace) {
		http_prepare(r, key);
		curl_easy_setopt(r->curl, CURLOPT_NOBODY, 1L);
		long status = http_perform(r, "HEAD", key, NULL);
		if (status == 200 || !status)
			return; /* there already, or the remote is down */
		if (status != 404) {
			remote_failed(r, "HEAD %.2s/%s: HTTP status %ld", key, key + 2, status);
			return;
		}
	}
	struct http_upload up = { entry, len, 0 };
	http_prepare(r, key);
	curl_easy_setopt(r->curl, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(r->curl, CURLOPT_READFUNCTION, http_send);
	curl_easy_setopt(r->curl, CURLOPT_READDATA, &up);
	curl_easy_setopt(r->curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
	long status = http_perform(r, "PUT", key, NULL);
	if (status && status != 200 && status != 201 && status != 204)
		remote_failed(r, "PUT %.2s/%s: HTTP status %ld", key, key + 2, status);
}

/* --- Redis ----------------------------------------------------------- */

static struct timeval ms_timeval(long ms)
{
	return (struct timeval){ .tv_sec = ms / 1000, .tv_usec = (ms % 1000) * 1000 };
}

/* A reply that says the command failed, or NULL: then the remote is
 * down for this link. */
static int redis_reply_failed(struct lto_remote *r, redisReply *reply, const char *what)
{
	if (!reply) {
		remote_failed(r, "%s: %s", what, r->redis->errstr[0] ? r->redis->errstr : "no reply");
		return 1;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		remote_failed(r, "%s: %s", what, reply->str);
		freeReplyObject(reply);
		return 1;
	}
	return 0;
}

/* Connected (and authenticated, and on the database) on first use, so a
 * link the local cache answers never connects.  0, or -1 when down. */
static int redis_ready(struct lto_remote *r)
{
	if (r->redis)
		return 0;
	r->redis = redisConnectWithTimeout(r->host, r->port, ms_timeval(r->connect_ms));
	if (!r->redis || r->redis->err) {
		remote_failed(r, "cannot connect: %s", r->redis ? r->redis->errstr : "out of memory");
		return -1;
	}
	redisSetTimeout(r->redis, ms_timeval(r->total_ms));
	redisReply *reply = NULL;
	if (r->auth == AUTH_BASIC)
		reply = redisCommand(r->redis, "AUTH %s %s", r->auth_user, r->auth_secret);
	else if (r->auth == AUTH_BEARER)
		reply = redisCommand(r->redis, "AUTH %s", r->auth_secret);
	if (r->auth != AUTH_NONE) {
		if (redis_reply_failed(r, reply, "AUTH"))
			return -1;
		freeReplyObject(reply);
	}
	if (r->db) {
		reply = redisCommand(r->redis, "SELECT %d", r->db);
		if (redis_reply_failed(r, reply, "SELECT"))
			return -1;
		freeReplyObject(reply);
	}
	return 0;
}

static int redis_get(struct lto_remote *r, const char *key, unsigned char **data, size_t *len)
{
	if (redis_ready(r) < 0)
		return 0;
	redisReply *reply = redisCommand(r->redis, "GETRANGE " REDIS_PREFIX "%s 0 %llu", key,
					 (unsigned long long)r->max_entry);
	if (redis_reply_failed(r, reply, "GETRANGE"))
		return 0;
	int hit = 0;
	if (reply->type != REDIS_REPLY_STRING) {
		remote_failed(r, "GETRANGE: an unexpected reply (type %d)", reply->type);
	} else if ((uint64_t)reply->len > r->max_entry) {
		if (r->verbose)
			fprintf(stderr, "lto1: LTRANS cache: %s: the entry %s is larger than %llu bytes; ignored\n",
				r->url, key, (unsigned long long)r->max_entry);
	} else if (reply->len > 0) {
		*len = reply->len;
		*data = xmalloc(reply->len);
		memcpy(*data, reply->str, reply->len);
		hit = 1;
	}
	freeReplyObject(reply);
	return hit;
}

static void redis_put(struct lto_remote *r, const char *key, const void *entry, size_t len, int replace)
{
	if (redis_ready(r) < 0)
		return;
	redisReply *reply = redisCommand(r->redis, replace ? "SET " REDIS_PREFIX "%s %b" : "SET " REDIS_PREFIX "%s %b NX",
					 key, entry, len);
	if (!redis_reply_failed(r, reply, "SET"))
		freeReplyObject(reply);
}

/* --- the interface --------------------------------------------------- */

static double now_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Around every request: a server that closes the connection makes a
 * write fail (a failure of the remote), not a SIGPIPE that ends lto1
 * (libcurl guards its own writes; hiredis does not). */
static void request_begin(struct sigaction *old, double *start)
{
	struct sigaction ign = { .sa_handler = SIG_IGN };
	sigaction(SIGPIPE, &ign, old);
	*start = now_seconds();
}

static void request_end(struct lto_remote *r, const struct sigaction *old, double start)
{
	r->seconds += now_seconds() - start;
	sigaction(SIGPIPE, old, NULL);
}

int lto_remote_get(struct lto_remote *r, const char *key, unsigned char **data, size_t *len)
{
	if (r->down)
		return 0;
	struct sigaction old;
	double start;
	request_begin(&old, &start);
	int hit = r->kind == REMOTE_HTTP ? http_get(r, key, data, len) : redis_get(r, key, data, len);
	request_end(r, &old, start);
	r->lookups++;
	return hit;
}

void lto_remote_put(struct lto_remote *r, const char *key, const void *entry, size_t len, int replace)
{
	if (r->down)
		return;
	if (len > r->max_entry) {
		if (r->verbose)
			fprintf(stderr, "lto1: LTRANS cache: the entry %s is larger than %llu bytes; not sent to %s\n",
				key, (unsigned long long)r->max_entry, r->url);
		return;
	}
	struct sigaction old;
	double start;
	request_begin(&old, &start);
	if (r->kind == REMOTE_HTTP)
		http_put(r, key, entry, len, replace);
	else
		redis_put(r, key, entry, len, replace);
	request_end(r, &old, start);
	r->stores++;
}

void lto_remote_close(struct lto_remote *r)
{
	if (!r)
		return;
	if (r->verbose && (r->lookups || r->stores))
		fprintf(stderr, "lto1: LTRANS cache: %s: %zu lookup%s, %zu store%s, %.3f s\n", r->url, r->lookups,
			r->lookups == 1 ? "" : "s", r->stores, r->stores == 1 ? "" : "s", r->seconds);
	remote_free(r);
}
