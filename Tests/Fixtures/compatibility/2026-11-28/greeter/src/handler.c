/* com.example.greeter.handler: whether the popup shows, where it queues, and what OK does.
 *
 * Normal priority, waits its turn; shows unless the request's data says "eligible": false; its
 * action "confirm" (the view's OK button) dismisses the popup. */
#include "plugin.h"

/* The host's defaults arrive filled in: change only what this popup needs. */
static void handler_get_options(const pop_handler_t *self, const pop_value_t *data, pop_request_options_t *options) {
    (void)self;
    (void)data;
    options->priority = POP_PRIORITY_NORMAL;
    options->policy = POP_POLICY_ENQUEUE; /* wait while another popup is on screen */
}

/* Answer through `done` once: here, right away, or later — keep `done` (two words) and call it from
 * any thread, e.g. when a network reply comes. A second call, or one after the request ended, is
 * checked and ignored by the host (completion.h). */
static void handler_should_present(const pop_handler_t *self, const pop_value_t *data, pop_completion_t done) {
    (void)self;
    pop_complete(done, data_bool(data, "eligible", true)); /* only an explicit false vetoes */
}

/* Background taps, swipes and hide-all may dismiss it. Answer at once: never block here. */
static bool handler_should_dismiss(const pop_handler_t *self, pop_reason_t reason) {
    (void)self;
    (void)reason;
    return true;
}

/* The request's final event, exactly once; the host destroys the components right after it. */
static void handler_finished(const pop_handler_t *self, pop_outcome_t outcome, pop_reason_t reason) {
    const instance_t *instance = instance_of(self);
    plugin_log(POP_LOG_DEBUG, PLUGIN_NAME ": finished (outcome %d, reason %d), %u confirmation(s)", (int)outcome,
               (int)reason, instance ? (unsigned)instance->confirmations : 0u);
}

/* The action "confirm", "bool(self:ptr, data.title:str)": the host calls it through libffi with
 * exactly these C types (ptr: the handler, str: const char *, valid during the call). Returning true
 * dismisses the popup. */
static bool handler_confirm(const pop_handler_t *self, const char *title) {
    instance_t *instance = instance_of(self);
    if (instance) instance->confirmations++;
    plugin_log(POP_LOG_INFO, PLUGIN_NAME ": confirmed \"%s\"", title ? title : "");
    return true;
}

/* The ABI stores `function` as void *: ISO C leaves that conversion undefined (-Wpedantic warns),
 * POSIX requires it to work. The grammar of signatures is in handler.h. */
static const pop_action_t handler_actions[] = {
    {
        .abi_version = POP_VERSION_INIT,
        .struct_size = sizeof(pop_action_t),
        .name = "confirm", /* what the view's button names */
        .signature = "bool(self:ptr, data.title:str)",
        .function = (void *)handler_confirm,
    },
};

static uint32_t handler_action_count(const pop_handler_t *self) {
    (void)self;
    return COUNT_OF(handler_actions);
}

static const pop_action_t *handler_get_action(const pop_handler_t *self, uint32_t index) {
    (void)self;
    return index < COUNT_OF(handler_actions) ? &handler_actions[index] : NULL;
}

static void handler_setup(instance_t *self) {
    self->iface.handler.get_options = handler_get_options;
    self->iface.handler.should_present_ex = handler_should_present; /* ABI 1.1; the 1.0 should_present stays NULL */
    self->iface.handler.should_dismiss = handler_should_dismiss;
    self->iface.handler.finished = handler_finished;
    self->iface.handler.action_count = handler_action_count;
    self->iface.handler.get_action = handler_get_action;
}

static const char *const handler_features[] = {"enqueue", "confirm", NULL};

const component_class_t handler_class = {
    .descriptor = DESCRIPTOR(PLUGIN_ID ".handler", PLUGIN_NAME " handler",
                             "Shows the popup when it is eligible; OK confirms and dismisses it.", handler_features),
    .kind_size = sizeof(pop_handler_t),
    .setup = handler_setup,
};
