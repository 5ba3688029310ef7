/* A promotion handler written against the ABI 1.0 headers beside this file (include/), for the
 * compatibility tests. It is not part of the 1.0 release — the released C sample (sample.c here)
 * has no should_present — but it is written the only way a 1.0 plugin can answer later: the answer
 * is a bare pop_answer_fn with no context, so the plugin queues it with its owner, forgets it when
 * the owner is destroyed (calling it after the request's final event is undefined in 1.0), asks the
 * host for a callback, and answers from on_main_thread.
 *
 *   com.pophost.abi10.promotion-handler   handler: low priority, queued, one per campaign; answers
 *                                         "eligible" (default true) from on_main_thread
 */
#include <pophost/pophost.h>

#include <stdlib.h>
#include <string.h>

#define PENDING_CAPACITY 16

typedef struct pending_answer {
    const void *owner;    /* the handler instance that was asked */
    pop_answer_fn answer; /* NULL once the owner was destroyed */
    bool present;
} pending_answer_t;

static struct {
    int init_count;
    const pop_host_t *host;
    const pop_host_value_t *value;
    pending_answer_t pending[PENDING_CAPACITY]; /* a ring buffer, oldest first */
    uint32_t pending_head;
    uint32_t pending_count;
} plugin;

/* One instance per request; the handler struct is its first member. */
typedef struct promotion {
    pop_handler_t handler;
} promotion_t;

static void promotion_get_options(const pop_handler_t *self, const pop_value_t *data, pop_request_options_t *options) {
    (void)self;
    options->priority = POP_PRIORITY_LOW;
    options->policy = POP_POLICY_ENQUEUE;
    options->when_preempted = POP_PREEMPTED_REQUEUE;
    options->time_to_live = 30;
    const pop_host_value_t *v = plugin.value;
    options->dedupe_key = v ? v->get_string(v->get(data, "campaign")) : NULL; /* the host copies it */
}

static void promotion_should_present(const pop_handler_t *self, const pop_value_t *data, pop_answer_fn answer) {
    const pop_host_value_t *v = plugin.value;
    bool present = v ? v->get_bool(v->get(data, "eligible"), true) : true;
    const pop_host_t *host = plugin.host;
    if (!host || !host->request_callback || plugin.pending_count == PENDING_CAPACITY) {
        answer(present); /* cannot defer: answer now rather than never */
        return;
    }
    plugin.pending[(plugin.pending_head + plugin.pending_count) % PENDING_CAPACITY] =
        (pending_answer_t){.owner = self, .answer = answer, .present = present};
    plugin.pending_count++;
    host->request_callback(host);
}

static void promotion_destroy(const pop_component_t *component) {
    for (uint32_t i = 0; i < plugin.pending_count; i++) {
        pending_answer_t *pending = &plugin.pending[(plugin.pending_head + i) % PENDING_CAPACITY];
        if (pending->owner == (const void *)component) pending->answer = NULL;
    }
    free(component->component_data);
}

static void plugin_on_main_thread(void) {
    while (plugin.pending_count > 0) {
        pending_answer_t next = plugin.pending[plugin.pending_head];
        plugin.pending_head = (plugin.pending_head + 1) % PENDING_CAPACITY;
        plugin.pending_count--;
        if (next.answer) next.answer(next.present);
    }
}

static const void *promotion_get_extension(const pop_component_t *component, const char *extension_id) {
    (void)component;
    (void)extension_id;
    return NULL;
}

static const char *const features[] = {"priority-low", "enqueue", "dedupe", "async-should-present", NULL};

static const pop_descriptor_t plugin_descriptor = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_descriptor_t), .id = "com.pophost.abi10",
    .name = "ABI 1.0 promotion", .vendor = "pophost tests", .version = "1.0.0",
    .description = "A 1.0 plugin that answers should_present later.", .features = NULL,
};

static const pop_descriptor_t promotion_descriptor = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_descriptor_t),
    .id = "com.pophost.abi10.promotion-handler", .name = "Promotion handler (ABI 1.0)", .vendor = "pophost tests",
    .version = "1.0.0", .description = "Low priority, queued; answers should_present from on_main_thread.",
    .features = features,
};

static uint32_t factory_count(const pop_component_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pop_descriptor_t *factory_get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &promotion_descriptor : NULL;
}

static const pop_component_t *factory_create(const pop_component_factory_t *factory, const pop_host_t *host,
                                             const char *component_id) {
    (void)factory;
    (void)host;
    if (!component_id || strcmp(component_id, promotion_descriptor.id) != 0) return NULL;
    promotion_t *instance = calloc(1, sizeof(*instance));
    if (!instance) return NULL;
    instance->handler.component = (pop_component_t){
        .abi_version = POP_VERSION_INIT,
        .struct_size = sizeof(pop_handler_t),
        .desc = &promotion_descriptor,
        .component_data = instance,
        .destroy = promotion_destroy,
        .get_extension = promotion_get_extension,
    };
    instance->handler.get_options = promotion_get_options;
    instance->handler.should_present = promotion_should_present;
    return &instance->handler.component;
}

static const pop_component_factory_t handler_factory = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_component_factory_t),
    .count = factory_count,
    .get_descriptor = factory_get_descriptor,
    .create = factory_create,
};

static bool plugin_init(const pop_host_t *host, const char *plugin_path) {
    (void)plugin_path;
    if (!host) return false;
    if (plugin.init_count == 0) {
        plugin.host = host;
        plugin.value = host->get_extension ? host->get_extension(host, POP_HOST_EXT_VALUE) : NULL;
    }
    plugin.init_count++;
    return true;
}

static void plugin_deinit(void) {
    if (plugin.init_count == 0) return;
    if (--plugin.init_count == 0) memset(&plugin, 0, sizeof plugin);
}

static const void *plugin_get_factory(const char *factory_id) {
    return factory_id && strcmp(factory_id, POP_FACTORY_HANDLER) == 0 ? &handler_factory : NULL;
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_plugin_entry_t),
    .plugin = &plugin_descriptor,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .get_factory = plugin_get_factory,
    .on_main_thread = plugin_on_main_thread,
};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
