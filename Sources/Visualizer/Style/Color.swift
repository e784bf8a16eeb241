import Glibc  // pow

/// A straight (not premultiplied) RGBA colour with components in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        let digits = hex.utf8.dropFirst()
        guard hex.hasPrefix("#"), digits.count == 6 || digits.count == 8,
              digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0 || UInt8(ascii: "A")...UInt8(ascii: "F") ~= $0 }),
              let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
        let hasAlpha = hex.count == 9
        let rgba = hasAlpha ? value : (value << 8 | 0xFF)
        self.init(red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
                  blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
    }

    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// The colour at full opacity (a marker's parts are drawn so, then faded as a whole).
    public var opaque: Color { Color(red: red, green: green, blue: blue) }

    /// The colour with its alpha multiplied by `opacity`.
    public func withOpacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * max(0, min(1, opacity)))
    }

    /// Black or white, whichever contrasts more with this colour (WCAG contrast ratios of
    /// relative luminance): the marker outline that keeps a light marker visible on white and
    /// a dark one on black, on screen and in video.
    public var contrastingOutline: Color {
        func linear(_ c: Double) -> Double {
            let c = max(0, min(1, c))
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        let againstBlack = (luminance + 0.05) / 0.05, againstWhite = 1.05 / (luminance + 0.05)
        return againstBlack >= againstWhite ? .black : .white
    }

    /// `#RRGGBBAA`.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let b = Int((max(0, min(1, v)) * 255).rounded())
            return (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    public var description: String { hex }
}
