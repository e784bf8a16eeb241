extension TouchTrace {
    /// Reads a trace, rejecting it whole at the first problem (with its line number): a trace
    /// is never half-played.
    public init(text: String) throws {
        var header: (version: Int?, output: Size?, scale: Double, transform: OutputTransform) = (nil, nil, 1, .normal)
        var start: WallClockTime?
        var events: [Event] = []
        var settings: [Setting] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if fields.isEmpty { continue }
            guard let version = header.version else {
                guard fields.count == 2, fields[0] == "touchlight-trace" else {
                    throw TraceError(line: lineNumber, message: "expected the header 'touchlight-trace \(Self.formatVersion)', found '\(excerpt(line))'")
                }
                guard let version = Int(fields[1]), Self.readableVersions.contains(version) else {
                    throw TraceError(line: lineNumber, message: "unsupported trace format version '\(excerpt(fields[1]))' (this build reads versions \(Self.readableVersions.lowerBound) to \(Self.readableVersions.upperBound))")
                }
                header.version = version
                continue
            }
            if header.output == nil {
                (header.output, header.scale, header.transform) = try Self.parseOutput(fields, version: version, line: lineNumber)
                continue
            }
            if fields[0] == "start" {
                guard version >= 4 else { throw TraceError(line: lineNumber, message: "a 'start' line needs trace format version 4") }
                guard start == nil, events.isEmpty, settings.isEmpty else {
                    throw TraceError(line: lineNumber, message: "'start' comes once, before the events")
                }
                guard fields.count == 2, let time = WallClockTime(rfc3339: fields[1]) else {
                    throw TraceError(line: lineNumber, message: "expected 'start' and an RFC 3339 time such as 2026-11-23T09:41:07.250Z, found '\(excerpt(line))'")
                }
                start = time
                continue
            }
            if fields.count >= 2, fields[1] == "set" {
                guard version >= 2 else { throw TraceError(line: lineNumber, message: "'set' lines need trace format version 2") }
                let setting = try Self.parseSetting(fields, line: lineNumber)
                if let last = settings.last, setting.time < last.time {
                    throw TraceError(line: lineNumber, message: "time \(setting.time) goes back before \(last.time)")
                }
                settings.append(setting)
                continue
            }
            let event = try Self.parseEvent(fields, version: version, line: lineNumber)
            if let last = events.last, event.time < last.time {
                throw TraceError(line: lineNumber, message: "time \(event.time) goes back before \(last.time)")
            }
            events.append(event)
        }
        guard header.version != nil else { throw TraceError(line: max(lineNumber, 1), message: "empty trace: no 'touchlight-trace' header") }
        guard let output = header.output else { throw TraceError(line: lineNumber, message: "truncated trace: no 'output' line after the header") }
        self.init(outputSize: output, scale: header.scale, outputTransform: header.transform, start: start, events: events, settings: settings)
    }

    /// `output WIDTH HEIGHT SCALE [transform=NAME]`.
    private static func parseOutput(_ fields: [String], version: Int, line: Int) throws -> (Size, Double, OutputTransform) {
        guard fields.count == 4 || fields.count == 5, fields[0] == "output",
              let width = Double(fields[1]), let height = Double(fields[2]), let scale = Double(fields[3]),
              Self.outputSizes.contains(width), Self.outputSizes.contains(height), Self.scales.contains(scale) else {
            throw TraceError(line: line, message: "expected 'output WIDTH HEIGHT SCALE' with a size from 1 to 100000 and a scale from 0.1 to 16, found '\(excerpt(fields.joined(separator: " ")))'")
        }
        var transform = OutputTransform.normal
        if fields.count == 5 {
            guard version >= 4 else { throw TraceError(line: line, message: "an output transform needs trace format version 4") }
            guard fields[4].hasPrefix("transform="), let named = OutputTransform(name: String(fields[4].dropFirst("transform=".count))) else {
                throw TraceError(line: line, message: "'\(excerpt(fields[4]))' is not transform= with one of \(OutputTransform.names.joined(separator: ", "))")
            }
            transform = named
        }
        return (Size(width: width, height: height), scale, transform)
    }

    /// `TIME set NAME VALUE`: a name of letters and underscores, a value without spaces (or `#`,
    /// which starts a comment).
    private static func parseSetting(_ fields: [String], line: Int) throws -> Setting {
        guard fields.count == 4 else {
            throw TraceError(line: line, message: "expected 'time set name value', found \(fields.count) fields")
        }
        guard let time = Double(fields[0]), time >= 0, time <= InputLimits.traceDuration else {
            throw TraceError(line: line, message: "time '\(excerpt(fields[0]))' is not a number of seconds from 0 to \(Int(InputLimits.traceDuration))")
        }
        let name = fields[2]
        guard isSettingName(name) else {
            throw TraceError(line: line, message: "setting name '\(excerpt(name))' is not a word")
        }
        let limit = valueLimit(for: name)
        guard fields[3].utf8.count <= limit, fields[3].allSatisfy({ $0.isASCII && !$0.isWhitespace && $0.asciiValue! >= 32 }) else {
            throw TraceError(line: line, message: "setting value '\(excerpt(fields[3]))' is not printable text of up to \(limit) characters")
        }
        return Setting(time: time, name: name, value: fields[3])
    }

    /// Output sizes and scales a trace may name.
    static let outputSizes = 1.0...100_000
    static let scales = 0.1...16.0

    private static func parseEvent(_ allFields: [String], version: Int, line: Int) throws -> Event {
        let named = allFields.reversed().prefix { $0.contains("=") }.count
        let fields = Array(allFields.dropLast(named))
        guard fields.count == 5 || fields.count == 8 else {
            throw TraceError(line: line, message: "expected 'time id phase x y [major minor orientation] [type=TYPE] [force=F]', found \(fields.count) fields")
        }
        if named > 0, version < 3 {
            throw TraceError(line: line, message: "'name=value' fields need trace format version 3")
        }
        guard let time = Double(fields[0]), time >= 0, time <= InputLimits.traceDuration else {
            throw TraceError(line: line, message: "time '\(excerpt(fields[0]))' is not a number of seconds from 0 to \(Int(InputLimits.traceDuration))")
        }
        guard let phase = Phase(rawValue: fields[2]) else {
            throw TraceError(line: line, message: "phase '\(excerpt(fields[2]))' is not one of down, move, up, cancel")
        }
        let id: Int
        if phase == .cancel, fields[1] == "*" {
            id = Event.everyTouch
        } else if let parsed = Int(fields[1]) {
            id = parsed
        } else {
            throw TraceError(line: line, message: "touch id '\(excerpt(fields[1]))' is not an integer")
        }
        let limit = InputLimits.coordinate
        guard let x = Double(fields[3]), let y = Double(fields[4]), abs(x) <= limit, abs(y) <= limit else {
            throw TraceError(line: line, message: "position '\(excerpt(fields[3] + " " + fields[4]))' is not two numbers from -\(Int(limit)) to \(Int(limit))")
        }
        var event = Event(time: time, id: id, phase: phase, x: x, y: y)
        if fields.count == 8 {
            let axes = 0...InputLimits.contactAxis
            guard let major = Double(fields[5]), let minor = Double(fields[6]), let orientation = Double(fields[7]),
                  axes.contains(major), axes.contains(minor), orientation.isFinite else {
                throw TraceError(line: line, message: "contact shape '\(excerpt(fields[5...].joined(separator: " ")))' is not two axis lengths from 0 to \(Int(InputLimits.contactAxis)) and an angle")
            }
            (event.major, event.minor, event.orientation) = (major, minor, orientation)
        }
        for field in allFields.suffix(named) {
            try parseNamedField(field, into: &event, line: line)
        }
        return event
    }

    /// `type=TYPE` (on a down line) or `force=F` (0…1).
    private static func parseNamedField(_ field: String, into event: inout Event, line: Int) throws {
        let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        switch parts[0] {
        case "type":
            guard event.phase == .down else { throw TraceError(line: line, message: "'type=' belongs on a down line") }
            guard let type = TouchType(rawValue: parts[1]) else {
                throw TraceError(line: line, message: "touch type '\(excerpt(parts[1]))' is not one of \(TouchType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            event.type = type
        case "force":
            guard let force = Double(parts[1]), (0...1).contains(force) else {
                throw TraceError(line: line, message: "force '\(excerpt(parts[1]))' is not a number from 0 to 1")
            }
            event.force = force
        default:
            throw TraceError(line: line, message: "unknown field '\(excerpt(parts[0]))=' (known: type=, force=)")
        }
    }

    /// The trace as text, which `init(text:)` reads back to an equal trace.
    public var text: String {
        var out = "touchlight-trace \(Self.formatVersion)\n"
        out += "output \(format(outputSize.width)) \(format(outputSize.height)) \(format(scale))"
        out += outputTransform == .normal ? "\n" : " transform=\(outputTransform.name)\n"
        if let start { out += "start \(start)\n" }
        out += "# time id phase x y [major minor orientation] [type=TYPE] [force=F]; time set name value\n"
        var nextSetting = settings.startIndex
        func writeSettings(upTo time: Double) {
            while nextSetting < settings.endIndex, settings[nextSetting].time <= time {
                let s = settings[nextSetting]
                out += "\(s.time) set \(s.name) \(s.value)\n"
                nextSetting += 1
            }
        }
        for e in events {
            writeSettings(upTo: e.time)
            out += "\(e.time) \(e.phase == .cancel && e.id == Event.everyTouch ? "*" : String(e.id)) \(e.phase.rawValue) \(e.x) \(e.y)"
            if let major = e.major, let minor = e.minor, let orientation = e.orientation {
                out += " \(major) \(minor) \(orientation)"
            }
            if let type = e.type, type != .direct { out += " type=\(type.rawValue)" }
            if let force = e.force { out += " force=\(force)" }
            out += "\n"
        }
        writeSettings(upTo: .infinity)
        return out
    }
}
