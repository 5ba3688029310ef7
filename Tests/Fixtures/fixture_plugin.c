/* A test plugin whose every defect is switched on by a -D flag, so the test suite builds its corpus
 * of broken plugins from this one source with `cc` at test time (see PluginFixtures.swift).
 * Without flags it is a small valid plugin with one handler, one view loader and one controller
 * loader, written with ABI 1.0's functions only: it also compiles against the released 1.0 headers
 * (Tests/Fixtures/abi-1.0/include), except with the flags that use ABI 1.1 (marked 1.1 below).
 *
 *   FIX_PLUGIN_ID="..."     the plugin id (default "com.pophost.fixture")
 *   FIX_MAJOR=N, FIX_MINOR=N the ABI version every struct it hands over claims
 *   FIX_ENTRY_SIZE=N        the entry's struct_size
 *   FIX_NULL_ENTRY          the entry function returns NULL
 *   FIX_NO_ENTRY            the entry is exported under another name
 *   FIX_MISSING_ID          the handler descriptor has no id
 *   FIX_BAD_ID              the handler descriptor id is not reverse-DNS
 *   FIX_BAD_UTF8_NAME       the view loader's name is not valid UTF-8
 *   FIX_DUPLICATE_ID        the view loader reuses the handler's id
 *   FIX_UNRESOLVED          init calls a function no library defines
 *   FIX_SEGV_IN_INIT        init dereferences NULL
 *   FIX_HANG_IN_INIT        init never returns
 *   FIX_INIT_FAILS          init returns false
 *   FIX_MARKER              a constructor appends a line to $POPHOST_FIXTURE_MARKER when loaded
 *   FIX_ANSWER_TWICE        should_present answers true, then again
 *   FIX_ANSWER_NEVER        should_present never answers
 *   FIX_BAD_SIGNATURE       the handler declares an action whose signature cannot be satisfied
 *   FIX_DONE_TWICE          the controller's show animation calls its completion twice
 *   FIX_DONE_NEVER          the controller's show animation never calls its completion
 *   FIX_BAD_CONTENT         the view loader builds content with a negative text size
 *   FIX_LAYOUT              the controller's layout hook pins the popup to the container's top
 *   FIX_BAD_LAYOUT          the controller's layout hook returns a frame with a NaN origin
 *   FIX_UNDECLARED_ACTION   the view's Go button names the action "goo", which the handler does not declare
 *   FIX_MISSING_FIELD       the action "go" reads field.pin, and the view has no text field "pin"
 *   FIX_NO_GO_BUTTON        the view has no Go button (only OK, the host action pop.dismiss)
 * ABI 1.1 (compile against Sources/PluginABI/include):
 *   FIX_COMPLETE_TWICE      should_present_ex calls its pop_completion_t twice
 *   FIX_COMPLETE_AFTER_END  should_present_ex answers; finished() calls the same completion again
 *   FIX_STALE_TOKEN         should_present_ex first calls (with a veto) the completion it kept from
 *                           the handler's previous request, then answers its own
 *   FIX_FORGED_TOKEN        should_present_ex first calls (with a veto) a token the host never
 *                           issued, then answers its own
 *   FIX_EXT_ANIMATION       the controller offers "pop.animation/1" (one keyframe, then done) besides
 *                           its 1.0 animate_show (no keyframe, then done): the extension must win
 *   FIX_EXT_LAYOUT          the controller offers "pop.layout/1" (pins the popup to the container's
 *                           top) besides a 1.0 layout that returns NaN: the extension must win
 *   FIX_BAD_EXTENSION       the controller's "pop.animation/1" table claims a struct_size of 8
 * Misbehaviours for the conformance harness (`pophost test`):
 *   FIX_CRASH_IN_CALLBACK   the handler's did_present dereferences NULL
 *   FIX_CRASH_IN_ACTION     the action "go" dereferences NULL
 *   FIX_EXIT_IN_ACTION      the action "go" calls exit(0)
 *   FIX_ABORT_IN_ACTION     the action "go" calls abort()
 *   FIX_OVERFLOW_IN_ACTION  the action "go" recurses until the stack overflows
 *   FIX_CLOSE_STDIO_IN_ACTION the action "go" closes descriptors 0, 1 and 2, then works as usual
 *   FIX_CRASH_IN_ANIMATION  the controller's show animation dereferences NULL
 *   FIX_ANSWER_FROM_THREAD  should_present_ex answers (yes) from a thread of its own, 20 ms later
 *   FIX_CALLBACK_FROM_THREAD should_present_ex starts a thread that asks for on_main_thread 20 ms later;
 *                           on_main_thread answers (yes)
 *   FIX_CRASH_IN_INIT_AFTER="path" init dereferences NULL once the file `path` exists (so the scanner
 *                           accepts the library before it does, and a plugin host started after crashes)
 *   FIX_HANG_SHOULD_PRESENT should_present never returns
 *   FIX_HANG_SHOULD_DISMISS should_dismiss never returns
 *   FIX_EXTRA_EXPORTS       exports two helper functions besides the entry
 *   FIX_DESC_MISMATCH       instances point at the plugin descriptor, not their factory's
 *   FIX_STRUCT_SIZE_LIE     instances claim a struct_size of 8
 *   FIX_MUTATE_HOST_DATA    init overwrites host->host_data
 *   FIX_BAD_UTF8_TEXT       the view's text is not valid UTF-8
 *   FIX_NAN_CONTENT         the view's text size is NaN
 *   FIX_DEEP_CONTENT        the view nests 40 stacks
 *   FIX_LEAK                destroy frees nothing
 *   FIX_WRONG_THREAD        build calls the content builder from a thread of its own
 *   FIX_INIT_THREAD         init starts a thread that outlives it
 *   FIX_ANY_FACTORY         get_factory returns the handler factory for any unknown id outside "pop.factory."
 *                           (so the registry, which asks only for those, still loads it)
 *   FIX_LOOSE_FACTORY_ID    get_factory compares only the length of a known id (trailing garbage passes)
 *   FIX_NOISY_INIT          init prints to standard output
 *   FIX_SLOW_INIT           init sleeps 150 ms
 *   FIX_INIT_ONCE           a second init without deinit returns false
 *   FIX_ANY_EXTENSION       components return an extension for any id
 *   FIX_BIG_CONTENT         the view adds 250 texts of 5000 bytes (1.25 MB of content: more than one
 *                           MiB must cross a plugin host's channel)
 *   FIX_ABORT_IN_BUILD      the view's build calls abort()
 *   FIX_ABORT_IN_EXTENSION  the controller's get_extension calls abort()
 *   FIX_CRASH_IN_DEINIT_AFTER="path" deinit dereferences NULL once the file `path` exists
 *   FIX_ODD_OPTIONS         the handler's get_options sets the priority 2000, the policy 7 and a NaN time_to_live
 *   FIX_SLOW_SHOW           the controller's configure sets a show duration of 100 s
 *   FIX_REUSE_INSTANCE      create returns the instance it made last while that one is alive, whatever
 *                           the id (so the view loader's create returns the live handler)
 *   FIX_NEEDS_LOG           init logs through pop.log/1 without checking that the host offers it
 * Hostile plugins (issue 18):
 *   FIX_FORGE_PROTOCOL      init writes made-up scanner and harness answers on descriptor 3, then _exit(0)
 *   FIX_LATE_CRASH_THREAD   init starts a thread that dereferences NULL FIX_CRASH_DELAY_MS (300) ms later
 *   FIX_INIT_SLEEP_MS=N     init sleeps N ms
 *   FIX_FORK_IN_INIT        init forks a process that keeps every descriptor open and sleeps; its pid goes
 *                           to $POPHOST_FIXTURE_PIDFILE when that is set
 *   FIX_RAISE_IN_ENTRY      the entry function raises SIGSEGV
 *   FIX_SPIN_IN_ENTRY       the entry function never returns
 *   FIX_CLOSE_STDIO         init closes descriptors 0, 1 and 2
 *   FIX_NULL_INIT           the entry's init is NULL
 *   FIX_NULL_GET_FACTORY    the entry's get_factory is NULL
 *   FIX_NO_COUNT            the factories have no count function
 *   FIX_FACTORY_SIZE=N      the factories' struct_size
 *   FIX_FACTORY_MAJOR=N     the factories' ABI major version
 *   FIX_DESCRIPTOR_MINOR=N  the component descriptors' ABI minor version
 *   FIX_ESCAPES             the plugin's name and description hold terminal escape sequences, and init
 *                           logs one through pop.log/1
 *
 * Plugins that detach processes or print (issue 25):
 *   FIX_DETACH_IN_INIT      init starts a daemon the classic way (fork, setsid, fork again; the middle
 *                           process exits), which closes every descriptor and sleeps 120 s; its pid goes
 *                           to $POPHOST_FIXTURE_PIDFILE when that is set, before init returns
 *   FIX_DETACH_IN_ACTION    the action "go" does the same, first
 *   FIX_DETACH_IN_BUILD     the view's build does the same, first
 *   FIX_WRITE_IN_INIT       init writes a line to descriptor 1 with write(2)
 *
 * The components (ids FIX_PLUGIN_ID + ".handler", ".view", ".controller") are otherwise well behaved:
 * the view is a text and an OK button (the host action "pop.dismiss"). */
