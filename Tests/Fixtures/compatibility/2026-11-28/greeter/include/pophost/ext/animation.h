/* pophost plugin ABI — extension "pop.animation/1": a controller loader's own show and hide
 * animations, finished with a completion that is safe to call at any time (ABI 1.1).
 *
 *     #include <pophost/ext/animation.h>
 *
 * A controller loader that animates its popup itself returns a pop_animation_ext_t from
 * component.get_extension(component, POP_EXT_ANIMATION). The host asks for it once, when it creates
 * the instance; the table must stay valid, and the same, until destroy(). A function given here
 * replaces its 1.0 counterpart in the kind struct (animate_show, animate_hide), which is then never
 * called; one left NULL leaves the counterpart in use.
 *
 * The table is frozen as released (version.h's rule): set struct_size to sizeof(pop_animation_ext_t)
 * in your build; a changed table would be a new id ("pop.animation/2").
 */
#ifndef POPHOST_EXT_ANIMATION_H
#define POPHOST_EXT_ANIMATION_H

#include "../completion.h"
#include "../controller_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_EXT_ANIMATION "pop.animation/1"

typedef struct pop_animation_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_animation_ext_t) */

    /* [main-thread] Custom show / hide animation: schedule keyframes through ctx->animate (ctx is
     * valid during the call only), call pop_complete(done, true) once when the animation is complete
     * — right away, or later from any thread — and return true. Or return false, without calling
     * `done`, for the presentation's own animation. The host ends the transition at the later of
     * `done` and the end of the last keyframe; never calling `done` ends the request after the
     * host's completion timeout with POP_REASON_PLUGIN_ERROR. `done` is a pop_completion_t
     * (completion.h): a late or second call is a checked no-op, never undefined behaviour.
     * NULL = the kind struct's counterpart, or the presentation's animation. */
    bool (*animate_show)(const pop_controller_loader_t *self, const pop_animation_context_t *ctx, pop_completion_t done);
    bool (*animate_hide)(const pop_controller_loader_t *self, const pop_animation_context_t *ctx, pop_completion_t done);
} pop_animation_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_ANIMATION_H */
