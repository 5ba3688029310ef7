/* The C sample plugin, written against ABI 1.1 (<pophost/pophost.h> and six extensions) in plain C11.
 *
 *   CSPopKit's example trio (combine them for CSPopKit's demo popup):
 *     com.pophost.samples.c.high-priority-handler   handler: high priority, overrides; action "details"
 *     com.pophost.samples.c.test-view               view loader: title, message, Details and OK buttons
 *     com.pophost.samples.c.pop-controller          controller loader: CSPopKit's default theme
 *   A payment password dialog:
 *     com.pophost.samples.c.payment-handler         handler: checks the password, vetoes being hidden
 *     com.pophost.samples.c.payment-view            view loader: amount, secure field, three buttons
 *   A promotion that decides later:
 *     com.pophost.samples.c.promotion-handler       handler: low priority, queued; should_present_ex
 *                                                   answers 250 ms later on the host's virtual clock
 *                                                   ("pop.timer/1"), with a pop_completion_t
 *   Custom animation and layout, through component extensions:
 *     com.pophost.samples.c.custom-animation-controller
 *                                                   controller loader: "pop.animation/1", its own
 *                                                   keyframes, finished when they end ("pop.timer/1")
 *     com.pophost.samples.c.bottom-controller       controller loader: "pop.layout/1", the popup
 *                                                   pinned to the bottom of the screen
 *   Sheets and popovers ("pop.sheet/1"):
 *     com.pophost.samples.c.share-sheet-controller  controller loader: a share sheet, medium and large,
 *                                                   undimmed at medium so the app stays usable
 *     com.pophost.samples.c.popover-controller      controller loader: a popover anchored to a button
 *                                                   (data source_x, source_y), a sheet on a phone with
 *                                                   a custom "compact" detent and a grabber
 *   Sample data ("pop.factory.sample-data/1"): what the payment view and the test view are best shown
 *   with, in `pophost preview`'s gallery and `pophost inspect`.
 *
 * The released ABI 1.0 version of this file is kept, unchanged, in Tests/Fixtures/abi-1.0/sample.c:
 * compare the two to see what 1.1 changes for a plugin (docs/plugin-abi.md walks through it).
 *
 * Build it on its own with the Makefile beside this file (`make`), or as part of the repository with
 * `swift build` (product PopSampleC). Everything is static except the entry, the only exported symbol. */
#include <pophost/pophost.h>
#include <pophost/ext/animation.h>
#include <pophost/ext/content_style.h>
#include <pophost/ext/layout.h>
#include <pophost/ext/sample_data.h>
#include <pophost/ext/sheet.h>
#include <pophost/ext/timer.h>
#include <pophost/ext/traits.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT_OF(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/* ---- plugin-wide state --------------------------------------------------------------------------
 *
 * Set up by the first init(), cleared by the last deinit(), so the plugin can be initialised again
 * afterwards. Every access happens on the host's main thread (init, deinit, create, the component
 * functions and on_main_thread are all [main-thread]), so nothing here needs a lock. */

/* Completions to call from on_main_thread, when the host offers no timer: the promotion's answers and
 * the custom animation's ends. A pop_completion_t is a value that stays safe to call (completion.h):
 * one whose request ended in the meantime is a checked no-op for the host, so nothing here has to be
 * forgotten on destroy. */
#define PENDING_CAPACITY 16

typedef struct pending_completion {
    pop_completion_t completion;
    bool value;
} pending_completion_t;

static struct {
    int init_count;
    const pop_host_t *host;
    const pop_host_log_t *log;     /* "pop.log/1", or NULL when the host does not offer it */
    const pop_host_value_t *value; /* "pop.value/1", or NULL: then every read gives its default */
    const pop_host_timer_t *timer; /* "pop.timer/1", or NULL: then "later" means on_main_thread */
    /* "pop.content_style/1", or NULL: then the text keeps the fixed sizes and colours it is written with */
    const pop_host_content_style_t *style;
    /* "pop.traits/1", or NULL: then the content is built as for light */
    const pop_host_traits_t *traits;
    pending_completion_t pending[PENDING_CAPACITY]; /* a ring buffer, oldest first */
    uint32_t pending_head;
    uint32_t pending_count;
} plugin;

/* ---- host services: logging and reading request data ------------------------------------------- */

/* Strings crossing the ABI must be valid UTF-8: after truncating `text` to `length` bytes, drop a
 * multi-byte sequence that was cut in half. */
