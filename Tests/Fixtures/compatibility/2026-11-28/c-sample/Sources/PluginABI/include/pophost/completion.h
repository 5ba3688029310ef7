/* pophost plugin ABI — completions that carry their context (ABI 1.1).
 *
 * Where a plugin answers later — should_present's answer (handler.h), the end of a custom
 * animation (ext/animation.h) — the host hands it a pop_completion_t: a host function and a token
 * that names this one completion, passed by value. Copy it anywhere (a queue, another thread, a
 * closure); it stays safe to call for the life of the process:
 *
 *   - the first call delivers `value`;
 *   - a second call is ignored and reported as the component's misbehaviour;
 *   - a call after the request's final event has begun (from finished() on), or after the component
 *     that got it was destroyed, or with a token the host never issued, is ignored and logged.
 *
 * None of these is undefined behaviour: the host looks the token up before it does anything. That
 * is the difference from ABI 1.0's pop_answer_fn and pop_done_fn (bare function pointers the host
 * frees with the component: calling one late is undefined), which stay and keep working.
 *
 * The shape is plain C — a function pointer and an integer — so any language with a C FFI can hold
 * and call it.
 */
#ifndef POPHOST_COMPLETION_H
#define POPHOST_COMPLETION_H

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pop_completion {
    /* [thread-safe] The host's; the same for every completion and valid for the process. */
    void (*complete)(uint64_t token, bool value);
    /* Names this completion. Never 0 for a completion the host made, never reused. */
    uint64_t token;
} pop_completion_t;

/* Calls completion `c` with `value`: should_present's answer (true = present). A completion that
 * carries no answer (an animation's end) ignores `value`: pass true. A zeroed pop_completion_t is
 * a no-op. */
static inline void pop_complete(pop_completion_t c, bool value) {
    if (c.complete) c.complete(c.token, value);
}

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_COMPLETION_H */
