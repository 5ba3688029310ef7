/* pophost plugin ABI — host extension "pop.accessibility/1": what a screen reader reads (ABI 1.1).
 *
 *     #include <pophost/ext/accessibility.h>
 *     const pop_host_accessibility_t *a11y = host->get_extension(host, POP_HOST_EXT_ACCESSIBILITY);
 *
 *     b->button(b, "✕", POP_BUTTON_PLAIN, "close");
 *     if (a11y) a11y->label(b, "Close");          // NULL in a host without it: read as its title
 *     b->text(b, "Confirm payment", 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0);
 *     if (a11y) a11y->role(b, POP_A11Y_ROLE_HEADER);
 *
 * Modifiers on the content builder (content.h), like its own: each applies to the node added, or the
 * container closed, last, and a later one of the same kind replaces an earlier one.
 *
 * What a plugin does not say is inferred, as UIKit infers it for its views, so content built without
 * this extension (every ABI 1.0 plugin) is read too:
 *   - a button is a button, labelled by its title; a text field a text field, labelled by its
 *     placeholder; text is static text, labelled by its string;
 *   - the content's title is a header: the first text given POP_A11Y_ROLE_HEADER, else the first
 *     text in the content if it is semibold or bolder;
 *   - an image is read only when it has a label; stacks, overlays, spacers and dividers are not read
 *     (a stack or overlay given a label is read as one element, its descendants not).
 * The host puts every popup in a container: an alert is an alert dialog, a banner a status (announced
 * when it arrives, never focused), anything else a dialog. A popup with a mask (the default) is
 * modal: while it is up, a screen reader reaches its elements only, its title (or first element)
 * takes the focus when it has presented, and the focus returns to where it was when it leaves. The
 * escape gesture asks the handler's should_dismiss with POP_REASON_ACCESSIBILITY_ESCAPE (handler.h).
 *
 * `pophost test` audits what is read (the a11y.* tests): every control has a label with a word in
 * it ("✕" alone is not one), hit areas are at least 44 × 44 pt, text contrast is at least 4.5:1
 * (3:1 from 18 pt, or bold), text is not cut or overlapping at the accessibility text sizes, the
 * reading order follows what is drawn, and focus and escape behave as above (docs/accessibility.md).
 *
 * Misuse makes the content invalid and the build a plugin error, as content.h's misuse does, with
 * the function's name first: a modifier with no node to modify, a label or value that is NULL or not
 * UTF-8, an unknown role or trait bit ("role: unknown role 12"), a call from another thread. A
 * builder pointer that is not the current build's is ignored.
 *
 * The table is the host's: valid, and the same, as long as the host table; frozen as released
 * (version.h's rule): a changed table would be a new id ("pop.accessibility/2").
 */
#ifndef POPHOST_EXT_ACCESSIBILITY_H
#define POPHOST_EXT_ACCESSIBILITY_H

#include "../content.h"
#include "../host.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_HOST_EXT_ACCESSIBILITY "pop.accessibility/1"

/* What an element is (UIKit's accessibility traits that name a role; ARIA's role in the browser). */
typedef int32_t pop_a11y_role_t;
enum {
    POP_A11Y_ROLE_BUTTON = 1,       /* performs an action ("Button") */
    POP_A11Y_ROLE_LINK = 2,         /* opens something elsewhere ("Link") */
    POP_A11Y_ROLE_HEADER = 3,       /* titles the popup or a part of it ("Heading") */
    POP_A11Y_ROLE_TEXT = 4,         /* static text */
    POP_A11Y_ROLE_IMAGE = 5,        /* an image that means something (give it a label) */
    POP_A11Y_ROLE_TEXT_FIELD = 6,   /* takes typing */
    POP_A11Y_ROLE_SEARCH_FIELD = 7, /* takes typing to search */
};

/* States read with an element, OR-ed. */
typedef uint32_t pop_a11y_traits_t;
enum {
    POP_A11Y_SELECTED = 1u << 0,   /* selected, checked or on */
    POP_A11Y_DISABLED = 1u << 1,   /* cannot be activated ("Dimmed"); exempt from the contrast audit */
    POP_A11Y_ADJUSTABLE = 1u << 2, /* its value goes up and down (a slider, a stepper) */
};

typedef struct pop_host_accessibility {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_host_accessibility_t) in the host's build */

    /* [main-thread] All five: only during the view loader's build, with the builder it was given;
     * each applies to the node added, or the container closed, last. Strings are UTF-8, copied
     * before the call returns. */

    /* What is read for the node instead of its text, title or placeholder: say what a control does
     * ("Close", "Pay 12.00"), not what it is ("button") or looks like ("X"). Any node. */
    void (*label)(const pop_content_builder_t *b, const char *label);
    /* What the node is: POP_A11Y_ROLE_*. Any node. */
    void (*role)(const pop_content_builder_t *b, pop_a11y_role_t role);
    /* The node's current value, read after its label ("3 of 5", "On"). Any node. */
    void (*value)(const pop_content_builder_t *b, const char *value);
    /* The node's states: POP_A11Y_* bits, OR-ed (0: none). Any node. */
    void (*traits)(const pop_content_builder_t *b, pop_a11y_traits_t traits);
    /* Nonzero: the node and its descendants are not read (decoration, a picture the text beside it
     * already says). Any node. */
    void (*hidden)(const pop_content_builder_t *b, int hidden);
} pop_host_accessibility_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_ACCESSIBILITY_H */
