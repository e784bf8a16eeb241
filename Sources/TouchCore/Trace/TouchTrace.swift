/// A recorded touch sequence in Touchlight's text trace format, used for replay tests,
/// `touchlight --replay` and `touchlight record`.
///
///     touchlight-trace 5
///     output 800 600 1 transform=90
///     start 2026-11-23T09:41:07.250Z
///     # time id phase x y [major minor orientation] [type=TYPE] [force=F]
///     0 set mode draw
///     0.000 1 down 100 200
///     0.008 1 move 101.5 200.2
///     0.008 2 down 300 200 type=pencil force=0.3
///     0.016 2 move 310 200 force=0.45
///     0.100 1 up 101.5 200.2
///     0.200 * cancel 0 0
///
/// - The first line names the format and its version; `output WIDTH HEIGHT SCALE` gives the
///   logical size and scale of the output it was recorded on, then (version 4) optionally
///   `transform=NAME`, how that output was turned (`OutputTransform`'s names; normal when absent).
/// - `start TIME` (version 4, optional, before the events): the wall-clock time of time 0, in
///   RFC 3339, so that an export can line the trace up with a screen recording.
/// - Then one event per line: time in seconds (non-decreasing), touch id (an integer; `*` for
///   cancel), phase (`down`, `move`, `up`, `cancel`), x and y in logical units; optionally the
///   contact's major and minor axis lengths and its orientation in radians.
/// - After those, `name=value` fields (version 3): `type=` what made the touch (a
///   `TouchType`: `pencil`, `eraser`, `indirectPointer`; a finger when absent), on its down
///   line; `force=` a pen's pressure from 0 to 1, on any line, kept until the next.
/// - `TIME set NAME VALUE` (version 2): a setting of the session changed then (annotation's
///   mode, tool, colour, width). TouchCore keeps these lines as they are; the program that
///   replays the trace gives them meaning. A value never holds `#` (it would start a comment).
/// - Version 5 adds `TIME set text CARET:WORDS` (then `commit` or `cancel`): what was typed
///   into a text box, its words percent-encoded (every byte but ASCII letters and digits as
///   `%XX`), so that a line never holds a space, `#` or newline of the text's own.
/// - Version 6 records each change to a text box as an edit, `TIME set text
///   CARET:START:REMOVED:WORDS` (characters `START..<START+REMOVED` replaced by WORDS, then the
///   caret at CARET), so that a trace grows with what is typed, not with the box's length
///   at every key. A text value may be up to `textValueLimit` characters long; every other
///   value up to `valueLimit`.
/// - Consecutive events with the same time form one frame (one `TouchEvent`).
/// - `#` starts a comment; blank lines are ignored.
public struct TouchTrace: Sendable, Equatable {
    /// The version written; every version in `readableVersions` is read.
    public static let formatVersion = 6
    /// Version 1 has no `set` lines; versions 1 and 2 have no `type=` or `force=` fields;
    /// versions 1 to 3 have no `start` line and no output transform; versions 1 to 4 no typed
    /// text; versions 1 to 5 no text edits.
    public static let readableVersions = 1...6
    /// The name of the `set` line that records a text box (its words can be long).
    public static let textSettingName = "text"
    /// The longest value of a `set` line (characters), but for `textSettingName`'s.
    public static let valueLimit = 64
    /// The longest value of a `set text` line: a whole box's words, percent-encoded, fit.
    public static let textValueLimit = 65_536

    /// Whether `name` can name a `set` line: a word of up to 32 letters and underscores.
    static func isSettingName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 32 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
    }

    /// The longest value a `set NAME` line may carry.
    public static func valueLimit(for name: String) -> Int { name == textSettingName ? textValueLimit : valueLimit }

    /// Whether a `set NAME VALUE` line with these can be written and read back: a name of
    /// letters and underscores, a value of printable ASCII without spaces or `#`, within its limit.
    public static func isWritable(settingName name: String, value: String) -> Bool {
        isSettingName(name) && !value.isEmpty && value.utf8.count <= valueLimit(for: name)
            && value.utf8.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: "#") })
    }
    /// The largest trace file read (64 MiB: over an hour of ten fingers at 120 Hz); a larger
    /// one is refused before it is read.
    public static let maximumTextSize = 64 << 20

    public enum Phase: String, Sendable {
        case down, move, up, cancel
    }

    public struct Event: Sendable, Equatable {
        /// The id of a `cancel` of every touch down (`* cancel`); a cancel with a touch's id
        /// (`5 cancel`) cancels that one alone.
        public static let everyTouch = Int.min

        public var time: Double
        public var id: Int
        public var phase: Phase
        public var x: Double
        public var y: Double
        public var major: Double?
        public var minor: Double?
        public var orientation: Double?
        /// What made the touch, on its down event; nil for a finger.
        public var type: TouchType?
        /// A pen's pressure (0…1), when it changed.
        public var force: Double?

        public init(time: Double, id: Int, phase: Phase, x: Double, y: Double,
                    major: Double? = nil, minor: Double? = nil, orientation: Double? = nil,
                    type: TouchType? = nil, force: Double? = nil) {
            (self.time, self.id, self.phase, self.x, self.y) = (time, id, phase, x, y)
            (self.major, self.minor, self.orientation) = (major, minor, orientation)
            (self.type, self.force) = (type, force)
        }
    }

    /// A setting the session changed at `time` (a `set` line).
    public struct Setting: Sendable, Equatable {
        public var time: Double
        public var name: String
        public var value: String

        public init(time: Double, name: String, value: String) {
            (self.time, self.name, self.value) = (time, name, value)
        }
    }

    /// Logical size of the output the trace was recorded on.
    public var outputSize: Size
    public var scale: Double
    /// How the output was turned when recorded.
    public var outputTransform: OutputTransform
    /// The wall-clock time of the trace's time 0, when known.
    public var start: WallClockTime?
    public var events: [Event]
    /// Settings changed during the session, in time order.
    public var settings: [Setting]

    public init(outputSize: Size, scale: Double = 1, outputTransform: OutputTransform = .normal, start: WallClockTime? = nil,
                events: [Event] = [], settings: [Setting] = []) {
        self.outputSize = outputSize
        self.scale = scale
        self.outputTransform = outputTransform
        self.start = start
        self.events = events
        self.settings = settings
    }

    /// The events grouped into frames: runs of consecutive events with the same time.
    public var frames: [ArraySlice<Event>] {
        var result: [ArraySlice<Event>] = []
        var start = events.startIndex
        for index in events.indices.dropFirst() where events[index].time != events[start].time {
            result.append(events[start..<index])
            start = index
        }
        if start < events.endIndex { result.append(events[start...]) }
        return result
    }

    /// Time of the last event or setting, or 0 for an empty trace.
    public var duration: Double { max(events.last?.time ?? 0, settings.last?.time ?? 0) }
}

/// Why a trace could not be read: the line (1-based) and what was wrong there.
public struct TraceError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
