/* pophost plugin ABI — extension "pop.list/1": a page's or a sheet's rows on demand (UITableView's data
 * source), ABI 1.2 (pages) and 1.3 (sheets).
 *
 *     #include <pophost/ext/list.h>
 *
 * A page that lists many things should not build them all: a screen shows about a dozen rows, and
 * content.h's content holds at most POP_CONTENT_MAX_NODES nodes. A page's (or a sheet's, below)
 * view loader that offers this extension (component.get_extension(component, POP_EXT_LIST)) gives
 * the host the number of rows and their heights, and builds one row when the host asks for it, as
 * UITableView asks its data source for numberOfRows, heightForRow and cellForRow. The host lays the rows out below the content
 * build() gave (the list's header, as a table's tableHeaderView; an empty vstack for none), each the
 * page's full width and its own height, and asks build_row only for the rows that intersect the
 * page's visible content area, plus a margin of POP_LIST_MARGIN points above and below. It keeps what
 * it built while the row stays within that band and drops it when the row leaves, so the memory and
 * the work of a frame follow what is visible, not how many rows exist. Scrolling a page
 * (docs/presentation.md) moves the band: only the rows that enter it are asked for.
 *
 * Sheets (ABI 1.3). A popup presented as a sheet (POP_STYLE_SHEET) whose plugin declares ABI 1.3 or
 * later (its view loader's abi_version: POP_VERSION_INIT in a build against these headers) lists its
 * rows the same way: below build()'s content, laid out at its intrinsic height as the header, in the
 * sheet's scrollable content area, each row the sheet's content width (its card's width) and its own
 * height; only the rows in the visible band plus POP_LIST_MARGIN are asked for and kept, and scrolling
 * the sheet's content moves the band. row_count and the heights are asked once, right after build()
 * when the popup starts presenting; the rows are the popup's until it ends (a kept row's buttons name
 * the handler's actions, as build()'s do). A row's nodes have the ids "popup.<request>.row.<row>…" (a
 * page's: "page.<name>.row.<row>…"), the same whatever scrolls. A popup of any other style — an alert,
 * a banner, a popover (also in compact width, where it shows as a sheet) — and a plugin of ABI 1.2 or
 * earlier show build()'s content only, as without the table.
 *
 * The host asks for the table once, when it creates the instance; it must stay valid, and the same,
 * until destroy(). The data passed to every function is the page's or the sheet's data (the same
 * pop_value_t build() was given), valid as long as the page or the popup. A plugin of ABI 1.0 or 1.1
 * that knows nothing of it keeps working, and a host without it (answering no extension) shows
 * build()'s content only.
 *
 * The rows are asked for again when the page is made again (pushed anew, reopened from its bubble):
 * there is no reload in "pop.list/1".
 *
 * Misuse is a plugin error naming the function: a count below zero or above POP_LIST_MAX_ROWS, or a
 * height that is not a positive finite number, refuses the page (as a build that returns false
 * does; a sheet ends with the reason plugin-error); a row whose build_row returns false or whose
 * content is invalid (content.h's misuse, more than POP_CONTENT_MAX_NODES nodes in that one row) is
 * reported through the host's log naming the
 * view loader, the row and the cause, and drawn empty; the host goes on, and does not ask for that
 * row again while the page or the sheet lives.
 *
 * The table is frozen as released (version.h's rule): set struct_size to sizeof(pop_list_ext_t) in
 * your build; a changed table would be a new id ("pop.list/2").
 */
#ifndef POPHOST_EXT_LIST_H
#define POPHOST_EXT_LIST_H

#include "../view_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define POP_EXT_LIST "pop.list/1"

/* The most rows a page or a sheet may have. */
#define POP_LIST_MAX_ROWS 1000000
/* Points above and below the visible area whose rows are built too, so that a short scroll finds
 * them ready. */
#define POP_LIST_MARGIN 100

typedef struct pop_list_ext {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_list_ext_t) */

    /* [main-thread] How many rows the page (or sheet) of `data` has (numberOfRowsInSection), 0 ...
     * POP_LIST_MAX_ROWS. Called once, right after build() succeeded for the page (or sheet). 0: no
     * rows; the content is build()'s alone, exactly as without the extension. Required. */
    int64_t (*row_count)(const pop_view_loader_t *self, const pop_value_t *data);

    /* [main-thread] The height every row has, in points (UITableView.rowHeight), or 0 to give each
     * row its own through height_for_row. Called once, after row_count when it is not 0. NULL = 0. */
    double (*row_height)(const pop_view_loader_t *self, const pop_value_t *data);

    /* [main-thread] The height of row `row` (0 <= row < count), in points (heightForRowAt). Called
     * once for every row, in order, when row_height gives 0 (as UITableView does without estimated
     * heights), so prefer row_height for long lists. NULL with row_height 0 is a plugin error. */
    double (*height_for_row)(const pop_view_loader_t *self, const pop_value_t *data, int64_t row);

    /* [main-thread] Describes row `row` (0 <= row < count) through `builder`, as build() describes the
     * content (content.h: one root node; its limits apply to this row alone). The row is laid out in
     * its own rect: the page's (or the sheet's content) width, the row's height, its content filling
     * it as a page's content fills the page. Asked only for rows in the visible band (above), in
     * increasing order, never twice for a row the host still keeps. The content builder extensions
     * ("pop.content_style/1", "pop.accessibility/1", "pop.traits/1") work as in build(). Returns false
     * when it cannot (say why through POP_HOST_EXT_LOG). Required. */
    bool (*build_row)(const pop_view_loader_t *self, const pop_value_t *data, int64_t row, const pop_content_builder_t *builder);
} pop_list_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_EXT_LIST_H */
