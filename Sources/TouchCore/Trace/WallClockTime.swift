/// A moment on the wall clock, written as RFC 3339 text (`2026-11-23T09:41:07.250Z`): when a
/// trace started, or when a screen recording did (ffprobe's `creation_time`). TouchCore reads
/// no clock; it only reads and writes these, so the export can line a trace up with a video.
public struct WallClockTime: Equatable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Double

    public init(secondsSince1970: Double) { self.secondsSince1970 = secondsSince1970 }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (`t` and a space also separate date and
    /// time, as RFC 3339 allows); nil for anything else.
    public init?(rfc3339 text: String) {
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var value = 0
            for i in range {
                guard (48...57).contains(b[i]) else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), [84, 116, 32].contains(b[10]),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second <= 60 else { return nil }
        var i = 19
        var fraction = 0.0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            var digits = 0.0, divisor = 1.0
            let start = i
            while i < b.count, (48...57).contains(b[i]) {
                if divisor < 1e9 {  // nanoseconds at most: doubles hold no more
                    digits = digits * 10 + Double(b[i] - 48)
                    divisor *= 10
                }
                i += 1
            }
            guard i > start, i < b.count else { return nil }
            fraction = digits / divisor
        }
        var offset = 0
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            guard i + 1 == b.count else { return nil }
        } else {
            guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), i + 6 == b.count, b[i + 3] == UInt8(ascii: ":"),
                  let hours = number(i + 1..<i + 3), let minutes = number(i + 4..<i + 6), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (b[i] == UInt8(ascii: "-") ? -1 : 1)
        }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        secondsSince1970 = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// UTC, with milliseconds: `2026-11-23T09:41:07.250Z`.
    public var description: String {
        let milliseconds = Int((secondsSince1970 * 1000).rounded(.down))
        let (days, dayMilliseconds) = Self.floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = Self.civil(daysSince1970: days)
        let seconds = dayMilliseconds / 1000
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ms = dayMilliseconds % 1000
        let fraction = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)).\(fraction)Z"
    }

    private static func floorDivision(_ a: Int, _ b: Int) -> (Int, Int) {
        let q = a >= 0 ? a / b : -((-a + b - 1) / b)
        return (q, a - q * b)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Howard Hinnant's days_from_civil.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Howard Hinnant's civil_from_days.
    private static func civil(daysSince1970 days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
