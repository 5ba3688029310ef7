/* pophost plugin ABI — what a plugin is told of the person's display traits (ABI 1.1):
 * the host extension "pop.traits/1" and the component extension "pop.trait_observer/1".
 *
 *     #include <pophost/ext/traits.h>
 *     const pop_host_traits_t *traits = host->get_extension(host, POP_HOST_EXT_TRAITS);  // may be NULL
 *
 * The person chooses light or dark, a text size (Dynamic Type), a layout direction and Reduce
 * Motion (UIKit's trait collection). The host draws everything under them; a plugin does not have
 * to know them to follow them: content that names its colours and text sizes by meaning
 * ("pop.content_style/1", ext/content_style.h) is resolved by the host for every frame, and a
 * plugin that writes fixed colours and sizes (every ABI 1.0 plugin) keeps them as written. A plugin
 * that decides something itself (a different icon in dark, a shorter title at accessibility sizes,
 * a layout) asks here.
 *
 * "pop.traits/1" answers for the call the host is making into the plugin now: a view loader's
 * build, a controller loader's configure (its sheet, page and floating configuration included),
 * layout or animate, traits_changed below, and a "pop.timer/1" timer of a component — each under
 * the traits of the screen (the chef)
 * that component belongs to, one screen's traits never another's. Also in a plugin host process
 * (isolation): each call carries its traits across, so the answers are the same as in one process,
 * deterministically.
 *
 * "pop.trait_observer/1" is UIKit's traitCollectionDidChange: a view loader or controller loader
 * that offers it hears each change of the traits while its popup is on screen.
 *
 * The tables and pop_traits_t are frozen as released (version.h's rule); a changed one would be a
 * new id ("pop.traits/2").
 */
#ifndef POPHOST_EXT_TRAITS_H
#define POPHOST_EXT_TRAITS_H

#include "../component.h"
#include "../content.h"
#include "../host.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_HOST_EXT_TRAITS "pop.traits/1"
#define POP_EXT_TRAIT_OBSERVER "pop.trait_observer/1"

/* Light or dark (UIKit's userInterfaceStyle). */
typedef int32_t pop_appearance_t;
enum { POP_APPEARANCE_LIGHT = 0, POP_APPEARANCE_DARK = 1 };

/* The person's text size (UIKit's UIContentSizeCategory), in UIKit's order: XS … XXXL, then the
 * accessibility sizes AX1 … AX5. POP_CONTENT_SIZE_L is the default. */
typedef int32_t pop_content_size_t;
enum {
    POP_CONTENT_SIZE_XS = 0,
    POP_CONTENT_SIZE_S = 1,
    POP_CONTENT_SIZE_M = 2,
    POP_CONTENT_SIZE_L = 3, /* the default */
    POP_CONTENT_SIZE_XL = 4,
    POP_CONTENT_SIZE_XXL = 5,
    POP_CONTENT_SIZE_XXXL = 6,
    POP_CONTENT_SIZE_AX1 = 7,
    POP_CONTENT_SIZE_AX2 = 8,
    POP_CONTENT_SIZE_AX3 = 9,
    POP_CONTENT_SIZE_AX4 = 10,
    POP_CONTENT_SIZE_AX5 = 11,
};

/* Which way text and the interface run (UIKit's userInterfaceLayoutDirection). */
typedef int32_t pop_layout_direction_t;
enum { POP_LAYOUT_LTR = 0, POP_LAYOUT_RTL = 1 };

/* UIKit's semantic colours (UIColor.label, .systemBackground, …), resolved by the host for the
 * appearance with UIKit's values (docs/appearance.md has the table). Backgrounds of alerts and
 * popovers take dark's elevated values, as UIKit's do. */
typedef int32_t pop_semantic_color_t;
enum {
    POP_COLOR_LABEL = 0,
    POP_COLOR_SECONDARY_LABEL = 1,
    POP_COLOR_TERTIARY_LABEL = 2,
    POP_COLOR_QUATERNARY_LABEL = 3,
    POP_COLOR_PLACEHOLDER_TEXT = 4,
    POP_COLOR_SYSTEM_BACKGROUND = 5,
    POP_COLOR_SECONDARY_SYSTEM_BACKGROUND = 6,
    POP_COLOR_TERTIARY_SYSTEM_BACKGROUND = 7,
    POP_COLOR_SYSTEM_GROUPED_BACKGROUND = 8,
    POP_COLOR_SECONDARY_SYSTEM_GROUPED_BACKGROUND = 9,
    POP_COLOR_TERTIARY_SYSTEM_GROUPED_BACKGROUND = 10,
    POP_COLOR_SEPARATOR = 11,
    POP_COLOR_OPAQUE_SEPARATOR = 12,
    POP_COLOR_SYSTEM_FILL = 13,
    POP_COLOR_SECONDARY_SYSTEM_FILL = 14,
    POP_COLOR_TERTIARY_SYSTEM_FILL = 15,
    POP_COLOR_QUATERNARY_SYSTEM_FILL = 16,
    POP_COLOR_LINK = 17,
    POP_COLOR_SYSTEM_BLUE = 18,
    POP_COLOR_SYSTEM_RED = 19,
    POP_COLOR_SYSTEM_GREEN = 20,
    POP_COLOR_SYSTEM_GRAY = 21,
    POP_COLOR_SYSTEM_GRAY2 = 22,
    POP_COLOR_SYSTEM_GRAY3 = 23,
    POP_COLOR_SYSTEM_GRAY4 = 24,
    POP_COLOR_SYSTEM_GRAY5 = 25,
    POP_COLOR_SYSTEM_GRAY6 = 26,
    POP_COLOR_TINT = 27,        /* the default tint: system blue */
    POP_COLOR_DESTRUCTIVE = 28, /* destructive actions: system red */
};

