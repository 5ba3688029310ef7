//! The pophost plugin ABI 1.x.y for Rust, and a small safe layer over it.
//!
//! - The C structs of the headers (`pophost/*.h`) as `#[repr(C)]` types, field for field, checked
//!   at compile time against the sizes and offsets of pophost's `docs/abi-layout.md`; a `const` for
//!   every constant the plugin uses. Function pointers are `Option<extern "C" fn>` (NULL is `None`).
//! - The entry `pop_plugin_entry_v1`, the only exported symbol (a cdylib exports only its
//!   `#[no_mangle]` items), the plugin's state, the factories and the component instances.
//! - Safe Rust for `lib.rs`: the `Handler`, `ViewLoader` and `ControllerLoader` traits, `Data`
//!   (the request's data), `Builder` (the content), `Completion`, `log`.
//!
//! Every function the host calls goes through `guard`: a panic is caught with
//! `std::panic::catch_unwind` — it never unwinds into the host —, reported through the host's log
//! ("pop.log/1") and turned into the ABI's error answer (`build` returns false: a plugin error; a
//! handler's `should_present` answers false; `create` returns NULL).
//!
//! Threads, as the headers state them: the host calls everything on its main thread unless marked
//! [thread-safe] (`get_factory`, a factory's `count` and `get_descriptor`, `get_extension`, the
//! value getters and the log). A `Completion` may be called from any thread; nothing else of the
//! host may be called from a thread of the plugin's own. The plugin starts no threads and prints
//! nothing.
#![allow(dead_code)] // the full groups of constants are declared, not all of them used

use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::mem::{offset_of, size_of};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, Ordering};
use std::sync::{Arc, Once, OnceLock};

// ---- constants (version.h, descriptor.h, component.h, host.h, value.h, handler.h, content.h,
//      controller_loader.h) -----------------------------------------------------------------------

pub const POP_VERSION_MAJOR: u32 = 1;
pub const POP_VERSION_MINOR: u32 = 3;
pub const POP_VERSION_PATCH: u32 = 0;
/// `POP_VERSION_INIT`: the ABI this plugin is built against, in every struct it hands the host.
pub const POP_VERSION_INIT: PopVersion =
    PopVersion { major: POP_VERSION_MAJOR, minor: POP_VERSION_MINOR, patch: POP_VERSION_PATCH };

pub const POP_DESCRIPTOR_MAX_STRING: usize = 1024;
pub const POP_DESCRIPTOR_MAX_FEATURES: usize = 64;

pub const POP_FACTORY_HANDLER: &CStr = c"pop.factory.handler/1";
pub const POP_FACTORY_VIEW_LOADER: &CStr = c"pop.factory.view-loader/1";
pub const POP_FACTORY_CONTROLLER_LOADER: &CStr = c"pop.factory.controller-loader/1";
pub const POP_FACTORY_REFORMER: &CStr = c"pop.factory.reformer/1";

pub const POP_HOST_EXT_LOG: &CStr = c"pop.log/1";
pub const POP_HOST_EXT_VALUE: &CStr = c"pop.value/1";

pub type PopLogSeverity = i32;
pub const POP_LOG_DEBUG: PopLogSeverity = 0;
pub const POP_LOG_INFO: PopLogSeverity = 1;
pub const POP_LOG_WARNING: PopLogSeverity = 2;
pub const POP_LOG_ERROR: PopLogSeverity = 3;
pub const POP_LOG_HOST_MISBEHAVING: PopLogSeverity = 4;

pub type PopValueType = i32;
pub const POP_VALUE_NULL: PopValueType = 0;
pub const POP_VALUE_BOOL: PopValueType = 1;
pub const POP_VALUE_INT: PopValueType = 2;
pub const POP_VALUE_DOUBLE: PopValueType = 3;
pub const POP_VALUE_STRING: PopValueType = 4;
pub const POP_VALUE_ARRAY: PopValueType = 5;
pub const POP_VALUE_OBJECT: PopValueType = 6;

pub type PopPriority = i32;
pub const POP_PRIORITY_LOW: PopPriority = 250;
pub const POP_PRIORITY_NORMAL: PopPriority = 500;
pub const POP_PRIORITY_HIGH: PopPriority = 750;
pub const POP_PRIORITY_MAX: PopPriority = 1000;

pub type PopPolicy = i32;
pub const POP_POLICY_OVERRIDE: PopPolicy = 0;
pub const POP_POLICY_ENQUEUE: PopPolicy = 1;

pub type PopPreempted = i32;
pub const POP_PREEMPTED_DROP: PopPreempted = 0;
pub const POP_PREEMPTED_REQUEUE: PopPreempted = 1;

/// Why a request ended. A newer host may pass reasons not listed here: treat them as NONE.
pub type PopReason = i32;
pub const POP_REASON_NONE: PopReason = 0;
pub const POP_REASON_ACTION: PopReason = 1;
pub const POP_REASON_BACKGROUND_TAP: PopReason = 2;
pub const POP_REASON_SWIPE: PopReason = 3;
pub const POP_REASON_TIMEOUT: PopReason = 4;
pub const POP_REASON_PREEMPTED: PopReason = 5;
pub const POP_REASON_HIDE_ALL: PopReason = 6;
pub const POP_REASON_VETOED: PopReason = 7;
pub const POP_REASON_DUPLICATE: PopReason = 8;
pub const POP_REASON_EXPIRED: PopReason = 9;
pub const POP_REASON_LOWER_PRIORITY: PopReason = 10;
pub const POP_REASON_PLUGIN_ERROR: PopReason = 11;
pub const POP_REASON_REQUESTED: PopReason = 12;
pub const POP_REASON_PLUGIN_CRASHED: PopReason = 13;
pub const POP_REASON_PLUGIN_TIMEOUT: PopReason = 14;
pub const POP_REASON_ACCESSIBILITY_ESCAPE: PopReason = 15;

pub type PopOutcome = i32;
pub const POP_FINISHED_DISMISSED: PopOutcome = 0;
pub const POP_FINISHED_CANCELLED: PopOutcome = 1;

pub const POP_CONTENT_MAX_NODES: u32 = 4096;
pub const POP_CONTENT_MAX_DEPTH: u32 = 32;

/// A colour as 0xRRGGBBAA.
pub type PopColor = u32;

pub type PopAlignment = i32;
pub const POP_ALIGN_LEADING: PopAlignment = 0;
pub const POP_ALIGN_CENTER: PopAlignment = 1;
pub const POP_ALIGN_TRAILING: PopAlignment = 2;
pub const POP_ALIGN_FILL: PopAlignment = 3;

pub type PopWeight = i32;
pub const POP_WEIGHT_REGULAR: PopWeight = 0;
pub const POP_WEIGHT_MEDIUM: PopWeight = 1;
pub const POP_WEIGHT_SEMIBOLD: PopWeight = 2;
pub const POP_WEIGHT_BOLD: PopWeight = 3;

// ---- content by meaning (ext/traits.h, ext/content_style.h) -------------------------------------

pub const POP_HOST_EXT_CONTENT_STYLE: &CStr = c"pop.content_style/1";

/// UIKit's text styles: the text's size follows the person's text size (Dynamic Type).
pub type PopTextStyle = i32;
pub const POP_TEXT_STYLE_LARGE_TITLE: PopTextStyle = 0;
pub const POP_TEXT_STYLE_TITLE1: PopTextStyle = 1;
pub const POP_TEXT_STYLE_TITLE2: PopTextStyle = 2;
pub const POP_TEXT_STYLE_TITLE3: PopTextStyle = 3;
pub const POP_TEXT_STYLE_HEADLINE: PopTextStyle = 4;
pub const POP_TEXT_STYLE_BODY: PopTextStyle = 5;
pub const POP_TEXT_STYLE_CALLOUT: PopTextStyle = 6;
pub const POP_TEXT_STYLE_SUBHEADLINE: PopTextStyle = 7;
pub const POP_TEXT_STYLE_FOOTNOTE: PopTextStyle = 8;
pub const POP_TEXT_STYLE_CAPTION1: PopTextStyle = 9;
pub const POP_TEXT_STYLE_CAPTION2: PopTextStyle = 10;

