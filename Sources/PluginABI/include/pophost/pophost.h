/* pophost plugin ABI, version 1 — the core: the one header every plugin includes.
 *
 *     #include <pophost/pophost.h>           the core (everything below)
 *     #include <pophost/ext/animation.h>     each extension it implements or uses, on its own
 *
 * Conventions used throughout:
 *   [main-thread]  called only on the host's main thread (the thread that loaded the plugin); the
 *                  plugin may call main-thread host functions from inside it.
 *   [thread-safe]  may be called from any thread at any time, concurrently.
 *   Strings        UTF-8, NUL-terminated. A `const char *` returned by the callee stays valid until
 *                  the event its comment names (deinit, destroy, ...); one passed in is valid only
 *                  during the call.
 *   Ownership      nothing is freed across the boundary: whoever allocates, releases.
 *   Threads        the host owns the event loop. Do not rely on DispatchQueue.main or @MainActor
 *                  running in a plugin; use host->request_callback() to get back on the main thread.
 *   Enums          each group of constants has a typedef of int32_t (pop_reason_t, pop_style_t, ...)
 *                  used wherever a value of the group crosses the boundary; the same ABI as int32_t.
 *   Growth         ABI 1 grows by one rule (version.h): same major, any minor; struct_size says which
 *                  fields exist; a released struct is frozen; everything new is an extension by id.
 *
 * Extensions: everything optional is negotiated by string id, in both directions:
 * host->get_extension() (the host's services: host.h, value.h) and component->get_extension() (what
 * a component offers the host). Ids have two tiers:
 *   stable  "pop.NAME/REV", declared in the core headers or in <pophost/ext/NAME.h>. Once released,
 *           an id never changes meaning: a breaking change is a new REV, and a host may offer both
 *           REVs side by side. Stable extensions of ABI 1.3: "pop.layout/1" (ext/layout.h),
 *           "pop.animation/1" (ext/animation.h), "pop.sheet/1" (ext/sheet.h: sheets and
 *           popovers), "pop.page/1" (ext/page.h: pages and their bars) and "pop.floating/1"
 *           (ext/floating.h: pages that float into a bubble), which controller loaders offer;
 *           "pop.page-handler/1" (ext/page.h: a page's lifecycle), which handlers offer;
 *           "pop.factory.sample-data/1" (ext/sample_data.h), which a plugin offers beside its
 *           component factories; "pop.trait_observer/1" (ext/traits.h: trait changes), which view
 *           loaders and controller loaders offer; "pop.list/1" (ext/list.h: a page's rows on demand
 *           since 1.2, a sheet's since 1.3), which a page's or a sheet's view loader offers; and the host's "pop.timer/1" (ext/timer.h), timers
 *           on its virtual clock, "pop.sheet-host/1" (ext/sheet.h), a sheet's programmatic changes,
 *           "pop.traits/1" (ext/traits.h), the display traits a call is made under,
 *           "pop.content_style/1" (ext/content_style.h), semantic colours and text styles, and
 *           "pop.accessibility/1" (ext/accessibility.h), what a screen reader reads.
 *   draft   "pop.draft.NAME/0", in <pophost/draft/NAME.h> (draft/README.md). Work in progress: the
 *           id, the struct and the behaviour may change in any release, and a host may drop a draft
 *           without notice. A plugin that uses one must cope with NULL, as for any extension.
 * A host answers NULL for every id it does not know exactly, and so must a component.
 *
 * Swift: the module map (`import PluginABI`) makes every header under pophost/ importable, the
 * extension and draft headers included; C includes each extension header on its own.
 */
#ifndef POPHOST_POPHOST_H
#define POPHOST_POPHOST_H

#include "version.h"
#include "descriptor.h"
#include "host.h"
#include "value.h"
#include "content.h"
#include "completion.h"
#include "component.h"
#include "handler.h"
#include "view_loader.h"
#include "controller_loader.h"
#include "reformer.h"
#include "entry.h"

#endif /* POPHOST_POPHOST_H */