#define _DEFAULT_SOURCE /* usleep, pause */
#include <pophost/pophost.h>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef FIX_PLUGIN_ID
#define FIX_PLUGIN_ID "com.pophost.fixture"
#endif
#ifndef FIX_MAJOR
#define FIX_MAJOR POP_VERSION_MAJOR
#endif
#ifndef FIX_MINOR
#define FIX_MINOR POP_VERSION_MINOR
#endif
#ifndef FIX_ENTRY_SIZE
#define FIX_ENTRY_SIZE sizeof(pop_plugin_entry_t)
#endif
#define FIX_VERSION_INIT {FIX_MAJOR, FIX_MINOR, 0}
#ifndef FIX_FACTORY_SIZE
#define FIX_FACTORY_SIZE sizeof(pop_component_factory_t)
#endif
#ifndef FIX_FACTORY_MAJOR
#define FIX_FACTORY_MAJOR FIX_MAJOR
#endif
#ifndef FIX_DESCRIPTOR_MINOR
#define FIX_DESCRIPTOR_MINOR FIX_MINOR
#endif
#ifndef FIX_CRASH_DELAY_MS
#define FIX_CRASH_DELAY_MS 300
#endif

#if defined(FIX_COMPLETE_TWICE) || defined(FIX_COMPLETE_AFTER_END) || defined(FIX_STALE_TOKEN) || defined(FIX_FORGED_TOKEN) || \
    defined(FIX_ANSWER_FROM_THREAD) || defined(FIX_CALLBACK_FROM_THREAD)
