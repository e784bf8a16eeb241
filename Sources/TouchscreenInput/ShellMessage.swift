/// What passes over the private channel between Touchlight and its GNOME Shell extension: one
/// message a packet (the channel is a SOCK_SEQPACKET pair), each a line of words. The format
/// is written down in `gnome-extension/README.md`; the extension's `channel.js` writes and
/// reads the same words.
///
/// From the shell: every touch on the stage, the monitors, the modes the Quick Settings toggle
/// asks for, and how many events it dropped because Touchlight fell behind. From Touchlight:
/// its mode, and whether it wants the keyboard (a text box is open).
///
/// A message it does not understand is refused whole, with the reason: the channel carries
/// data, never commands beyond these.
public enum ShellMessage: Equatable, Sendable {
    /// A touch's phase, as Clutter names its events.
    public enum Phase: String, Sendable, CaseIterable {
        case begin, update, end, cancel
    }

    /// A monitor as the shell lays them out: its index, connector (the wl_output's name) and
    /// rectangle in stage coordinates.
    public struct Monitor: Equatable, Sendable {
        public var index: Int
        public var connector: String
        public var x: Double, y: Double, width: Double, height: Double

        public init(index: Int, connector: String, x: Double, y: Double, width: Double, height: Double) {
            (self.index, self.connector, self.x, self.y, self.width, self.height) = (index, connector, x, y, width, height)
        }

        /// `(x, y)` in stage coordinates as a fraction of this monitor (0…1 inside it).
        public func normalized(x stageX: Double, y stageY: Double) -> (x: Double, y: Double) {
            ((stageX - x) / width, (stageY - y) / height)
        }
    }

    /// `touch PHASE SLOT X Y MONITOR TIME`: a touch at stage position (X, Y) on monitor
    /// MONITOR, TIME in milliseconds (Clutter's event time).
    case touch(Phase, slot: Int, x: Double, y: Double, monitor: Int, time: UInt32)
    /// `monitors COUNT`: the monitor list follows, COUNT `monitor` messages.
    case monitors(count: Int)
    /// `monitor INDEX CONNECTOR X Y WIDTH HEIGHT`.
    case monitor(Monitor)
    /// `dropped TOTAL`: events the shell dropped so far, because the channel was full.
    case dropped(total: Int)
    /// `mode NAME`: the shell's toggle asks for a mode (from the shell); the mode now (from
    /// Touchlight).
    case mode(String)
    /// `capture OUTPUT`: Touchlight asks for a picture of OUTPUT's monitor (the zoom's).
    case capture(output: String)
    /// `captured OUTPUT PATH`: the picture, a PNG file in the user's runtime folder (PATH `-`:
    /// none could be taken).
    case captured(output: String, path: String?)
    /// `released OUTPUT`: Touchlight has read the picture; the shell removes its file.
    case released(output: String)
    /// `keyboard take|release OUTPUT`: Touchlight asks for the keyboard focus for its window
    /// on OUTPUT, or gives it back.
    case keyboard(take: Bool, output: String)

    /// The longest message either side sends or reads (bytes).
    public static let maximumLength = 256
    /// Monitors a shell may announce, slots a touch may have.
    public static let monitorIndices = 0..<64
    public static let slots = 0..<1000

