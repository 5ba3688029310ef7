import PopModel

/// Where a sheet rests (UIKit's `UISheetPresentationController`, as documented; the spec's
/// Decisions where it is silent): attached to the bottom of the screen, as high as its selected
/// detent; in regular width and height a form sheet (`UIModalPresentationStyle.formSheet`), centred,
/// its one resting place taking the place of the detents.
///
/// ```
/// full screen  = compact height (H < 500) and not prefersEdgeAttachedInCompactHeight
/// maximum      = H                        (full screen)
///                H − safeTop − 10         (else: UIKit's gap under the safe area's top)
/// medium       = maximum · 0.5            (Apple publishes no fraction; inactive in compact height)
/// large        = maximum
/// custom       = resolver(maximum), at most maximum; nil, non-finite or ≤ 0: inactive
/// width        = W                        (full screen, compact width)
///                preferred width ≤ W      (edge-attached in compact height and widthFollows…)
///                W − safeLeading − safeTrailing (edge-attached in compact height)
/// frame(h)     = x (W − width) / 2, y H − k − min(h, maximum − k), the bottom on the keyboard (k)
///
/// form sheet   = regular width and regular height
/// room         = the safe area (its bottom at least the keyboard k) less 10 on every side
/// form size    = preferred content size or 540 × 620 (UIKit's form sheet), each side at most room's
/// form frame   = centred in the screen above the keyboard, moved into room
/// its detent   = one: the largest active detent's id, height H − form frame(k = 0).y (the height
///                from its top to the screen's bottom, what a drag moves and a release projects)
/// ```
/// A sheet with no active detent (only `medium`, in compact height) rests at the maximum under the
/// id of its largest declared detent, and never fails. The selected detent is the one `selected`
/// names when active, else the smallest.
public struct SheetLayout: PopupLayout {
    /// UIKit's gap between the safe area's top and a large sheet, where the app behind shows.
    public static let largeTopGap = 10.0
    /// The medium detent's share of the maximum (pophost's choice: Apple says "about half").
    public static let mediumFraction = 0.5
    /// A form sheet's size without a preferred content size (UIKit's default form sheet).
    public static let formSheetSize = Size(width: 540, height: 620)
    /// The least room a form sheet leaves to the safe area's edges (as the large detent's top gap).
    public static let formSheetMargin = 10.0

    public let options: SheetOptions
    /// The active detents, small to large.
    public let detents: [ResolvedDetent]
    public let selected: ResolvedDetent

    /// The layout of a sheet with `options` on `scene`: custom detents through `resolve` (given the
    /// maximum; it returns nil for inactive), the selected one by id.
    public init(options: SheetOptions, scene: Scene, selected: Detent.ID?, resolve: (Detent.ID, Double) -> Double?) {
        self.options = options
        detents = Self.detents(options, scene: scene, resolve: resolve)
        self.selected = detents.first { $0.id == selected } ?? detents[0]
    }

    /// The sheet takes the whole screen: compact height, not edge-attached.
    public static func isFullScreen(_ options: SheetOptions, scene: Scene) -> Bool {
        scene.verticalSizeClass == .compact && !options.prefersEdgeAttachedInCompactHeight
    }

    /// The sheet is a form sheet, centred: regular width and regular height (an iPad), where UIKit
    /// presents a form sheet and its detents do not apply.
    public static func isFormSheet(on scene: Scene) -> Bool {
        scene.horizontalSizeClass == .regular && scene.verticalSizeClass == .regular
    }

    /// The largest height a detent can have (UIKit's `maximumDetentValue`).
    public static func maximumHeight(_ options: SheetOptions, scene: Scene) -> Double {
        isFullScreen(options, scene: scene) ? max(0, scene.height) : max(0, scene.height - scene.safeArea.top.length - largeTopGap)
    }

    /// The active detents of `options` on `scene`, small to large (declaration order among equals);
    /// never empty.
    public static func detents(_ options: SheetOptions, scene: Scene, resolve: (Detent.ID, Double) -> Double?) -> [ResolvedDetent] {
        let maximum = maximumHeight(options, scene: scene)
        var seen = Set<Detent.ID>()
        let active: [ResolvedDetent] = options.detents.compactMap { detent in
            guard seen.insert(detent.id).inserted else { return nil }
            let height: Double?
            switch detent {
            case .large: height = maximum
            case .medium: height = scene.verticalSizeClass == .compact ? nil : maximum * mediumFraction
            default: height = resolve(detent.id, maximum)
            }
            guard let height, height.isFinite, height > 0 else { return nil }
            return ResolvedDetent(id: detent.id, height: min(height, maximum))
        }
        guard !active.isEmpty else {
            return [ResolvedDetent(id: options.detents.last?.id ?? Detent.large.id, height: maximum)]
        }
        let sorted = active.enumerated().sorted { ($0.element.height, $0.offset) < ($1.element.height, $1.offset) }.map(\.element)
        guard isFormSheet(on: scene), let largest = sorted.last else { return sorted }
        // One resting place: a drag can only take it down and away, a release bring it back.
        return [ResolvedDetent(id: largest.id, height: scene.height - formSheetFrame(options, scene: scene).y)]
    }

    /// The sheet's width on `scene`.
    public static func width(_ options: SheetOptions, scene: Scene) -> Double {
        if isFullScreen(options, scene: scene) { return scene.width }
        if scene.verticalSizeClass == .compact {
            if options.widthFollowsPreferredContentSizeWhenEdgeAttached, let preferred = options.preferredContentSize?.width,
                preferred.isFinite, preferred > 0
            {
                return min(preferred, scene.width)
            }
            return max(0, scene.width - scene.safeArea.leading.length - scene.safeArea.trailing.length)
        }
        if isFormSheet(on: scene) { return formSheetFrame(options, scene: scene).width }
        return scene.width
    }

