/* The load benchmark's native flood client (benchmarks/load.py --flood-client native).

   On a 2-core machine the load generator shares the cores with the servers it measures:
   every cycle it spends on a frame is one the servers do not get. Measured on that
   machine (load.py, 250 rooms x 8): picows took a third of a core for 17k frames/s
   from one onenight process; this client, a sixth of a core for 24k, and a fifth for
   80k from the bare server. Most of what a frame costs a client is the kernel's (a
   wake-up, a read), so while flooding it reads in batches (see loop_once).

   It does what load.py's picows FloodConn does, for every connection at once, on one
   epoll loop: open a WebSocket (RFC 6455, no extension), send the member's opening
   (a `resume` or a `join`), wait for its answer; then, told to go, send a chat line,
   and on each ack send the next at once until the deadline. Every message received is
   counted; only its first bytes are looked at (an ack or an error).

   Usage: flood PREFIX [BATCH-US]   (PREFIX: how the server's messages start, e.g.
   {"type":" ; BATCH-US: see loop_once, 2000 if not given)
   stdin:  one connection a line, "PORT PATH OPENING-JSON", then an empty line;
           later "go WARMUP DURATION" (seconds).
   stdout: "ready N" once every opening is acknowledged ("failed WHY" and exit 1 if one
           is not); "window" when the warmup is over; then "end MESSAGES CHATS ERRORS
           SECONDS": what was received inside the window and how long it was.

   Build: gcc -O2 -o flood flood.c  (load.py builds it in a temporary folder). */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum state { CONNECTING, UPGRADING, OPENING, OPEN, FLOODING, DONE };

struct conn {
    int fd;
    enum state state;
    char *opening; /* the opening message (JSON) */
    int port;
    char *path;
    unsigned char *in; /* bytes received and not yet parsed */
    size_t have, cap;
    int ref;           /* the last chat's ref */
    int continued;     /* inside a fragmented message */
};

static struct conn *conns;
static int nconns, epfd;
static const char *prefix;
static size_t prefix_len;
static long long messages, chats, errors;
static int counting, flooding_left;
static double deadline;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void fail(const char *why) {
    printf("failed %s\n", why);
    fflush(stdout);
    exit(1);
}

/* Write it all (the socket is non-blocking; a chat line is tiny, so a wait on a full
   buffer is rare). */
static void send_all(int fd, const void *data, size_t n) {
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) { /* the kernel's buffer is full: wait for room */
                struct pollfd p = {.fd = fd, .events = POLLOUT};
                if (poll(&p, 1, 10000) <= 0) fail("a connection stopped taking data");
                continue;
            }
            return; /* the connection died: its read end says so */
        }
        p += w;
        n -= (size_t)w;
    }
}

/* One masked client frame (the mask is fixed: it is framing here, not secrecy). */
static void send_frame(struct conn *c, int opcode, const char *payload, size_t n) {
    static const unsigned char mask[4] = {0x37, 0xfa, 0x21, 0x3d};
    unsigned char buf[16 + 1024];
    size_t h = 0;
    if (n > 1024) fail("frame too long");
    buf[h++] = 0x80 | (unsigned char)opcode;
    if (n < 126) {
        buf[h++] = 0x80 | (unsigned char)n;
    } else {
        buf[h++] = 0x80 | 126;
        buf[h++] = (unsigned char)(n >> 8);
        buf[h++] = (unsigned char)n;
    }
    memcpy(buf + h, mask, 4);
    h += 4;
    for (size_t i = 0; i < n; i++) buf[h + i] = (unsigned char)payload[i] ^ mask[i & 3];
    send_all(c->fd, buf, h + n);
}

static void send_text(struct conn *c, const char *text) { send_frame(c, 1, text, strlen(text)); }

static void chat(struct conn *c) {
    char line[64];
    c->ref += 1;
    snprintf(line, sizeof line, "{\"type\":\"chat\",\"text\":\"x\",\"ref\":%d}", c->ref);
    send_text(c, line);
}

static void finish(struct conn *c) {
    if (c->state == FLOODING) flooding_left--;
    c->state = DONE;
}

