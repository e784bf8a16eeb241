/// The sprite renderer's tunables, named once (see `SpriteArt` and `SpritePlanner`).
public enum SpriteTunables {
    /// Opacity is shown in steps of 1/`opacitySteps`: a pre-rendered buffer per step in use.
    /// 16 steps keep a 0.3 s fade at 60 Hz to about one step a frame; the largest error is
    /// 1/32 of full opacity.
    public static let opacitySteps = 16
    /// Circles fade in every `circleOpacityStride`th step only: ripples fade while they shrink,
    /// and with ten fingers' colours every step of every band would be 1 280 pictures.
    public static let circleOpacityStride = 2
    /// Circles are pre-rendered at radii 1.25ⁿ and shown up to 20% smaller through the
    /// viewport: one buffer covers a band of radii.
    public static let bandRatio = 1.25
    /// A ring's width is pre-rendered this much wider than asked (1/√0.8), so that shown
    /// anywhere in its band (at 80–100% of its size) it is within ±12% of the asked width.
    public static let ringWidthCompensation = 1 / 0.8.squareRoot()
    /// Circles larger than this (logical px) are drawn like lines: a pre-rendered one would be
    /// a large buffer per opacity step (a pinch ring can span the screen).
    public static let largestPreRenderedRadius = 128.0
    /// Pre-rendered sprites' logical sides are multiples of this, so that their pixel sides are
    /// whole at the scales compositors use (×1.25: 5 px, ×1.5: 6, ×1.75: 7).
    public static let sizeQuantum = 4
    /// Drawn sprites' buffers grow in steps of this many logical px, so a growing trail does
    /// not need a new buffer every frame.
    public static let drawnSizeQuantum = 32
    /// Most sprites on one output at once; past it, the frame's frontmost sprites are left out
    /// (and counted). The visualizer's own caps (markers, ripples, cues) keep well under it.
    public static let slotCapacity = 1024
    /// Pre-rendered buffers kept by one output, in bytes; past it, those no sprite shows go.
    public static let artCacheBytes = 32 << 20

    /// `value` rounded up to a multiple of `quantum`.
    public static func roundUp(_ value: Int, to quantum: Int) -> Int {
        quantum <= 1 ? value : (value + quantum - 1) / quantum * quantum
    }
}
