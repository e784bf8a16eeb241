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

    /// The colour with its alpha multiplied by `opacity`.
    public func withOpacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * max(0, min(1, opacity)))
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
