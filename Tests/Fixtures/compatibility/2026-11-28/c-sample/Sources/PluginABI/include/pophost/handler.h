/* pophost plugin ABI — the handler: a popup's business logic.
 *
 * Every function pointer is optional (NULL = the default in its comment), like an Objective-C
 * protocol's optional methods. All are [main-thread] unless marked otherwise.
 *
 * The order the host calls them in, for one request:
 *   get_options → should_present → (arbitration) → view loader builds → will_present →
 *   (presentation animation) → did_present → ... → should_dismiss (only for dismissals that may be
 *   vetoed) → will_dismiss → (dismiss animation) → did_dismiss → finished
 * A request refused before it is shown skips from wherever it was straight to finished(CANCELLED).
 * finished is called exactly once per request; the component is destroyed right after it.
 *
 * The struct grows by version.h's rule: should_present_ex (ABI 1.1) is read only when it lies
 * inside component.struct_size, so a handler built against 1.0 keeps its should_present.
 */
#ifndef POPHOST_HANDLER_H
#define POPHOST_HANDLER_H

#include "completion.h"
#include "component.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Named priority levels; any value in 0...1000 is allowed. */
typedef int32_t pop_priority_t;
enum {
    POP_PRIORITY_LOW = 250,
    POP_PRIORITY_NORMAL = 500,
    POP_PRIORITY_HIGH = 750,
    POP_PRIORITY_MAX = 1000,
};

/* What a request does when something is already on screen in its layer. An unknown value leaves
 * the default. */
typedef int32_t pop_policy_t;
enum {
    /* Shows now if it beats the popup on screen (which is preempted); else it is cancelled with
     * POP_REASON_LOWER_PRIORITY. Ties are settled by the host's equal-priority rule. */
    POP_POLICY_OVERRIDE = 0,
    /* Waits in the layer's queue until the layer is free. */
    POP_POLICY_ENQUEUE = 1,
};

/* What happens to a shown popup when a higher-priority one preempts it. An unknown value leaves
 * the default. */
typedef int32_t pop_preempted_t;
enum {
    POP_PREEMPTED_DROP = 0,    /* dismissed for good (POP_REASON_PREEMPTED) */
    POP_PREEMPTED_REQUEUE = 1, /* dismissed, then queued again to come back later */
};

/* Why a request ended (or why a dismissal is asked for). A newer host may pass reasons this header
 * does not list: treat them as POP_REASON_NONE. */
typedef int32_t pop_reason_t;
enum {
    POP_REASON_NONE = 0,
    POP_REASON_ACTION = 1,          /* a button's action asked to dismiss */
    POP_REASON_BACKGROUND_TAP = 2,  /* a tap outside the popup */
    POP_REASON_SWIPE = 3,           /* swiped away */
    POP_REASON_TIMEOUT = 4,         /* its display time ran out (banners) */
    POP_REASON_PREEMPTED = 5,       /* a higher-priority popup took its place */
    POP_REASON_HIDE_ALL = 6,        /* the app hid every popup (e.g. it opened a URL) */
    POP_REASON_VETOED = 7,          /* its handler's should_present said no */
    POP_REASON_DUPLICATE = 8,       /* a request with its dedupe key is already shown or queued */
    POP_REASON_EXPIRED = 9,         /* its time-to-live ran out in the queue */
    POP_REASON_LOWER_PRIORITY = 10, /* an override that lost to the popup on screen */
    POP_REASON_PLUGIN_ERROR = 11,   /* a component misbehaved; the host says what in its log */
    POP_REASON_REQUESTED = 12,      /* the app dismissed it (by id, dedupe key, priority or all) */
    /* ---- ABI 1.1 ---- (a handler of ABI 1.0 is told the nearest 1.0 reason, named below) */
    POP_REASON_PLUGIN_CRASHED = 13, /* a plugin whose component it used crashed, aborted or exited in
                                       its plugin host process (the host runs plugins isolated);
                                       a 1.0 handler is told POP_REASON_PLUGIN_ERROR */
    POP_REASON_PLUGIN_TIMEOUT = 14, /* a call into such a plugin overran the host's deadline; its
                                       plugin host process was killed; 1.0: POP_REASON_PLUGIN_ERROR */
    POP_REASON_ACCESSIBILITY_ESCAPE = 15, /* the screen reader's escape gesture (a two-finger scrub);
                                             a handler of ABI 1.0 is told POP_REASON_BACKGROUND_TAP */
};

/* How a request ended, passed to finished(). */
typedef int32_t pop_outcome_t;
enum {
    POP_FINISHED_DISMISSED = 0, /* it was shown (or being shown) and went away */
    POP_FINISHED_CANCELLED = 1, /* it never made it on screen */
};

/* Options of a request. The host fills in its defaults before calling get_options; the handler
 * changes what it wants; the app's explicit choices for the request override both. A value outside
 * its range is reported as misbehaviour and taken as follows: a priority is clamped to 0...1000, an
 * unknown policy or when_preempted leaves the default, a negative or non-finite time_to_live means
 * none. */
