/// How an overlay's buffer relates to its logical size. With a fractional scale (and a
/// viewport to map the buffer back to logical size) the buffer is the logical size times the
/// scale, rounded; otherwise the buffer is the logical size times an integer buffer scale, so
/// its size is always divisible by the scale (a classic protocol error avoided).
struct SurfaceScale: Equatable {
    /// The integer buffer scale to set on the surface (1 with a fractional scale).
    var bufferScale: Int
    /// The fractional scale in use, if any.
    var fractional: Double?

    /// Device pixels per logical unit, for the renderer.
    var renderScale: Double { fractional ?? Double(bufferScale) }

    /// Chooses the scale: the compositor's preferred fractional scale when it and a viewporter
    /// are available, else the output's integer scale.
    static func choose(outputScale: Int, preferredFractional: Double?, hasViewporter: Bool) -> SurfaceScale {
        if let fractional = preferredFractional, hasViewporter, fractional > 0 {
            return SurfaceScale(bufferScale: 1, fractional: fractional)
        }
        return SurfaceScale(bufferScale: max(1, outputScale), fractional: nil)
    }

    /// The buffer size in pixels for a logical size.
    func bufferSize(logicalWidth: Int, logicalHeight: Int) -> (width: Int, height: Int) {
        if let fractional {
            return (max(1, Int((Double(logicalWidth) * fractional).rounded())),
                    max(1, Int((Double(logicalHeight) * fractional).rounded())))
        }
        return (logicalWidth * bufferScale, logicalHeight * bufferScale)
    }
}