static void trim_cut_utf8(char *text, size_t length) {
    size_t start = length;
    while (start > 0 && ((unsigned char)text[start - 1] & 0xC0) == 0x80) start--; /* continuation bytes */
    if (start == 0) return;
    unsigned char lead = (unsigned char)text[start - 1];
    size_t needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (length - (start - 1) < needed) text[start - 1] = '\0';
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void plugin_log(pop_log_severity_t severity, const char *format, ...) {
    if (!plugin.log || !plugin.log->log) return; /* no log extension: stay silent */
    char message[512];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (length < 0) return;
    if ((size_t)length >= sizeof message) trim_cut_utf8(message, sizeof message - 1);
    plugin.log->log(plugin.host, severity, message); /* the host copies it before returning */
}

/* The string member `key` of `data`, or `fallback` when it is missing, not a string, or the host
 * offers no "pop.value/1". The result is valid until the request's final event. */
static const char *data_string(const pop_value_t *data, const char *key, const char *fallback) {
    const pop_host_value_t *v = plugin.value;
    if (!v) return fallback;
    const char *string = v->get_string(v->get(data, key)); /* getters are total: NULL reads as null */
    return string ? string : fallback;
}

/* The number member `key` of `data` (integer or double), or `fallback`. */
static double data_number(const pop_value_t *data, const char *key, double fallback) {
    const pop_host_value_t *v = plugin.value;
    return v ? v->get_double(v->get(data, key), fallback) : fallback;
}

/* The bool member `key` of `data`, or `fallback`. */
static bool data_bool(const pop_value_t *data, const char *key, bool fallback) {
    const pop_host_value_t *v = plugin.value;
    return v ? v->get_bool(v->get(data, key), fallback) : fallback;
}

static const char *reason_name(pop_reason_t reason) {
    static const char *const names[] = {
        "none",   "action",    "background tap", "swipe",          "timeout",      "preempted", "hide all",
        "vetoed", "duplicate", "expired",        "lower priority", "plugin error", "requested",
    };
    return reason >= 0 && (uint32_t)reason < COUNT_OF(names) ? names[reason] : "unknown";
}

/* ---- answering later --------------------------------------------------------------------------
 *
 * The host calls the plugin on its main thread only, and runs popups on a virtual clock: a thread
 * sleeping for real time would make every run different. So "later" is one of two things:
 *   - after some virtual time, with the host's "pop.timer/1" (ext/timer.h): complete_after(), which
 *     keeps the completion in the instance until its timer fires (the host never fires a timer after
 *     the instance is destroyed);
 *   - when the host offers no timer: at the next main-thread callback, complete_later(), which queues
 *     the completion, asks for host->request_callback() and calls it from on_main_thread (no virtual
 *     time passes: entry.h). Returns false when the queue is full or the host cannot call back: the
 *     caller then answers now instead. */
static bool complete_later(pop_completion_t completion, bool value) {
    const pop_host_t *host = plugin.host;
    if (!host || !host->request_callback || plugin.pending_count == PENDING_CAPACITY) return false;
    plugin.pending[(plugin.pending_head + plugin.pending_count) % PENDING_CAPACITY] =
        (pending_completion_t){.completion = completion, .value = value};
    plugin.pending_count++;
    host->request_callback(host); /* several requests before the callback coalesce into one */
    return true;
}

/* [main-thread] The host's answer to request_callback(): calls every queued completion, oldest
 * first. Each entry is taken off the queue before it is called, so a completion that leads to a new
 * entry (an answer that starts an animation that finishes later) is safe. */
static void plugin_on_main_thread(void) {
    while (plugin.pending_count > 0) {
        pending_completion_t next = plugin.pending[plugin.pending_head];
        plugin.pending_head = (plugin.pending_head + 1) % PENDING_CAPACITY;
        plugin.pending_count--;
        pop_complete(next.completion, next.value);
    }
}

/* ---- component instances ------------------------------------------------------------------------ */

/* One allocation per instance: the kind struct the host sees, followed by the plugin's own state.
 * calloc zero-fills it, so every kind function a component does not set stays NULL. */
typedef struct instance {
    union {
        pop_component_t component; /* the common first member of every kind struct */
        pop_handler_t handler;
        pop_view_loader_t view_loader;
        pop_controller_loader_t controller_loader;
    } iface;
    /* Handlers: the action table get_action serves (constant data, valid until destroy). */
    const pop_action_t *actions;
    uint32_t action_count;
    /* payment-handler: wrong passwords entered so far. */
    uint32_t attempts;
    /* Controller loaders: the extensions get_extension offers (constant data), NULL for none. */
    const pop_animation_ext_t *animation;
    const pop_layout_ext_t *layout;
    const pop_sheet_ext_t *sheet;
    /* complete_after(): the completion its timer will call, the value, and the timer (0: none). */
    pop_completion_t later;
    bool later_value;
    pop_timer_id_t later_timer;
} instance_t;

/* The instance behind a component the host passes back. */
static instance_t *instance_of(const pop_component_t *component) {
    return component ? (instance_t *)component->component_data : NULL;
}

static void instance_destroy(const pop_component_t *component) {
    free(instance_of(component));
}

/* [thread-safe] The component's extensions, by exact id; NULL for every other id. */
static const void *instance_get_extension(const pop_component_t *component, const char *extension_id) {
    const instance_t *instance = instance_of(component);
    if (!instance || !extension_id) return NULL;
    if (instance->animation && strcmp(extension_id, POP_EXT_ANIMATION) == 0) return instance->animation;
    if (instance->layout && strcmp(extension_id, POP_EXT_LAYOUT) == 0) return instance->layout;
    if (instance->sheet && strcmp(extension_id, POP_EXT_SHEET) == 0) return instance->sheet;
    return NULL;
}

/* The timer of complete_after(): calls the instance's pending completion. */
static void later_fired(const pop_component_t *component, void *context) {
    (void)component;
    instance_t *self = context;
    self->later_timer = 0;
    pop_complete(self->later, self->later_value);
}

/* Calls `completion` with `value` after `delay` seconds of the host's virtual time, on the clock of
 * the chef that created `self` (a plugin serving several chefs gets each timer on the right clock).
 * One completion per instance: a newer one replaces a pending one (its timer is cancelled). Returns
 * false when the host offers no "pop.timer/1" or refuses the timer: the caller answers otherwise. */
static bool complete_after(instance_t *self, double delay, pop_completion_t completion, bool value) {
    const pop_host_timer_t *timer = plugin.timer;
    if (!self || !timer || !timer->schedule) return false;
    if (self->later_timer && timer->cancel) timer->cancel(plugin.host, self->later_timer);
    self->later = completion;
    self->later_value = value;
    self->later_timer = timer->schedule(plugin.host, &self->iface.component, delay, later_fired, self);
    return self->later_timer != 0;
}

/* Fills in the kind-specific functions of a fresh, zeroed instance. */
typedef void (*setup_fn)(instance_t *self);

/* A component this plugin makes: its descriptor (what the factory lists) and its setup. */
typedef struct component_class {
    pop_descriptor_t descriptor;
    setup_fn setup;
} component_class_t;

#define DESCRIPTOR(id_, name_, description_, features_)                                                \
    {                                                                                                  \
        .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_descriptor_t), .id = id_,           \
        .name = name_, .vendor = "pophost", .version = "1.0.0", .description = description_,           \
        .features = features_,                                                                         \
    }