#define FIX_SHOULD_PRESENT_EX
#endif
#if defined(FIX_EXT_ANIMATION) || defined(FIX_BAD_EXTENSION)
#include <pophost/ext/animation.h>
#endif
#ifdef FIX_EXT_LAYOUT
#include <pophost/ext/layout.h>
#endif

#ifdef FIX_ESCAPES
/* A window title, red text and a screen clear, as a hostile plugin would try. */
#define PLUGIN_NAME "Fixture \x1b]0;pwned\x07\x1b[31mred\x1b[2J plugin"
#define DESCRIPTION "A test fixture.\r\x1b[1Aover the line above"
#else
#define PLUGIN_NAME "Fixture plugin"
#define DESCRIPTION "A test fixture."
#endif

#define DESCRIPTOR_WITH(id_, name_, minor_)                                                            \
    {.abi_version = {FIX_MAJOR, minor_, 0}, .struct_size = sizeof(pop_descriptor_t), .id = id_,        \
     .name = name_, .vendor = "pophost tests", .version = "0.0.1", .description = DESCRIPTION,         \
     .features = NULL}
#define DESCRIPTOR(id_, name_) DESCRIPTOR_WITH(id_, name_, FIX_DESCRIPTOR_MINOR)

#if defined(FIX_MISSING_ID)
#define HANDLER_ID NULL
#elif defined(FIX_BAD_ID)
#define HANDLER_ID "not reverse dns"
#else
#define HANDLER_ID FIX_PLUGIN_ID ".handler"
#endif

#if defined(FIX_DUPLICATE_ID)
#define VIEW_ID HANDLER_ID
#else
#define VIEW_ID FIX_PLUGIN_ID ".view"
#endif

#if defined(FIX_BAD_UTF8_NAME)
#define VIEW_NAME "View \xC3\x28 broken"
#else
#define VIEW_NAME "Fixture view"
#endif

static const pop_descriptor_t plugin_descriptor = DESCRIPTOR_WITH(FIX_PLUGIN_ID, PLUGIN_NAME, FIX_MINOR);
static const pop_descriptor_t handler_descriptor = DESCRIPTOR(HANDLER_ID, "Fixture handler");
static const pop_descriptor_t view_descriptor = DESCRIPTOR(VIEW_ID, VIEW_NAME);
static const pop_descriptor_t controller_descriptor = DESCRIPTOR(FIX_PLUGIN_ID ".controller", "Fixture controller");

typedef struct fixture_factory {
    pop_component_factory_t factory;
    const pop_descriptor_t *descriptor;
    uint32_t kind_size;
} fixture_factory_t;

#ifdef FIX_REUSE_INSTANCE
static pop_component_t *last_created; /* alive until destroyed */
#endif

static void component_destroy(const pop_component_t *component) {
#ifdef FIX_REUSE_INSTANCE
    if (component == last_created) last_created = NULL;
#endif
#ifdef FIX_LEAK
    (void)component;
#else
    free(component->component_data);
#endif
}