/// UIKit's semantic colours, resolved by the host for the appearance (light or dark).
pub type PopSemanticColor = i32;
pub const POP_COLOR_LABEL: PopSemanticColor = 0;
pub const POP_COLOR_SECONDARY_LABEL: PopSemanticColor = 1;
pub const POP_COLOR_TERTIARY_LABEL: PopSemanticColor = 2;
pub const POP_COLOR_QUATERNARY_LABEL: PopSemanticColor = 3;
pub const POP_COLOR_PLACEHOLDER_TEXT: PopSemanticColor = 4;
pub const POP_COLOR_SYSTEM_BACKGROUND: PopSemanticColor = 5;
pub const POP_COLOR_SECONDARY_SYSTEM_BACKGROUND: PopSemanticColor = 6;
pub const POP_COLOR_TERTIARY_SYSTEM_BACKGROUND: PopSemanticColor = 7;
pub const POP_COLOR_SYSTEM_GROUPED_BACKGROUND: PopSemanticColor = 8;
pub const POP_COLOR_SECONDARY_SYSTEM_GROUPED_BACKGROUND: PopSemanticColor = 9;
pub const POP_COLOR_TERTIARY_SYSTEM_GROUPED_BACKGROUND: PopSemanticColor = 10;
pub const POP_COLOR_SEPARATOR: PopSemanticColor = 11;
pub const POP_COLOR_OPAQUE_SEPARATOR: PopSemanticColor = 12;
pub const POP_COLOR_SYSTEM_FILL: PopSemanticColor = 13;
pub const POP_COLOR_SECONDARY_SYSTEM_FILL: PopSemanticColor = 14;
pub const POP_COLOR_TERTIARY_SYSTEM_FILL: PopSemanticColor = 15;
pub const POP_COLOR_QUATERNARY_SYSTEM_FILL: PopSemanticColor = 16;
pub const POP_COLOR_LINK: PopSemanticColor = 17;
pub const POP_COLOR_SYSTEM_BLUE: PopSemanticColor = 18;
pub const POP_COLOR_SYSTEM_RED: PopSemanticColor = 19;
pub const POP_COLOR_SYSTEM_GREEN: PopSemanticColor = 20;
pub const POP_COLOR_SYSTEM_GRAY: PopSemanticColor = 21;
pub const POP_COLOR_SYSTEM_GRAY2: PopSemanticColor = 22;
pub const POP_COLOR_SYSTEM_GRAY3: PopSemanticColor = 23;
pub const POP_COLOR_SYSTEM_GRAY4: PopSemanticColor = 24;
pub const POP_COLOR_SYSTEM_GRAY5: PopSemanticColor = 25;
pub const POP_COLOR_SYSTEM_GRAY6: PopSemanticColor = 26;
pub const POP_COLOR_TINT: PopSemanticColor = 27;
pub const POP_COLOR_DESTRUCTIVE: PopSemanticColor = 28;

/// How a node lays out in right-to-left (UIKit's semanticContentAttribute).
pub type PopDirection = i32;
pub const POP_DIRECTION_UNSPECIFIED: PopDirection = 0;
pub const POP_DIRECTION_PLAYBACK: PopDirection = 1;
pub const POP_DIRECTION_SPATIAL: PopDirection = 2;
pub const POP_DIRECTION_FORCE_LEFT_TO_RIGHT: PopDirection = 3;
pub const POP_DIRECTION_FORCE_RIGHT_TO_LEFT: PopDirection = 4;

// ---- what a screen reader reads (ext/accessibility.h) --------------------------------------------

pub const POP_HOST_EXT_ACCESSIBILITY: &CStr = c"pop.accessibility/1";

/// What an element is, as a screen reader announces it.
pub type PopA11yRole = i32;
pub const POP_A11Y_ROLE_BUTTON: PopA11yRole = 1;
pub const POP_A11Y_ROLE_LINK: PopA11yRole = 2;
pub const POP_A11Y_ROLE_HEADER: PopA11yRole = 3;
pub const POP_A11Y_ROLE_TEXT: PopA11yRole = 4;
pub const POP_A11Y_ROLE_IMAGE: PopA11yRole = 5;
pub const POP_A11Y_ROLE_TEXT_FIELD: PopA11yRole = 6;
pub const POP_A11Y_ROLE_SEARCH_FIELD: PopA11yRole = 7;

/// States read with an element, OR-ed.
pub type PopA11yTraits = u32;
pub const POP_A11Y_SELECTED: PopA11yTraits = 1;
pub const POP_A11Y_DISABLED: PopA11yTraits = 2;
pub const POP_A11Y_ADJUSTABLE: PopA11yTraits = 4;

pub type PopButtonStyle = i32;
pub const POP_BUTTON_DEFAULT: PopButtonStyle = 0;
pub const POP_BUTTON_CANCEL: PopButtonStyle = 1;
pub const POP_BUTTON_DESTRUCTIVE: PopButtonStyle = 2;
pub const POP_BUTTON_PLAIN: PopButtonStyle = 3;

pub type PopStyle = i32;
pub const POP_STYLE_ALERT: PopStyle = 0;
pub const POP_STYLE_SHEET: PopStyle = 1;
pub const POP_STYLE_POPOVER: PopStyle = 2;
pub const POP_STYLE_BANNER: PopStyle = 3;
pub const POP_STYLE_PAGE: PopStyle = 4;
pub const POP_STYLE_FLOATING: PopStyle = 5;

pub type PopMask = i32;
pub const POP_MASK_NONE: PopMask = 0;
pub const POP_MASK_CLEAR: PopMask = 1;
pub const POP_MASK_DIMMED: PopMask = 2;

pub type PopWidthMode = i32;
pub const POP_WIDTH_FIT: PopWidthMode = 0;
pub const POP_WIDTH_FIXED: PopWidthMode = 1;
pub const POP_WIDTH_MAXIMUM: PopWidthMode = 2;

pub type PopShowAnimation = i32;
pub const POP_SHOW_NONE: PopShowAnimation = 0;
pub const POP_SHOW_FADE_IN: PopShowAnimation = 1;
pub const POP_SHOW_SLIDE_FROM_TOP: PopShowAnimation = 2;
pub const POP_SHOW_SLIDE_FROM_TOP_ANGLE_BOUNCE: PopShowAnimation = 3;
pub const POP_SHOW_SLIDE_FROM_BOTTOM: PopShowAnimation = 4;
pub const POP_SHOW_SLIDE_FROM_LEFT: PopShowAnimation = 5;
pub const POP_SHOW_SLIDE_FROM_RIGHT: PopShowAnimation = 6;
pub const POP_SHOW_POPUP: PopShowAnimation = 7;
pub const POP_SHOW_SLIDE_UP: PopShowAnimation = 8;

pub type PopHideAnimation = i32;
pub const POP_HIDE_NONE: PopHideAnimation = 0;
pub const POP_HIDE_FADE_OUT: PopHideAnimation = 1;
pub const POP_HIDE_SLIDE_TO_TOP: PopHideAnimation = 2;
pub const POP_HIDE_SLIDE_TO_BOTTOM: PopHideAnimation = 3;
pub const POP_HIDE_SLIDE_TO_BOTTOM_ANGLE: PopHideAnimation = 4;
pub const POP_HIDE_TO_POINT_SCALE: PopHideAnimation = 5;
pub const POP_HIDE_SLIDE_TO_LEFT: PopHideAnimation = 6;
pub const POP_HIDE_SLIDE_TO_RIGHT: PopHideAnimation = 7;
pub const POP_HIDE_POPUP: PopHideAnimation = 8;
pub const POP_HIDE_SLIDE_DOWN: PopHideAnimation = 9;

pub type PopCurve = i32;
pub const POP_CURVE_STYLE: PopCurve = -1;
pub const POP_CURVE_LINEAR: PopCurve = 0;
pub const POP_CURVE_EASE_IN: PopCurve = 1;
pub const POP_CURVE_EASE_OUT: PopCurve = 2;
pub const POP_CURVE_EASE_IN_OUT: PopCurve = 3;
pub const POP_CURVE_SPRING: PopCurve = 4;
pub const POP_CURVE_KEYBOARD: PopCurve = 5;

pub type PopEdge = i32;
pub const POP_EDGE_TOP: PopEdge = 0;
pub const POP_EDGE_BOTTOM: PopEdge = 1;

