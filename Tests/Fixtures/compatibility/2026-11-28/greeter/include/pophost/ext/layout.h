/* pophost plugin ABI — extension "pop.layout/1": a controller loader's own layout (ABI 1.1).
 *
 *     #include <pophost/ext/layout.h>
 *
 * A controller loader that places its popup itself returns a pop_layout_ext_t from
 * component.get_extension(component, POP_EXT_LAYOUT). The host asks for it once, when it creates
 * the instance; the table must stay valid, and the same, until destroy(). When it gives a layout
 * function, the kind struct's 1.0 `layout` is never called.
 *
 * The table is frozen as released (version.h's rule): set struct_size to sizeof(pop_layout_ext_t) in
 * your build; a changed table would be a new id ("pop.layout/2").
 */
#ifndef POPHOST_EXT_LAYOUT_H
#define POPHOST_EXT_LAYOUT_H

#include "../controller_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_EXT_LAYOUT "pop.layout/1"

typedef struct pop_layout_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_layout_ext_t) */

    /* [main-thread] Writes the popup's frame to `frame` (pre-filled with ctx->default_frame) and
     * returns true, or returns false for the host's frame. Called whenever the space the popup is
     * laid out in changes: the container, the keyboard, a rotation. A frame with a non-finite
     * value or a negative size is reported as the component's misbehaviour, and the host's frame
     * is used. NULL = the kind struct's 1.0 `layout`, or the host's layout. */
    bool (*layout)(const pop_controller_loader_t *self, const pop_layout_context_t *ctx, pop_rect_t *frame);
} pop_layout_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_LAYOUT_H */