static int starts(const unsigned char *p, size_t n, const char *what) {
    size_t w = strlen(what);
    return n >= prefix_len + w && memcmp(p, prefix, prefix_len) == 0 &&
           memcmp(p + prefix_len, what, w) == 0;
}

static int opened; /* connections whose opening was acknowledged */

/* One whole message (its first frame's payload: enough to tell an ack). */
static void on_message(struct conn *c, const unsigned char *p, size_t n) {
    if (counting) messages++;
    if (starts(p, n, "ack\"")) {
        if (c->state == OPENING) {
            c->state = OPEN;
            opened++;
        } else if (c->state == FLOODING) {
            if (counting) chats++;
            if (now() < deadline) chat(c);
            else finish(c);
        }
    } else if (starts(p, n, "error\"")) {
        if (c->state == OPENING) {
            fprintf(stderr, "opening refused: %.*s\n", (int)(n < 300 ? n : 300), p);
            fail("an opening was refused");
        }
        if (c->state == FLOODING) {
            errors++;
            finish(c);
        }
    }
}

/* Parse the frames received; keep a partial one for later. */
static void on_bytes(struct conn *c) {
    size_t at = 0;
    while (c->have - at >= 2) {
        unsigned char *p = c->in + at;
        int opcode = p[0] & 0x0f, fin = p[0] & 0x80;
        uint64_t len = p[1] & 0x7f;
        size_t h = 2;
        if (len == 126) {
            if (c->have - at < 4) break;
            len = ((uint64_t)p[2] << 8) | p[3];
            h = 4;
        } else if (len == 127) {
            if (c->have - at < 10) break;
            len = 0;
            for (int i = 0; i < 8; i++) len = (len << 8) | p[2 + i];
            h = 10;
        }
        if (c->have - at < h + len) {
            if (h + len > c->cap) { /* a frame longer than the buffer: grow it */
                c->cap = h + len;
                c->in = realloc(c->in, c->cap);
                if (!c->in) fail("out of memory");
            }
            break;
        }
        unsigned char *payload = p + h;
        if (opcode == 8) { /* close: answer it; the connection ends */
            send_frame(c, 8, (const char *)payload, len < 2 ? len : 2);
            if (c->state == OPENING) fail("closed before its opening's answer");
            if (c->state == FLOODING) {
                errors++;
                finish(c);
            }
            c->state = DONE;
        } else if (opcode == 9) {
            send_frame(c, 10, (const char *)payload, len);
        } else if (opcode == 1 || opcode == 2) {
            if (!fin) c->continued = 1;
            on_message(c, payload, len);
        } else if (opcode == 0 && fin) {
            c->continued = 0; /* the message was counted at its first frame */
        }
        at += h + len;
    }
    memmove(c->in, c->in + at, c->have - at);
    c->have -= at;
}

static void upgrade(struct conn *c) {
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n",
                     c->path, c->port);
    send_all(c->fd, req, (size_t)n);
    c->state = UPGRADING;
}

/* The HTTP answer to the upgrade, then frames. */
static void on_readable(struct conn *c) {
    for (;;) {
        if (c->cap - c->have < 4096) {
            c->cap *= 2;
            c->in = realloc(c->in, c->cap);
            if (!c->in) fail("out of memory");
        }
        ssize_t r = read(c->fd, c->in + c->have, c->cap - c->have);
        if (r == 0) {
            if (c->state == OPENING || c->state == UPGRADING) fail("closed while opening");
            if (c->state == FLOODING) errors++;
            finish(c);
            epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
            return;
        }
        if (r < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) return;
            if (c->state != FLOODING && c->state != DONE) fail(strerror(errno));
            if (c->state == FLOODING) errors++;
            finish(c);
            epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
            return;
        }
        size_t room = c->cap - c->have;
        c->have += (size_t)r;
        if (c->state == UPGRADING) {
            unsigned char *end = memmem(c->in, c->have, "\r\n\r\n", 4);
            if (!end) continue;
            if (c->have < 12 || memcmp(c->in + 9, "101", 3) != 0) fail("upgrade refused");
            size_t head = (size_t)(end + 4 - c->in);
            memmove(c->in, c->in + head, c->have - head);
            c->have -= head;
            c->state = OPENING;
            send_text(c, c->opening);
        }
        on_bytes(c);
        if ((size_t)r < room) return; /* all there was: no second read to hear EAGAIN */
    }
}

