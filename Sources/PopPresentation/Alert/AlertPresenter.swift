/// Alerts (CSPopKit's and QMUI's popups, and the styles reserved for later that present as alerts):
/// the base every other style refines. Its layout is `AlertLayout` (QMUI's centring inside the
/// margins, above the keyboard its own fields raised), its motion the theme's (`AlertBehaviour`), its
/// actions iOS's (`AlertActions`); the engine's shared steps are all it needs.
final class AlertPresenter: PopupStylePresenter {}