pub type PopBehindBanner = i32;
pub const POP_BEHIND_DISMISS: PopBehindBanner = 0;
pub const POP_BEHIND_ABSORB: PopBehindBanner = 1;
pub const POP_BEHIND_FORWARD: PopBehindBanner = 2;

// ---- the C structs (#[repr(C)], as the headers declare them) ----------------------------------

/// Opaque: a node of the request's data, owned by the host (value.h).
#[repr(C)]
pub struct PopValue {
    _opaque: [u8; 0],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PopVersion {
    pub major: u32,
    pub minor: u32,
    pub patch: u32,
}

#[repr(C)]
pub struct PopDescriptor {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub id: *const c_char,
    pub name: *const c_char,
    pub vendor: *const c_char,
    pub version: *const c_char,
    pub description: *const c_char,
    pub features: *const *const c_char,
}

#[repr(C)]
pub struct PopHost {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub host_data: *mut c_void,
    pub name: *const c_char,
    pub vendor: *const c_char,
    pub version: *const c_char,
    pub get_extension: Option<unsafe extern "C" fn(*const PopHost, *const c_char) -> *const c_void>,
    pub request_callback: Option<unsafe extern "C" fn(*const PopHost)>,
}

#[repr(C)]
pub struct PopHostLog {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub log: Option<unsafe extern "C" fn(*const PopHost, PopLogSeverity, *const c_char)>,
}

#[repr(C)]
pub struct PopHostValue {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub type_: Option<unsafe extern "C" fn(*const PopValue) -> PopValueType>,
    pub get_bool: Option<unsafe extern "C" fn(*const PopValue, bool) -> bool>,
    pub get_int: Option<unsafe extern "C" fn(*const PopValue, i64) -> i64>,
    pub get_double: Option<unsafe extern "C" fn(*const PopValue, f64) -> f64>,
    pub get_string: Option<unsafe extern "C" fn(*const PopValue) -> *const c_char>,
    pub count: Option<unsafe extern "C" fn(*const PopValue) -> u32>,
    pub at: Option<unsafe extern "C" fn(*const PopValue, u32) -> *const PopValue>,
    pub key_at: Option<unsafe extern "C" fn(*const PopValue, u32) -> *const c_char>,
    pub get: Option<unsafe extern "C" fn(*const PopValue, *const c_char) -> *const PopValue>,
    pub lookup: Option<unsafe extern "C" fn(*const PopValue, *const c_char) -> *const PopValue>,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct PopCompletion {
    pub complete: Option<unsafe extern "C" fn(u64, bool)>,
    pub token: u64,
}

#[repr(C)]
pub struct PopContentBuilder {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub host_ctx: *mut c_void,
    pub begin_vstack: Option<unsafe extern "C" fn(*const PopContentBuilder, f64, PopAlignment)>,
    pub begin_hstack: Option<unsafe extern "C" fn(*const PopContentBuilder, f64, PopAlignment)>,
    pub begin_overlay: Option<unsafe extern "C" fn(*const PopContentBuilder, PopAlignment)>,
    pub end: Option<unsafe extern "C" fn(*const PopContentBuilder)>,
    pub text: Option<
        unsafe extern "C" fn(*const PopContentBuilder, *const c_char, f64, PopWeight, PopColor, PopAlignment, u32),
    >,
    pub button: Option<unsafe extern "C" fn(*const PopContentBuilder, *const c_char, PopButtonStyle, *const c_char)>,
    pub text_field: Option<unsafe extern "C" fn(*const PopContentBuilder, *const c_char, *const c_char, bool)>,
    pub image: Option<unsafe extern "C" fn(*const PopContentBuilder, *const c_char, f64, f64)>,
    pub spacer: Option<unsafe extern "C" fn(*const PopContentBuilder, f64)>,
    pub divider: Option<unsafe extern "C" fn(*const PopContentBuilder)>,
    pub padding: Option<unsafe extern "C" fn(*const PopContentBuilder, f64, f64, f64, f64)>,
    pub background: Option<unsafe extern "C" fn(*const PopContentBuilder, PopColor)>,
    pub corner_radius: Option<unsafe extern "C" fn(*const PopContentBuilder, f64)>,
    pub border: Option<unsafe extern "C" fn(*const PopContentBuilder, f64, PopColor)>,
}

#[repr(C)]
pub struct PopComponent {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub desc: *const PopDescriptor,
    pub component_data: *mut c_void,
    pub destroy: Option<unsafe extern "C" fn(*const PopComponent)>,
    pub get_extension: Option<unsafe extern "C" fn(*const PopComponent, *const c_char) -> *const c_void>,
}

#[repr(C)]
pub struct PopComponentFactory {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub count: Option<unsafe extern "C" fn(*const PopComponentFactory) -> u32>,
    pub get_descriptor: Option<unsafe extern "C" fn(*const PopComponentFactory, u32) -> *const PopDescriptor>,
    pub create:
        Option<unsafe extern "C" fn(*const PopComponentFactory, *const PopHost, *const c_char) -> *const PopComponent>,
}

/// The options of a request (handler.h). The host fills in its defaults; change what you need.
/// `dedupe_key` must stay valid until `options` returns: a C string literal (`c"key".as_ptr()`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct PopRequestOptions {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub priority: PopPriority,
    pub policy: PopPolicy,
    pub when_preempted: PopPreempted,
    pub time_to_live: f64,
    pub dedupe_key: *const c_char,
}

#[repr(C)]
pub struct PopAction {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub name: *const c_char,
    pub signature: *const c_char,
    pub function: *mut c_void,
}

#[repr(C)]
pub struct PopHandler {
    pub component: PopComponent,
    pub get_options: Option<unsafe extern "C" fn(*const PopHandler, *const PopValue, *mut PopRequestOptions)>,
    /// ABI 1.0's should_present (a bare `pop_answer_fn`): left NULL, should_present_ex is used.
    pub should_present:
        Option<unsafe extern "C" fn(*const PopHandler, *const PopValue, Option<unsafe extern "C" fn(bool)>)>,
    pub will_present: Option<unsafe extern "C" fn(*const PopHandler)>,
    pub did_present: Option<unsafe extern "C" fn(*const PopHandler)>,
    pub should_dismiss: Option<unsafe extern "C" fn(*const PopHandler, PopReason) -> bool>,
    pub will_dismiss: Option<unsafe extern "C" fn(*const PopHandler, PopReason)>,
    pub did_dismiss: Option<unsafe extern "C" fn(*const PopHandler, PopReason)>,
    pub finished: Option<unsafe extern "C" fn(*const PopHandler, PopOutcome, PopReason)>,
    pub action_count: Option<unsafe extern "C" fn(*const PopHandler) -> u32>,
    pub get_action: Option<unsafe extern "C" fn(*const PopHandler, u32) -> *const PopAction>,
    pub should_present_ex: Option<unsafe extern "C" fn(*const PopHandler, *const PopValue, PopCompletion)>,
}

#[repr(C)]
pub struct PopViewLoader {
    pub component: PopComponent,
    pub build: Option<unsafe extern "C" fn(*const PopViewLoader, *const PopValue, *const PopContentBuilder) -> bool>,
}

/// How a popup is presented (controller_loader.h): distances in points, durations in seconds.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct PopPresentation {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub style: PopStyle,
    pub mask: PopMask,
    pub dim_color: PopColor,
    pub modal: bool,
    pub dismiss_on_background_tap: bool,
    pub corner_radius: f64,
    pub width_mode: PopWidthMode,
    pub width: f64,
    pub offset_x: f64,
    pub offset_y: f64,
    pub margin_top: f64,
    pub margin_left: f64,
    pub margin_bottom: f64,
    pub margin_right: f64,
    pub show_duration: f64,
    pub hide_duration: f64,
    pub show_animation: PopShowAnimation,
    pub hide_animation: PopHideAnimation,
    pub dismiss_point_x: f64,
    pub dismiss_point_y: f64,
    pub banner_edge: PopEdge,
    pub banner_behind: PopBehindBanner,
    pub display_duration: f64,
    pub pause_on_touch: bool,
    pub swipe_to_dismiss: bool,
    /// Appended in 1.1: `with_prefix` keeps a write to it from reaching a 1.0 host's smaller struct.
    pub show_curve: PopCurve,
    pub hide_curve: PopCurve,
}

