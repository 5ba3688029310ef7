// A plugin written in C++ as docs/plugin-abi.md ("C++ plugins") says: tables value-initialized and
// assigned (C++11 and later), callbacks with C language linkage and noexcept, no exception let out,
// a component's state a C++ object behind component_data. Its handler keeps the names it confirmed
// in a std::vector<std::string>, so the library instantiates standard-library templates, which keep
// default visibility: built without the version script it exports more than its entry.
#include <pophost/pophost.h>
#include <pophost/ext/content_style.h>

#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace {

const pop_host_value_t *values = nullptr;
const pop_host_content_style_t *style = nullptr;

pop_descriptor_t descriptor(const char *id, const char *name, const char *const *features) {
    pop_descriptor_t d{};
    d.abi_version = POP_VERSION_INIT;
    d.struct_size = sizeof(pop_descriptor_t);
    d.id = id;
    d.name = name;
    d.vendor = "pophost tests";
    d.version = "1.0.0";
    d.description = "A component of the C++ fixture.";
    d.features = features;
    return d;
}

const char *const no_features[] = {nullptr};
const pop_descriptor_t plugin_descriptor = descriptor("com.fixture.cpp", "C++ fixture", no_features);
const pop_descriptor_t handler_descriptor = descriptor("com.fixture.cpp.handler", "C++ handler", no_features);
const pop_descriptor_t view_descriptor = descriptor("com.fixture.cpp.view", "C++ view", no_features);
const pop_descriptor_t controller_descriptor = descriptor("com.fixture.cpp.controller", "C++ controller", no_features);

/// The handler's own state.
struct Confirmations {
    std::vector<std::string> titles;
};

const char *data_string(const pop_value_t *data, const char *key, const char *fallback) {
    if (!values || !values->get || !values->get_string) return fallback;
    const char *text = values->get_string(values->get(data, key));
    return text ? text : fallback;
}

template <typename Kind>
Kind *make_component(const pop_descriptor_t *desc, void *state, decltype(pop_component_t::destroy) destroy) {
    Kind *kind = new (std::nothrow) Kind{};  // every function NULL: the host's default
    if (!kind) return nullptr;
    kind->component.abi_version = POP_VERSION_INIT;
    kind->component.struct_size = sizeof(Kind);
    kind->component.desc = desc;
    kind->component.component_data = state;
    kind->component.destroy = destroy;
    return kind;
}

}  // namespace