/* ---- handlers: shared parts ----------------------------------------------------------------------- */

static uint32_t handler_action_count(const pop_handler_t *self) {
    const instance_t *instance = instance_of(&self->component);
    return instance ? instance->action_count : 0;
}

static const pop_action_t *handler_get_action(const pop_handler_t *self, uint32_t index) {
    const instance_t *instance = instance_of(&self->component);
    return instance && index < instance->action_count ? &instance->actions[index] : NULL;
}

/* An action entry. `function` is called through libffi exactly as `signature` declares, so the C
 * prototype of the function must match the signature parameter for parameter (ptr = a pointer,
 * str = const char *, f64 = double, bool = bool, ...). The ABI stores it as `void *`: ISO C leaves
 * that conversion undefined (-Wpedantic warns), POSIX requires it to work. */
#define ACTION(name_, signature_, function_)                                                           \
    {                                                                                                  \
        .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_action_t), .name = name_,           \
        .signature = signature_, .function = (void *)(function_),                                      \
    }

/* ---- com.pophost.samples.c.high-priority-handler ------------------------------------------------- */

static void high_priority_get_options(const pop_handler_t *self, const pop_value_t *data,
                                      pop_request_options_t *options) {
    (void)self;
    (void)data;
    options->priority = POP_PRIORITY_HIGH;
    options->policy = POP_POLICY_OVERRIDE; /* show now, preempting a lower-priority popup */
}

/* "i32(request:i64, data.title:str)": 0 keeps the popup on screen. */
static int32_t high_priority_details(int64_t request, const char *title) {
    plugin_log(POP_LOG_INFO, "high-priority-handler: details for request %" PRId64 ", title \"%s\"", request, title);
    return 0;
}

static const pop_action_t high_priority_actions[] = {
    ACTION("details", "i32(request:i64, data.title:str)", high_priority_details),
};

static void setup_high_priority_handler(instance_t *self) {
    self->iface.handler.get_options = high_priority_get_options;
    self->iface.handler.action_count = handler_action_count;
    self->iface.handler.get_action = handler_get_action;
    self->actions = high_priority_actions;
    self->action_count = COUNT_OF(high_priority_actions);
}

/* ---- com.pophost.samples.c.payment-handler ------------------------------------------------------- */

static void payment_get_options(const pop_handler_t *self, const pop_value_t *data, pop_request_options_t *options) {
    (void)self;
    (void)data;
    options->priority = POP_PRIORITY_HIGH;
    options->policy = POP_POLICY_OVERRIDE;
    options->dedupe_key = "payment"; /* one payment dialog at a time; the host copies the key */
}

/* A payment in progress must not be hidden by a stray tap, a swipe or the app's hide-all. */
static bool payment_should_dismiss(const pop_handler_t *self, pop_reason_t reason) {
    (void)self;
    switch (reason) {
    case POP_REASON_BACKGROUND_TAP:
    case POP_REASON_SWIPE:
    case POP_REASON_HIDE_ALL:
        plugin_log(POP_LOG_INFO, "payment-handler: refused to dismiss (%s)", reason_name(reason));
        return false;
    default:
        return true;
    }
}

static void payment_finished(const pop_handler_t *self, pop_outcome_t outcome, pop_reason_t reason) {
    const instance_t *instance = instance_of(&self->component);
    plugin_log(POP_LOG_INFO, "payment-handler: finished, %s (%s), %" PRIu32 " wrong password(s)",
               outcome == POP_FINISHED_DISMISSED ? "dismissed" : "cancelled", reason_name(reason),
               instance ? instance->attempts : 0);
}

static bool is_six_ascii_digits(const char *text) {
    if (!text) return false;
    for (int i = 0; i < 6; i++)
        if (text[i] < '0' || text[i] > '9') return false; /* also stops at an early NUL */
    return text[6] == '\0';
}