#[repr(C)]
pub struct PopControllerLoader {
    pub component: PopComponent,
    pub configure: Option<unsafe extern "C" fn(*const PopControllerLoader, *const PopValue, *mut PopPresentation)>,
    /// The 1.0 layout and animation hooks (pointers to pop_layout_context_t, pop_rect_t,
    /// pop_animation_context_t and a pop_done_fn): left NULL, the host's defaults.
    pub layout: Option<unsafe extern "C" fn(*const PopControllerLoader, *const c_void, *mut c_void) -> bool>,
    pub animate_show:
        Option<unsafe extern "C" fn(*const PopControllerLoader, *const c_void, Option<unsafe extern "C" fn()>) -> bool>,
    pub animate_hide:
        Option<unsafe extern "C" fn(*const PopControllerLoader, *const c_void, Option<unsafe extern "C" fn()>) -> bool>,
}

/// "pop.content_style/1" (ext/content_style.h): content builder modifiers by meaning.
#[repr(C)]
pub struct PopHostContentStyle {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub text_style: Option<unsafe extern "C" fn(*const PopContentBuilder, PopTextStyle)>,
    pub foreground: Option<unsafe extern "C" fn(*const PopContentBuilder, PopSemanticColor)>,
    pub background: Option<unsafe extern "C" fn(*const PopContentBuilder, PopSemanticColor)>,
    pub border: Option<unsafe extern "C" fn(*const PopContentBuilder, f64, PopSemanticColor)>,
    pub direction: Option<unsafe extern "C" fn(*const PopContentBuilder, PopDirection)>,
}

/// "pop.accessibility/1" (ext/accessibility.h): what a screen reader reads of the node just added.
#[repr(C)]
pub struct PopHostAccessibility {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub label: Option<unsafe extern "C" fn(*const PopContentBuilder, *const c_char)>,
    pub role: Option<unsafe extern "C" fn(*const PopContentBuilder, PopA11yRole)>,
    pub value: Option<unsafe extern "C" fn(*const PopContentBuilder, *const c_char)>,
    pub traits: Option<unsafe extern "C" fn(*const PopContentBuilder, PopA11yTraits)>,
    pub hidden: Option<unsafe extern "C" fn(*const PopContentBuilder, c_int)>,
}

#[repr(C)]
pub struct PopPluginEntry {
    pub abi_version: PopVersion,
    pub struct_size: u32,
    pub plugin: *const PopDescriptor,
    pub init: Option<unsafe extern "C" fn(*const PopHost, *const c_char) -> bool>,
    pub deinit: Option<unsafe extern "C" fn()>,
    pub get_factory: Option<unsafe extern "C" fn(*const c_char) -> *const c_void>,
    pub on_main_thread: Option<unsafe extern "C" fn()>,
}

// The sizes and offsets of docs/abi-layout.md (64-bit Linux): a mismatch fails the build.
const _: () = {
    assert!(size_of::<PopVersion>() == 12);
    assert!(size_of::<PopDescriptor>() == 64 && offset_of!(PopDescriptor, id) == 16);
    assert!(offset_of!(PopDescriptor, features) == 56);
    assert!(size_of::<PopHost>() == 64 && offset_of!(PopHost, get_extension) == 48);
    assert!(size_of::<PopHostLog>() == 24 && offset_of!(PopHostLog, log) == 16);
    assert!(size_of::<PopHostValue>() == 96 && offset_of!(PopHostValue, get) == 80);
    assert!(offset_of!(PopHostValue, lookup) == 88);
    assert!(size_of::<PopCompletion>() == 16 && offset_of!(PopCompletion, token) == 8);
    assert!(size_of::<PopContentBuilder>() == 136 && offset_of!(PopContentBuilder, text) == 56);
    assert!(offset_of!(PopContentBuilder, padding) == 104 && offset_of!(PopContentBuilder, border) == 128);
    assert!(size_of::<PopComponent>() == 48 && offset_of!(PopComponent, component_data) == 24);
    assert!(offset_of!(PopComponent, get_extension) == 40);
    assert!(size_of::<PopComponentFactory>() == 40 && offset_of!(PopComponentFactory, create) == 32);
    assert!(size_of::<PopRequestOptions>() == 48 && offset_of!(PopRequestOptions, time_to_live) == 32);
    assert!(offset_of!(PopRequestOptions, dedupe_key) == 40);
    assert!(size_of::<PopAction>() == 40 && offset_of!(PopAction, function) == 32);
    assert!(size_of::<PopHandler>() == 136 && offset_of!(PopHandler, get_options) == 48);
    assert!(offset_of!(PopHandler, finished) == 104 && offset_of!(PopHandler, should_present_ex) == 128);
    assert!(size_of::<PopViewLoader>() == 56 && offset_of!(PopViewLoader, build) == 48);
    assert!(size_of::<PopPresentation>() == 176 && offset_of!(PopPresentation, modal) == 28);
    assert!(offset_of!(PopPresentation, corner_radius) == 32 && offset_of!(PopPresentation, width) == 48);
    assert!(offset_of!(PopPresentation, show_animation) == 120 && offset_of!(PopPresentation, banner_edge) == 144);
    assert!(offset_of!(PopPresentation, pause_on_touch) == 160 && offset_of!(PopPresentation, hide_curve) == 168);
    assert!(size_of::<PopControllerLoader>() == 80 && offset_of!(PopControllerLoader, animate_hide) == 72);
    assert!(size_of::<PopPluginEntry>() == 56 && offset_of!(PopPluginEntry, on_main_thread) == 48);
    assert!(size_of::<PopHostContentStyle>() == 56 && offset_of!(PopHostContentStyle, text_style) == 16);
    assert!(offset_of!(PopHostContentStyle, direction) == 48);
    assert!(size_of::<PopHostAccessibility>() == 56 && offset_of!(PopHostAccessibility, label) == 16);
    assert!(offset_of!(PopHostAccessibility, hidden) == 48);
};

// ---- the safe layer: what lib.rs writes --------------------------------------------------------

/// A component's descriptor: what its factory lists (descriptor.h). Strings without NUL.
pub struct Component {
    /// Reverse-DNS, unique within the plugin and stable across releases.
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub features: &'static [&'static str],
}

/// An action the handler's buttons invoke: `args` are the sources of its string arguments
/// (`data.title`, `field.password`, `request`...: handler.h's grammar, each read as `str`). The
/// signature the host sees is `bool(self:ptr, action:str, <arg>:str, ...)`; at most `MAX_ACTION_ARGS`.
pub struct Action {
    pub name: &'static str,
    pub args: &'static [&'static str],
}

pub const MAX_ACTION_ARGS: usize = 3;

/// A handler: whether the popup shows, where it queues, what its actions do. Every method has the
/// host's default. [main-thread]
pub trait Handler {
    /// Adjusts the request's options (pre-filled with the host's defaults).
    fn options(&mut self, _data: Data, _options: &mut PopRequestOptions) {}
    /// Answers whether the request is shown: `answer.complete(..)` now, or later from any thread.
    fn should_present(&mut self, _data: Data, answer: Completion) {
        answer.complete(true);
    }
    /// May the popup be dismissed for `reason` (background tap, swipe, hide-all)? Answer at once.
    fn should_dismiss(&mut self, _reason: PopReason) -> bool {
        true
    }
    fn will_present(&mut self) {}
    fn did_present(&mut self) {}
    fn will_dismiss(&mut self, _reason: PopReason) {}
    fn did_dismiss(&mut self, _reason: PopReason) {}
    /// The request's final event, exactly once; the instance is dropped right after.
    fn finished(&mut self, _outcome: PopOutcome, _reason: PopReason) {}
    /// The action `name` (one of the class's `actions`) with its arguments, in order. True
    /// dismisses the popup.
    fn action(&mut self, _name: &str, _args: &[&str]) -> bool {
        false
    }
}

/// A view loader: the content of the popup. [main-thread]
pub trait ViewLoader {
    /// Describes the content through `builder`; false (or a panic) ends the request with a plugin
    /// error: say why with `log`.
    fn build(&mut self, data: Data, builder: &mut Builder) -> bool;
}

