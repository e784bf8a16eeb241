import Annotation
import TouchCore
import Visualizer

/// Writes a session's JSON (docs/sessions.md) straight into bytes: the same document that
/// Foundation's JSONEncoder makes of `InkSession.File`, keys in the file's order, about ten
/// times faster. A session is written at exit within the shutdown's deadline, and a drawing of
/// 50,000 strokes (21 MB) took JSONEncoder over a second; most of a session is numbers, and
/// each is written here in Swift's shortest form that reads back as the same Double.
struct SessionWriter {
    private(set) var bytes: [UInt8] = []

    /// Why a session could not be written: a number JSON cannot hold.
    struct NotFinite: Error {
        var what: String
    }

    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The whole file: the header first (`InkSession.header`), then the settings and outputs.
    static func document(_ session: InkSession) throws(NotFinite) -> [UInt8] {
        let samples = session.outputs.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.reduce(0) { $0 + $1.samples.count } } }
        var writer = SessionWriter(reservingCapacity: 256 + samples * 24)
        writer.raw(InkSession.header)
        writer.raw(#""settings":["#)
        for (index, setting) in session.settings.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("[")
            writer.string(setting.name)
            writer.raw(",")
            writer.string(setting.value)
            writer.raw("]")
        }
        writer.raw(#"],"outputs":["#)
        for (index, output) in session.outputs.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw(#"{"name":"#)
            writer.string(output.key)
            writer.raw(#","pages":["#)
            for (page, strokes) in output.value.enumerated() {
                if page > 0 { writer.raw(",") }
                writer.raw("[")
                for (number, stroke) in strokes.enumerated() {
                    if number > 0 { writer.raw(",") }
                    try writer.stroke(stroke)
                }
                writer.raw("]")
            }
            writer.raw("]}")
        }
        writer.raw("]}")
        return writer.bytes
    }

    /// One stroke as `InkSession.File.Stroke` has it.
    private mutating func stroke(_ stroke: Stroke) throws(NotFinite) {
        raw(#"{"tool":"#)
        string(stroke.tool.rawValue)
        raw(#","color":"#)
        string(stroke.color.hex)
        raw(#","samples":["#)
        for (index, sample) in stroke.samples.enumerated() {
            if index > 0 { raw(",") }
            try number(sample.point.x, "a sample's x")
            raw(",")
            try number(sample.point.y, "a sample's y")
            raw(",")
            try number(sample.width, "a sample's width")
        }
        raw("]")
        if let text = stroke.text {
            raw(#","text":{"string":"#)
            string(text.string)
            raw(#","size":"#)
            try number(text.size, "a text's size")
            raw(#","width":"#)
            try number(text.extent.width, "a text's width")
            raw(#","height":"#)
            try number(text.extent.height, "a text's height")
            raw("}")
        }
        if stroke.angle != 0 {
            raw(#","angle":"#)
            try number(stroke.angle, "an angle")
        }
        raw("}")
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A number as JSON has it: whole numbers without a fraction (as JSONEncoder writes them),
    /// others in the shortest form that reads back the same.
    private mutating func number(_ value: Double, _ what: String) throws(NotFinite) {
        guard value.isFinite else { throw NotFinite(what: "\(what) is \(value)") }
        if value == 0, value.sign == .minus {
            raw("-0.0")  // stays what it was
        } else if value == value.rounded(), abs(value) < 1e15 {
            raw(String(Int64(value)))
        } else {
            raw(value.description)
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped; the rest as UTF-8.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