extern "C" {

static bool handler_confirm(const pop_handler_t *self, const char *title) noexcept {
    try {
        static_cast<Confirmations *>(self->component.component_data)->titles.push_back(title);
        return true;
    } catch (...) {
        return false;  // out of memory: the popup stays
    }
}

static bool handler_should_dismiss(const pop_handler_t *, pop_reason_t) noexcept { return true; }

static uint32_t handler_action_count(const pop_handler_t *) noexcept { return 1; }

static const pop_action_t *handler_get_action(const pop_handler_t *, uint32_t index) noexcept {
    static const pop_action_t confirm = [] {
        pop_action_t action{};
        action.abi_version = POP_VERSION_INIT;
        action.struct_size = sizeof(pop_action_t);
        action.name = "confirm";
        action.signature = "bool(self:ptr, data.title:str)";
        action.function = reinterpret_cast<void *>(&handler_confirm);
        return action;
    }();
    return index == 0 ? &confirm : nullptr;
}

static void handler_destroy(const pop_component_t *component) noexcept {
    delete static_cast<Confirmations *>(component->component_data);
    delete reinterpret_cast<const pop_handler_t *>(component);
}

static bool view_build(const pop_view_loader_t *, const pop_value_t *data, const pop_content_builder_t *b) noexcept {
    if (!b) return false;
    b->begin_vstack(b, 12, POP_ALIGN_CENTER);
    b->text(b, data_string(data, "title", "Hello from C++"), 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0);
    if (style) style->foreground(b, POP_COLOR_LABEL);
    b->begin_hstack(b, 8, POP_ALIGN_FILL);
    b->button(b, "Not now", POP_BUTTON_CANCEL, "pop.dismiss");
    b->button(b, "OK", POP_BUTTON_DEFAULT, "confirm");
    b->end(b);
    b->end(b);
    b->padding(b, 20, 20, 20, 20);
    b->background(b, 0xFFFFFFFF);
    if (style) style->background(b, POP_COLOR_SYSTEM_BACKGROUND);
    return true;
}

static void view_destroy(const pop_component_t *component) noexcept {
    delete reinterpret_cast<const pop_view_loader_t *>(component);
}

static void controller_configure(const pop_controller_loader_t *, const pop_value_t *, pop_presentation_t *p) noexcept {
    p->style = POP_STYLE_ALERT;
    p->mask = POP_MASK_DIMMED;
}

static void controller_destroy(const pop_component_t *component) noexcept {
    delete reinterpret_cast<const pop_controller_loader_t *>(component);
}

static uint32_t one(const pop_component_factory_t *) noexcept { return 1; }

static const pop_descriptor_t *handler_get_descriptor(const pop_component_factory_t *, uint32_t index) noexcept {
    return index == 0 ? &handler_descriptor : nullptr;
}

static const pop_descriptor_t *view_get_descriptor(const pop_component_factory_t *, uint32_t index) noexcept {
    return index == 0 ? &view_descriptor : nullptr;
}

static const pop_descriptor_t *controller_get_descriptor(const pop_component_factory_t *, uint32_t index) noexcept {
    return index == 0 ? &controller_descriptor : nullptr;
}

static const pop_component_t *handler_create(const pop_component_factory_t *, const pop_host_t *, const char *id) noexcept {
    if (!id || std::strcmp(id, handler_descriptor.id) != 0) return nullptr;
    Confirmations *state = new (std::nothrow) Confirmations{};
    pop_handler_t *handler = state ? make_component<pop_handler_t>(&handler_descriptor, state, handler_destroy) : nullptr;
    if (!handler) {
        delete state;
        return nullptr;
    }
    handler->should_dismiss = handler_should_dismiss;
    handler->action_count = handler_action_count;
    handler->get_action = handler_get_action;
    return &handler->component;
}

static const pop_component_t *view_create(const pop_component_factory_t *, const pop_host_t *, const char *id) noexcept {
    if (!id || std::strcmp(id, view_descriptor.id) != 0) return nullptr;
    pop_view_loader_t *view = make_component<pop_view_loader_t>(&view_descriptor, nullptr, view_destroy);
    if (view) view->build = view_build;
    return view ? &view->component : nullptr;
}

static const pop_component_t *controller_create(const pop_component_factory_t *, const pop_host_t *, const char *id) noexcept {
    if (!id || std::strcmp(id, controller_descriptor.id) != 0) return nullptr;
    pop_controller_loader_t *controller =
        make_component<pop_controller_loader_t>(&controller_descriptor, nullptr, controller_destroy);
    if (controller) controller->configure = controller_configure;
    return controller ? &controller->component : nullptr;
}

static bool plugin_init(const pop_host_t *host, const char *) noexcept {
    if (!host) return false;
    if (host->get_extension) {
        values = static_cast<const pop_host_value_t *>(host->get_extension(host, POP_HOST_EXT_VALUE));
        style = static_cast<const pop_host_content_style_t *>(host->get_extension(host, POP_HOST_EXT_CONTENT_STYLE));
    }
    return true;
}

static void plugin_deinit(void) noexcept {}

static const void *plugin_get_factory(const char *id) noexcept;

}  // extern "C"

namespace {

pop_component_factory_t factory(
    decltype(pop_component_factory_t::get_descriptor) get_descriptor, decltype(pop_component_factory_t::create) create) {
    pop_component_factory_t f{};
    f.abi_version = POP_VERSION_INIT;
    f.struct_size = sizeof(pop_component_factory_t);
    f.count = one;
    f.get_descriptor = get_descriptor;
    f.create = create;
    return f;
}

const pop_component_factory_t handlers = factory(handler_get_descriptor, handler_create);
const pop_component_factory_t views = factory(view_get_descriptor, view_create);
const pop_component_factory_t controllers = factory(controller_get_descriptor, controller_create);

const pop_plugin_entry_t entry = [] {
    pop_plugin_entry_t e{};
    e.abi_version = POP_VERSION_INIT;
    e.struct_size = sizeof(pop_plugin_entry_t);
    e.plugin = &plugin_descriptor;
    e.init = plugin_init;
    e.deinit = plugin_deinit;
    e.get_factory = plugin_get_factory;
    return e;
}();

}  // namespace

extern "C" {

static const void *plugin_get_factory(const char *id) noexcept {
    if (!id) return nullptr;
    if (std::strcmp(id, POP_FACTORY_HANDLER) == 0) return &handlers;
    if (std::strcmp(id, POP_FACTORY_VIEW_LOADER) == 0) return &views;
    if (std::strcmp(id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controllers;
    return nullptr;
}

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }

}  // extern "C"
