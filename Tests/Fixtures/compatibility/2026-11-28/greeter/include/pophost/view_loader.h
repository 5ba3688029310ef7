/* pophost plugin ABI — the view loader: what is inside a popup. */
#ifndef POPHOST_VIEW_LOADER_H
#define POPHOST_VIEW_LOADER_H

#include "component.h"
#include "content.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pop_view_loader {
    pop_component_t component;

    /* [main-thread] Describes the content for `data` through `builder` (see content.h). Called once
     * per request, after arbitration let it through. Returns false when it cannot (say why through
     * POP_HOST_EXT_LOG): the request ends with POP_REASON_PLUGIN_ERROR. Required. */
    bool (*build)(const struct pop_view_loader *self, const pop_value_t *data, const pop_content_builder_t *builder);
} pop_view_loader_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_VIEW_LOADER_H */