static void start_connect(struct conn *c) {
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)c->port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (c->fd < 0) fail("socket");
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(c->fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS)
        fail("connect");
    struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.ptr = c};
    epoll_ctl(epfd, EPOLL_CTL_ADD, c->fd, &ev);
    c->state = CONNECTING;
}

static void on_event(struct epoll_event *e) {
    struct conn *c = e->data.ptr;
    if (c->state == CONNECTING && (e->events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err) fail(strerror(err));
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
        epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &ev);
        upgrade(c);
    }
    if (e->events & (EPOLLIN | EPOLLHUP | EPOLLERR)) on_readable(c);
}

/* Wake-ups and reads cost the kernel far more than a message costs here, so while
   flooding a wake-up that found few connections ready waits a little (batch_us) before
   the next: each read then takes several messages. The closed loop keeps thousands of
   lines in flight, so the servers always have work meanwhile. */
static long batch_us = 2000; /* flood's second argument, if given */
static int batching;

static void loop_once(int timeout_ms) {
    struct epoll_event events[512];
    int n = epoll_wait(epfd, events, 512, timeout_ms);
    for (int i = 0; i < n; i++) on_event(&events[i]);
    if (batching && n < 512) {
        struct timespec pause = {0, batch_us * 1000};
        nanosleep(&pause, NULL);
    }
}

static void read_connections(void) {
    char line[4096];
    int cap = 256;
    conns = calloc((size_t)cap, sizeof *conns);
    while (fgets(line, sizeof line, stdin) && line[0] != '\n') {
        if (nconns == cap) {
            cap *= 2;
            conns = realloc(conns, (size_t)cap * sizeof *conns);
        }
        struct conn *c = &conns[nconns++];
        memset(c, 0, sizeof *c);
        char path[256];
        int used = 0;
        if (sscanf(line, "%d %255s %n", &c->port, path, &used) < 2) fail("bad connection line");
        c->path = strdup(path);
        c->opening = strdup(line + used);
        c->opening[strcspn(c->opening, "\n")] = 0;
        c->ref = 1; /* the opening's */
        c->cap = 65536;
        c->in = malloc(c->cap);
    }
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) fail("usage: flood PREFIX [BATCH-US]");
    prefix = argv[1];
    if (argc == 3) batch_us = atol(argv[2]);
    prefix_len = strlen(prefix);
    epfd = epoll_create1(0);
    read_connections();
    const int gate = 32; /* openings under way at once */
    int started = 0;
    double give_up = now() + 120;
    while (opened < nconns) {
        while (started < nconns && started - opened < gate) start_connect(&conns[started++]);
        loop_once(100);
        if (now() > give_up) fail("openings timed out");
    }
    printf("ready %d\n", nconns);
    fflush(stdout);

    char line[128];
    double warmup, duration;
    if (!fgets(line, sizeof line, stdin) || sscanf(line, "go %lf %lf", &warmup, &duration) != 2)
        fail("expected: go WARMUP DURATION");
    double t0 = now() + warmup;
    deadline = t0 + duration;
    for (int i = 0; i < nconns; i++) {
        conns[i].state = FLOODING;
        chat(&conns[i]);
    }
    flooding_left = nconns;
    batching = 1;
    while (now() < t0) loop_once(1);
    counting = 1;
    t0 = now();
    printf("window\n");
    fflush(stdout);
    while (now() < deadline) loop_once(1);
    double t1 = now();
    counting = 0;
    printf("end %lld %lld %lld %.6f\n", messages, chats, errors, t1 - t0);
    fflush(stdout);
    batching = 0;
    double drain = now() + 10; /* the last acks, then close */
    while (flooding_left > 0 && now() < drain) loop_once(10);
    for (int i = 0; i < nconns; i++) {
        if (conns[i].state != DONE) send_frame(&conns[i], 8, "\x03\xe8", 2);
    }
    loop_once(200);
    return 0;
}
