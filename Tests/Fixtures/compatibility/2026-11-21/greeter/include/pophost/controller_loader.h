/* pophost plugin ABI — the controller loader: how a popup is presented.
 *
 * The host fills a pop_presentation_t with its defaults (an alert: centred, dimmed, fading); the
 * controller loader changes what its style needs. It may also take over the layout (a frame for
 * the popup) and the show and hide animations, which it finishes by calling a completion.
 */
#ifndef POPHOST_CONTROLLER_LOADER_H
#define POPHOST_CONTROLLER_LOADER_H

#include "component.h"
#include "content.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { /* presentation styles; POP_STYLE_BANNER uses the banner layer, the others the modal layer */
    POP_STYLE_ALERT = 0,
    POP_STYLE_SHEET = 1,
    POP_STYLE_POPOVER = 2,
    POP_STYLE_BANNER = 3,
    POP_STYLE_PAGE = 4,
    POP_STYLE_FLOATING = 5,
};

enum { /* what is behind the popup */
    POP_MASK_NONE = 0,   /* nothing: touches reach the app */
    POP_MASK_CLEAR = 1,  /* transparent, but absorbs touches */
    POP_MASK_DIMMED = 2, /* dim_color over the app */
};

enum { POP_WIDTH_FIT = 0, POP_WIDTH_FIXED = 1, POP_WIDTH_MAXIMUM = 2 };

enum { /* presentation animations (CSPopKit's, plus QMUI's popup) */
    POP_SHOW_NONE = 0,
    POP_SHOW_FADE_IN = 1,
    POP_SHOW_SLIDE_FROM_TOP = 2,
    POP_SHOW_SLIDE_FROM_TOP_ANGLE_BOUNCE = 3,
    POP_SHOW_SLIDE_FROM_BOTTOM = 4,
    POP_SHOW_SLIDE_FROM_LEFT = 5,
    POP_SHOW_SLIDE_FROM_RIGHT = 6,
    POP_SHOW_POPUP = 7, /* scale 0 -> 1 */
};

enum { /* dismiss animations */
    POP_HIDE_NONE = 0,
    POP_HIDE_FADE_OUT = 1,
    POP_HIDE_SLIDE_TO_TOP = 2,
    POP_HIDE_SLIDE_TO_BOTTOM = 3,
    POP_HIDE_SLIDE_TO_BOTTOM_ANGLE = 4,
    POP_HIDE_TO_POINT_SCALE = 5, /* to dismiss_point, shrinking to 0.01 */
    POP_HIDE_SLIDE_TO_LEFT = 6,
    POP_HIDE_SLIDE_TO_RIGHT = 7,
    POP_HIDE_POPUP = 8, /* scale to 0.01 */
};

enum { POP_EDGE_TOP = 0, POP_EDGE_BOTTOM = 1 };

enum { /* what a touch on the app behind a banner does */
    POP_BEHIND_DISMISS = 0, /* dismisses the banner (POP_REASON_BACKGROUND_TAP) */
    POP_BEHIND_ABSORB = 1,  /* nothing */
    POP_BEHIND_FORWARD = 2, /* reaches the app */
};

/* How a popup is presented. Distances in points, durations in seconds, colours 0xRRGGBBAA. */
typedef struct pop_presentation {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_presentation_t) in the host's build */

    int32_t style;              /* POP_STYLE_*; default ALERT */
    int32_t mask;               /* POP_MASK_*; default DIMMED */
    pop_color_t dim_color;      /* default 0x00000059 (black at 0.35) */
    bool modal;                 /* background taps do nothing; default false */
    bool dismiss_on_background_tap; /* default false (taps are absorbed) */
    double corner_radius;       /* default 16 */
    int32_t width_mode;         /* POP_WIDTH_*; default FIT */
    double width;               /* for FIXED and MAXIMUM */
    double offset_x, offset_y;  /* from the centred position; default 0 */
    double margin_top, margin_left, margin_bottom, margin_right; /* default 20 each */
    double show_duration;       /* default 0.25 */
    double hide_duration;       /* default 0.25 */
    int32_t show_animation;     /* POP_SHOW_*; default FADE_IN */
    int32_t hide_animation;     /* POP_HIDE_*; default FADE_OUT */
    double dismiss_point_x, dismiss_point_y; /* for POP_HIDE_TO_POINT_SCALE */
    /* Banners */
    int32_t banner_edge;        /* POP_EDGE_*; default TOP */
    int32_t banner_behind;      /* POP_BEHIND_*; default FORWARD */
    double display_duration;    /* seconds on screen after its entrance; default 2; 0 = until dismissed */
    bool pause_on_touch;        /* a touch holds the display timer; default true */
    bool swipe_to_dismiss;      /* default true */
} pop_presentation_t;

