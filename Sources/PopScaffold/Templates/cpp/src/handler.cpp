// com.example.my-popup.handler: whether the popup shows, where it queues, and what OK does.
//
// Normal priority, waits its turn; shows unless the request's data says "eligible": false; its
// action "confirm" (the view's OK button) dismisses the popup.
#include "plugin.h"

using plugin::Instance;

extern "C" {

// The host's defaults arrive filled in: change only what this popup needs.
static void handler_get_options(const pop_handler_t *, const pop_value_t *, pop_request_options_t *options) noexcept {
    options->priority = POP_PRIORITY_NORMAL;
    options->policy = POP_POLICY_ENQUEUE;  // wait while another popup is on screen
}

// Answer through `done` once: here, right away, or later — keep `done` (two words) and call it from
// any thread, e.g. when a network reply comes. A second call, or one after the request ended, is
// checked and ignored by the host (completion.h).
static void handler_should_present(const pop_handler_t *, const pop_value_t *data, pop_completion_t done) noexcept {
    pop_complete(done, plugin::data_bool(data, "eligible", true));  // only an explicit false vetoes
}

// Background taps, swipes and hide-all may dismiss it. Answer at once: never block here.
static bool handler_should_dismiss(const pop_handler_t *, pop_reason_t) noexcept { return true; }

// The request's final event, exactly once; the host destroys the components right after it.
static void handler_finished(const pop_handler_t *self, pop_outcome_t outcome, pop_reason_t reason) noexcept {
    const Instance *instance = plugin::instance_of(self);
    plugin::log(POP_LOG_DEBUG, PLUGIN_NAME ": finished (outcome %d, reason %d), last confirmed \"%s\"", outcome, reason,
                instance ? instance->last_confirmed.c_str() : "");
}

// The action "confirm", "bool(self:ptr, data.title:str)": the host calls it through libffi with
// exactly these C types (ptr: the handler, str: const char *, valid during the call). Returning true
// dismisses the popup.
static bool handler_confirm(const pop_handler_t *self, const char *title) noexcept {
    Instance *instance = plugin::instance_of(self);
    try {
        if (instance) instance->last_confirmed = title ? title : "";
    } catch (...) {  // out of memory: keep the popup, say why
        plugin::log(POP_LOG_ERROR, PLUGIN_NAME ": confirm: out of memory");
        return false;
    }
    plugin::log(POP_LOG_INFO, PLUGIN_NAME ": confirmed \"%s\"", title ? title : "");
    return true;
}

static uint32_t handler_action_count(const pop_handler_t *) noexcept;
static const pop_action_t *handler_get_action(const pop_handler_t *, uint32_t index) noexcept;

}  // extern "C"

namespace {

// The ABI stores `function` as void *; the grammar of signatures is in handler.h.
pop_action_t action(const char *name, const char *signature, void *function) {
    pop_action_t action{};
    action.abi_version = POP_VERSION_INIT;
    action.struct_size = sizeof(pop_action_t);
    action.name = name;  // what the view's button names
    action.signature = signature;
    action.function = function;
    return action;
}

const pop_action_t handler_actions[] = {
    action("confirm", "bool(self:ptr, data.title:str)", reinterpret_cast<void *>(&handler_confirm)),
};

constexpr uint32_t action_total = sizeof(handler_actions) / sizeof(handler_actions[0]);

const pop_component_t *handler_setup(Instance &self, const pop_component_t &header) {
    pop_handler_t &handler = self.iface.handler = pop_handler_t{};
    handler.component = header;
    handler.component.struct_size = sizeof(pop_handler_t);
    handler.get_options = handler_get_options;
    handler.should_present_ex = handler_should_present;  // ABI 1.1; the 1.0 should_present stays NULL
    handler.should_dismiss = handler_should_dismiss;
    handler.finished = handler_finished;
    handler.action_count = handler_action_count;
    handler.get_action = handler_get_action;
    return &handler.component;
}

const char *const handler_features[] = {"enqueue", "confirm", nullptr};

}  // namespace

extern "C" {

static uint32_t handler_action_count(const pop_handler_t *) noexcept { return action_total; }

static const pop_action_t *handler_get_action(const pop_handler_t *, uint32_t index) noexcept {
    return index < action_total ? &handler_actions[index] : nullptr;
}

}  // extern "C"

const plugin::ComponentClass plugin::handler_class = {
    plugin::describe(PLUGIN_ID ".handler", PLUGIN_NAME " handler",
                     "Shows the popup when it is eligible; OK confirms and dismisses it.", handler_features),
    handler_setup,
};
