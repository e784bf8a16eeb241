import TouchCore

/// Where the compositor puts a touchscreen's touches, learned from the touches themselves: an
/// affine map from the panel's normalized position (libinput's 0…1, as `TouchscreenMapping`
/// takes it) to the output's normalized position (0…1 over its logical size). Fitted from
/// pairs of the two positions of the same touches (`touchlight calibrate`: libinput's, and
/// wl_touch's, which the compositor mapped with settings touchlight cannot see: sway's
/// `calibration_matrix`, a compositor that does not turn touches with a rotated output).
/// Normalized on both sides, so it holds when the output's size or scale changes.
public struct TouchscreenCalibration: Equatable, Sendable {
    /// x' = m[0]·x + m[1]·y + m[2], y' = m[3]·x + m[4]·y + m[5] (libinput's layout).
    public var matrix: [Double]

    /// Fewer touches cannot pin down an affine map (three, not on one line, can).
    public static let minimumPairs = 3

    /// A matrix that could map a real panel: six finite numbers of at most
    /// `largestCoefficient`, whose linear part keeps an area (no collapse onto a line or a
    /// point, as all zeros would): nil otherwise.
    public init?(matrix: [Double]) {
        guard matrix.count == 6, matrix.allSatisfy({ $0.isFinite && abs($0) <= Self.largestCoefficient }),
              abs(matrix[0] * matrix[4] - matrix[1] * matrix[3]) >= Self.smallestAreaScale else { return nil }
        self.matrix = matrix
    }

    /// The largest coefficient taken: a panel mapped onto a hundred outputs' width is no panel.
    public static let largestCoefficient = 100.0
    /// The least the map may scale an area by (the determinant of its linear part).
    public static let smallestAreaScale = 0.001

    /// The output's normalized position of the panel's normalized (x, y).
    public func map(x: Double, y: Double) -> Point {
        let m = matrix
        return Point(x: m[0] * x + m[1] * y + m[2], y: m[3] * x + m[4] * y + m[5])
    }

    /// A fit and how well it explains its touches.
    public struct Fit: Equatable, Sendable {
        public let calibration: TouchscreenCalibration
        /// The largest distance between where the fit puts a touch and where the compositor
        /// did, in output-normalized units (times the output's size: logical px).
        public let largestResidual: Double
    }

    /// The least-squares affine map taking each pair's `panel` position to its `output`
    /// position (both normalized); nil with fewer than `minimumPairs` pairs, or when the panel
    /// positions lie on one line (nothing then says how the other axis maps).
    public static func fit(_ pairs: [(panel: Point, output: Point)]) -> Fit? {
        guard pairs.count >= minimumPairs else { return nil }
        // The normal equations AᵀA·p = Aᵀb for rows [x y 1], once for x' and once for y'.
        var ata = [[Double]](repeating: [0, 0, 0], count: 3)
        var atx = [0.0, 0.0, 0.0], aty = [0.0, 0.0, 0.0]
        for pair in pairs {
            let row = [pair.panel.x, pair.panel.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { ata[i][j] += row[i] * row[j] }
                atx[i] += row[i] * pair.output.x
                aty[i] += row[i] * pair.output.y
            }
        }
        guard let first = solve(ata, atx), let second = solve(ata, aty),
              let calibration = TouchscreenCalibration(matrix: first + second) else { return nil }
        let residual = pairs.map { calibration.map(x: $0.panel.x, y: $0.panel.y).distance(to: $0.output) }.max() ?? 0
        return Fit(calibration: calibration, largestResidual: residual)
    }

    /// Solves the 3×3 system `a`·p = `b` (Cramer's rule); nil when `a` is singular, which for
    /// the normal equations means the points are collinear (relative to their spread).
    private static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        func determinant(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let d = determinant(a)
        let scale = a.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0, abs(d) > 1e-9 * scale * scale * scale else { return nil }
        return (0..<3).map { column in
            var m = a
            for row in 0..<3 { m[row][column] = b[row] }
            return determinant(m) / d
        }
    }
}