/* "bool(self:ptr, field.password:str, data.amount:f64)": true dismisses the dialog. */
static bool payment_confirm(const pop_handler_t *self, const char *password, double amount) {
    instance_t *instance = self ? instance_of(&self->component) : NULL;
    if (is_six_ascii_digits(password)) {
        plugin_log(POP_LOG_INFO, "payment-handler: confirmed a payment of %.2f", amount);
        return true;
    }
    if (instance) instance->attempts++;
    /* Never log the password itself. */
    plugin_log(POP_LOG_INFO, "payment-handler: wrong password for a payment of %.2f (attempt %" PRIu32 ")", amount,
               instance ? instance->attempts : 0);
    return false;
}

/* "void(action:str)": a void action always dismisses. */
static void payment_cancel(const char *action) {
    plugin_log(POP_LOG_INFO, "payment-handler: \"%s\": payment cancelled", action);
}

/* "i32(request:i64, data.order:str)": 0 keeps the dialog on screen. */
static int32_t payment_forgot(int64_t request, const char *order) {
    plugin_log(POP_LOG_INFO, "payment-handler: forgot password (request %" PRId64 ", order \"%s\")", request, order);
    return 0;
}

static const pop_action_t payment_actions[] = {
    ACTION("confirm", "bool(self:ptr, field.password:str, data.amount:f64)", payment_confirm),
    ACTION("cancel", "void(action:str)", payment_cancel),
    ACTION("forgot", "i32(request:i64, data.order:str)", payment_forgot),
};

static void setup_payment_handler(instance_t *self) {
    self->iface.handler.get_options = payment_get_options;
    self->iface.handler.should_dismiss = payment_should_dismiss;
    self->iface.handler.finished = payment_finished;
    self->iface.handler.action_count = handler_action_count;
    self->iface.handler.get_action = handler_get_action;
    self->actions = payment_actions;
    self->action_count = COUNT_OF(payment_actions);
}

/* ---- com.pophost.samples.c.promotion-handler ---------------------------------------------------- */

static void promotion_get_options(const pop_handler_t *self, const pop_value_t *data, pop_request_options_t *options) {
    (void)self;
    options->priority = POP_PRIORITY_LOW;
    options->policy = POP_POLICY_ENQUEUE;              /* wait until the layer is free */
    options->when_preempted = POP_PREEMPTED_REQUEUE;   /* come back after a preemption */
    options->time_to_live = 30;                        /* seconds in the queue */
    options->dedupe_key = data_string(data, "campaign", NULL); /* one per campaign; the host copies it */
}

/* How long the promotion's eligibility check takes, in seconds of virtual time. */
#define PROMOTION_CHECK_DELAY 0.25

/* ABI 1.1: the answer is a pop_completion_t, kept by value and answered when the (simulated)
 * eligibility check is done: PROMOTION_CHECK_DELAY later on the host's clock, or from on_main_thread
 * when the host has no timer. Only an explicit "eligible": false vetoes. */
static void promotion_should_present(const pop_handler_t *self, const pop_value_t *data, pop_completion_t answer) {
    bool present = data_bool(data, "eligible", true);
    if (complete_after(self ? instance_of(&self->component) : NULL, PROMOTION_CHECK_DELAY, answer, present)) return;
    if (!complete_later(answer, present)) pop_complete(answer, present); /* cannot defer: answer now */
}

static void setup_promotion_handler(instance_t *self) {
    self->iface.handler.get_options = promotion_get_options;
    self->iface.handler.should_present_ex = promotion_should_present;
}

/* ---- content by meaning ("pop.content_style/1") ---------------------------------------------------
 *
 * The text written just before follows the person's text size as `style` does, and, unless `color`
 * is negative, the appearance as the semantic colour `color` does. Each call names the style whose
 * size at the default text size, and the colour whose light value, equal what the text is written
 * with: in light at the default size the popup looks exactly as without the extension. */

static void style_text(const pop_content_builder_t *b, pop_text_style_t style, pop_semantic_color_t color) {
    if (!plugin.style) return;
    plugin.style->text_style(b, style);
    if (color >= 0) plugin.style->foreground(b, color);
}

/* Text written in a colour no semantic colour has in light, and unreadable on the dark background
 * (`pophost test`'s a11y.contrast): built in dark, it takes the semantic colour `color` instead. */
static void dark_foreground(const pop_content_builder_t *b, pop_semantic_color_t color) {
    pop_traits_t traits = {.abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_traits_t)};
    if (plugin.style && plugin.traits && plugin.traits->get(plugin.host, &traits) && traits.appearance == POP_APPEARANCE_DARK)
        plugin.style->foreground(b, color);
}

/* The node closed just before gets the semantic background `color` (its light value is what the
 * fixed background written before it is). */
static void style_background(const pop_content_builder_t *b, pop_semantic_color_t color) {
    if (plugin.style) plugin.style->background(b, color);
}

/* ---- com.pophost.samples.c.test-view ------------------------------------------------------------- */

