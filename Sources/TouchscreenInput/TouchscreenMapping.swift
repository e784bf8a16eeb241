import TouchCore

/// Maps a touchscreen's positions (libinput's transformed coordinates, normalized to 0…1 over
/// the panel) to the logical coordinates of the output it belongs to, so markers sit under the
/// fingers on rotated, flipped and scaled screens.
///
/// The steps: libinput's calibration matrix (normalized panel space), then the output's
/// transform (the panel's axes turned into the output's logical axes), then the output's
/// logical size. Scale plays no part: logical coordinates are the same at every scale.
public struct TouchscreenMapping: Equatable, Sendable {
    /// libinput's calibration matrix `[a, b, c, d, e, f]`: x' = a·x + b·y + c, y' = d·x + e·y + f.
    public var calibration: [Double]
    public var transform: OutputTransform
    /// The output's size in logical units (as xdg-output reports it).
    public var logicalSize: Size

    /// Where the compositor was seen to put this panel's touches (`touchlight calibrate`): when
    /// set, it replaces the calibration matrix and the transform.
    public var learned: TouchscreenCalibration?

    public static let identityCalibration: [Double] = [1, 0, 0, 0, 1, 0]

    public init(calibration: [Double] = identityCalibration, transform: OutputTransform = .normal, logicalSize: Size,
                learned: TouchscreenCalibration? = nil) {
        self.calibration = calibration.count == 6 ? calibration : Self.identityCalibration
        self.transform = transform
        self.logicalSize = logicalSize
        self.learned = learned
    }

    /// The logical position of the normalized panel position (x, y).
    public func map(x: Double, y: Double) -> Point {
        if let learned {
            let p = learned.map(x: x, y: y)
            return Point(x: p.x * logicalSize.width, y: p.y * logicalSize.height)
        }
        let c = calibration
        let cx = c[0] * x + c[1] * y + c[2], cy = c[3] * x + c[4] * y + c[5]
        // The inverse of the transform the compositor renders with (wlroots' transform
        // matrices: panel = M · logical), so a panel point lands where the content shows it.
        let (u, v): (Double, Double)
        switch transform {
        case .normal: (u, v) = (cx, cy)
        case .rotated90: (u, v) = (1 - cy, cx)
        case .rotated180: (u, v) = (1 - cx, 1 - cy)
        case .rotated270: (u, v) = (cy, 1 - cx)
        case .flipped: (u, v) = (1 - cx, cy)
        case .flipped90: (u, v) = (cy, cx)
        case .flipped180: (u, v) = (cx, 1 - cy)
        case .flipped270: (u, v) = (1 - cy, 1 - cx)
        }
        return Point(x: u * logicalSize.width, y: v * logicalSize.height)
    }
}