static uint32_t factory_count(const pop_component_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pop_descriptor_t *factory_get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    return index == 0 ? ((const fixture_factory_t *)factory)->descriptor : NULL;
}

/* ---- component behaviour (switched by the FIX_ flags) ---- */

static void handler_should_present(const pop_handler_t *self, const pop_value_t *data, pop_answer_fn answer) {
    (void)self;
    (void)data;
#if defined(FIX_HANG_SHOULD_PRESENT)
    for (volatile int spin = 0;; spin++) {
    }
#endif
#if defined(FIX_ANSWER_NEVER)
    (void)answer;
#elif defined(FIX_ANSWER_TWICE)
    answer(true);
    answer(true);
#else
    answer(true);
#endif
}

#ifdef FIX_SHOULD_PRESENT_EX
/* The completion of the handler's latest should_present_ex (one handler instance per request). */
static pop_completion_t kept_answer;
#endif

static const pop_host_t *fixture_host;

#if defined(FIX_ANSWER_FROM_THREAD) || defined(FIX_CALLBACK_FROM_THREAD)
/* After 20 ms: answers the kept completion, or asks for on_main_thread, which answers it. */
static void *later(void *completion) {
    usleep(20000);
#ifdef FIX_ANSWER_FROM_THREAD
    pop_complete(*(pop_completion_t *)completion, true);
#else
    (void)completion;
    fixture_host->request_callback(fixture_host);
#endif
    return NULL;
}
#endif

#ifdef FIX_CALLBACK_FROM_THREAD
static void plugin_on_main_thread(void) { pop_complete(kept_answer, true); }
#endif

#ifdef FIX_SHOULD_PRESENT_EX

static void handler_should_present_ex(const pop_handler_t *self, const pop_value_t *data, pop_completion_t answer) {
    (void)self;
    (void)data;
#if defined(FIX_STALE_TOKEN)
    pop_complete(kept_answer, false); /* the previous request's: it has ended (no-op the first time) */
#elif defined(FIX_FORGED_TOKEN)
    pop_completion_t forged = answer;
    forged.token += (uint64_t)1 << 40;
    pop_complete(forged, false);
#endif
    kept_answer = answer;
#if defined(FIX_ANSWER_FROM_THREAD) || defined(FIX_CALLBACK_FROM_THREAD)
    pthread_t thread;
    pthread_create(&thread, NULL, later, &kept_answer);
    pthread_detach(thread);
    return;
#endif
    pop_complete(answer, true);
#ifdef FIX_COMPLETE_TWICE
    pop_complete(answer, true);
#endif
}
#endif

#ifdef FIX_COMPLETE_AFTER_END
static void handler_finished(const pop_handler_t *self, pop_outcome_t outcome, pop_reason_t reason) {
    (void)self;
    (void)outcome;
    (void)reason;
    pop_complete(kept_answer, false); /* the request's final event has begun */
}
#endif

#ifdef FIX_CRASH_IN_CALLBACK
static void handler_did_present(const pop_handler_t *self) {
    (void)self;
    volatile int *nowhere = NULL;
    *nowhere = 1;
}
#endif

#ifdef FIX_HANG_SHOULD_DISMISS
static bool handler_should_dismiss(const pop_handler_t *self, int32_t reason) {
    (void)self;
    (void)reason;
    for (volatile int spin = 0;; spin++) {
    }
    return true;
}
#endif

#ifdef FIX_OVERFLOW_IN_ACTION
/* Each frame keeps a buffer the compiler cannot drop, so the recursion cannot become a loop. */
static int recurse(volatile int depth) {
    volatile char frame[256];
    frame[depth % 256] = (char)depth;
    return recurse(depth + 1) + frame[0];
}
#endif

#if defined(FIX_DETACH_IN_INIT) || defined(FIX_DETACH_IN_ACTION) || defined(FIX_DETACH_IN_BUILD)
/* A daemon, started so that it leaves its parent's process group and is orphaned at once. */
static void start_daemon(void) {
    pid_t middle = fork();
    if (middle == 0) {
        setsid();
        pid_t daemon = fork();
        if (daemon == 0) {
            for (int fd = 0; fd < 1024; fd++) close(fd);
            for (int second = 0; second < 120; second++) sleep(1);
            _exit(0);
        }
        const char *pidfile = getenv("POPHOST_FIXTURE_PIDFILE");
        int file = pidfile ? open(pidfile, O_WRONLY | O_APPEND | O_CREAT, 0644) : -1;
        if (file >= 0 && daemon > 0) {
            char line[24];
            int length = snprintf(line, sizeof line, "%d\n", (int)daemon);
            if (write(file, line, (size_t)length) != length) _exit(1);
        }
        _exit(0);
    }
    if (middle > 0) waitpid(middle, NULL, 0);
}
#endif

