/* pophost plugin ABI — host extension "pop.content_style/1": content named by meaning (ABI 1.1).
 *
 *     #include <pophost/ext/content_style.h>
 *     const pop_host_content_style_t *style = host->get_extension(host, POP_HOST_EXT_CONTENT_STYLE);
 *
 *     b->text(b, "Pay 12.00", 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0);
 *     if (style) {                                   // NULL in a host without it: the text stays as written
 *         style->text_style(b, POP_TEXT_STYLE_HEADLINE);   // 17 pt at the default size, 53 at AX5
 *         style->foreground(b, POP_COLOR_LABEL);           // black in light, white in dark
 *     }
 *
 * Modifiers on the content builder (content.h) that name a colour or a text size by what it means
 * instead of by value: the host resolves them for the traits every frame is drawn under (ext/traits.h:
 * the appearance, the content size), so content follows dark mode and Dynamic Type without being
 * built again. Like content.h's modifiers they apply to the node added, or the container closed,
 * last, and a later one of the same kind replaces an earlier one.
 *
 * What the content holds at once is the value for the default traits (light, POP_CONTENT_SIZE_L):
 * text_style sets the text's size to the style's size at L, the colours set the fixed colour to
 * the light value; the host's frames resolve from there. So a plugin that writes the same value it
 * names (17 pt and POP_TEXT_STYLE_BODY, 0x000000FF and POP_COLOR_LABEL) draws byte for byte as
 * before in light at the default size.
 *
 * Misuse makes the content invalid and the build a plugin error, as content.h's misuse does, with
 * the function's name first: a modifier with no node to modify, text_style or foreground on a node
 * that is not text ("foreground: the node is a button, not text (…)"), an unknown colour, style or
 * direction ("text_style: unknown style 12"), a negative or non-finite border width, a call from
 * another thread. A builder pointer that is not the current build's is ignored.
 *
 * The table is the host's: valid, and the same, as long as the host table; frozen as released
 * (version.h's rule): a changed table would be a new id ("pop.content_style/2").
 */
#ifndef POPHOST_EXT_CONTENT_STYLE_H
#define POPHOST_EXT_CONTENT_STYLE_H

#include "../content.h"
#include "../host.h"
#include "traits.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_HOST_EXT_CONTENT_STYLE "pop.content_style/1"

/* How a node's children are ordered in right-to-left (UIKit's semanticContentAttribute). */
typedef int32_t pop_direction_t;
enum {
    POP_DIRECTION_UNSPECIFIED = 0,        /* flips with the layout direction (the default) */
    POP_DIRECTION_PLAYBACK = 1,           /* playback controls: never flip */
    POP_DIRECTION_SPATIAL = 2,            /* sides that mean a real direction (a D-pad): never flip */
    POP_DIRECTION_FORCE_LEFT_TO_RIGHT = 3,
    POP_DIRECTION_FORCE_RIGHT_TO_LEFT = 4,
};

typedef struct pop_host_content_style {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_host_content_style_t) in the host's build */

    /* [main-thread] All five: only during the view loader's build, with the builder it was given;
     * each applies to the node added, or the container closed, last. */

    /* The text node's size follows the person's text size as `style` does (its weight stays as
     * written). Text nodes only. */
    void (*text_style)(const pop_content_builder_t *b, pop_text_style_t style);
    /* The text node's colour is `color`. Text nodes only. */
    void (*foreground)(const pop_content_builder_t *b, pop_semantic_color_t color);
    /* The node's background is `color` (content.h's background by meaning). Any node. */
    void (*background)(const pop_content_builder_t *b, pop_semantic_color_t color);
    /* A border of `width` points in `color` (content.h's border by meaning). Any node. */
    void (*border)(const pop_content_builder_t *b, double width, pop_semantic_color_t color);
    /* How the node lays out in right-to-left: POP_DIRECTION_*. Any node. */
    void (*direction)(const pop_content_builder_t *b, pop_direction_t direction);
} pop_host_content_style_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_CONTENT_STYLE_H */
