/* Progress messages of long runs (-v). Lower layers hand them to one
 * process-wide hook that the API sets from the user's callback; without a
 * hook they go to stderr, one line each. */
#ifndef ZETA_CORE_PROGRESS_H
#define ZETA_CORE_PROGRESS_H

typedef void (*progress_fn)(void *user, const char *message);
/* The hook and the verbosity of the run (-v: 1, --verbose 2: 2). */
void progress_set(progress_fn fn, void *user, int verbose);
int progress_verbose(void);
/* One message (no trailing newline needed). */
void progress_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Progress of a long run: nothing unless verbose; at most one message a
 * second (all of them from verbose 2), each ending in the process's CPU
 * time. */
void progress_tick(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
