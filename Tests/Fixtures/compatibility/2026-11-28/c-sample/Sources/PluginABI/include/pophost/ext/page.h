/* pophost plugin ABI — extension "pop.page/1": pages of the navigation stack and their bar styles
 * (UINavigationController's pages, with KMNavigationBarTransition's per-page bars).
 *
 *     #include <pophost/ext/page.h>
 *
 * The app behind the popups is a stack of pages, and a page is composed like a popup: a view
 * loader builds its content (build(), as for a popup), a controller loader declares its title,
 * its navigation-bar style and its pop-gesture preferences, and a handler may hear its lifecycle.
 * The app pushes a page by naming those components and the data (a scenario's `push` step,
 * `NavigationStack.makePage(PageRequest)` in Swift); the user pops it with the back button, Backspace, an edge swipe or a
 * full-screen swipe. docs/navigation.md gives the order of every event and how the bars move.
 *
 * POP_STYLE_PAGE: a page's controller loader sets presentation->style to POP_STYLE_PAGE in
 * configure() — or POP_STYLE_FLOATING for a page that can float (ext/floating.h); the host
 * refuses to make a page of a controller loader that chooses any other style, naming it; then, when it offers this extension, configure_page is called with the same
 * data. A popup request (not a page) whose controller loader chooses POP_STYLE_PAGE is presented
 * as an alert, as in ABI 1.0. Nothing else in pop_presentation_t applies to a page.
 *
 * A page's buttons run its handler's actions (get_action, handler.h), as a popup's do: the same
 * signatures and conversions, with the page's data, its text fields empty and `request` 0. An
 * action whose result would dismiss a popup pops the page; a button naming "pop.dismiss" pops it
 * too. Only the top page's buttons run, and none during a transition. This needs no extension: a
 * page handler without actions simply has buttons that do nothing.
 *
 * Each page declares only its own bar style. The runtime puts it on the shared bar when the page
 * is on top and keeps it for when the page comes back, so no page ever restores, or forgets to
 * restore, another page's bar.
 *
 * A plugin of ABI 1.0 or 1.1 that knows nothing of this extension keeps working. The tables and
 * pop_page_config_t are frozen as released (version.h's rule): set struct_size to sizeof in your
 * build; a changed one would be a new id. The host allocates pop_page_config_t; its struct_size
 * says which fields it has.
 */
#ifndef POPHOST_EXT_PAGE_H
#define POPHOST_EXT_PAGE_H

#include "../controller_loader.h"
#include "../handler.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Offered by a controller loader: configures the pages it presents. */
#define POP_EXT_PAGE "pop.page/1"
/* Offered by a handler: hears the lifecycle of the pages it is the handler of. */
#define POP_EXT_PAGE_HANDLER "pop.page-handler/1"

/* A page's navigation-bar style. The defaults are UIKit's bar. */
typedef struct pop_bar_style {
    bool hidden;                 /* no bar on this page; default false */
    pop_color_t background;      /* 0xRRGGBBAA, its alpha ignored; default 0xF9F9F9FF */
    double background_alpha;     /* 0 (transparent: the page shows through) ... 1 (default) */
    bool translucent;            /* default true; changes the background's alpha only, never the geometry */
    pop_color_t tint;            /* the back button; default 0x007AFFFF */
    pop_color_t title_color;     /* default 0x000000FF */
    double title_size;           /* points, > 0; default 17 */
    pop_weight_t title_weight;   /* default POP_WEIGHT_SEMIBOLD */
    bool shadow;                 /* the hairline under the bar; default true */
    bool large_title;            /* a large title under the bar (52 pt more); default false */
} pop_bar_style_t;

/* A page's declaration. The host fills it with the defaults shown, then calls configure_page.
 * `title` is copied before configure_page returns: it needs to be valid only during the call. A
 * background_alpha outside [0, 1], a title_size that is not a positive finite number or an unknown
 * weight is a plugin error: the page is not pushed, and the error names the field. The distance is
 * read as FDFullscreenPopGesture stores it (MAX(0, distance)): zero, below zero, NaN and +infinity
 * all mean anywhere. */
typedef struct pop_page_config {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_page_config_t) in the host's build */

    const char *title;            /* the bar's title; NULL (default) = the page's kind */
    pop_bar_style_t bar;
    bool pop_gesture_enabled;     /* may a swipe pop it (FD's fd_interactivePopDisabled, inverted); default true */
    double pop_gesture_max_initial_distance; /* how far from the left edge, in points, a full-screen
                                                swipe may start; 0 (default) or less = anywhere */
} pop_page_config_t;

typedef struct pop_page_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_page_ext_t) */

    /* [main-thread] Declares a page: called right after configure() chose POP_STYLE_PAGE, with the
     * same data. Must be deterministic: the same data gives the same declaration (`pophost test`
     * checks). May be NULL: the page then has the default bar and its kind as its title. */
    void (*configure_page)(const pop_controller_loader_t *self, const pop_value_t *data, pop_page_config_t *config);
} pop_page_ext_t;

/* A page's lifecycle event, as a view controller hears it. */
typedef int32_t pop_page_event_t;
enum {
    POP_PAGE_DID_LOAD = 0,
    POP_PAGE_WILL_APPEAR = 1,
    POP_PAGE_DID_APPEAR = 2,
    POP_PAGE_WILL_DISAPPEAR = 3,
    POP_PAGE_DID_DISAPPEAR = 4,
    POP_PAGE_RELEASED = 5, /* it left the stack for good (after a completed pop); nothing follows */
};

typedef struct pop_page_handler_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_page_handler_ext_t) */

    /* [main-thread] The handler's page had `event`; `animated` is the transition's own flag (a page
     * that changes anything visible should follow it). The order, for every path (push, pop, a
     * completed and a cancelled interactive pop): docs/navigation.md. Must return promptly: the
     * stack waits for it (`pophost test` checks). After POP_PAGE_RELEASED the page's three
     * components are destroyed. May be NULL. */
    void (*page_event)(const pop_handler_t *self, pop_page_event_t event, bool animated);
} pop_page_handler_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_PAGE_H */
