/// The progress line `render` keeps on a terminal: a bar, frames done of the total, the rate
/// and the time left. Pure: the caller gives it the elapsed time.
struct RenderProgress {
    var total: Int
    /// ANSI's erase in line (EL 0): clears from the cursor to the end of the line.
    static let eraseToEndOfLine = "\u{1B}[K"
    /// Characters in the bar.
    static let barWidth = 24

    /// `[##########··············]  120/300 frames   58.2 frames/s   ETA 0:03`, then the
    /// terminal's erase-to-end-of-line, so a shorter line leaves nothing of a longer one.
    func line(done: Int, elapsed: Double) -> String {
        let total = max(self.total, done, 1)
        let fraction = Double(done) / Double(total)
        let filled = min(Self.barWidth, Int((fraction * Double(Self.barWidth)).rounded(.down)))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: Self.barWidth - filled)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Self.clock(Double(total - done) / rate) : "--:--"
        return "[\(bar)] \(done)/\(total) frames  \(Self.oneDecimal(rate)) frames/s  ETA \(eta)" + Self.eraseToEndOfLine
    }

    /// `m:ss` (or `h:mm:ss`).
    static func clock(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? max(0, Int(seconds.rounded(.up))) : 0
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