static bool test_view_build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    b->begin_vstack(b, 12, POP_ALIGN_CENTER);
    b->text(b, data_string(data, "title", "CSPopKit"), 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0);
    style_text(b, POP_TEXT_STYLE_HEADLINE, POP_COLOR_LABEL);
    b->text(b, data_string(data, "message", "Composed from a handler, a view loader and a controller loader."), 13,
            POP_WEIGHT_REGULAR, 0x333333FF, POP_ALIGN_CENTER, 0);
    style_text(b, POP_TEXT_STYLE_FOOTNOTE, -1); /* no semantic colour is #333333 in light: it stays */
    dark_foreground(b, POP_COLOR_LABEL);        /* #333333 on the dark background is 1.34:1 */
    b->begin_hstack(b, 8, POP_ALIGN_FILL);
    b->button(b, "Details", POP_BUTTON_PLAIN, "details"); /* the handler's action */
    b->button(b, "OK", POP_BUTTON_DEFAULT, "pop.dismiss"); /* a host action: dismisses */
    b->end(b);
    b->end(b);
    /* Modifiers apply to the vstack just closed. */
    b->padding(b, 20, 20, 20, 20);
    b->background(b, 0xFFFFFFFF);
    style_background(b, POP_COLOR_SYSTEM_BACKGROUND);
    b->corner_radius(b, 16);
    return true;
}

static void setup_test_view(instance_t *self) {
    self->iface.view_loader.build = test_view_build;
}

/* ---- com.pophost.samples.c.payment-view ---------------------------------------------------------- */

static bool payment_view_build(const pop_view_loader_t *self, const pop_value_t *data,
                               const pop_content_builder_t *b) {
    (void)self;
    char amount[64];
    snprintf(amount, sizeof amount, "$%.2f", data_number(data, "amount", 0)); /* dollars, as the app's orders */

    b->begin_vstack(b, 12, POP_ALIGN_FILL);
    b->text(b, "Payment", 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 1);
    style_text(b, POP_TEXT_STYLE_HEADLINE, POP_COLOR_LABEL);
    b->text(b, amount, 28, POP_WEIGHT_BOLD, 0x000000FF, POP_ALIGN_CENTER, 1);
    style_text(b, POP_TEXT_STYLE_TITLE1, POP_COLOR_LABEL);
    b->text_field(b, "password", "6-digit password", true); /* actions read it as field.password */
    b->begin_hstack(b, 8, POP_ALIGN_FILL);
    b->button(b, "Cancel", POP_BUTTON_CANCEL, "cancel");
    b->button(b, "Confirm", POP_BUTTON_DEFAULT, "confirm");
    b->end(b);
    b->button(b, "Forgot password?", POP_BUTTON_PLAIN, "forgot");
    b->end(b);
    b->padding(b, 20, 20, 20, 20);
    b->background(b, 0xFFFFFFFF);
    style_background(b, POP_COLOR_SYSTEM_BACKGROUND);
    b->corner_radius(b, 14);
    return true;
}

static void setup_payment_view(instance_t *self) {
    self->iface.view_loader.build = payment_view_build;
}

/* ---- com.pophost.samples.c.pop-controller -------------------------------------------------------- */

/* CSPopKit's [CSPopTheme defaultTheme]. */
static void pop_controller_configure(const pop_controller_loader_t *self, const pop_value_t *data,
                                     pop_presentation_t *p) {
    (void)self;
    (void)data;
    p->style = POP_STYLE_ALERT;
    p->mask = POP_MASK_DIMMED;
    p->dim_color = 0x000000B3; /* black at 0.7 */
    p->corner_radius = 16;
    p->width_mode = POP_WIDTH_MAXIMUM;
    p->width = 280;
    p->show_duration = 0.6;
    p->hide_duration = 0.6;
    p->dismiss_on_background_tap = false;
    p->show_animation = POP_SHOW_SLIDE_FROM_TOP_ANGLE_BOUNCE;
    p->hide_animation = POP_HIDE_SLIDE_TO_BOTTOM_ANGLE;
    p->offset_x = 0;
    p->offset_y = 0;
}

static void setup_pop_controller(instance_t *self) {
    self->iface.controller_loader.configure = pop_controller_configure;
}

/* ---- com.pophost.samples.c.custom-animation-controller -------------------------------------------
 *
 * Its animations come through the extension "pop.animation/1" (ext/animation.h): each is given a
 * pop_completion_t `done`, a value that stays safe to call, so finishing later is a matter of
 * queueing it (complete_later) — and nothing has to be forgotten when the instance is destroyed. */

static void custom_animation_configure(const pop_controller_loader_t *self, const pop_value_t *data,
                                       pop_presentation_t *p) {
    (void)self;
    (void)data;
    p->style = POP_STYLE_ALERT;
    p->show_duration = 0.4; /* ctx->duration of animate_show */
    p->hide_duration = 0.3; /* ctx->duration of animate_hide */
}

/* Pops in: from ctx->from, the state the host shows the popup in before a custom show (its final
 * frame, transparent; keyframes start from the current state, so there is nothing to set), it
 * overshoots to 1.1 while fading in, then springs back to 1. Finishes when its keyframes end, on the
 * host's clock (or from on_main_thread when the host has no timer). */