    /// A form sheet's resting frame above a keyboard `keyboard` high: the preferred content size, else
    /// UIKit's 540 × 620, at most the room the safe area leaves less the margins; centred in the
    /// screen above the keyboard and moved into that room.
    public static func formSheetFrame(_ options: SheetOptions, scene: Scene, keyboard: Double = 0) -> Rect {
        let inset = scene.safeArea, margin = formSheetMargin, keyboard = keyboard.length
        let room = Rect(
            x: inset.leading.length + margin, y: inset.top.length + margin,
            width: max(0, scene.width - inset.leading.length - inset.trailing.length - 2 * margin),
            height: max(0, scene.height - inset.top.length - max(inset.bottom.length, keyboard) - 2 * margin))
        func side(_ preferred: Double?, _ standard: Double, _ limit: Double) -> Double {
            min(preferred.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? standard, limit)
        }
        let width = side(options.preferredContentSize?.width, formSheetSize.width, room.width)
        let height = side(options.preferredContentSize?.height, formSheetSize.height, room.height)
        func placed(_ centred: Double, _ start: Double, _ length: Double, _ size: Double) -> Double {
            min(max(centred, start), start + length - size)
        }
        return Rect(
            x: placed((scene.width - width) / 2, room.x, room.width, width),
            y: placed((scene.height - keyboard - height) / 2, room.y, room.height, height), width: width, height: height)
    }

    /// The frame of a sheet `height` high, its bottom on a keyboard `keyboard` high (0: the screen's
    /// bottom); a form sheet `height` above the screen's bottom keeps its size, at most at its place.
    public static func frame(height: Double, options: SheetOptions, scene: Scene, keyboard: Double = 0) -> Rect {
        let keyboard = keyboard.length
        if isFormSheet(on: scene) {
            var frame = formSheetFrame(options, scene: scene, keyboard: keyboard)
            frame.y = max(frame.y, scene.height - keyboard - height)
            return frame
        }
        let width = width(options, scene: scene)
        let visible = max(0, min(height, maximumHeight(options, scene: scene) - keyboard))
        return Rect(x: (scene.width - width) / 2, y: scene.height - keyboard - visible, width: width, height: visible)
    }

    // MARK: PopupLayout

    /// The whole screen above the popup's keyboard: a sheet ignores the presentation's margins.
    public func container(for presentation: Presentation, in scene: Scene, keyboardHeight: Double) -> Rect {
        Rect(x: 0, y: 0, width: scene.width, height: max(0, scene.height - keyboardHeight.length))
    }

    /// The frame at the selected detent.
    public func frame(for content: ContentNode, presentation: Presentation, scene: Scene, container: Rect, traits: DisplayTraits) -> Rect {
        Self.frame(height: selected.height, options: options, scene: scene, keyboard: scene.height - container.maxY)
    }

    // MARK: Drawing

    /// The corner radius of the front sheet (the preferred one, else UIKit's; none full screen) and of
    /// a sheet pushed back by another (always UIKit's).
    public static func cornerRadius(_ options: SheetOptions, scene: Scene, isFront: Bool) -> Double {
        if isFullScreen(options, scene: scene) { return 0 }
        guard isFront, let preferred = options.preferredCornerRadius, preferred.isFinite else { return SheetOptions.defaultCornerRadius }
        return max(0, preferred)
    }

    /// Whether the grabber shows: preferred, not full screen, no sheet on top.
    public static func showsGrabber(_ options: SheetOptions, scene: Scene, isFront: Bool) -> Bool {
        options.prefersGrabberVisible && isFront && !isFullScreen(options, scene: scene)
    }

    /// UIKit's grabber: 36 × 5, centred, 5 points below the sheet's top, fully rounded.
    public static func grabberRect(in frame: Rect) -> Rect {
        Rect(x: frame.x + (frame.width - 36) / 2, y: frame.y + 5, width: 36, height: 5)
    }

    /// The largest undimmed detent that applies: none for a form sheet, which is always dimmed
    /// (UIKit's form sheet dims what is behind it).
    public static func largestUndimmedDetent(_ options: SheetOptions, scene: Scene) -> Detent.ID? {
        isFormSheet(on: scene) ? nil : options.largestUndimmedDetent
    }

    /// How much of its dimming a sheet `height` high shows, 0…1: none up to and including the
    /// largest undimmed detent, full from the next larger detent, linear in between (UIKit fades it;
    /// pophost makes the fade follow the height); never when it is the largest. Fully dimmed
    /// without an undimmed detent, or when that detent is inactive.
    public static func dimming(height: Double, detents: [ResolvedDetent], largestUndimmed: Detent.ID?) -> Double {
        guard let largestUndimmed, let undimmed = detents.first(where: { $0.id == largestUndimmed }) else { return 1 }
        if height <= undimmed.height { return 0 }
        guard let next = detents.first(where: { $0.height > undimmed.height }) else { return 0 }
        return min(1, (height - undimmed.height) / (next.height - undimmed.height))
    }

    /// A sheet pushed back by one presented over it (iOS's stacked look): scaled about its centre so
    /// that it is 16 points narrower on each side, its top 10 points above where it was.
    public static func pushedBack(_ state: VisualState) -> VisualState {
        var state = state
        guard state.frame.width > 32 else { return state }
        let scale = (state.frame.width - 32) / state.frame.width
        state.scale *= scale
        state.frame.y -= 10 + state.frame.height * (1 - scale) / 2
        return state
    }
}