/// A controller loader: how the popup is presented. [main-thread]
pub trait ControllerLoader {
    /// Sets up the presentation (pre-filled with the host's alert).
    fn configure(&mut self, _data: Data, _presentation: &mut PopPresentation) {}
}

pub struct HandlerClass {
    pub component: Component,
    pub actions: &'static [Action],
    pub make: fn() -> Box<dyn Handler>,
}

pub struct ViewLoaderClass {
    pub component: Component,
    pub make: fn() -> Box<dyn ViewLoader>,
}

pub struct ControllerLoaderClass {
    pub component: Component,
    pub make: fn() -> Box<dyn ControllerLoader>,
}

/// The plugin: its descriptor and its components, by kind. Never reorder or remove a component:
/// ids are what apps ask for.
pub struct Plugin {
    pub id: &'static str,
    pub name: &'static str,
    pub version: &'static str,
    pub description: &'static str,
    pub handlers: &'static [HandlerClass],
    pub view_loaders: &'static [ViewLoaderClass],
    pub controller_loaders: &'static [ControllerLoaderClass],
}

/// Logs through the host's "pop.log/1"; does nothing when the host has no log. [thread-safe]
pub fn log(severity: PopLogSeverity, message: &str) {
    let log = LOG.load(Ordering::Acquire);
    let host = HOST.load(Ordering::Acquire);
    if log.is_null() || host.is_null() {
        return;
    }
    let message = c_string(message);
    // SAFETY: the host's log table stays valid until the last deinit, and it copies the message.
    unsafe {
        if let Some(function) = (*log).log {
            function(host, severity, message.as_ptr());
        }
    }
}

/// The answer to `should_present`: call it once, now or later, from any thread. Dropping it
/// unanswered leaves the request to the host's completion timeout (a plugin error).
pub struct Completion {
    raw: PopCompletion,
    answered: Arc<AtomicBool>,
}

impl Completion {
    pub fn complete(self, present: bool) {
        if self.answered.swap(true, Ordering::AcqRel) {
            return;
        }
        // SAFETY: the host's completions are safe to call at any time, from any thread (completion.h).
        unsafe {
            if let Some(function) = self.raw.complete {
                function(self.raw.token, present);
            }
        }
    }
}

// SAFETY: a completion is a host function and a token, callable from any thread (completion.h).
unsafe impl Send for Completion {}

/// The request's data, read-only (value.h), or nothing when the host has no "pop.value/1": then
/// every getter returns its fallback. Valid during the call it is passed to.
#[derive(Clone, Copy)]
pub struct Data<'a> {
    value: *const PopValue,
    _call: std::marker::PhantomData<&'a PopValue>,
}

impl<'a> Data<'a> {
    fn new(value: *const PopValue) -> Self {
        Data { value, _call: std::marker::PhantomData }
    }

    fn table() -> Option<&'static PopHostValue> {
        // SAFETY: the host's value table stays valid until the last deinit.
        unsafe { VALUE.load(Ordering::Acquire).as_ref() }
    }

    /// The member `key` of an object (null when absent or not an object).
    pub fn get(&self, key: &str) -> Data<'a> {
        let key = c_string(key);
        match Self::table().and_then(|t| t.get) {
            // SAFETY: the getters are total on any handle the host gave, NULL included.
            Some(get) => Data::new(unsafe { get(self.value, key.as_ptr()) }),
            None => Data::new(null()),
        }
    }

    /// The string, or None when this is not a string.
    pub fn string(&self) -> Option<&'a str> {
        let get_string = Self::table()?.get_string?;
        // SAFETY: a string the host returns is NUL-terminated UTF-8 and outlives the call.
        let pointer = unsafe { get_string(self.value) };
        if pointer.is_null() {
            return None;
        }
        unsafe { CStr::from_ptr(pointer) }.to_str().ok()
    }

    /// The boolean, or `fallback` when this is not a bool.
    pub fn bool_or(&self, fallback: bool) -> bool {
        match Self::table().and_then(|t| t.get_bool) {
            Some(get_bool) => unsafe { get_bool(self.value, fallback) },
            None => fallback,
        }
    }

    /// The integer, or `fallback`.
    pub fn int_or(&self, fallback: i64) -> i64 {
        match Self::table().and_then(|t| t.get_int) {
            Some(get_int) => unsafe { get_int(self.value, fallback) },
            None => fallback,
        }
    }

    /// The number, or `fallback`.
    pub fn double_or(&self, fallback: f64) -> f64 {
        match Self::table().and_then(|t| t.get_double) {
            Some(get_double) => unsafe { get_double(self.value, fallback) },
            None => fallback,
        }
    }

    /// The string member `key`, or `fallback`.
    pub fn string_or(&self, key: &str, fallback: &'a str) -> &'a str {
        self.get(key).string().unwrap_or(fallback)
    }
}

/// The content builder (content.h): stacks whose children are added by a closure, leaf nodes, and
/// modifiers that apply to the node added, or the stack closed, last. Sizes in points, colours
/// 0xRRGGBBAA. Valid during `build`.
pub struct Builder<'a> {
    raw: &'a PopContentBuilder,
}

macro_rules! call {
    ($builder:expr, $function:ident $(, $argument:expr)*) => {
        // SAFETY: the host's builder is valid during build, its strings are copied before returning.
        if let Some(function) = $builder.raw.$function {
            unsafe { function($builder.raw $(, $argument)*) }
        }
    };
}

impl<'a> Builder<'a> {
    pub fn vstack(&mut self, spacing: f64, alignment: PopAlignment, children: impl FnOnce(&mut Builder)) -> &mut Self {
        call!(self, begin_vstack, spacing, alignment);
        children(self);
        call!(self, end);
        self
    }

    pub fn hstack(&mut self, spacing: f64, alignment: PopAlignment, children: impl FnOnce(&mut Builder)) -> &mut Self {
        call!(self, begin_hstack, spacing, alignment);
        children(self);
        call!(self, end);
        self
    }

    pub fn overlay(&mut self, alignment: PopAlignment, children: impl FnOnce(&mut Builder)) -> &mut Self {
        call!(self, begin_overlay, alignment);
        children(self);
        call!(self, end);
        self
    }

    /// Text of `size` points; `max_lines` 0 = unlimited.
    pub fn text(
        &mut self,
        text: &str,
        size: f64,
        weight: PopWeight,
        color: PopColor,
        alignment: PopAlignment,
        max_lines: u32,
    ) -> &mut Self {
        let text = c_string(text);
        call!(self, text, text.as_ptr(), size, weight, color, alignment, max_lines);
        self
    }

    /// A button that invokes the handler's action `action`, or the host action "pop.dismiss".
    pub fn button(&mut self, title: &str, style: PopButtonStyle, action: &str) -> &mut Self {
        let (title, action) = (c_string(title), c_string(action));
        call!(self, button, title.as_ptr(), style, action.as_ptr());
        self
    }

    /// A text field whose value actions read as `field.<id>`.
    pub fn text_field(&mut self, id: &str, placeholder: &str, secure: bool) -> &mut Self {
        let (id, placeholder) = (c_string(id), c_string(placeholder));
        call!(self, text_field, id.as_ptr(), placeholder.as_ptr(), secure);
        self
    }

    pub fn image(&mut self, name: &str, width: f64, height: f64) -> &mut Self {
        let name = c_string(name);
        call!(self, image, name.as_ptr(), width, height);
        self
    }

    pub fn spacer(&mut self, min_length: f64) -> &mut Self {
        call!(self, spacer, min_length);
        self
    }

    pub fn divider(&mut self) -> &mut Self {
        call!(self, divider);
        self
    }

    pub fn padding(&mut self, top: f64, leading: f64, bottom: f64, trailing: f64) -> &mut Self {
        call!(self, padding, top, leading, bottom, trailing);
        self
    }

    pub fn background(&mut self, color: PopColor) -> &mut Self {
        call!(self, background, color);
        self
    }

    pub fn corner_radius(&mut self, radius: f64) -> &mut Self {
        call!(self, corner_radius, radius);
        self
    }

    pub fn border(&mut self, width: f64, color: PopColor) -> &mut Self {
        call!(self, border, width, color);
        self
    }

    // By meaning ("pop.content_style/1"): the host resolves these for the person's appearance and
    // text size on every frame. Without the extension they do nothing: the content keeps what it
    // was written with.