typedef struct pop_request_options {
    pop_version_t abi_version;
    uint32_t struct_size;   /* sizeof(pop_request_options_t) in the host's build */
    pop_priority_t priority;        /* 0...1000; default POP_PRIORITY_NORMAL */
    pop_policy_t policy;            /* POP_POLICY_*; default POP_POLICY_ENQUEUE */
    pop_preempted_t when_preempted; /* POP_PREEMPTED_*; default POP_PREEMPTED_DROP */
    /* Seconds it may wait in a queue before it expires (POP_REASON_EXPIRED); 0 = no limit. */
    double time_to_live;
    /* A request whose key is already shown or queued is cancelled (POP_REASON_DUPLICATE). NULL or
     * "" = none. The host copies it when get_options returns, so it must stay valid until then: a
     * string literal, or a buffer the handler instance owns (not a local of get_options). */
    const char *dedupe_key;
} pop_request_options_t;

/* The answer to should_present (ABI 1.0). Made by the host for each call; [thread-safe]; call it
 * exactly once. A second call is ignored and logged; never calling it ends the request after the
 * host's completion timeout with POP_REASON_PLUGIN_ERROR. Invalid after the request's final event:
 * calling it then is undefined behaviour. should_present_ex's pop_completion_t has no such hazard. */
typedef void (*pop_answer_fn)(bool present);

/* An action the handler's buttons can invoke (target-action). `function` is called with the
 * arguments `signature` declares. Grammar (whitespace allowed between tokens):
 *
 *   signature  := result "(" [ param { "," param } ] ")"
 *   result     := "void" | "bool" | "i32" | "i64"
 *   param      := source ":" type
 *   type       := "bool" | "i32" | "i64" | "f64" | "ptr" | "str"
 *   source     := "self"            ptr   the handler (const pop_handler_t *)
 *               | "action"          str   the action's name
 *               | "request"         i64   the request id
 *               | "field." ID       str   the text of the content's text field ID (i32/i64/f64:
 *                                         parsed as a number, 0 when it is not one; bool: non-empty)
 *               | "data" { "." KEY | "." INDEX }
 *                                   ptr   the pop_value_t * at that path of the request's data
 *                                         (NULL when missing); bool/i32/i64/f64/str: converted
 *                                         (false, 0, 0.0, "" when missing or of another type)
 *
 * Example: "bool(self:ptr, field.password:str, data.amount:f64)". `str` arguments are never NULL
 * (an empty or missing field, like missing data, is "") and are valid only during the call; `bool`
 * is C's bool (1 byte), `f64` a double. The result says whether the popup is dismissed after the action (reason
 * POP_REASON_ACTION): `void` always, the others when non-zero. At most 16 parameters. A
 * signature that does not parse, names an unknown source or a field the content lacks, or pairs a
 * source with a type it cannot give, is a plugin error: the action is never called. */
typedef struct pop_action {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_action_t) */
    const char *name;      /* unique within the handler; what buttons name */
    const char *signature; /* see above */
    /* Called through libffi with the declared signature. ISO C has no conversion between function
     * and object pointers, so -Wpedantic warns on `.function = my_action`; cast through uintptr_t,
     * or leave the warning off for this initializer (POSIX guarantees the round trip). */
    void *function;
} pop_action_t;

typedef struct pop_handler {
    pop_component_t component;

    /* Adjusts the request's options for `data`. Default: the host's defaults. */
    void (*get_options)(const struct pop_handler *self, const pop_value_t *data, pop_request_options_t *options);

    /* Decides whether the request is shown at all: call `answer(true or false)` exactly once, right
     * away or later (from any thread). A veto cancels the request with POP_REASON_VETOED.
     * Default: present. Not called when should_present_ex (ABI 1.1, below) is used instead. */
    void (*should_present)(const struct pop_handler *self, const pop_value_t *data, pop_answer_fn answer);

    /* The popup is about to start presenting / has finished its presentation animation. */
    void (*will_present)(const struct pop_handler *self);
    void (*did_present)(const struct pop_handler *self);

    /* May the popup be dismissed for `reason` (POP_REASON_*)? Asked for background taps, swipes,
     * hide-all and the screen reader's escape (1.1); not for actions, preemption or the app's own dismissals. Default: yes. */
    bool (*should_dismiss)(const struct pop_handler *self, pop_reason_t reason);

    /* The popup is about to start / has finished its dismiss animation. */
    void (*will_dismiss)(const struct pop_handler *self, pop_reason_t reason);
    void (*did_dismiss)(const struct pop_handler *self, pop_reason_t reason);

    /* The request's final event, exactly once: `outcome` is POP_FINISHED_*, `reason` POP_REASON_*.
     * Delivered after teardown; right after it returns the host destroys every component of the
     * request (handler, view loader, controller loader, reformer). */
    void (*finished)(const struct pop_handler *self, pop_outcome_t outcome, pop_reason_t reason);

    /* The handler's actions: count, and each by index (pointers valid until destroy). */
    uint32_t (*action_count)(const struct pop_handler *self);
    const pop_action_t *(*get_action)(const struct pop_handler *self, uint32_t index);

    /* ---- ABI 1.1 ---- */

    /* should_present with a completion that is safe to call at any time (completion.h): call
     * pop_complete(answer, true or false) once, right away or later, from any thread; keep the
     * pop_completion_t by value as long as you like. Used instead of should_present when it is set
     * and lies inside component.struct_size. Default: should_present. */
    void (*should_present_ex)(const struct pop_handler *self, const pop_value_t *data, pop_completion_t answer);
} pop_handler_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_HANDLER_H */