    /// Why a packet is not a message.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads one packet's text.
    public init(parsing text: Substring) throws(Refusal) {
        guard text.utf8.count <= Self.maximumLength else { throw Refusal("longer than \(Self.maximumLength) bytes") }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard let kind = words.first else { throw Refusal("empty") }
        let arguments = Array(words.dropFirst())
        func count(_ expected: Int) throws(Refusal) {
            guard arguments.count == expected else { throw Refusal("\(kind) takes \(expected) words, not \(arguments.count)") }
        }
        switch kind {
        case "touch":
            try count(6)
            guard let phase = Phase(rawValue: String(arguments[0])) else { throw Refusal("unknown touch phase \(arguments[0])") }
            self = .touch(phase, slot: try Self.integer(arguments[1], in: Self.slots, "slot"),
                          x: try Self.coordinate(arguments[2]), y: try Self.coordinate(arguments[3]),
                          monitor: try Self.integer(arguments[4], in: Self.monitorIndices, "monitor"),
                          time: UInt32(try Self.integer(arguments[5], in: 0...Int(UInt32.max), "time")))
        case "monitors":
            try count(1)
            self = .monitors(count: try Self.integer(arguments[0], in: 0...Self.monitorIndices.upperBound, "monitor count"))
        case "monitor":
            try count(6)
            let connector = try Self.name(arguments[1])
            let width = try Self.coordinate(arguments[4]), height = try Self.coordinate(arguments[5])
            guard width >= 1, height >= 1 else { throw Refusal("monitor of \(width)×\(height)") }
            self = .monitor(Monitor(index: try Self.integer(arguments[0], in: Self.monitorIndices, "monitor"), connector: connector,
                                    x: try Self.coordinate(arguments[2]), y: try Self.coordinate(arguments[3]), width: width, height: height))
        case "dropped":
            try count(1)
            self = .dropped(total: try Self.integer(arguments[0], in: 0...Int(Int32.max), "dropped count"))
        case "mode":
            try count(1)
            self = .mode(String(arguments[0]))
        case "capture", "released":
            try count(1)
            let output = try Self.name(arguments[0])
            self = kind == "capture" ? .capture(output: output) : .released(output: output)
        case "captured":
            try count(2)
            let path = String(arguments[1])
            guard path == "-" || (path.hasPrefix("/") && path.utf8.count <= 200 && path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f })) else {
                throw Refusal("\(path.prefix(24)) is not an absolute path of plain characters")
            }
            self = .captured(output: try Self.name(arguments[0]), path: path == "-" ? nil : path)
        case "keyboard":
            try count(2)
            guard arguments[0] == "take" || arguments[0] == "release" else { throw Refusal("keyboard takes take or release, not \(arguments[0])") }
            self = .keyboard(take: arguments[0] == "take", output: try Self.name(arguments[1]))
        default:
            throw Refusal("unknown message \(kind.prefix(32))")
        }
    }

    /// The packet's text.
    public var text: String {
        switch self {
        case .touch(let phase, let slot, let x, let y, let monitor, let time): "touch \(phase.rawValue) \(slot) \(x) \(y) \(monitor) \(time)"
        case .monitors(let count): "monitors \(count)"
        case .monitor(let m): "monitor \(m.index) \(m.connector) \(m.x) \(m.y) \(m.width) \(m.height)"
        case .dropped(let total): "dropped \(total)"
        case .mode(let name): "mode \(name)"
        case .keyboard(let take, let output): "keyboard \(take ? "take" : "release") \(output)"
        case .capture(let output): "capture \(output)"
        case .captured(let output, let path): "captured \(output) \(path ?? "-")"
        case .released(let output): "released \(output)"
        }
    }

    /// A connector's name: printable ASCII without spaces, at most 64 bytes.
    private static func name(_ word: Substring) throws(Refusal) -> String {
        guard !word.isEmpty, word.utf8.count <= 64, word.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
            throw Refusal("\(word.prefix(24)) is not a connector's name")
        }
        return String(word)
    }

    private static func integer(_ word: Substring, in range: ClosedRange<Int>, _ what: String) throws(Refusal) -> Int {
        guard let value = Int(word), range.contains(value) else { throw Refusal("\(what) \(word.prefix(24)) is not a whole number in \(range)") }
        return value
    }

    private static func integer(_ word: Substring, in range: Range<Int>, _ what: String) throws(Refusal) -> Int {
        try integer(word, in: range.lowerBound...(range.upperBound - 1), what)
    }

    /// Stage coordinates: plain decimals within ±1,000,000 (no NaN, no infinity, no exponent).
    private static func coordinate(_ word: Substring) throws(Refusal) -> Double {
        guard word.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }),
              let value = Double(word), abs(value) <= 1_000_000 else { throw Refusal("coordinate \(word.prefix(24)) is not a plain decimal within ±1000000") }
        return value
    }
}
