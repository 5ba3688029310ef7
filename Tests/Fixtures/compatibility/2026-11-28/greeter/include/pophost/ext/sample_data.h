/* pophost plugin ABI — extension "pop.factory.sample-data/1": data to show components with.
 *
 *     #include <pophost/ext/sample_data.h>
 *
 * A plugin may say what data each of its components is best shown with: `pophost preview`'s
 * gallery offers it (the first sample by default), `pophost inspect` lists the samples and builds
 * each view loader with them (`pophost check` builds with its --data, null by default), and
 * `pophost test` requires every sample to work — a view loader builds it, a controller
 * loader configures it, a reformer reforms it, a handler adjusts its options for it
 * (`component.sample-data`). Without it the host shows components with empty data.
 *
 * The plugin offers this table from entry->get_factory(POP_FACTORY_SAMPLE_DATA), as it offers its
 * component factories. The host asks when it scans the plugin and caches the answers with its
 * descriptors, so they must be constant data: the same on every call and in every process. A plugin
 * that knows nothing of it (every ABI 1.0 plugin) returns NULL for the id and keeps working.
 *
 * The JSON: an array of at most POP_SAMPLE_DATA_MAX_SAMPLES objects, each exactly
 * {"name": "20% off", "data": <any JSON>}, names non-empty and distinct within the component.
 * Text longer than POP_SAMPLE_DATA_MAX_BYTES bytes or not UTF-8 makes the plugin's scan fail, as
 * a malformed descriptor does. The JSON itself is read only where it is used, so that loading a
 * plugin never pays for it and a mistake in it never keeps the plugin's popups from working:
 * `pophost test` (component.sample-data) and `pophost inspect` say what is wrong with it, naming
 * the component, and the gallery shows the component with empty data.
 */
#ifndef POPHOST_EXT_SAMPLE_DATA_H
#define POPHOST_EXT_SAMPLE_DATA_H

#include "../version.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_FACTORY_SAMPLE_DATA "pop.factory.sample-data/1"

#define POP_SAMPLE_DATA_MAX_BYTES 65536 /* in one component's JSON, NUL excluded */
#define POP_SAMPLE_DATA_MAX_SAMPLES 32  /* in one component's array */

typedef struct pop_sample_data_factory {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_sample_data_factory_t) */

    /* [thread-safe] The sample data of the component `component_id` (one of the plugin's descriptor
     * ids) as JSON text, or NULL for none. Owned by the plugin; valid until its last deinit(). */
    const char *(*get)(const struct pop_sample_data_factory *factory, const char *component_id);
} pop_sample_data_factory_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_SAMPLE_DATA_H */
