/// How the pointer-location HUD looks (`[hud]` in the configuration file, `--hud`).
public struct HUDStyle: Equatable, Sendable {
    /// Whether the HUD shows: its text at the top left, a crosshair through each finger and
    /// the paths of the current gesture.
    public var isEnabled = false
    /// The text's em size, logical px (its colour and outline are the captions').
    public var textSize = 15.0
    /// Where the text starts: this far from the output's top left corner, logical px.
    public var margin = 12.0
    public var crosshairWidth = 1.0
    public var crosshairOpacity = 0.55
    public var pathWidth = 2.0
    public var pathOpacity = 0.85

    public init() {}
}
