/* pophost plugin ABI — extension "pop.floating/1": pages that float (WeChat's 浮窗, after
 * JPSuspensionEntrance).
 *
 *     #include <pophost/ext/floating.h>
 *
 * POP_STYLE_FLOATING: a page's controller loader that sets presentation->style to
 * POP_STYLE_FLOATING in configure() declares a page that can float — everything of POP_STYLE_PAGE
 * (ext/page.h: configure_page is called as for a page), and the user may swipe it back into the
 * corner circle, where it becomes a bubble over everything; a tap on the bubble makes the page
 * again, from new instances of its components and the same data, and pushes it; popping it puts
 * it back into its bubble. docs/floating.md gives the numbers. A popup request (not a page) whose
 * controller loader chooses POP_STYLE_FLOATING is presented as an alert, as in ABI 1.0.
 *
 * To say what the bubble keeps and shows, the controller loader returns a pop_floating_ext_t from
 * component.get_extension(component, POP_EXT_FLOATING); configure_floating is called right after
 * configure_page, with the same data. Without it the bubble keeps the page's kind and shows the
 * first character of its title.
 *
 * The table and pop_floating_config_t are frozen as released (version.h's rule): a changed one would
 * be a new id. The host allocates the config; its struct_size says which fields it has.
 */
#ifndef POPHOST_EXT_FLOATING_H
#define POPHOST_EXT_FLOATING_H

#include "../controller_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_EXT_FLOATING "pop.floating/1"

/* What a floating page's bubble keeps and shows. Strings are copied by the host before
 * configure_floating returns. Text that is not UTF-8 is a plugin error: the page is not made, and
 * the error names the field. */
typedef struct pop_floating_config {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_floating_config_t) in the host's build */

    const char *keep;        /* what the bubble keeps, e.g. a URL or an id; a second page that
                                keeps the same replaces its bubble. NULL or "" (default): the page's kind */
    const char *logo;        /* the short text the bubble shows (a flat renderer draws no images);
                                NULL or "" (default): the first character of the page's title */
    pop_color_t logo_color;  /* 0xRRGGBBAA; default 0x07C160FF (WeChat green) */
} pop_floating_config_t;

typedef struct pop_floating_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_floating_ext_t) */

    /* [main-thread] Declares what the bubble of a POP_STYLE_FLOATING page keeps and shows: called
     * right after configure_page, with the same data. Must be deterministic. */
    void (*configure_floating)(const pop_controller_loader_t *self, const pop_value_t *data, pop_floating_config_t *config);
} pop_floating_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_FLOATING_H */
