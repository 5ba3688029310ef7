/* pophost plugin ABI — host extension "pop.timer/1": a callback after some virtual time (ABI 1.1).
 *
 *     #include <pophost/ext/timer.h>
 *     const pop_host_timer_t *timer = host->get_extension(host, POP_HOST_EXT_TIMER);  // may be NULL
 *
 * The host runs popups on a virtual clock: time moves only when the host advances it, so a plugin
 * has no clock of its own to wait on, and a thread that sleeps for real time would make runs
 * differ. To answer later — should_present after a simulated check, a custom animation's
 * completion after its keyframes — schedule a timer here: it fires on the host's virtual clock, on
 * the main thread, at the same virtual time in every run.
 *
 * Which clock. A host may run several chefs in one process (two windows, two scenario runs), each
 * with its own virtual clock, while a plugin has one host table for all of them. So a timer is
 * scheduled for a component instance: it runs on the clock of the chef that created that instance
 * (the chef of the request the instance belongs to), and it is cancelled when the instance is
 * destroyed — `fire` never runs after the component's destroy(), so `context` may point into the
 * instance.
 *
 * Compare on_main_thread (entry.h): it runs at the virtual time the callback was requested, so an
 * answer given from it takes no virtual time.
 *
 * The table is the host's: valid, and the same, as long as the host table. It is frozen as
 * released (version.h's rule): a changed table would be a new id ("pop.timer/2").
 */
#ifndef POPHOST_EXT_TIMER_H
#define POPHOST_EXT_TIMER_H

#include "../component.h"
#include "../host.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_HOST_EXT_TIMER "pop.timer/1"

/* Names one timer: never 0 for a timer the host scheduled, never reused in the process. */
typedef uint64_t pop_timer_id_t;

/* What a timer calls, on the main thread: the component it was scheduled for, and its context. */
typedef void (*pop_timer_fn)(const pop_component_t *component, void *context);

typedef struct pop_host_timer {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_host_timer_t) in the host's build */

    /* [main-thread] Calls fire(component, context) once, on the main thread, when `delay` seconds
     * of virtual time have passed on the clock of the chef that created `component` (rounded to the
     * microsecond; 0 fires at the current virtual time, after the call that scheduled it has
     * returned). Timers due at the same time fire in the order they were scheduled, after the
     * host's own timers scheduled before them. A pending timer keeps the clock busy: a host that
     * waits until idle waits for it.
     * Returns the timer's id; 0, and nothing is scheduled, when `component` is not a live instance
     * the host created, `fire` is NULL, `delay` is negative or not finite, or the call comes from
     * another thread (each reported as the component's misbehaviour). */
    pop_timer_id_t (*schedule)(const pop_host_t *host, const pop_component_t *component, double delay,
                               pop_timer_fn fire, void *context);

    /* [main-thread] Cancels a pending timer: true when it was pending and now will not fire; false
     * when it has fired, was cancelled, its component was destroyed, or the id is unknown. */
    bool (*cancel)(const pop_host_t *host, pop_timer_id_t timer);
} pop_host_timer_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_TIMER_H */
