import TouchCore

/// The contact ellipse an input may report: half-axes and the major axis angle (radians).
public struct ContactShape: Equatable, Sendable {
    public var major: Double
    public var minor: Double
    public var orientation: Double

    public init(major: Double, minor: Double, orientation: Double) {
        (self.major, self.minor, self.orientation) = (major, minor, orientation)
    }
}

/// A finger's marker: alive while the finger is down, then fading out.
struct Marker {
    var key: Int
    /// Palette slot (finger number − 1).
    var slot: Int
    var position: Point
    var downTime: Double
    var lastUpdate: Double
    /// Distance travelled since the last ripple.
    var travelSinceRipple = 0.0
    var shape: ContactShape?
    /// When the fade began (lift, cancel or staleness); nil while the finger is down.
    var fadeStart: Double?
}

/// A ripple left on the path of a moving finger.
struct Ripple {
    var position: Point
    var color: Color
    var start: Double
}
