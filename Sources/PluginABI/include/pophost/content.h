/* pophost plugin ABI — building a popup's content.
 *
 * A view loader describes what is inside its popup by calling a pop_content_builder_t: stacks that
 * contain nodes, leaf nodes (text, button, text field, image placeholder, spacer, divider), and
 * modifiers that apply to the node added or closed last. The host lays it out and renders it; the
 * view loader never sees pixels. Sizes are in points; colours are 0xRRGGBBAA.
 *
 *     b->begin_vstack(b, 12, POP_ALIGN_CENTER);
 *       b->text(b, "Pay 12.00", 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0);
 *       if (style) style->foreground(b, POP_COLOR_LABEL);   // black in light, white in dark
 *       b->text_field(b, "password", "Password", true);
 *       b->button(b, "Confirm", POP_BUTTON_DEFAULT, "confirm");
 *     b->end(b);
 *     b->padding(b, 20, 20, 20, 20);   // applies to the vstack just closed
 *
 * `style` is the host's "pop.content_style/1" table (ext/content_style.h; NULL from a host without
 * it). A fixed colour is drawn as given in dark mode too, where black text on a dark background
 * fails `pophost test`'s contrast audit (a11y.contrast, in the default suite): give text a semantic
 * colour, or a background of its own.
 *
 * Misuse (end without begin, a modifier before any node, NaN or negative sizes, invalid UTF-8,
 * more than POP_CONTENT_MAX_NODES nodes or POP_CONTENT_MAX_DEPTH nesting) makes the content
 * invalid and the build a plugin error. Stacks left open at the end are an error too.
 */
#ifndef POPHOST_CONTENT_H
#define POPHOST_CONTENT_H

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_CONTENT_MAX_NODES 4096
#define POP_CONTENT_MAX_DEPTH 32

/* A colour as 0xRRGGBBAA. */
typedef uint32_t pop_color_t;

/* Alignment of children across a stack's axis, or of text. */
typedef int32_t pop_alignment_t;
enum {
    POP_ALIGN_LEADING = 0,
    POP_ALIGN_CENTER = 1,
    POP_ALIGN_TRAILING = 2,
    POP_ALIGN_FILL = 3, /* children take the stack's full cross size */
};

/* Font weights. */
typedef int32_t pop_weight_t;
enum { POP_WEIGHT_REGULAR = 0, POP_WEIGHT_MEDIUM = 1, POP_WEIGHT_SEMIBOLD = 2, POP_WEIGHT_BOLD = 3 };

/* Button styles. */
typedef int32_t pop_button_style_t;
enum {
    POP_BUTTON_DEFAULT = 0,     /* the preferred action */
    POP_BUTTON_CANCEL = 1,
    POP_BUTTON_DESTRUCTIVE = 2,
    POP_BUTTON_PLAIN = 3,       /* text only */
};

/* Owned by the host; valid only during the view loader's build call; [main-thread]. */
typedef struct pop_content_builder {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_content_builder_t) in the host's build */
    void *host_ctx;       /* reserved for the host */

    /* Containers: children are the nodes added until the matching end(). */
    void (*begin_vstack)(const struct pop_content_builder *b, double spacing, pop_alignment_t alignment);
    void (*begin_hstack)(const struct pop_content_builder *b, double spacing, pop_alignment_t alignment);
    /* Children drawn on top of each other, aligned within the largest. */
    void (*begin_overlay)(const struct pop_content_builder *b, pop_alignment_t alignment);
    void (*end)(const struct pop_content_builder *b);

    /* Text of `size` points. `max_lines` 0 = unlimited; it wraps at the width it is given. */
    void (*text)(const struct pop_content_builder *b, const char *utf8, double size, pop_weight_t weight,
                 pop_color_t color, pop_alignment_t alignment, uint32_t max_lines);
    /* A button that, when tapped, invokes the handler's action named `action` (see handler.h), or
     * the host action "pop.dismiss". Naming an action the request's handler does not declare makes
     * the content invalid. */
    void (*button)(const struct pop_content_builder *b, const char *title, pop_button_style_t style, const char *action);
    /* A text field whose value actions can read as `field.<id>`. Focusing it raises the keyboard. */
    void (*text_field)(const struct pop_content_builder *b, const char *id, const char *placeholder, bool secure);
    /* A placeholder for the image `name`, of a fixed size. */
    void (*image)(const struct pop_content_builder *b, const char *name, double width, double height);
    /* Flexible space along the enclosing stack's axis, at least `min_length`. */
    void (*spacer)(const struct pop_content_builder *b, double min_length);
    /* A hairline across the enclosing stack. */
    void (*divider)(const struct pop_content_builder *b);

    /* Modifiers: apply to the node added, or the container closed, last. */
    void (*padding)(const struct pop_content_builder *b, double top, double leading, double bottom, double trailing);
    void (*background)(const struct pop_content_builder *b, pop_color_t color);
    void (*corner_radius)(const struct pop_content_builder *b, double radius);
    void (*border)(const struct pop_content_builder *b, double width, pop_color_t color);
} pop_content_builder_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_CONTENT_H */
