/* pophost plugin ABI — extension "pop.sheet/1": sheets with detents and adaptive popovers
 * (UIKit's UISheetPresentationController and UIPopoverPresentationController).
 *
 *     #include <pophost/ext/sheet.h>
 *
 * A controller loader presents its popup as a sheet by setting presentation->style to
 * POP_STYLE_SHEET in configure(), or as an adaptive popover with POP_STYLE_POPOVER (a popover in
 * regular width, at least 700 points wide; a sheet in compact width, and back when the scene's
 * size class changes). Without this extension such a popup is a sheet with UIKit's defaults: one
 * `large` detent, no grabber, dimmed. To configure it and to hear what the user does, the
 * controller loader returns a pop_sheet_ext_t from component.get_extension(component,
 * POP_EXT_SHEET). The host asks for it once, when it creates the instance; the table must stay
 * valid, and the same, until destroy(). Every function may be NULL. A plugin of ABI 1.0 or 1.1
 * that knows nothing of it keeps working.
 *
 * Sheets live in their own layer, drawn below alerts and banners. They stack: a sheet requested
 * while another is on screen goes on top at once (no queue, no priority contest, UIKit presents
 * from the topmost presented controller), and the one below is pushed back (scaled, its grabber
 * hidden) until the top one leaves. Dedupe keys still apply.
 *
 * Detents (docs/presentation.md, "Sheets"): ids; "medium" and "large" are the host's, any other id
 * is a custom detent the plugin resolves. maximum = the screen's height less the safe area's top
 * and 10 points (the whole height when full screen: compact height without
 * prefers_edge_attached_in_compact_height); large = maximum; medium = maximum / 2 and inactive in
 * compact height. A sheet whose every detent is inactive rests at the maximum under the id of its
 * last detent, so a sheet with only "medium" still presents on a phone in landscape.
 *
 * The user's dismissal (a drag below the smallest detent, a release projected there, or a tap on
 * the dimming when presentation->dismiss_on_background_tap, reason POP_REASON_BACKGROUND_TAP) runs
 * in this order: modal (presentation->modal) -> did_attempt_to_dismiss, it snaps back; else the
 * handler's should_dismiss(POP_REASON_SWIPE, or BACKGROUND_TAP) -> false -> did_attempt_to_dismiss; true ->
 * will_dismiss here, then the handler's will_dismiss. Released without completing (or dragged
 * back above the smallest detent) it is cancelled: the handler hears will_present and did_present
 * again, and nobody hears did_dismiss. Completed: the handler's did_dismiss, then did_dismiss
 * here, then the final event. A dismissal by the app, an action or preemption sends neither
 * will_dismiss nor did_dismiss here; the handler's lifecycle and its one final event are as for
 * every popup.
 *
 * The table and pop_sheet_config_t are frozen as released (version.h's rule): set the table's
 * struct_size to sizeof in your build; a changed one would be a new id. The host allocates
 * pop_sheet_config_t; its struct_size says which fields it has.
 */
#ifndef POPHOST_EXT_SHEET_H
#define POPHOST_EXT_SHEET_H

#include "../controller_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_EXT_SHEET "pop.sheet/1"

/* The host's detent ids. */
#define POP_DETENT_MEDIUM "medium"
#define POP_DETENT_LARGE "large"

/* The most detents and passthrough rects a configuration holds. */
#define POP_SHEET_MAX_DETENTS 8
#define POP_SHEET_MAX_PASSTHROUGH 4

/* Which ways a popover's arrow may point (UIPopoverArrowDirection): UP means the popover is below
 * its source rect. A set: OR them together. */
typedef uint32_t pop_arrow_directions_t;
enum {
    POP_ARROW_UP = 1,
    POP_ARROW_DOWN = 2,
    POP_ARROW_LEFT = 4,
    POP_ARROW_RIGHT = 8,
    POP_ARROW_ANY = 15,
};

/* A sheet's and popover's configuration. The host fills it with the defaults shown, then calls
 * configure_sheet. Strings are copied by the host before configure_sheet returns: they need to be
 * valid only during the call. An id that is NULL or empty, a count out of range, a non-finite
 * number, a negative size or an arrow set without a direction is a plugin error (the request ends
 * with POP_REASON_PLUGIN_ERROR, the message naming the field). */
