import PopModel

/// What scrolling a sheet's content did.
public enum SheetScrollOutcome: Equatable, Sendable {
    /// The sheet grew to this detent first (`prefersScrollingExpandsWhenScrolledToEdge`).
    case expanded(Detent.ID)
    /// The content takes the scroll (it moves when taller than the sheet): the sheet stays.
    case content
}