static bool custom_animation_show(const pop_controller_loader_t *self, const pop_animation_context_t *ctx,
                                  pop_completion_t done) {
    /* Returning false (without calling done) gives the presentation's own animation. */
    if (!ctx || !ctx->animate) return false;

    const double grow = ctx->duration * 0.6, settle = ctx->duration - grow;
    pop_visual_state_t to = {
        .frame = ctx->final_frame, .alpha = 1, .scale = 1.1, .rotation = 0, .dim_alpha = 0.35,
    };
    ctx->animate(ctx, 0, grow, POP_CURVE_EASE_OUT, &to);
    to.scale = 1.0;
    ctx->animate(ctx, grow, settle, POP_CURVE_SPRING, &to); /* starts when the first keyframe ends */

    if (complete_after(self ? instance_of(&self->component) : NULL, ctx->duration, done, true)) return true;
    if (!complete_later(done, true)) pop_complete(done, true); /* cannot defer: finish now */
    return true;
}

/* Fades and shrinks away, and finishes right away (synchronously). */
static bool custom_animation_hide(const pop_controller_loader_t *self, const pop_animation_context_t *ctx,
                                  pop_completion_t done) {
    (void)self;
    if (!ctx || !ctx->animate) return false;
    const pop_visual_state_t to = {
        .frame = ctx->from.frame, .alpha = 0, .scale = 0.8, .rotation = ctx->from.rotation, .dim_alpha = 0,
    };
    ctx->animate(ctx, 0, ctx->duration, POP_CURVE_EASE_IN, &to);
    pop_complete(done, true);
    return true;
}

static const pop_animation_ext_t custom_animation_ext = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_animation_ext_t),
    .animate_show = custom_animation_show,
    .animate_hide = custom_animation_hide,
};

static void setup_custom_animation_controller(instance_t *self) {
    self->iface.controller_loader.configure = custom_animation_configure;
    self->animation = &custom_animation_ext;
}

/* ---- com.pophost.samples.c.bottom-controller ------------------------------------------------------
 *
 * Its layout comes through the extension "pop.layout/1" (ext/layout.h): the host's frame, moved down
 * to the bottom of the space it may use, which lies above the keyboard when one is up. */

static void bottom_configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *p) {
    (void)self;
    (void)data;
    p->style = POP_STYLE_ALERT;
    p->dismiss_on_background_tap = true;
    p->show_animation = POP_SHOW_SLIDE_FROM_BOTTOM;
    p->hide_animation = POP_HIDE_SLIDE_TO_BOTTOM;
}

static bool bottom_layout(const pop_controller_loader_t *self, const pop_layout_context_t *ctx, pop_rect_t *frame) {
    (void)self;
    if (!ctx || !frame) return false;
    *frame = ctx->default_frame; /* centred horizontally, as wide as its content */
    frame->y = ctx->container.y + ctx->container.height - frame->height;
    return true;
}

static const pop_layout_ext_t bottom_layout_ext = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_layout_ext_t),
    .layout = bottom_layout,
};

static void setup_bottom_controller(instance_t *self) {
    self->iface.controller_loader.configure = bottom_configure;
    self->layout = &bottom_layout_ext;
}

/* ---- com.pophost.samples.c.share-sheet-controller -------------------------------------------------
 *
 * A share sheet through "pop.sheet/1" (ext/sheet.h): medium and large, with a grabber; up to medium
 * it is undimmed and the app behind it takes touches. It logs what the user does with it. */

static void share_sheet_configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *p) {
    (void)self;
    (void)data;
    p->style = POP_STYLE_SHEET;
    p->dismiss_on_background_tap = true; /* a tap on the dimming above medium dismisses it */
}

static void share_sheet_configure_sheet(const pop_controller_loader_t *self, const pop_value_t *data, pop_sheet_config_t *config) {
    (void)self;
    config->detent_count = 2;
    config->detents[0] = POP_DETENT_MEDIUM;
    config->detents[1] = POP_DETENT_LARGE;
    config->selected_detent = data_bool(data, "large", false) ? POP_DETENT_LARGE : POP_DETENT_MEDIUM;
    config->largest_undimmed_detent = POP_DETENT_MEDIUM;
    config->prefers_grabber_visible = true;
}

static void sheet_detent_changed(const pop_controller_loader_t *self, const char *detent) {
    (void)self;
    plugin_log(POP_LOG_INFO, "sheet moved to %s", detent);
}

static void sheet_did_attempt_to_dismiss(const pop_controller_loader_t *self) {
    (void)self;
    plugin_log(POP_LOG_INFO, "sheet stays: its dismissal was refused");
}

static const pop_sheet_ext_t share_sheet_ext = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_sheet_ext_t),
    .configure_sheet = share_sheet_configure_sheet,
    .detent_changed = sheet_detent_changed,
    .did_attempt_to_dismiss = sheet_did_attempt_to_dismiss,
};

static void setup_share_sheet_controller(instance_t *self) {
    self->iface.controller_loader.configure = share_sheet_configure;
    self->sheet = &share_sheet_ext;
}

/* ---- com.pophost.samples.c.popover-controller ----------------------------------------------------
 *
 * An adaptive popover: 320 x 220 below (or beside) a 44-point button at (source_x, source_y) in
 * regular width; a sheet in compact width, at a custom "compact" detent (260 points, or the
 * maximum when less) or large, with a grabber. */

static void popover_configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *p) {
    (void)self;
    (void)data;
    p->style = POP_STYLE_POPOVER;
}

