/* pophost plugin ABI — the reformer: maps a request's data to what the view loader and the
 * controller loader receive (CSPopKit's fetchPopViewWithData / fetchPopControllerWithData). */
#ifndef POPHOST_REFORMER_H
#define POPHOST_REFORMER_H

#include "component.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pop_reformer {
    pop_component_t component;

    /* [main-thread] Writes one value to each writer: the view loader's data and the controller
     * loader's data. A writer left empty passes `data` through unchanged. Returns false when it
     * cannot (the request ends with POP_REASON_PLUGIN_ERROR). Default (NULL): both get `data`. */
    bool (*reform)(const struct pop_reformer *self, const pop_value_t *data, const pop_value_writer_t *view_data,
                   const pop_value_writer_t *controller_data);
} pop_reformer_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_REFORMER_H */