typedef struct pop_sheet_config {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_sheet_config_t) in the host's build */

    uint32_t detent_count;                        /* 1...POP_SHEET_MAX_DETENTS; default 1 */
    const char *detents[POP_SHEET_MAX_DETENTS];   /* ids, any order; default { "large" } */
    const char *selected_detent;                  /* the one it presents at; NULL (default) = the smallest */
    const char *largest_undimmed_detent;          /* up to and including it: no dimming, the app takes
                                                     touches; NULL (default) = dimmed at every detent */
    bool prefers_grabber_visible;                 /* default false */
    bool prefers_scrolling_expands_when_scrolled_to_edge; /* default true */
    bool prefers_edge_attached_in_compact_height; /* default false: full screen in compact height */
    bool width_follows_preferred_content_size_when_edge_attached; /* default false */
    double preferred_corner_radius;               /* of the front sheet; < 0 (default -1) = 10 */
    double preferred_content_width;               /* a popover's size, an edge-attached sheet's width; */
    double preferred_content_height;              /* 0 (default) = the content's own */
    /* Popovers */
    bool has_source_rect;                         /* default false: centred, no arrow */
    pop_rect_t source_rect;                       /* screen points */
    pop_arrow_directions_t permitted_arrow_directions; /* default POP_ARROW_ANY */
    uint32_t passthrough_count;                   /* 0...POP_SHEET_MAX_PASSTHROUGH; default 0 */
    pop_rect_t passthrough[POP_SHEET_MAX_PASSTHROUGH]; /* taps there reach the app, not dismiss it */
} pop_sheet_config_t;

/* Where a dragged sheet is. Valid during the call. */
typedef struct pop_sheet_drag {
    pop_version_t abi_version;
    uint32_t struct_size;
    double height;      /* the sheet's visible height, points */
    const char *lower;  /* the detent at or below it; NULL below the smallest */
    const char *upper;  /* the detent above it; NULL at or above the largest */
    double fraction;    /* 0 at lower, 1 at upper; below the smallest height / smallest; above the largest 1 */
} pop_sheet_drag_t;

/* The host's side: a plugin changes its sheet as an app would (ABI 1.1 hosts with sheets).
 *
 *     const pop_host_sheet_t *sheets = host->get_extension(host, POP_HOST_EXT_SHEET);  // may be NULL
 *
 * Both functions take a live component instance of the request whose sheet is meant (any of its
 * components: usually the controller loader itself, `&self->component`). The table is the host's:
 * valid, and the same, as long as the host table. */
#define POP_HOST_EXT_SHEET "pop.sheet-host/1"

typedef struct pop_host_sheet {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_host_sheet_t) in the host's build */

    /* [main-thread] Moves the request's sheet to `detent`, animated (UIKit: selectedDetentIdentifier
     * inside animateChanges); detent_changed is not called for it. Returns false, and nothing
     * moves, when the request is not a sheet on screen, `detent` is not one of its active detents,
     * a finger is dragging it, or `component` is not a live instance the host created (or the call
     * comes from another thread: reported as the component's misbehaviour). */
    bool (*select_detent)(const pop_host_t *host, const pop_component_t *component, const char *detent);

    /* [main-thread] Asks resolve_detent again for the sheet's custom detents (UIKit's
     * invalidateDetents); the sheet moves if its detent moved. False as above. */
    bool (*invalidate_detents)(const pop_host_t *host, const pop_component_t *component);
} pop_host_sheet_t;

typedef struct pop_sheet_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_sheet_ext_t) */

    /* [main-thread] Configures a sheet or popover: called right after configure() when it chose
     * POP_STYLE_SHEET or POP_STYLE_POPOVER, with the same data. */
    void (*configure_sheet)(const pop_controller_loader_t *self, const pop_value_t *data, pop_sheet_config_t *config);

    /* [main-thread] A custom detent's height: write it to *height and return true, or return false
     * for inactive. `maximum` is the largest height a detent may have now (UIKit's
     * maximumDetentValue); a larger height is clamped to it, 0 is inactive, a negative or
     * non-finite one is the component's misbehaviour (and inactive). Called when the sheet is laid
     * out: at presentation, on every resize and rotation, and when the host invalidates its
     * detents. Must be fast, deterministic and monotonic in `maximum` (`pophost test` checks). */
    bool (*resolve_detent)(const pop_controller_loader_t *self, const char *detent, double maximum, double *height);

    /* [main-thread] The user moved the sheet to another detent: a drag's release, a scroll at the
     * content's edge, a focused text field (which expands it to its largest detent). Not called
     * for a change the host or app makes. */
    void (*detent_changed)(const pop_controller_loader_t *self, const char *detent);

    /* [main-thread] Every move of a drag (UIKit has no such callback). */
    void (*drag_progress)(const pop_controller_loader_t *self, const pop_sheet_drag_t *drag);

    /* [main-thread] The user tried to dismiss it and it stays (modal, or should_dismiss said no). */
    void (*did_attempt_to_dismiss)(const pop_controller_loader_t *self);

    /* [main-thread] The user's dismissal began / completed (see the order above). */
    void (*will_dismiss)(const pop_controller_loader_t *self);
    void (*did_dismiss)(const pop_controller_loader_t *self);
} pop_sheet_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_SHEET_H */