typedef struct pop_rect {
    double x, y, width, height;
} pop_rect_t;

/* What a layout hook is given. Valid during the call. */
typedef struct pop_layout_context {
    pop_version_t abi_version;
    uint32_t struct_size;
    pop_rect_t container;     /* the space inside the margins, above the keyboard */
    double keyboard_height;   /* of a keyboard raised by this popup's own fields; else 0 */
    pop_rect_t default_frame; /* where the host would put the popup */
} pop_layout_context_t;

enum { /* timing curves */
    POP_CURVE_LINEAR = 0,
    POP_CURVE_EASE_IN = 1,
    POP_CURVE_EASE_OUT = 2,
    POP_CURVE_EASE_IN_OUT = 3,
    POP_CURVE_SPRING = 4, /* damping 0.6, response = the duration */
};

/* The popup's animatable state, as a custom animation describes it. */
typedef struct pop_visual_state {
    pop_rect_t frame;
    double alpha;       /* 0...1 */
    double scale;       /* 1 = natural size */
    double rotation;    /* radians */
    double dim_alpha;   /* the dimming's opacity, 0...1 */
} pop_visual_state_t;

/* The completion of a custom animation. Made by the host for each call; [thread-safe]; call it
 * exactly once when the plugin's animation is complete (it has scheduled everything it will). The
 * host ends the transition at the later of that call and the end of the last scheduled keyframe.
 * A second call is ignored and logged; never calling it ends the request after the host's
 * completion timeout with POP_REASON_PLUGIN_ERROR. Invalid after the request's final event, after
 * which every component of the request has been destroyed. */
typedef void (*pop_done_fn)(void);

/* What a custom show or hide animation is given, and how it animates. Valid during the call. */
typedef struct pop_animation_context {
    pop_version_t abi_version;
    uint32_t struct_size;
    void *host_ctx;           /* reserved for the host */
    pop_rect_t container;
    double keyboard_height;
    pop_rect_t final_frame;   /* where the popup ends up (its frame when shown) */
    /* The state right now: for a show from scratch, the final frame at alpha 0, scale 1, dim 0;
     * mid-animation when interrupted. */
    pop_visual_state_t from;
    double duration;          /* the presentation's show or hide duration */

    /* [main-thread] Schedules an animation of the popup from its state at `delay` seconds from now
     * to `to`, over `duration` seconds with `curve`. May be called several times (keyframes). The
     * plugin still calls its completion when it considers the animation over. */
    void (*animate)(const struct pop_animation_context *ctx, double delay, double duration, int32_t curve,
                    const pop_visual_state_t *to);
} pop_animation_context_t;

typedef struct pop_controller_loader {
    pop_component_t component;

    /* [main-thread] Sets up the presentation for `data` (pre-filled with the host's defaults).
     * Called once per request, before should_present. Default: the host's alert. */
    void (*configure)(const struct pop_controller_loader *self, const pop_value_t *data, pop_presentation_t *presentation);

    /* [main-thread] Custom layout: write the popup's frame to `frame` and return true, or return
     * false for the default. Called whenever the container changes. */
    bool (*layout)(const struct pop_controller_loader *self, const pop_layout_context_t *ctx, pop_rect_t *frame);

    /* [main-thread] Custom show / hide animation: animate through ctx->animate, call `done` when it
     * is over and return true; or return false (without calling `done`) for the default. */
    bool (*animate_show)(const struct pop_controller_loader *self, const pop_animation_context_t *ctx, pop_done_fn done);
    bool (*animate_hide)(const struct pop_controller_loader *self, const pop_animation_context_t *ctx, pop_done_fn done);
} pop_controller_loader_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_CONTROLLER_LOADER_H */