static void popover_configure_sheet(const pop_controller_loader_t *self, const pop_value_t *data, pop_sheet_config_t *config) {
    (void)self;
    config->detent_count = 2;
    config->detents[0] = "compact";
    config->detents[1] = POP_DETENT_LARGE;
    config->prefers_grabber_visible = true;
    config->preferred_content_width = 320;
    config->preferred_content_height = 220;
    config->has_source_rect = true;
    config->source_rect = (pop_rect_t){data_number(data, "source_x", 900), data_number(data, "source_y", 40), 44, 44};
    config->permitted_arrow_directions = POP_ARROW_UP | POP_ARROW_DOWN;
}

static bool popover_resolve_detent(const pop_controller_loader_t *self, const char *detent, double maximum, double *height) {
    (void)self;
    if (!detent || !height || strcmp(detent, "compact") != 0) return false;
    *height = maximum < 260 ? maximum : 260;
    return true;
}

static const pop_sheet_ext_t popover_sheet_ext = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_sheet_ext_t),
    .configure_sheet = popover_configure_sheet,
    .resolve_detent = popover_resolve_detent,
    .detent_changed = sheet_detent_changed,
};

static void setup_popover_controller(instance_t *self) {
    self->iface.controller_loader.configure = popover_configure;
    self->sheet = &popover_sheet_ext;
}

/* ---- descriptors and factories ------------------------------------------------------------------ */

static const char *const high_priority_features[] = {"priority-high", NULL};
static const char *const payment_handler_features[] = {"payment", "priority-high", "dedupe", "veto-dismiss", NULL};
static const char *const test_view_features[] = {"alert", "text", "buttons", NULL};
static const char *const payment_view_features[] = {"alert", "secure-input", "buttons", NULL};
static const char *const pop_controller_features[] = {"alert", "dimmed", NULL};
static const char *const promotion_features[] = {"priority-low", "enqueue", "requeue", "dedupe", "async-should-present", NULL};
static const char *const custom_animation_features[] = {"alert", "custom-animation", NULL};
static const char *const bottom_features[] = {"alert", "custom-layout", NULL};
static const char *const share_sheet_features[] = {"sheet", "detents", "undimmed", NULL};
static const char *const popover_features[] = {"popover", "adaptive", "custom-detent", NULL};

static const pop_descriptor_t plugin_descriptor = DESCRIPTOR(
    "com.pophost.samples.c", "pophost C sample",
    "CSPopKit's example trio in plain C: a high-priority handler, a test view and a pop controller; "
    "plus a payment password dialog, a promotion decided later, controllers with their own "
    "animation and layout, a share sheet and an adaptive popover.",
    NULL);

/* In each factory the original trio member comes first; new components are appended. */
static const component_class_t handler_classes[] = {
    {DESCRIPTOR("com.pophost.samples.c.high-priority-handler", "High-priority handler",
                "Shows at high priority and preempts lower-priority popups.", high_priority_features),
     setup_high_priority_handler},
    {DESCRIPTOR("com.pophost.samples.c.payment-handler", "Payment handler",
                "Confirms a payment with a 6-digit password and cannot be hidden while it is in progress.",
                payment_handler_features),
     setup_payment_handler},
    {DESCRIPTOR("com.pophost.samples.c.promotion-handler", "Promotion handler",
                "A low-priority promotion: queued, requeued when preempted, one per campaign, decided later.",
                promotion_features),
     setup_promotion_handler},
};

static const component_class_t view_loader_classes[] = {
    {DESCRIPTOR("com.pophost.samples.c.test-view", "Test view", "A title, a message and two buttons.",
                test_view_features),
     setup_test_view},
    {DESCRIPTOR("com.pophost.samples.c.payment-view", "Payment password dialog",
                "The amount, a secure 6-digit password field and confirm, cancel and forgot-password buttons.",
                payment_view_features),
     setup_payment_view},
};

static const component_class_t controller_loader_classes[] = {
    {DESCRIPTOR("com.pophost.samples.c.pop-controller", "Pop controller",
                "Presents the content as a centred alert over a dimmed background.", pop_controller_features),
     setup_pop_controller},
    {DESCRIPTOR("com.pophost.samples.c.custom-animation-controller", "Custom animation controller",
                "An alert that pops in with its own keyframes, finished when they end, and shrinks away.",
                custom_animation_features),
     setup_custom_animation_controller},
    {DESCRIPTOR("com.pophost.samples.c.bottom-controller", "Bottom controller",
                "An alert pinned to the bottom of the screen by its own layout, sliding in and out.", bottom_features),
     setup_bottom_controller},
    {DESCRIPTOR("com.pophost.samples.c.share-sheet-controller", "Share sheet controller",
                "A sheet at medium and large with a grabber; undimmed at medium, so the app stays usable.",
                share_sheet_features),
     setup_share_sheet_controller},
    {DESCRIPTOR("com.pophost.samples.c.popover-controller", "Popover controller",
                "A popover anchored to a button in regular width; a sheet with a custom detent on a phone.",
                popover_features),
     setup_popover_controller},
};

/* One factory per kind: the table the host sees, its components and the size of its kind struct. */
typedef struct sample_factory {
    pop_component_factory_t factory; /* first member: the host sees only this */
    const component_class_t *classes;
    uint32_t count;
    uint32_t kind_size;
} sample_factory_t;

static uint32_t factory_count(const pop_component_factory_t *factory) {
    return ((const sample_factory_t *)factory)->count;
}