    /// The text just added follows the person's text size as `style` does.
    pub fn text_style(&mut self, style: PopTextStyle) -> &mut Self {
        self.style(|table, raw| table.text_style.map(|f| unsafe { f(raw, style) }))
    }

    /// The text just added has the semantic colour `color`.
    pub fn foreground(&mut self, color: PopSemanticColor) -> &mut Self {
        self.style(|table, raw| table.foreground.map(|f| unsafe { f(raw, color) }))
    }

    /// The node just added or closed has the semantic background `color`.
    pub fn semantic_background(&mut self, color: PopSemanticColor) -> &mut Self {
        self.style(|table, raw| table.background.map(|f| unsafe { f(raw, color) }))
    }

    /// A border of `width` points in the semantic colour `color`.
    pub fn semantic_border(&mut self, width: f64, color: PopSemanticColor) -> &mut Self {
        self.style(|table, raw| table.border.map(|f| unsafe { f(raw, width, color) }))
    }

    /// How the node just added or closed lays out in right-to-left (`POP_DIRECTION_*`).
    pub fn direction(&mut self, direction: PopDirection) -> &mut Self {
        self.style(|table, raw| table.direction.map(|f| unsafe { f(raw, direction) }))
    }

    // For a screen reader ("pop.accessibility/1"): what is read of the node just added or closed.
    // Without the extension they do nothing: the host reads what it infers (a button by its title).

    /// What is read instead of the node's text or title: say what a control does ("Close", not "X").
    pub fn accessibility_label(&mut self, label: &str) -> &mut Self {
        let label = c_string(label);
        self.accessibility(|table, raw| table.label.map(|f| unsafe { f(raw, label.as_ptr()) }))
    }

    /// What the node is (`POP_A11Y_ROLE_*`).
    pub fn accessibility_role(&mut self, role: PopA11yRole) -> &mut Self {
        self.accessibility(|table, raw| table.role.map(|f| unsafe { f(raw, role) }))
    }

    /// The node's current value, read after its label ("3 of 5").
    pub fn accessibility_value(&mut self, value: &str) -> &mut Self {
        let value = c_string(value);
        self.accessibility(|table, raw| table.value.map(|f| unsafe { f(raw, value.as_ptr()) }))
    }

    /// The node's states (`POP_A11Y_*`, OR-ed).
    pub fn accessibility_traits(&mut self, traits: PopA11yTraits) -> &mut Self {
        self.accessibility(|table, raw| table.traits.map(|f| unsafe { f(raw, traits) }))
    }

    /// The node and its descendants are not read (decoration).
    pub fn accessibility_hidden(&mut self, hidden: bool) -> &mut Self {
        self.accessibility(|table, raw| table.hidden.map(|f| unsafe { f(raw, c_int::from(hidden)) }))
    }

    /// Calls one function of "pop.accessibility/1", if the host offers it.
    fn accessibility(
        &mut self,
        call: impl FnOnce(&PopHostAccessibility, *const PopContentBuilder) -> Option<()>,
    ) -> &mut Self {
        // SAFETY: the table is the host's, valid until the last deinit; the builder during build.
        if let Some(table) = unsafe { ACCESSIBILITY.load(Ordering::Acquire).as_ref() } {
            call(table, self.raw);
        }
        self
    }

    /// Calls one function of "pop.content_style/1", if the host offers it.
    fn style(&mut self, call: impl FnOnce(&PopHostContentStyle, *const PopContentBuilder) -> Option<()>) -> &mut Self {
        // SAFETY: the table is the host's, valid until the last deinit; the builder during build.
        if let Some(table) = unsafe { CONTENT_STYLE.load(Ordering::Acquire).as_ref() } {
            call(table, self.raw);
        }
        self
    }
}

// ---- plugin state: set up by the first init, cleared by the last deinit ------------------------

static INIT_COUNT: AtomicU32 = AtomicU32::new(0);
static HOST: AtomicPtr<PopHost> = AtomicPtr::new(null_mut());
static LOG: AtomicPtr<PopHostLog> = AtomicPtr::new(null_mut());
static VALUE: AtomicPtr<PopHostValue> = AtomicPtr::new(null_mut());
/// "pop.content_style/1", or null: then `Builder`'s modifiers by meaning do nothing.
static CONTENT_STYLE: AtomicPtr<PopHostContentStyle> = AtomicPtr::new(null_mut());
/// "pop.accessibility/1", or null: then `Builder`'s accessibility modifiers do nothing.
static ACCESSIBILITY: AtomicPtr<PopHostAccessibility> = AtomicPtr::new(null_mut());

/// A string for C: `text` up to its first NUL, if it has one.
fn c_string(text: &str) -> CString {
    let end = text.find('\0').unwrap_or(text.len());
    CString::new(&text[..end]).unwrap_or_default()
}

/// A C string that lives as long as the library (descriptors are constant data).
fn leak(text: &str) -> *const c_char {
    Box::leak(c_string(text).into_boxed_c_str()).as_ptr()
}

/// `unsafe` pointers shared between threads: the tables below are built once and never change.
struct Shared<T>(T);
// SAFETY: the wrapped tables are immutable after their OnceLock is set; their pointers name
// leaked, immutable strings.
unsafe impl<T> Sync for Shared<T> {}
unsafe impl<T> Send for Shared<T> {}

/// Runs `body`, the part of an ABI function that may panic: a panic is caught (it never unwinds into
/// the host), reported through the host's log, and `fallback` returned.
fn guard<R>(what: &str, fallback: R, body: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        log(POP_LOG_ERROR, &format!("{}: {what} panicked: {message}", crate::PLUGIN.name));
        fallback
    })
}

fn descriptor(id: &str, name: &str, description: &str, version: &str, features: &[&str]) -> PopDescriptor {
    let features = if features.is_empty() {
        null()
    } else {
        let list: Vec<*const c_char> = features.iter().map(|f| leak(f)).chain([null()]).collect();
        Box::leak(list.into_boxed_slice()).as_ptr()
    };
    PopDescriptor {
        abi_version: POP_VERSION_INIT,
        struct_size: size_of::<PopDescriptor>() as u32,
        id: leak(id),
        name: leak(name),
        vendor: leak(""),
        version: leak(version),
        description: leak(description),
        features,
    }
}

fn component_descriptor(component: &Component) -> PopDescriptor {
    descriptor(component.id, component.name, component.description, crate::PLUGIN.version, component.features)
}

// ---- factories ----------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Handler,
    ViewLoader,
    ControllerLoader,
}

/// Every component's descriptor, by kind, and each handler's action table: built once.
struct Tables {
    descriptors: [Vec<PopDescriptor>; 3],
    actions: Vec<Vec<PopAction>>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Shared<Tables>> = OnceLock::new();
    &TABLES
        .get_or_init(|| {
            let plugin = &crate::PLUGIN;
            let actions =
                plugin.handlers.iter().map(|class| class.actions.iter().filter_map(action_table).collect()).collect();
            Shared(Tables {
                descriptors: [
                    plugin.handlers.iter().map(|c| component_descriptor(&c.component)).collect(),
                    plugin.view_loaders.iter().map(|c| component_descriptor(&c.component)).collect(),
                    plugin.controller_loaders.iter().map(|c| component_descriptor(&c.component)).collect(),
                ],
                actions,
            })
        })
        .0
}

fn action_table(action: &Action) -> Option<PopAction> {
    let function: *mut c_void = match action.args.len() {
        0 => action0 as *mut c_void,
        1 => action1 as *mut c_void,
        2 => action2 as *mut c_void,
        3 => action3 as *mut c_void,
        _ => {
            log(POP_LOG_ERROR, &format!("action {}: more than {MAX_ACTION_ARGS} arguments; left out", action.name));
            return None;
        }
    };
    let arguments: String = action.args.iter().map(|source| format!(", {source}:str")).collect();
    Some(PopAction {
        abi_version: POP_VERSION_INIT,
        struct_size: size_of::<PopAction>() as u32,
        name: leak(action.name),
        signature: leak(&format!("bool(self:ptr, action:str{arguments})")),
        function,
    })
}

#[repr(C)]
struct Factory {
    table: PopComponentFactory, // first member: the host sees only this
    kind: Kind,
}

