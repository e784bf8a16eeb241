/// Counts consecutive taps for `Touch.tapCount`, following UIKit's behaviour: a touch that goes
/// down soon after a tap ended, close to where it ended, continues the count.
///
/// A tap is a touch that lifted within `maximumTapMovement` of where it went down. The next
/// touch continues the count when it goes down at most `maximumInterval` seconds after that
/// tap lifted and within `maximumDistance` of it.
public struct TapCounter: Sendable {
    /// Longest pause between one tap's lift and the next touch's down (UIKit: about 0.35 s).
    public var maximumInterval = GestureDefaults.doubleTapInterval
    /// Farthest the next touch may go down from the previous tap (logical units).
    public var maximumDistance = GestureDefaults.multiTapDistance
    /// Farthest a finger may travel and still count as a tap.
    public var maximumTapMovement = GestureDefaults.tapCountMovement

    private struct RecentTap {
        var location: Point
        var endTime: Double
        var count: Int
    }

    /// A few recent taps, one per finger position, so two-finger taps count too.
    private var recentTaps: [RecentTap] = []

    public init() {}

    /// The tap count for a touch going down at `location` at `time`.
    public mutating func countForTouchDown(at location: Point, time: Double) -> Int {
        recentTaps.removeAll { time - $0.endTime > maximumInterval || time < $0.endTime }
        let previous = recentTaps.filter { $0.location.distance(to: location) <= maximumDistance }
            .max { $0.count < $1.count }
        return (previous?.count ?? 0) + 1
    }

    /// Records that a touch with `count` lifted at `location`, having gone down at `start`.
    public mutating func touchEnded(count: Int, from start: Point, at location: Point, time: Double) {
        guard start.distance(to: location) <= maximumTapMovement else { return }
        recentTaps.removeAll { $0.location.distance(to: location) <= maximumDistance }
        recentTaps.append(RecentTap(location: location, endTime: time, count: count))
        if recentTaps.count > 10 { recentTaps.removeFirst() }
    }
}