static const pop_descriptor_t *factory_get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    const sample_factory_t *self = (const sample_factory_t *)factory;
    return index < self->count ? &self->classes[index].descriptor : NULL;
}

static const pop_component_t *factory_create(const pop_component_factory_t *factory, const pop_host_t *host,
                                             const char *component_id) {
    (void)host; /* the same table init() received, which the plugin keeps */
    const sample_factory_t *self = (const sample_factory_t *)factory;
    const component_class_t *found = NULL;
    for (uint32_t i = 0; i < self->count && !found; i++)
        if (component_id && strcmp(self->classes[i].descriptor.id, component_id) == 0) found = &self->classes[i];
    if (!found) return NULL;

    instance_t *instance = calloc(1, sizeof(*instance)); /* zero: unset functions are NULL */
    if (!instance) {
        plugin_log(POP_LOG_ERROR, "%s: out of memory", found->descriptor.id);
        return NULL;
    }
    instance->iface.component = (pop_component_t){
        .abi_version = POP_VERSION_INIT,
        .struct_size = self->kind_size,   /* sizeof the kind struct, not of the union */
        .desc = &found->descriptor,       /* the pointer get_descriptor returns */
        .component_data = instance,
        .destroy = instance_destroy,
        .get_extension = instance_get_extension,
    };
    found->setup(instance);
    return &instance->iface.component;
}

#define SAMPLE_FACTORY(classes_, kind_type)                                                            \
    {                                                                                                  \
        .factory = {.abi_version = POP_VERSION_INIT,                                                   \
                    .struct_size = sizeof(pop_component_factory_t),                                    \
                    .count = factory_count,                                                            \
                    .get_descriptor = factory_get_descriptor,                                          \
                    .create = factory_create},                                                         \
        .classes = classes_, .count = COUNT_OF(classes_), .kind_size = sizeof(kind_type),              \
    }

static const sample_factory_t handler_factory = SAMPLE_FACTORY(handler_classes, pop_handler_t);
static const sample_factory_t view_loader_factory = SAMPLE_FACTORY(view_loader_classes, pop_view_loader_t);
static const sample_factory_t controller_loader_factory =
    SAMPLE_FACTORY(controller_loader_classes, pop_controller_loader_t);

/* ---- entry -------------------------------------------------------------------------------------- */

/* Counted: the first call sets up, later ones only count. */
static bool plugin_init(const pop_host_t *host, const char *plugin_path) {
    (void)plugin_path;
    if (!host) return false;
    if (plugin.init_count == 0) {
        plugin.host = host;
        plugin.log = host->get_extension ? host->get_extension(host, POP_HOST_EXT_LOG) : NULL;
        plugin.value = host->get_extension ? host->get_extension(host, POP_HOST_EXT_VALUE) : NULL;
        plugin.timer = host->get_extension ? host->get_extension(host, POP_HOST_EXT_TIMER) : NULL;
        plugin.style = host->get_extension ? host->get_extension(host, POP_HOST_EXT_CONTENT_STYLE) : NULL;
        plugin.traits = host->get_extension ? host->get_extension(host, POP_HOST_EXT_TRAITS) : NULL;
        if (!plugin.value) plugin_log(POP_LOG_WARNING, "no \"" POP_HOST_EXT_VALUE "\": request data is ignored");
    }
    plugin.init_count++;
    return true;
}

/* The last call tears down: no component is alive any more, and the host must not be called again. */
static void plugin_deinit(void) {
    if (plugin.init_count == 0) return;
    if (--plugin.init_count == 0) memset(&plugin, 0, sizeof plugin);
}

/* [thread-safe] Constant JSON per component (ext/sample_data.h); NULL: none, show it with empty data. */
static const char *sample_data_get(const pop_sample_data_factory_t *factory, const char *component_id) {
    (void)factory;
    if (!component_id) return NULL;
    if (strcmp(component_id, "com.pophost.samples.c.payment-view") == 0)
        return "[{\"name\": \"Order A-1001\", \"data\": {\"amount\": 42.5, \"order\": \"A-1001\"}},"
               " {\"name\": \"Large amount\", \"data\": {\"amount\": 12999.99, \"order\": \"B-7\"}}]";
    if (strcmp(component_id, "com.pophost.samples.c.test-view") == 0)
        return "[{\"name\": \"CSPopKit\", \"data\": {\"title\": \"CSPopKit\","
               " \"message\": \"Composed from a handler, a view loader and a controller loader.\"}}]";
    return NULL;
}

static const pop_sample_data_factory_t sample_data_factory = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_sample_data_factory_t), .get = sample_data_get};

static const void *plugin_get_factory(const char *factory_id) {
    if (!factory_id) return NULL;
    if (strcmp(factory_id, POP_FACTORY_HANDLER) == 0) return &handler_factory.factory;
    if (strcmp(factory_id, POP_FACTORY_VIEW_LOADER) == 0) return &view_loader_factory.factory;
    if (strcmp(factory_id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controller_loader_factory.factory;
    if (strcmp(factory_id, POP_FACTORY_SAMPLE_DATA) == 0) return &sample_data_factory;
    return NULL; /* no reformers in this plugin */
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_plugin_entry_t),
    .plugin = &plugin_descriptor,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .get_factory = plugin_get_factory,
    .on_main_thread = plugin_on_main_thread, /* delivers the completions queued without a timer */
};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
