/* pophost plugin ABI — the controller loader: how a popup is presented.
 *
 * The host fills a pop_presentation_t with its defaults (an alert: centred, dimmed, fading); the
 * controller loader changes what its style needs. It may also take over the layout (a frame for
 * the popup) and the show and hide animations, which it finishes by calling a completion.
 *
 * Since ABI 1.1 the layout and the animations are component extensions, offered through
 * component.get_extension(): "pop.layout/1" (ext/layout.h) and "pop.animation/1"
 * (ext/animation.h) (and "pop.sheet/1", ext/sheet.h, configures POP_STYLE_SHEET and POPOVER), whose animations finish with a pop_completion_t that is safe to call at any
 * time. The kind struct's own layout, animate_show and animate_hide (ABI 1.0) stay honoured; where
 * an extension gives a function and the kind struct gives its counterpart too, the extension's is
 * used and the other is never called.
 */
#ifndef POPHOST_CONTROLLER_LOADER_H
#define POPHOST_CONTROLLER_LOADER_H

#include "component.h"
#include "content.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Presentation styles. POP_STYLE_BANNER uses the banner layer, SHEET and POPOVER the sheet layer
 * (drawn below the others), the others the modal layer. */
typedef int32_t pop_style_t;
enum {
    POP_STYLE_ALERT = 0,
    POP_STYLE_SHEET = 1,    /* a sheet with detents: ext/sheet.h ("pop.sheet/1") */
    POP_STYLE_POPOVER = 2,  /* a popover in regular width, a sheet in compact width: ext/sheet.h */
    POP_STYLE_BANNER = 3,
    POP_STYLE_PAGE = 4,     /* a page of the navigation stack (not a popup): ext/page.h */
    POP_STYLE_FLOATING = 5, /* a page that can float into a bubble: ext/floating.h */
};

/* What is behind the popup. */
typedef int32_t pop_mask_t;
enum {
    POP_MASK_NONE = 0,   /* nothing: touches reach the app */
    POP_MASK_CLEAR = 1,  /* transparent, but takes touches as the dimmed mask does */
    POP_MASK_DIMMED = 2, /* dim_color over the app */
};

/* How the popup's width is chosen: its content's, `width`, or its content's up to `width`. */
typedef int32_t pop_width_mode_t;
enum { POP_WIDTH_FIT = 0, POP_WIDTH_FIXED = 1, POP_WIDTH_MAXIMUM = 2 };

/* Presentation animations: CSPopKit's (CSPopAnimation.m; slides fade in from alpha 0 and travel
 * half the screen on a spring) and QMUI's (QMUIModalPresentationViewController.m; the content keeps
 * its alpha). docs/presentation.md gives each one's path and curve. */
typedef int32_t pop_show_animation_t;
enum {
    POP_SHOW_NONE = 0,
    POP_SHOW_FADE_IN = 1,
    POP_SHOW_SLIDE_FROM_TOP = 2,
    POP_SHOW_SLIDE_FROM_TOP_ANGLE_BOUNCE = 3, /* turned by pi/20, half a screen away in the turned frame */
    POP_SHOW_SLIDE_FROM_BOTTOM = 4,
    POP_SHOW_SLIDE_FROM_LEFT = 5,
    POP_SHOW_SLIDE_FROM_RIGHT = 6,
    POP_SHOW_POPUP = 7,    /* QMUI's popup: scale 0 -> 1 */
    POP_SHOW_SLIDE_UP = 8, /* QMUI's slide: up from just below the screen; since 1.1 */
};

/* Dismiss animations: CSPopKit's fade the content out as they move; QMUI's keep its alpha. */
typedef int32_t pop_hide_animation_t;
enum {
    POP_HIDE_NONE = 0,
    POP_HIDE_FADE_OUT = 1,
    POP_HIDE_SLIDE_TO_TOP = 2,
    POP_HIDE_SLIDE_TO_BOTTOM = 3,
    POP_HIDE_SLIDE_TO_BOTTOM_ANGLE = 4, /* turned by -pi/20, half a screen away in the turned frame */
    POP_HIDE_TO_POINT_SCALE = 5,        /* its centre to dismiss_point, shrinking to 0.01 */
    POP_HIDE_SLIDE_TO_LEFT = 6,
    POP_HIDE_SLIDE_TO_RIGHT = 7,
    POP_HIDE_POPUP = 8,      /* QMUI's popup: scale to 0 */
    POP_HIDE_SLIDE_DOWN = 9, /* QMUI's slide: down to just below the screen; since 1.1 */
};

/* Timing curves: of a custom animation's keyframes, and (since 1.1) a presentation's show and hide
 * animations. An unknown curve makes a keyframe, or a presentation, a plugin error. */
typedef int32_t pop_curve_t;
enum {
    /* In pop_presentation_t only: the animation style's own curve (docs/presentation.md). */
    POP_CURVE_STYLE = -1,
    POP_CURVE_LINEAR = 0,
    POP_CURVE_EASE_IN = 1,
    POP_CURVE_EASE_OUT = 2,
    POP_CURVE_EASE_IN_OUT = 3,
    POP_CURVE_SPRING = 4, /* damping 0.6, response = the duration */
    /* UIKit's private keyboard curve (UIViewAnimationCurve 7, QMUI's QMUIViewAnimationOptionsCurveOut),
     * approximated by the cubic Bezier (0.38, 0.7, 0.125, 1); since 1.1. */
    POP_CURVE_KEYBOARD = 5,
};

/* The screen edge a banner shows at. */
typedef int32_t pop_edge_t;
enum { POP_EDGE_TOP = 0, POP_EDGE_BOTTOM = 1 };