/* UIKit's text styles (UIFont.TextStyle); their sizes per content size are Apple's HIG table
 * (docs/appearance.md). At POP_CONTENT_SIZE_L: 34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11 points. */
typedef int32_t pop_text_style_t;
enum {
    POP_TEXT_STYLE_LARGE_TITLE = 0,
    POP_TEXT_STYLE_TITLE1 = 1,
    POP_TEXT_STYLE_TITLE2 = 2,
    POP_TEXT_STYLE_TITLE3 = 3,
    POP_TEXT_STYLE_HEADLINE = 4,
    POP_TEXT_STYLE_BODY = 5,
    POP_TEXT_STYLE_CALLOUT = 6,
    POP_TEXT_STYLE_SUBHEADLINE = 7,
    POP_TEXT_STYLE_FOOTNOTE = 8,
    POP_TEXT_STYLE_CAPTION1 = 9,
    POP_TEXT_STYLE_CAPTION2 = 10,
};

/* The person's display traits. Written by the host: struct_size says which fields it has. */
typedef struct pop_traits {
    pop_version_t abi_version;
    uint32_t struct_size;                    /* sizeof(pop_traits_t) in the host's build */
    pop_appearance_t appearance;             /* POP_APPEARANCE_LIGHT by default */
    pop_content_size_t content_size;         /* POP_CONTENT_SIZE_L by default */
    pop_layout_direction_t layout_direction; /* POP_LAYOUT_LTR by default */
    bool reduce_motion;                      /* false by default */
} pop_traits_t;

/* ---- Host extension "pop.traits/1" -------------------------------------------------------------- */

typedef struct pop_host_traits {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_host_traits_t) in the host's build */

    /* [main-thread] Writes the traits the current call is made under to `*out` (a pop_traits_t the
     * plugin owns; the host sets every field, abi_version and struct_size included) and returns
     * true. Returns false, and writes nothing, outside such a call (from on_main_thread, from
     * another thread) or when `out` is NULL. */
    bool (*get)(const pop_host_t *host, pop_traits_t *out);

    /* [main-thread] The colour `color` has under the current call's appearance (the default traits
     * outside a call), at the base level (not elevated), as 0xRRGGBBAA. An unknown colour is
     * logged as the plugin's mistake and gives 0 (transparent). Content that should follow the
     * appearance is better marked with "pop.content_style/1": the host then resolves it per frame,
     * and no build is needed when the appearance changes. */
    pop_color_t (*resolve_color)(const pop_host_t *host, pop_semantic_color_t color);

    /* [main-thread] The size in points of text of `style` at the current call's content size (the
     * default traits outside a call). An unknown style is logged as the plugin's mistake and gives
     * 0. As for colours, text marked with "pop.content_style/1"'s text_style follows by itself. */
    double (*text_size)(const pop_host_t *host, pop_text_style_t style);
} pop_host_traits_t;

/* ---- Component extension "pop.trait_observer/1" --------------------------------------------------
 *
 * A view loader or controller loader returns a pop_trait_observer_ext_t from
 * component.get_extension(component, POP_EXT_TRAIT_OBSERVER). The host asks for it once, when it
 * creates the instance; the table must stay valid, and the same, until destroy().
 *
 * When the traits change (a scenario's `traits` step, a key in the terminal, a toggle in the
 * browser), the host first resolves every popup's content for the new traits, then calls
 * traits_changed once per popup on screen whose components offer it — popups in the order they
 * came on screen, for each its view loader before its controller loader — and then lays the popups
 * out again (a controller loader's layout runs under the new traits). Each call is traced
 * (`traits-observed`, docs/json.md). A popup entering or leaving counts as on screen; one waiting
 * in a queue does not: it is built under the traits of the moment it comes on screen.
 *
 * It is a notification: the content the view loader built stays (the host re-resolves what it
 * marked by meaning). A view loader that must build different content for other traits is not
 * offered a rebuild in ABI 1.1; it marks its content by meaning instead.
 */
typedef struct pop_trait_observer_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_trait_observer_ext_t) */

    /* [main-thread] The traits changed to `*traits` (owned by the host, valid during the call;
     * "pop.traits/1" get gives the same during it). `component` is the instance offering the
     * table. NULL = not told. */
    void (*traits_changed)(const pop_component_t *component, const pop_traits_t *traits);
} pop_trait_observer_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_TRAITS_H */
