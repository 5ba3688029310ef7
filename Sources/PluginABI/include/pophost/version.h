/* pophost plugin ABI — versions, and the one rule by which ABI 1 grows.
 *
 * Every struct that crosses the boundary starts with the ABI version it was written against,
 * followed by its own size in bytes:
 *
 *     pop_version_t abi_version;   // POP_VERSION_INIT in the writer's build
 *     uint32_t      struct_size;   // sizeof(the struct) in the writer's build
 *
 * THE GROWTH RULE (every other header points here; the host applies it to everything it reads,
 * through pop_version_is_compatible() and struct_size, and nowhere else):
 *
 *   1. Same major, any minor. Something written against abi_version can be read when its major
 *      equals the reader's (pop_version_is_compatible). A breaking change is a new major, with a new
 *      entry symbol name (pop_plugin_entry_v2), so two majors can never be confused.
 *   2. struct_size decides which fields exist. A reader reads only the fields that lie wholly inside
 *      struct_size (POP_STRUCT_HAS); a field beyond it is absent and means the default its comment
 *      gives. struct_size must be at least the size the struct had in the minor that introduced it
 *      (for the structs of ABI 1.0, their 1.0 size): anything smaller is an error.
 *   3. A released struct is frozen (CLAP's rule): no field is ever inserted, removed, reordered,
 *      retyped, or — from ABI 1.2 on — appended. The fields 1.1 appended before this rule was
 *      written (pop_handler_t.should_present_ex; pop_presentation_t.show_curve and hide_curve)
 *      stay where they are and are read through struct_size as rule 2 says. Enums gain values in
 *      a new minor: a plugin must expect values it does not know from a newer host (a reason, a
 *      value type), and the host refuses values newer than its own minor where a plugin sends
 *      them (a presentation style, a curve: a plugin error).
 *   4. Everything new comes as an extension, found by string id ("pop.NAME/REV", see pophost.h):
 *      a stable one in ext/, one still changing in draft/ (draft/README.md). A missing extension
 *      is NULL, never an error. A changed extension is a new id ("pop.NAME/2"); the old id keeps
 *      its table and meaning. Where an extension takes over a hook that a frozen struct also has,
 *      the extension's header says which wins (the "pop.layout/1" layout wins over the 1.0
 *      controller loader's layout, ext/layout.h).
 *
 * So a plugin built against a newer 1.x minor loads in an older 1.x host, as long as it uses nothing
 * the host lacks: fields past the host's struct_size, extensions the host answers NULL for. (CLAP
 * works the same way: clap_version_is_compatible() checks the major only.) A plugin that writes a
 * field of a host-made struct (pop_request_options_t, pop_presentation_t, ...) that was appended
 * after 1.0 must check POP_STRUCT_HAS(that struct's struct_size, ...) first; the host does the same
 * with every plugin-made struct.
 *
 * Minor versions so far:
 *   1.0  the first release.
 *   1.1  typed enums (typedefs of int32_t: binary-identical to 1.0); pop_completion_t (completion.h),
 *        a completion that is safe to call at any time; pop_handler_t.should_present_ex; the
 *        controller loader extensions "pop.layout/1" (ext/layout.h) and "pop.animation/1"
 *        (ext/animation.h); the draft tier (draft/README.md); the reasons POP_REASON_PLUGIN_CRASHED,
 *        POP_REASON_PLUGIN_TIMEOUT and POP_REASON_ACCESSIBILITY_ESCAPE (handler.h), told to handlers
 *        of 1.1 and later only (a 1.0 handler hears the nearest 1.0 reason); sheets and
 *        popovers ("pop.sheet/1" and the host's "pop.sheet-host/1", ext/sheet.h), pages
 *        ("pop.page/1", "pop.page-handler/1", ext/page.h) and pages that float ("pop.floating/1",
 *        ext/floating.h), giving POP_STYLE_SHEET, POP_STYLE_POPOVER, POP_STYLE_PAGE and
 *        POP_STYLE_FLOATING their meaning; the host's timers ("pop.timer/1", ext/timer.h); and
 *        sample data ("pop.factory.sample-data/1", ext/sample_data.h); the person's display traits
 *        ("pop.traits/1" and "pop.trait_observer/1", ext/traits.h) and content named by meaning,
 *        semantic colours and text styles ("pop.content_style/1", ext/content_style.h); what a screen
 *        reader reads ("pop.accessibility/1", ext/accessibility.h). From plugins of any minor, a
 *        host of 1.1 takes at most POP_ANIMATION_MAX_KEYFRAMES keyframes an animation
 *        (controller_loader.h), refuses a create() that returns an instance still alive
 *        (component.h), and reports get_options values outside their ranges (handler.h).
 *        (Releases of 1.1 after the first added extensions without raising the minor: a plugin
 *        never infers an extension from the minor, it asks for it and gets NULL when absent.)
 *   1.2  a page's rows on demand ("pop.list/1", ext/list.h). Nothing else changes: a plugin of 1.0
 *        or 1.1 behaves the same in a 1.2 host, and a 1.2 plugin loads in a 1.1 host, which asks
 *        for no "pop.list/1" and shows the page's build() content only.
 *   1.3  "pop.list/1" rows also in sheets (ext/list.h): a sheet whose view loader offers the table lists
 *        its rows on demand below build()'s content, as a page does, when the plugin declares 1.3 or
 *        later (its view loader's abi_version). Nothing else changes: a plugin of 1.2 or earlier that
 *        offers the table on a popup's view loader still shows build()'s content only in a 1.3 host,
 *        and a 1.3 plugin loads in a 1.2 host, which shows a sheet's build() content only.
 *
 * What a plugin's own minor changes in this host: only the reasons a handler of 1.0 is told
 * (handler.h), and whether a sheet lists its view loader's rows (1.3 and later, ext/list.h).
 * Everything else a plugin gets is decided by the extensions it offers and the ones the host
 * answers, whatever minor it was built with.
 */
#ifndef POPHOST_VERSION_H
#define POPHOST_VERSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define POP_VERSION_MAJOR 1
#define POP_VERSION_MINOR 3
#define POP_VERSION_PATCH 0

typedef struct pop_version {
    uint32_t major; /* incompatible changes; part of the entry symbol's name */
    uint32_t minor; /* new extensions and enum values (1.1 also appended fields) */
    uint32_t patch; /* fixes without any layout change */
} pop_version_t;

/* The version this header describes; put it in every struct you hand to the host. */
#define POP_VERSION_INIT { POP_VERSION_MAJOR, POP_VERSION_MINOR, POP_VERSION_PATCH }

/* True when something written against `v` can be read by code built with this header: the same
 * major (rule 1 above). The minor does not matter; struct_size says which fields are there. */
static inline bool pop_version_is_compatible(pop_version_t v) {
    return v.major == POP_VERSION_MAJOR;
}

/* True when a struct of `type` whose struct_size is `size` holds `member` (rule 2 above). The same
 * test in C++ without C casts (-Wold-style-cast). */
#ifdef __cplusplus
#define POP_STRUCT_HAS(size, type, member) \
    (static_cast<size_t>(size) >= offsetof(type, member) + sizeof(static_cast<type *>(nullptr)->member))
#else
#define POP_STRUCT_HAS(size, type, member) \
    ((size_t)(size) >= offsetof(type, member) + sizeof(((type *)0)->member))
#endif

/* Exports a symbol from a library built with -fvisibility=hidden. Only the entry needs it. */
#if defined(__GNUC__) || defined(__clang__)
#define POP_EXPORT __attribute__((visibility("default")))
#else
#define POP_EXPORT
#endif

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_VERSION_H */