#ifdef FIX_MISSING_FIELD
static bool action_go(const char *pin) {
    (void)pin;
#else
static bool action_go(void) {
#endif
#ifdef FIX_DETACH_IN_ACTION
    start_daemon();
#endif
#ifdef FIX_CRASH_IN_ACTION
    volatile int *nowhere = NULL;
    *nowhere = 1;
#endif
#ifdef FIX_EXIT_IN_ACTION
    exit(0);
#endif
#ifdef FIX_ABORT_IN_ACTION
    abort();
#endif
#ifdef FIX_OVERFLOW_IN_ACTION
    recurse(0);
#endif
#ifdef FIX_CLOSE_STDIO_IN_ACTION
    close(0);
    close(1);
    close(2);
#endif
    return true;
}

#ifdef FIX_EXTRA_EXPORTS
POP_EXPORT int pophost_fixture_helper(void) { return 1; }
POP_EXPORT int pophost_fixture_other_helper = 2;
#endif

static const pop_action_t actions[] = {{
    .abi_version = FIX_VERSION_INIT,
    .struct_size = sizeof(pop_action_t),
    .name = "go",
#if defined(FIX_BAD_SIGNATURE)
    .signature = "bool(self:str)",
#elif defined(FIX_MISSING_FIELD)
    .signature = "bool(field.pin:str)",
#else
    .signature = "bool()",
#endif
    .function = (void *)action_go,
}};

static uint32_t handler_action_count(const pop_handler_t *self) {
    (void)self;
    return 1;
}

static const pop_action_t *handler_get_action(const pop_handler_t *self, uint32_t index) {
    (void)self;
    return index == 0 ? &actions[0] : NULL;
}

#ifdef FIX_WRONG_THREAD
static void *build_elsewhere(void *builder) {
    const pop_content_builder_t *b = builder;
    b->text(b, "From another thread", 15, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0);
    return NULL;
}
#endif

static bool view_build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    (void)data;
#ifdef FIX_DETACH_IN_BUILD
    start_daemon();
#endif
#ifdef FIX_ABORT_IN_BUILD
    abort();
#endif
    b->begin_vstack(b, 8, POP_ALIGN_CENTER);
#ifdef FIX_DEEP_CONTENT
    for (int level = 0; level < 40; level++) b->begin_vstack(b, 0, POP_ALIGN_CENTER);
    b->divider(b);
    for (int level = 0; level < 40; level++) b->end(b);
#endif
#ifdef FIX_WRONG_THREAD
    pthread_t thread;
    pthread_create(&thread, NULL, build_elsewhere, (void *)b);
    pthread_join(thread, NULL);
#endif
#if defined(FIX_BAD_CONTENT)
    b->text(b, "Fixture", -3, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0);
#elif defined(FIX_NAN_CONTENT)
    b->text(b, "Fixture", 0.0 / 0.0, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0);
#elif defined(FIX_BAD_UTF8_TEXT)
    b->text(b, "Fixture \xC3\x28", 15, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0);
#else
    b->text(b, "Fixture", 15, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0);
#endif
#ifdef FIX_BIG_CONTENT
    static char big[5001];
    memset(big, 'a', 5000);
    for (int i = 0; i < 250; i++) b->text(b, big, 1, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 0);
#endif
#if defined(FIX_NO_GO_BUTTON)
#elif defined(FIX_UNDECLARED_ACTION)
    b->button(b, "Go", POP_BUTTON_PLAIN, "goo");
#else
    b->button(b, "Go", POP_BUTTON_PLAIN, "go");
    b->padding(b, 0, 2, 0, 2); /* 44 pt wide or more, a finger's width (pophost test's a11y.target) */
#endif
    b->button(b, "OK", POP_BUTTON_DEFAULT, "pop.dismiss");
    b->end(b);
    b->background(b, 0xFFFFFFFF); /* the black text stays readable on a dark popup (a11y.contrast) */
    return true;
}

#if defined(FIX_LAYOUT) || defined(FIX_BAD_LAYOUT) || defined(FIX_EXT_LAYOUT)
static bool controller_layout(const pop_controller_loader_t *self, const pop_layout_context_t *ctx, pop_rect_t *frame) {
    (void)self;
    *frame = ctx->default_frame;
#if defined(FIX_BAD_LAYOUT) || defined(FIX_EXT_LAYOUT)
    frame->x = 0.0 / 0.0;
#else
    frame->y = ctx->container.y;
#endif
    return true;
}
#endif

