import TouchCore

/// A recorded libinput session in text, for tests and `touchlight --replay`:
///
///     touchlight-libinput-trace 1
///     # device ID NAME PROPERTY=VALUE…   (udev properties; names without spaces)
///     device 1 ELAN-Touchscreen ID_INPUT=1 ID_INPUT_TOUCHSCREEN=1
///     device 2 AT-Keyboard ID_INPUT=1 ID_INPUT_KEYBOARD=1
///     # time device event [slot [x y]]   (x, y: 0…1 over the panel)
///     0.000 1 down 0 0.25 0.5
///     0.008 1 motion 0 0.26 0.5
///     0.008 1 frame
///     0.100 1 up 0
///     0.100 1 frame
///     0.200 1 removed
///
/// Devices are added at time 0, before any event.
public struct LibinputTrace: Equatable, Sendable {
    public static let header = "touchlight-libinput-trace"
    public var events: [(time: Double, event: LibinputEvent)]

    public static func == (a: LibinputTrace, b: LibinputTrace) -> Bool {
        a.events.count == b.events.count && zip(a.events, b.events).allSatisfy { $0.time == $1.time && $0.event == $1.event }
    }

    /// Whether `text` is a libinput-shaped trace (rather than a touch trace).
    public static func matches(_ text: String) -> Bool {
        text.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty }?.hasPrefix(header) == true
    }

    /// Device numbers and slots a trace may use: those the translator makes touch ids from.
    static let devices = TouchTranslator.devices
    static let slots = TouchTranslator.slots

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(text: String) throws(ParseError) {
        var events: [(Double, LibinputEvent)] = []
        var sawHeader = false
        var lastTime = 0.0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let fields = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if fields.isEmpty { continue }
            if !sawHeader {
                guard fields == [Self.header, "1"] else {
                    throw ParseError(line: line, message: "expected the header '\(Self.header) 1', found '\(excerpt(raw))'")
                }
                sawHeader = true
                continue
            }
            if fields[0] == "device" {
                guard fields.count >= 3, let id = Int(fields[1]), Self.devices.contains(id) else {
                    throw ParseError(line: line, message: "expected 'device ID NAME PROPERTY=VALUE…' with an ID from 0 to \(Self.devices.upperBound - 1)")
                }
                var properties: [String: String] = [:]
                for pair in fields.dropFirst(3) {
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { throw ParseError(line: line, message: "property '\(excerpt(pair))' is not KEY=VALUE") }
                    properties[parts[0]] = parts[1]
                }
                events.append((0, .deviceAdded(device: id, name: fields[2], properties: properties)))
                continue
            }
            guard fields.count >= 3, let time = Double(fields[0]), let device = Int(fields[1]) else {
                throw ParseError(line: line, message: "expected 'time device event …', found '\(excerpt(raw))'")
            }
            guard time >= 0, time <= InputLimits.traceDuration else {
                throw ParseError(line: line, message: "time '\(excerpt(fields[0]))' is not a number of seconds from 0 to \(Int(InputLimits.traceDuration))")
            }
            guard time >= lastTime else { throw ParseError(line: line, message: "time \(time) goes back before \(lastTime)") }
            guard Self.devices.contains(device) else { throw ParseError(line: line, message: "device '\(fields[1])' is not from 0 to \(Self.devices.upperBound - 1)") }
            lastTime = time
            func slot() throws(ParseError) -> Int {
                guard fields.count >= 4, let s = Int(fields[3]), Self.slots.contains(s) else {
                    throw ParseError(line: line, message: "'\(fields[2])' needs a slot number from 0 to \(Self.slots.upperBound - 1)")
                }
                return s
            }
            func position() throws(ParseError) -> (Double, Double) {
                guard fields.count == 6, let x = Double(fields[4]), let y = Double(fields[5]), (0...1).contains(x), (0...1).contains(y) else {
                    throw ParseError(line: line, message: "'\(fields[2])' needs a slot and a position x y from 0 to 1")
                }
                return (x, y)
            }
            switch fields[2] {
            case "down": let (x, y) = try position(); events.append((time, .touchDown(device: device, slot: try slot(), x: x, y: y, time: time)))
            case "motion": let (x, y) = try position(); events.append((time, .touchMotion(device: device, slot: try slot(), x: x, y: y, time: time)))
            case "up": events.append((time, .touchUp(device: device, slot: try slot(), time: time)))
            case "cancel": events.append((time, .touchCancel(device: device, slot: try slot(), time: time)))
            case "frame": events.append((time, .touchFrame(device: device, time: time)))
            case "removed": events.append((time, .deviceRemoved(device: device)))
            default: throw ParseError(line: line, message: "event '\(excerpt(fields[2]))' is not one of down, motion, up, cancel, frame, removed")
            }
        }
        guard sawHeader else { throw ParseError(line: 1, message: "empty: no '\(Self.header)' header") }
        self.events = events
    }
}
