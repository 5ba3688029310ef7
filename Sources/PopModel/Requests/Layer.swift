/// The popup layers, each with its own queue. The modal and banner layers show at most one popup at
/// a time; the sheet layer is a stack (a sheet presented over a sheet pushes it back). Drawn sheet
/// below modal below banner: alerts and banners show above sheets.
public enum Layer: String, Codable, CaseIterable, Sendable {
    case modal
    case banner
    case sheet
}
