/* pophost plugin ABI, version 1 — the one header a plugin includes.
 *
 *     #include <pophost/pophost.h>
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
 *   Extensions     everything optional is negotiated by string id ("pop.NAME/REV"), in both
 *                  directions: host->get_extension() and component->get_extension(). A breaking
 *                  change to an extension is a new REV; both may be offered side by side.
 */
#ifndef POPHOST_POPHOST_H
#define POPHOST_POPHOST_H

#include "version.h"
#include "descriptor.h"
#include "host.h"
#include "value.h"
#include "content.h"
#include "component.h"
#include "handler.h"
#include "view_loader.h"
#include "controller_loader.h"
#include "reformer.h"
#include "entry.h"

#endif /* POPHOST_POPHOST_H */