const fn factory(kind: Kind) -> Factory {
    Factory {
        table: PopComponentFactory {
            abi_version: POP_VERSION_INIT,
            struct_size: size_of::<PopComponentFactory>() as u32,
            count: Some(factory_count),
            get_descriptor: Some(factory_get_descriptor),
            create: Some(factory_create),
        },
        kind,
    }
}

static HANDLER_FACTORY: Factory = factory(Kind::Handler);
static VIEW_FACTORY: Factory = factory(Kind::ViewLoader);
static CONTROLLER_FACTORY: Factory = factory(Kind::ControllerLoader);

fn descriptors_of(table: *const PopComponentFactory) -> &'static [PopDescriptor] {
    // SAFETY: the host passes back one of the three factories above.
    let kind = unsafe { (*(table as *const Factory)).kind };
    &tables().descriptors[kind as usize]
}

/// [thread-safe]
unsafe extern "C" fn factory_count(table: *const PopComponentFactory) -> u32 {
    guard("factory.count", 0, || descriptors_of(table).len() as u32)
}

/// [thread-safe] The same pointer for an index every time.
unsafe extern "C" fn factory_get_descriptor(table: *const PopComponentFactory, index: u32) -> *const PopDescriptor {
    guard("factory.get_descriptor", null(), || {
        descriptors_of(table).get(index as usize).map_or(null(), |d| d as *const PopDescriptor)
    })
}

/// [main-thread] A new instance of `component_id`, or NULL for an id this factory does not make.
unsafe extern "C" fn factory_create(
    table: *const PopComponentFactory,
    _host: *const PopHost,
    component_id: *const c_char,
) -> *const PopComponent {
    guard("factory.create", null(), || {
        if component_id.is_null() {
            return null();
        }
        let id = unsafe { CStr::from_ptr(component_id) };
        let descriptors = descriptors_of(table);
        let Some(index) = descriptors.iter().position(|d| unsafe { CStr::from_ptr(d.id) } == id) else {
            return null();
        };
        let plugin = &crate::PLUGIN;
        let desc = &descriptors[index] as *const PopDescriptor;
        match unsafe { (*(table as *const Factory)).kind } {
            Kind::Handler => HandlerInstance::create(desc, index, (plugin.handlers[index].make)()),
            Kind::ViewLoader => ViewInstance::create(desc, (plugin.view_loaders[index].make)()),
            Kind::ControllerLoader => ControllerInstance::create(desc, (plugin.controller_loaders[index].make)()),
        }
    })
}

// ---- component instances: the kind struct the host sees, then the Rust component -------------

fn component_header(
    desc: *const PopDescriptor,
    size: usize,
    destroy: unsafe extern "C" fn(*const PopComponent),
) -> PopComponent {
    PopComponent {
        abi_version: POP_VERSION_INIT,
        struct_size: size as u32, // sizeof the kind struct
        desc,                     // the very pointer get_descriptor returns
        component_data: null_mut(),
        destroy: Some(destroy),
        get_extension: Some(no_extension),
    }
}

/// [thread-safe] No component extensions.
unsafe extern "C" fn no_extension(_component: *const PopComponent, _id: *const c_char) -> *const c_void {
    null()
}

/// Writes through `f` to a host-made struct of which the host's build may have only a prefix
/// (`struct_size`, version.h's rule 2): fields beyond it are written to a copy and dropped.
fn with_prefix<T: Copy>(raw: *mut T, struct_size: impl FnOnce(&T) -> u32, f: impl FnOnce(&mut T)) {
    // SAFETY: the host's struct is valid for the call and holds at least its struct_size bytes.
    unsafe {
        let size = (struct_size(&*raw) as usize).min(size_of::<T>());
        if size == size_of::<T>() {
            return f(&mut *raw);
        }
        let mut copy: T = std::mem::zeroed();
        std::ptr::copy_nonoverlapping(raw as *const u8, &mut copy as *mut T as *mut u8, size);
        f(&mut copy);
        std::ptr::copy_nonoverlapping(&copy as *const T as *const u8, raw as *mut u8, size);
    }
}

#[repr(C)]
struct HandlerInstance {
    iface: PopHandler, // first member
    actions: &'static [PopAction],
    state: RefCell<Box<dyn Handler>>,
}

impl HandlerInstance {
    fn create(desc: *const PopDescriptor, class: usize, state: Box<dyn Handler>) -> *const PopComponent {
        let instance = Box::new(HandlerInstance {
            iface: PopHandler {
                component: component_header(desc, size_of::<PopHandler>(), destroy::<HandlerInstance>),
                get_options: Some(handler_get_options),
                should_present: None, // ABI 1.0's; should_present_ex is used
                will_present: Some(handler_will_present),
                did_present: Some(handler_did_present),
                should_dismiss: Some(handler_should_dismiss),
                will_dismiss: Some(handler_will_dismiss),
                did_dismiss: Some(handler_did_dismiss),
                finished: Some(handler_finished),
                action_count: Some(handler_action_count),
                get_action: Some(handler_get_action),
                should_present_ex: Some(handler_should_present),
            },
            actions: &tables().actions[class],
            state: RefCell::new(state),
        });
        Box::into_raw(instance) as *const PopComponent
    }

    /// Runs `f` on the handler behind `raw`; `fallback` when it is busy (a call from inside its own).
    fn with<R>(raw: *const PopHandler, what: &str, fallback: R, f: impl FnOnce(&mut dyn Handler) -> R) -> R {
        guard(what, fallback, move || {
            // SAFETY: `raw` is the first member of a live HandlerInstance this library made.
            let instance = unsafe { &*(raw as *const HandlerInstance) };
            match instance.state.try_borrow_mut() {
                Ok(mut state) => f(state.as_mut()),
                Err(_) => panic!("called from inside another of its calls"),
            }
        })
    }
}

#[repr(C)]
struct ViewInstance {
    iface: PopViewLoader,
    state: RefCell<Box<dyn ViewLoader>>,
}

impl ViewInstance {
    fn create(desc: *const PopDescriptor, state: Box<dyn ViewLoader>) -> *const PopComponent {
        let iface = PopViewLoader {
            component: component_header(desc, size_of::<PopViewLoader>(), destroy::<ViewInstance>),
            build: Some(view_build),
        };
        Box::into_raw(Box::new(ViewInstance { iface, state: RefCell::new(state) })) as *const PopComponent
    }
}

#[repr(C)]
struct ControllerInstance {
    iface: PopControllerLoader,
    state: RefCell<Box<dyn ControllerLoader>>,
}

impl ControllerInstance {
    fn create(desc: *const PopDescriptor, state: Box<dyn ControllerLoader>) -> *const PopComponent {
        let iface = PopControllerLoader {
            component: component_header(desc, size_of::<PopControllerLoader>(), destroy::<ControllerInstance>),
            configure: Some(controller_configure),
            layout: None,
            animate_show: None,
            animate_hide: None,
        };
        Box::into_raw(Box::new(ControllerInstance { iface, state: RefCell::new(state) })) as *const PopComponent
    }
}

/// [main-thread] Drops the instance, exactly once.
unsafe extern "C" fn destroy<T>(component: *const PopComponent) {
    guard("component.destroy", (), || {
        if !component.is_null() {
            // SAFETY: `component` is the first member of a `T` made by Box::into_raw in create.
            drop(unsafe { Box::from_raw(component as *mut T) });
        }
    })
}

unsafe extern "C" fn handler_get_options(
    raw: *const PopHandler,
    data: *const PopValue,
    options: *mut PopRequestOptions,
) {
    if options.is_null() {
        return;
    }
    HandlerInstance::with(raw, "handler.get_options", (), |handler| {
        with_prefix(options, |o| o.struct_size, |options| handler.options(Data::new(data), options))
    })
}

unsafe extern "C" fn handler_should_present(raw: *const PopHandler, data: *const PopValue, answer: PopCompletion) {
    let answered = Arc::new(AtomicBool::new(false));
    let completion = Completion { raw: answer, answered: answered.clone() };
    let ok = HandlerInstance::with(raw, "handler.should_present", false, |handler| {
        handler.should_present(Data::new(data), completion);
        true
    });
    if !ok {
        Completion { raw: answer, answered }.complete(false); // a panic vetoes, unless it answered first
    }
}