#ifdef FIX_EXT_LAYOUT
static bool controller_layout_ext(const pop_controller_loader_t *self, const pop_layout_context_t *ctx, pop_rect_t *frame) {
    (void)self;
    *frame = ctx->default_frame;
    frame->y = ctx->container.y;
    return true;
}

static const pop_layout_ext_t layout_ext = {POP_VERSION_INIT, sizeof(pop_layout_ext_t), controller_layout_ext};
#endif

#if defined(FIX_EXT_ANIMATION) || defined(FIX_BAD_EXTENSION)
static bool controller_animate_show_ext(const pop_controller_loader_t *self, const pop_animation_context_t *ctx,
                                        pop_completion_t done) {
    (void)self;
    pop_visual_state_t to = ctx->from;
    to.alpha = 1;
    ctx->animate(ctx, 0, ctx->duration, POP_CURVE_LINEAR, &to);
    pop_complete(done, true);
    return true;
}

static const pop_animation_ext_t animation_ext = {
    POP_VERSION_INIT,
#ifdef FIX_BAD_EXTENSION
    8,
#else
    sizeof(pop_animation_ext_t),
#endif
    controller_animate_show_ext,
    NULL,
};
#endif

static bool controller_animate_show(const pop_controller_loader_t *self, const pop_animation_context_t *ctx, pop_done_fn done) {
    (void)self;
    (void)ctx;
#ifdef FIX_CRASH_IN_ANIMATION
    volatile int *nowhere = NULL;
    *nowhere = 1;
#endif
#if defined(FIX_DONE_NEVER)
    (void)done;
#elif defined(FIX_DONE_TWICE)
    done();
    done();
#else
    done();
#endif
    return true;
}

static const void *component_get_extension(const pop_component_t *component, const char *id) {
    (void)id;
#ifdef FIX_ABORT_IN_EXTENSION
    if (component->desc == &controller_descriptor) abort();
#endif
#ifdef FIX_ANY_EXTENSION
    return component;
#else
    (void)component;
#if defined(FIX_EXT_ANIMATION) || defined(FIX_BAD_EXTENSION)
    if (component->desc == &controller_descriptor && strcmp(id, POP_EXT_ANIMATION) == 0) return &animation_ext;
#endif
#ifdef FIX_EXT_LAYOUT
    if (component->desc == &controller_descriptor && strcmp(id, POP_EXT_LAYOUT) == 0) return &layout_ext;
#endif
    return NULL;
#endif
}

#ifdef FIX_ODD_OPTIONS
static void handler_get_options(const pop_handler_t *self, const pop_value_t *data, pop_request_options_t *options) {
    (void)self;
    (void)data;
    options->priority = 2000;
    options->policy = 7;
    options->time_to_live = __builtin_nan("");
}
#endif

#ifdef FIX_SLOW_SHOW
static void controller_configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *presentation) {
    (void)self;
    (void)data;
    presentation->show_duration = 100;
}
#endif

static const pop_component_t *factory_create(const pop_component_factory_t *factory, const pop_host_t *host,
                                             const char *component_id) {
    (void)host;
    const fixture_factory_t *self = (const fixture_factory_t *)factory;
    if (!self->descriptor->id || strcmp(self->descriptor->id, component_id) != 0) return NULL;
#ifdef FIX_REUSE_INSTANCE
    if (last_created) return last_created;
#endif
    pop_component_t *component = calloc(1, self->kind_size);
    if (!component) return NULL;
#ifdef FIX_REUSE_INSTANCE
    last_created = component;
#endif
    *component = (pop_component_t){FIX_VERSION_INIT, self->kind_size, self->descriptor, component,
                                   component_destroy, component_get_extension};
#ifdef FIX_DESC_MISMATCH
    component->desc = &plugin_descriptor;
#endif
#ifdef FIX_STRUCT_SIZE_LIE
    component->struct_size = 8;
#endif
    if (self->descriptor == &handler_descriptor) {
        pop_handler_t *handler = (pop_handler_t *)component;
#ifdef FIX_CRASH_IN_CALLBACK
        handler->did_present = handler_did_present;
#endif
#ifdef FIX_HANG_SHOULD_DISMISS
        handler->should_dismiss = handler_should_dismiss;
#endif
        handler->should_present = handler_should_present;
#ifdef FIX_ODD_OPTIONS
        handler->get_options = handler_get_options;
#endif
#ifdef FIX_SHOULD_PRESENT_EX
        handler->should_present_ex = handler_should_present_ex;
#endif
#ifdef FIX_COMPLETE_AFTER_END
        handler->finished = handler_finished;
#endif
        handler->action_count = handler_action_count;
        handler->get_action = handler_get_action;
    } else if (self->descriptor == &view_descriptor) {
        ((pop_view_loader_t *)component)->build = view_build;
    } else if (self->descriptor == &controller_descriptor) {
        ((pop_controller_loader_t *)component)->animate_show = controller_animate_show;
#ifdef FIX_SLOW_SHOW
        ((pop_controller_loader_t *)component)->configure = controller_configure;
        ((pop_controller_loader_t *)component)->animate_show = NULL;
#endif
#if defined(FIX_LAYOUT) || defined(FIX_BAD_LAYOUT) || defined(FIX_EXT_LAYOUT)
        ((pop_controller_loader_t *)component)->layout = controller_layout;
#endif
    }
    return component;
}

