/* See z3_watchdog.h. Deadlines are few (one per check in progress, a
 * handful of threads at most), so they sit in an unsorted array. */
#include "solver/z3_watchdog.h"
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#define NEVER UINT64_MAX
#define REFIRE_NS (10ull * 1000000ull)    /* the interrupt again until disarm */
#define STACK_SIZE (256u * 1024u)

typedef struct {
  uint64_t ticket;
  uint64_t deadline;   /* CLOCK_MONOTONIC ns: the next interrupt */
  Z3_context ctx;
  Z3_solver s;         /* NULL: the whole context */
  bool fired;
} wd_entry;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t mu;
static pthread_cond_t cv;
/* all below under mu */
static bool running;            /* the thread exists in this process */
static uint64_t wake = NEVER;   /* when the waiting thread wakes up by itself */
static wd_entry *ents;
static uint32_t nents, capents;
static uint64_t next_ticket = 1;
static z3_watchdog_stats st;

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void init_sync(void) {
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_cond_init(&cv, &ca);
  pthread_condattr_destroy(&ca);
  pthread_mutex_init(&mu, NULL);
}

/* fork: mu is held across it, so the child's copy of the state is whole;
 * the child has no watchdog thread, so it starts anew (a new mutex and
 * condition variable, no deadlines: the parent's checks are not its own). */
static void at_prepare(void) { pthread_mutex_lock(&mu); }
static void at_parent(void) { pthread_mutex_unlock(&mu); }
static void at_child(void) {
  init_sync();
  running = false;
  wake = NEVER;
  nents = 0;
  st.armed = 0;
  st.threads = 0;
}

static void init_once(void) {
  init_sync();
  pthread_atfork(at_prepare, at_parent, at_child);
}

static void *wd_run(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mu);
  for (;;) {
    st.wakeups++;
    uint64_t t = now_ns(), next = NEVER;
    for (uint32_t i = 0; i < nents; i++) {
      wd_entry *e = &ents[i];
      if (e->deadline <= t) {
        if (e->s) Z3_solver_interrupt(e->ctx, e->s);
        else Z3_interrupt(e->ctx);
        if (!e->fired) st.fired++;
        e->fired = true;
        e->deadline = t + REFIRE_NS;
      }
      if (e->deadline < next) next = e->deadline;
    }
    wake = next;
    if (next == NEVER) {
      pthread_cond_wait(&cv, &mu);
    } else {
      struct timespec ts = {(time_t)(next / 1000000000ull), (long)(next % 1000000000ull)};
      pthread_cond_timedwait(&cv, &mu, &ts);
    }
  }
  return NULL;
}

/* Under mu. The thread blocks every signal (it inherits the mask it is
 * created with), so signal handlers keep running on the program's threads. */
static bool start_thread(void) {
  pthread_attr_t a;
  if (pthread_attr_init(&a) != 0) return false;
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&a, STACK_SIZE);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  pthread_t th;
  running = pthread_create(&th, &a, wd_run, NULL) == 0;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&a);
  if (running) st.threads++;
  wake = NEVER;
  return running;
}

uint64_t z3_watchdog_arm(Z3_context ctx, Z3_solver s, uint32_t ms) {
  if (!ms || !ctx) return 0;
  pthread_once(&once, init_once);
  uint64_t span = (uint64_t)ms * 1000000ull, d = now_ns() + span;
  uint64_t ticket = 0;
  pthread_mutex_lock(&mu);
  if (nents == capents) {
    uint32_t ncap = capents ? 2 * capents : 8;
    wd_entry *n = realloc(ents, ncap * sizeof *n);
    if (!n) goto out;
    ents = n;
    capents = ncap;
  }
  if (!running && !start_thread()) goto out;
  ticket = next_ticket++;
  ents[nents++] = (wd_entry){ticket, d, ctx, s, false};
  st.arms++;
  st.armed = nents;
  /* The thread wakes at `wake` anyway: it is woken now only when this
   * deadline is earlier than that by more than an eighth of its span (a
   * deadline can pass by that much before its interrupt). */
  if (d + span / 8 < wake) {
    wake = d;
    st.signals++;
    pthread_cond_signal(&cv);
  }
out:
  pthread_mutex_unlock(&mu);
  return ticket;
}

bool z3_watchdog_disarm(uint64_t ticket) {
  if (!ticket) return false;
  bool fired = false;
  pthread_mutex_lock(&mu);
  for (uint32_t i = 0; i < nents; i++)
    if (ents[i].ticket == ticket) {
      fired = ents[i].fired;
      ents[i] = ents[--nents];
      break;
    }
  st.armed = nents;
  pthread_mutex_unlock(&mu);
  return fired;
}

Z3_lbool z3_watchdog_check(Z3_context ctx, Z3_solver s, uint32_t ms, unsigned n, const Z3_ast *as, bool *fired) {
  uint64_t t = z3_watchdog_arm(ctx, s, ms);
  Z3_lbool r = n ? Z3_solver_check_assumptions(ctx, s, n, as) : Z3_solver_check(ctx, s);
  bool f = z3_watchdog_disarm(t);
  if (fired) *fired = f;
  return r;
}

z3_watchdog_stats z3_watchdog_get_stats(void) {
  pthread_once(&once, init_once);
  pthread_mutex_lock(&mu);
  z3_watchdog_stats r = st;
  pthread_mutex_unlock(&mu);
  return r;
}