unsafe extern "C" fn handler_will_present(raw: *const PopHandler) {
    HandlerInstance::with(raw, "handler.will_present", (), |handler| handler.will_present())
}

unsafe extern "C" fn handler_did_present(raw: *const PopHandler) {
    HandlerInstance::with(raw, "handler.did_present", (), |handler| handler.did_present())
}

unsafe extern "C" fn handler_should_dismiss(raw: *const PopHandler, reason: PopReason) -> bool {
    HandlerInstance::with(raw, "handler.should_dismiss", true, |handler| handler.should_dismiss(reason))
}

unsafe extern "C" fn handler_will_dismiss(raw: *const PopHandler, reason: PopReason) {
    HandlerInstance::with(raw, "handler.will_dismiss", (), |handler| handler.will_dismiss(reason))
}

unsafe extern "C" fn handler_did_dismiss(raw: *const PopHandler, reason: PopReason) {
    HandlerInstance::with(raw, "handler.did_dismiss", (), |handler| handler.did_dismiss(reason))
}

unsafe extern "C" fn handler_finished(raw: *const PopHandler, outcome: PopOutcome, reason: PopReason) {
    HandlerInstance::with(raw, "handler.finished", (), |handler| handler.finished(outcome, reason))
}

unsafe extern "C" fn handler_action_count(raw: *const PopHandler) -> u32 {
    guard("handler.action_count", 0, || {
        let actions = unsafe { (*(raw as *const HandlerInstance)).actions };
        actions.len() as u32
    })
}

unsafe extern "C" fn handler_get_action(raw: *const PopHandler, index: u32) -> *const PopAction {
    guard("handler.get_action", null(), || {
        let actions = unsafe { (*(raw as *const HandlerInstance)).actions };
        actions.get(index as usize).map_or(null(), |a| a as *const PopAction)
    })
}

/// An action, called by the host through libffi as `bool(self:ptr, action:str, <arg>:str...)`.
fn run_action(raw: *const PopHandler, name: *const c_char, args: &[*const c_char]) -> bool {
    HandlerInstance::with(raw, "handler.action", false, |handler| {
        let text = |s: *const c_char| {
            if s.is_null() {
                String::new()
            } else {
                unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned()
            }
        };
        let name = text(name);
        let owned: Vec<String> = args.iter().map(|&a| text(a)).collect();
        let args: Vec<&str> = owned.iter().map(String::as_str).collect();
        handler.action(&name, &args)
    })
}

unsafe extern "C" fn action0(raw: *const PopHandler, name: *const c_char) -> bool {
    run_action(raw, name, &[])
}

unsafe extern "C" fn action1(raw: *const PopHandler, name: *const c_char, a: *const c_char) -> bool {
    run_action(raw, name, &[a])
}

unsafe extern "C" fn action2(raw: *const PopHandler, name: *const c_char, a: *const c_char, b: *const c_char) -> bool {
    run_action(raw, name, &[a, b])
}

unsafe extern "C" fn action3(
    raw: *const PopHandler,
    name: *const c_char,
    a: *const c_char,
    b: *const c_char,
    c: *const c_char,
) -> bool {
    run_action(raw, name, &[a, b, c])
}

unsafe extern "C" fn view_build(
    raw: *const PopViewLoader,
    data: *const PopValue,
    builder: *const PopContentBuilder,
) -> bool {
    guard("view.build", false, || {
        // SAFETY: `raw` is the first member of a live ViewInstance; the builder is valid for the call.
        let (instance, Some(raw_builder)) = (unsafe { &*(raw as *const ViewInstance) }, unsafe { builder.as_ref() })
        else {
            return false;
        };
        let mut state = instance.state.try_borrow_mut().expect("view.build called from inside itself");
        state.build(Data::new(data), &mut Builder { raw: raw_builder })
    })
}

unsafe extern "C" fn controller_configure(
    raw: *const PopControllerLoader,
    data: *const PopValue,
    presentation: *mut PopPresentation,
) {
    guard("controller.configure", (), || {
        if presentation.is_null() {
            return;
        }
        // SAFETY: `raw` is the first member of a live ControllerInstance.
        let instance = unsafe { &*(raw as *const ControllerInstance) };
        let mut state = instance.state.try_borrow_mut().expect("controller.configure called from inside itself");
        with_prefix(presentation, |p| p.struct_size, |p| state.configure(Data::new(data), p));
    })
}

// ---- the entry ---------------------------------------------------------------------------------

/// [main-thread] Counted: the first call sets up, later ones only count. Fast and silent.
unsafe extern "C" fn plugin_init(host: *const PopHost, _plugin_path: *const c_char) -> bool {
    guard("init", false, || {
        // SAFETY: the host table stays valid until the matching last deinit.
        let Some(table) = (unsafe { host.as_ref() }) else { return false };
        if INIT_COUNT.load(Ordering::Acquire) == 0 {
            let extension = |id: &CStr| match table.get_extension {
                Some(get) => unsafe { get(host, id.as_ptr()) },
                None => null(),
            };
            LOG.store(extension(POP_HOST_EXT_LOG) as *mut PopHostLog, Ordering::Release);
            VALUE.store(extension(POP_HOST_EXT_VALUE) as *mut PopHostValue, Ordering::Release);
            CONTENT_STYLE.store(extension(POP_HOST_EXT_CONTENT_STYLE) as *mut PopHostContentStyle, Ordering::Release);
            ACCESSIBILITY.store(extension(POP_HOST_EXT_ACCESSIBILITY) as *mut PopHostAccessibility, Ordering::Release);
            HOST.store(host as *mut PopHost, Ordering::Release);
            silence_panic_messages();
        }
        INIT_COUNT.fetch_add(1, Ordering::AcqRel);
        true
    })
}

/// [main-thread] The last call tears down: the host must not be called again.
unsafe extern "C" fn plugin_deinit() {
    guard("deinit", (), || {
        let count = INIT_COUNT.load(Ordering::Acquire);
        if count == 0 {
            return;
        }
        INIT_COUNT.store(count - 1, Ordering::Release);
        if count == 1 {
            HOST.store(null_mut(), Ordering::Release);
            LOG.store(null_mut(), Ordering::Release);
            VALUE.store(null_mut(), Ordering::Release);
            CONTENT_STYLE.store(null_mut(), Ordering::Release);
            ACCESSIBILITY.store(null_mut(), Ordering::Release);
        }
    })
}

/// A plugin prints nothing: std's default panic message (to stderr) is replaced by `guard`'s log.
fn silence_panic_messages() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::panic::set_hook(Box::new(|_| {})));
}

/// [thread-safe] Exact ids only: anything else gets NULL.
unsafe extern "C" fn plugin_get_factory(factory_id: *const c_char) -> *const c_void {
    guard("get_factory", null(), || {
        if factory_id.is_null() {
            return null();
        }
        let id = unsafe { CStr::from_ptr(factory_id) };
        let factory = if id == POP_FACTORY_HANDLER {
            &HANDLER_FACTORY
        } else if id == POP_FACTORY_VIEW_LOADER {
            &VIEW_FACTORY
        } else if id == POP_FACTORY_CONTROLLER_LOADER {
            &CONTROLLER_FACTORY
        } else {
            return null(); // no reformer
        };
        &factory.table as *const PopComponentFactory as *const c_void
    })
}

/// The plugin's entry, the only exported symbol: the same pointer on every call, no other work
/// (the table is built on the first call).
#[no_mangle]
pub extern "C" fn pop_plugin_entry_v1() -> *const PopPluginEntry {
    static ENTRY: OnceLock<Shared<PopPluginEntry>> = OnceLock::new();
    guard("pop_plugin_entry_v1", null(), || {
        let entry = ENTRY.get_or_init(|| {
            let plugin = &crate::PLUGIN;
            let descriptor =
                Box::leak(Box::new(descriptor(plugin.id, plugin.name, plugin.description, plugin.version, &[])));
            Shared(PopPluginEntry {
                abi_version: POP_VERSION_INIT,
                struct_size: size_of::<PopPluginEntry>() as u32,
                plugin: descriptor,
                init: Some(plugin_init),
                deinit: Some(plugin_deinit),
                get_factory: Some(plugin_get_factory),
                on_main_thread: None, // only needed after host.request_callback, never called here
            })
        });
        &entry.0 as *const PopPluginEntry
    })
}