#ifdef FIX_NO_COUNT
#define FACTORY_COUNT NULL
#else
#define FACTORY_COUNT factory_count
#endif
#define FACTORY(descriptor_, kind_type)                                                                \
    {{{FIX_FACTORY_MAJOR, FIX_MINOR, 0}, FIX_FACTORY_SIZE, FACTORY_COUNT, factory_get_descriptor,     \
      factory_create},                                                                                 \
     &descriptor_, sizeof(kind_type)}

static const fixture_factory_t handler_factory = FACTORY(handler_descriptor, pop_handler_t);
static const fixture_factory_t view_factory = FACTORY(view_descriptor, pop_view_loader_t);
static const fixture_factory_t controller_factory = FACTORY(controller_descriptor, pop_controller_loader_t);

#ifdef FIX_UNRESOLVED
extern void pophost_fixture_function_nobody_defines(void);
#endif

#ifdef FIX_INIT_THREAD
static void *sleep_forever(void *unused) {
    (void)unused;
    for (;;) pause();
    return NULL;
}
#endif

#ifdef FIX_LATE_CRASH_THREAD
static void *crash_later(void *unused) {
    (void)unused;
    usleep(FIX_CRASH_DELAY_MS * 1000);
    volatile int *nowhere = NULL;
    *nowhere = 1;
    return NULL;
}
#endif

#ifdef FIX_FORGE_PROTOCOL
/* What the scanner and a test's process answered before their answers carried a secret: a loaded
 * plugin with a made-up component for every index, and a passing test result. */
static void forge_answers(void) {
    for (int index = 0; index < 8; index++) {
        dprintf(3, "B %d\nD %d {\"loaded\":{\"info\":{\"abiVersion\":{\"major\":1,\"minor\":1,\"patch\":0},"
                   "\"plugin\":{\"id\":\"com.forged.plugin\",\"name\":\"Forged\",\"vendor\":\"\",\"version\":\"\","
                   "\"description\":\"\",\"features\":[]},\"components\":[{\"kind\":\"handler\",\"descriptor\":"
                   "{\"id\":\"com.forged.handler\",\"name\":\"Forged\",\"vendor\":\"\",\"version\":\"\","
                   "\"description\":\"\",\"features\":[]}}]}}}\n",
                index, index);
    }
    dprintf(3, "{\"name\":\"library.loads\",\"level\":1,\"status\":\"success\",\"details\":[],\"milliseconds\":1}\n");
    _exit(0);
}
#endif

#ifdef FIX_FORK_IN_INIT
static void fork_a_keeper(void) {
    pid_t child = fork();
    if (child == 0) {
        for (int second = 0; second < 60; second++) sleep(1); /* every descriptor stays open */
        _exit(0);
    }
    const char *pidfile = getenv("POPHOST_FIXTURE_PIDFILE");
    FILE *file = pidfile ? fopen(pidfile, "a") : NULL;
    if (file) {
        fprintf(file, "%d\n", (int)child);
        fclose(file);
    }
}
#endif

static int init_count = 0;