/* What a touch on the app behind a banner does. */
typedef int32_t pop_behind_banner_t;
enum {
    POP_BEHIND_DISMISS = 0, /* dismisses the banner (POP_REASON_BACKGROUND_TAP) */
    POP_BEHIND_ABSORB = 1,  /* nothing */
    POP_BEHIND_FORWARD = 2, /* reaches the app */
};

/* How a popup is presented. Distances in points, durations in seconds, colours 0xRRGGBBAA. A value
 * outside its enum, a negative or non-finite length or duration, is a plugin error. */
typedef struct pop_presentation {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_presentation_t) in the host's build */

    pop_style_t style;          /* POP_STYLE_*; default ALERT */
    pop_mask_t mask;            /* POP_MASK_*; default DIMMED */
    pop_color_t dim_color;      /* default 0x00000059 (black at 0.35) */
    bool modal;                 /* background taps do nothing; default false */
    bool dismiss_on_background_tap; /* a tap on a dimmed or clear mask dismisses; default false (absorbed) */
    double corner_radius;       /* default 16 */
    pop_width_mode_t width_mode; /* POP_WIDTH_*; default FIT */
    double width;               /* for FIXED and MAXIMUM */
    double offset_x, offset_y;  /* from the centred position; default 0 */
    double margin_top, margin_left, margin_bottom, margin_right; /* default 20 each */
    double show_duration;       /* default 0.25 */
    double hide_duration;       /* default 0.25 */
    pop_show_animation_t show_animation; /* POP_SHOW_*; default FADE_IN */
    pop_hide_animation_t hide_animation; /* POP_HIDE_*; default FADE_OUT */
    double dismiss_point_x, dismiss_point_y; /* for POP_HIDE_TO_POINT_SCALE */
    /* Banners */
    pop_edge_t banner_edge;     /* POP_EDGE_*; default TOP */
    pop_behind_banner_t banner_behind; /* POP_BEHIND_*; default FORWARD */
    double display_duration;    /* seconds on screen after its entrance; default 2; 0 = until dismissed */
    bool pause_on_touch;        /* a touch holds the display timer; default true */
    bool swipe_to_dismiss;      /* default true */
    /* Appended in 1.1: write them only when POP_STRUCT_HAS(presentation->struct_size,
     * pop_presentation_t, hide_curve). */
    pop_curve_t show_curve;     /* POP_CURVE_*; default POP_CURVE_STYLE (the show animation's own) */
    pop_curve_t hide_curve;     /* POP_CURVE_*; default POP_CURVE_STYLE (the hide animation's own) */
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

/* The popup's animatable state, as a custom animation describes it. */
typedef struct pop_visual_state {
    pop_rect_t frame;
    double alpha;       /* 0...1 */
    double scale;       /* 1 = natural size */
    double rotation;    /* radians */
    /* The opacity of the dimming layer, 0...1, drawn in dim_color's RGB: 1 is an opaque layer, not
     * the resting dimming. At rest a dimmed popup's layer has dim_color's own alpha (the default
     * 0x00000059: 0.35), and the host sets that when the transition ends: a show animation should
     * end there (read it from the dim_color configure() chose) to avoid a jump. */
    double dim_alpha;
} pop_visual_state_t;

/* The completion of a custom animation (ABI 1.0). Made by the host for each call; [thread-safe];
 * call it exactly once when the plugin's animation is complete (it has scheduled everything it
 * will). The host ends the transition at the later of that call and the end of the last scheduled
 * keyframe. A second call is ignored and logged; never calling it ends the request after the host's
 * completion timeout with POP_REASON_PLUGIN_ERROR. Invalid after the request's final event, after
 * which every component of the request has been destroyed: calling it then is undefined behaviour.
 * The animations of "pop.animation/1" (ext/animation.h) finish with a pop_completion_t instead,
 * which has no such hazard. */
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
     * to `to`, over `duration` seconds with `curve`. May be called several times (keyframes), at
     * most POP_ANIMATION_MAX_KEYFRAMES times an animation: later calls are ignored and reported.
     * The plugin still calls its completion when it considers the animation over. */
    void (*animate)(const struct pop_animation_context *ctx, double delay, double duration, pop_curve_t curve,
                    const pop_visual_state_t *to);
} pop_animation_context_t;

/* Keyframes one custom animation may schedule (a curve sampled at 60 fps for 17 s). ABI 1.1. */
#define POP_ANIMATION_MAX_KEYFRAMES 1024

typedef struct pop_controller_loader {
    pop_component_t component;

    /* [main-thread] Sets up the presentation for `data` (pre-filled with the host's defaults).
     * Called once per request, before should_present. Default: the host's alert. */
    void (*configure)(const struct pop_controller_loader *self, const pop_value_t *data, pop_presentation_t *presentation);

    /* [main-thread] Custom layout: write the popup's frame to `frame` and return true, or return
     * false for the default. Called whenever the container changes. Not called when the component
     * offers "pop.layout/1" with a layout function (ext/layout.h). */
    bool (*layout)(const struct pop_controller_loader *self, const pop_layout_context_t *ctx, pop_rect_t *frame);

    /* [main-thread] Custom show / hide animation: animate through ctx->animate, call `done` when it
     * is over and return true; or return false (without calling `done`) for the default. Each is
     * not called when the component offers "pop.animation/1" with its counterpart
     * (ext/animation.h). */
    bool (*animate_show)(const struct pop_controller_loader *self, const pop_animation_context_t *ctx, pop_done_fn done);
    bool (*animate_hide)(const struct pop_controller_loader *self, const pop_animation_context_t *ctx, pop_done_fn done);
} pop_controller_loader_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_CONTROLLER_LOADER_H */
