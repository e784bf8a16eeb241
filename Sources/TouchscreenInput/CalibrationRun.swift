import TouchCore

/// `touchlight calibrate` for one touchscreen on one output: four targets shown one after
/// another; each touch on the current target pairs the panel's position (libinput) with
/// where the compositor delivered it (wl_touch), and the four pairs give the affine map
/// between the two (`TouchscreenCalibration`). The compositor is the truth: what it
/// delivers is what the person touched.
public struct CalibrationRun: Sendable {
    /// The targets, as fractions of the output's logical size, in the order shown.
    public static let targets = [Point(x: 0.2, y: 0.2), Point(x: 0.8, y: 0.2), Point(x: 0.8, y: 0.8), Point(x: 0.2, y: 0.8)]
    /// A touch counts for the current target this close to it (logical px), or within this
    /// fraction of the output's shorter side when that is more.
    public static let reach = 60.0
    public static let reachFraction = 0.1
    /// The fit may miss a touch by this much (logical px) and be kept; more, and the touches
    /// do not agree on one map (a slip, or two touches taken as one): the run starts over.
    public static let tolerance = 4.0

    public let device: String
    public let output: String
    /// The output's logical size.
    public let size: Size
    private(set) var pairs: [(panel: Point, output: Point)] = []
    /// How far touchlight's own mapping put the taken touches from where the compositor did
    /// (logical px, the worst of them): what calibrating mends.
    public private(set) var formerMiss = 0.0

    public init(device: String, output: String, size: Size) {
        (self.device, self.output, self.size) = (device, output, size)
    }

    /// The target waiting for a touch (logical px), or nil once all are touched.
    public var currentTarget: Point? {
        pairs.count < Self.targets.count ? Self.position(of: Self.targets[pairs.count], on: size) : nil
    }

    /// Which target waits: 1 to 4.
    public var step: Int { pairs.count + 1 }

    /// What a touch did to the run.
    public enum Progress: Equatable, Sendable {
        /// Taken; the next target is shown.
        case next(Point)
        /// It missed the target (by this many logical px), or was on another output: not taken.
        case missed(by: Double)
        case wrongOutput(String)
        /// Four touches that no affine map explains within `tolerance`: begun again.
        case inconsistent(largestMiss: Double)
        /// Done: the map, and how far it misses the worst touch (logical px).
        case calibrated(TouchscreenCalibration, largestMiss: Double)

    }

    /// A touch seen both ways (`TouchPairing`).
    public mutating func add(_ pair: TouchPairing.Pair) -> Progress {
        guard pair.delivered.output == output, pair.panel.output == output else { return .wrongOutput(pair.delivered.output) }
        guard let target = currentTarget else { return .missed(by: 0) }
        let miss = pair.delivered.point.distance(to: target)
        guard miss <= max(Self.reach, Self.reachFraction * min(size.width, size.height)) else { return .missed(by: miss) }
        let normalized = Point(x: pair.delivered.point.x / size.width, y: pair.delivered.point.y / size.height)
        pairs.append((pair.panel.panel, normalized))
        formerMiss = max(formerMiss, pair.panel.mapped.distance(to: pair.delivered.point))
        if let next = currentTarget { return .next(next) }
        let fit = TouchscreenCalibration.fit(pairs)
        let worst = fit.map { largestMiss(of: $0.calibration) } ?? .infinity
        guard let fit, worst <= Self.tolerance else {
            pairs.removeAll()
            formerMiss = 0
            return .inconsistent(largestMiss: worst)
        }
        return .calibrated(fit.calibration, largestMiss: worst)
    }

    /// The farthest the map puts a touch from where the compositor did, in logical px.
    private func largestMiss(of calibration: TouchscreenCalibration) -> Double {
        pairs.map { pair in
            let mapped = calibration.map(x: pair.panel.x, y: pair.panel.y)
            return Self.position(of: mapped, on: size).distance(to: Self.position(of: pair.output, on: size))
        }.max() ?? 0
    }

    static func position(of fraction: Point, on size: Size) -> Point {
        Point(x: fraction.x * size.width, y: fraction.y * size.height)
    }
}