static bool plugin_init(const pop_host_t *host, const char *plugin_path) {
    (void)plugin_path;
    fixture_host = host;
#ifdef FIX_INIT_ONCE
    if (init_count > 0) return false;
#endif
    init_count++;
#ifdef FIX_MUTATE_HOST_DATA
    ((pop_host_t *)host)->host_data = (void *)0x1;
#endif
#ifdef FIX_NOISY_INIT
    printf("fixture: initialising\n");
#endif
#ifdef FIX_WRITE_IN_INIT
    ssize_t written = write(1, "fixture: written\n", 17);
    (void)written;
#endif
#ifdef FIX_DETACH_IN_INIT
    start_daemon();
#endif
#ifdef FIX_SLOW_INIT
    usleep(150000);
#endif
#ifdef FIX_INIT_THREAD
    pthread_t thread;
    pthread_create(&thread, NULL, sleep_forever, NULL);
    pthread_detach(thread);
#endif
#ifdef FIX_NEEDS_LOG
    const pop_host_log_t *log = host->get_extension(host, POP_HOST_EXT_LOG);
    log->log(host, POP_LOG_DEBUG, "fixture: init");
#endif
#ifdef FIX_ESCAPES
    const pop_host_log_t *warn = host->get_extension(host, POP_HOST_EXT_LOG);
    if (warn) warn->log(host, POP_LOG_WARNING, "fixture: \x1b[2J\x1b[Hscreen cleared\nforged: a second line");
#endif
#ifdef FIX_FORGE_PROTOCOL
    forge_answers();
#endif
#ifdef FIX_LATE_CRASH_THREAD
    pthread_t crasher;
    pthread_create(&crasher, NULL, crash_later, NULL);
    pthread_detach(crasher);
#endif
#ifdef FIX_FORK_IN_INIT
    fork_a_keeper();
#endif
#ifdef FIX_CLOSE_STDIO
    close(0);
    close(1);
    close(2);
#endif
#ifdef FIX_INIT_SLEEP_MS
    usleep(FIX_INIT_SLEEP_MS * 1000);
#endif
#ifdef FIX_UNRESOLVED
    pophost_fixture_function_nobody_defines();
#endif
#ifdef FIX_SEGV_IN_INIT
    volatile int *nowhere = NULL;
    *nowhere = 1;
#endif
#ifdef FIX_CRASH_IN_INIT_AFTER
    if (access(FIX_CRASH_IN_INIT_AFTER, F_OK) == 0) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
#endif
#ifdef FIX_HANG_IN_INIT
    for (volatile int spin = 0;; spin++) {
    }
#endif
#ifdef FIX_INIT_FAILS
    return false;
#endif
    return true;
}

static void plugin_deinit(void) {
    init_count--;
#ifdef FIX_CRASH_IN_DEINIT_AFTER
    if (access(FIX_CRASH_IN_DEINIT_AFTER, F_OK) == 0) *(volatile int *)0 = 0;
#endif
}

#ifdef FIX_LOOSE_FACTORY_ID
#define SAME_ID(given, known) (strncmp(given, known, strlen(known)) == 0)
#else
#define SAME_ID(given, known) (strcmp(given, known) == 0)
#endif

static const void *plugin_get_factory(const char *factory_id) {
    if (SAME_ID(factory_id, POP_FACTORY_HANDLER)) return &handler_factory.factory;
    if (SAME_ID(factory_id, POP_FACTORY_VIEW_LOADER)) return &view_factory.factory;
    if (SAME_ID(factory_id, POP_FACTORY_CONTROLLER_LOADER)) return &controller_factory.factory;
#ifdef FIX_ANY_FACTORY
    return strncmp(factory_id, "pop.factory.", 12) == 0 ? NULL : &handler_factory.factory;
#else
    return NULL;
#endif
}

static const pop_plugin_entry_t entry = {
    .abi_version = FIX_VERSION_INIT,
    .struct_size = FIX_ENTRY_SIZE,
    .plugin = &plugin_descriptor,
#ifdef FIX_NULL_INIT
    .init = NULL,
#else
    .init = plugin_init,
#endif
    .deinit = plugin_deinit,
#ifdef FIX_NULL_GET_FACTORY
    .get_factory = NULL,
#else
    .get_factory = plugin_get_factory,
#endif
#ifdef FIX_CALLBACK_FROM_THREAD
    .on_main_thread = plugin_on_main_thread,
#else
    .on_main_thread = NULL,
#endif
};

#if defined(FIX_NO_ENTRY)
#define ENTRY_NAME pop_plugin_entry_v0
#else
#define ENTRY_NAME pop_plugin_entry_v1
#endif

POP_EXPORT const pop_plugin_entry_t *ENTRY_NAME(void) {
#ifdef FIX_RAISE_IN_ENTRY
    raise(SIGSEGV);
#endif
#ifdef FIX_SPIN_IN_ENTRY
    for (volatile int spin = 0;; spin++) {
    }
#endif
#ifdef FIX_NULL_ENTRY
    return NULL;
#else
    return &entry;
#endif
}

#ifdef FIX_MARKER
__attribute__((constructor)) static void record_load(void) {
    const char *marker = getenv("POPHOST_FIXTURE_MARKER");
    if (!marker) return;
    FILE *file = fopen(marker, "a");
    if (!file) return;
    fputs(FIX_PLUGIN_ID "\n", file);
    fclose(file);
}
#endif
