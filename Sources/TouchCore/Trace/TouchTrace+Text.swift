extension TouchTrace {
    /// Reads a trace, rejecting it whole at the first problem (with its line number): a trace
    /// is never half-played.
    public init(text: String) throws {
        var header: (version: Bool, output: Size?, scale: Double) = (false, nil, 1)
        var events: [Event] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if fields.isEmpty { continue }
            if !header.version {
                guard fields.count == 2, fields[0] == "touchlight-trace" else {
                    throw TraceError(line: lineNumber, message: "expected the header 'touchlight-trace \(Self.formatVersion)', found '\(line)'")
                }
                guard Int(fields[1]) == Self.formatVersion else {
                    throw TraceError(line: lineNumber, message: "unsupported trace format version '\(fields[1])' (this build reads version \(Self.formatVersion))")
                }
                header.version = true
                continue
            }
            if header.output == nil {
                guard fields.count == 4, fields[0] == "output",
                      let width = Double(fields[1]), let height = Double(fields[2]), let scale = Double(fields[3]),
                      width > 0, height > 0, scale > 0 else {
                    throw TraceError(line: lineNumber, message: "expected 'output WIDTH HEIGHT SCALE' with positive numbers, found '\(line)'")
                }
                header.output = Size(width: width, height: height)
                header.scale = scale
                continue
            }
            let event = try Self.parseEvent(fields, line: lineNumber)
            if let last = events.last, event.time < last.time {
                throw TraceError(line: lineNumber, message: "time \(event.time) goes back before \(last.time)")
            }
            events.append(event)
        }
        guard header.version else { throw TraceError(line: max(lineNumber, 1), message: "empty trace: no 'touchlight-trace' header") }
        guard let output = header.output else { throw TraceError(line: lineNumber, message: "truncated trace: no 'output' line after the header") }
        self.init(outputSize: output, scale: header.scale, events: events)
    }

    private static func parseEvent(_ fields: [String], line: Int) throws -> Event {
        guard fields.count == 5 || fields.count == 8 else {
            throw TraceError(line: line, message: "expected 'time id phase x y [major minor orientation]', found \(fields.count) fields")
        }
        guard let time = Double(fields[0]), time.isFinite, time >= 0 else {
            throw TraceError(line: line, message: "time '\(fields[0])' is not a non-negative number")
        }
        guard let phase = Phase(rawValue: fields[2]) else {
            throw TraceError(line: line, message: "phase '\(fields[2])' is not one of down, move, up, cancel")
        }
        let id: Int
        if phase == .cancel, fields[1] == "*" {
            id = 0
        } else if let parsed = Int(fields[1]) {
            id = parsed
        } else {
            throw TraceError(line: line, message: "touch id '\(fields[1])' is not an integer")
        }
        guard let x = Double(fields[3]), let y = Double(fields[4]), x.isFinite, y.isFinite else {
            throw TraceError(line: line, message: "position '\(fields[3]) \(fields[4])' is not two numbers")
        }
        var event = Event(time: time, id: id, phase: phase, x: x, y: y)
        if fields.count == 8 {
            guard let major = Double(fields[5]), let minor = Double(fields[6]), let orientation = Double(fields[7]) else {
                throw TraceError(line: line, message: "contact shape '\(fields[5...].joined(separator: " "))' is not three numbers")
            }
            (event.major, event.minor, event.orientation) = (major, minor, orientation)
        }
        return event
    }

    /// The trace as text, which `init(text:)` reads back to an equal trace.
    public var text: String {
        var out = "touchlight-trace \(Self.formatVersion)\n"
        out += "output \(format(outputSize.width)) \(format(outputSize.height)) \(format(scale))\n"
        out += "# time id phase x y [major minor orientation]\n"
        for e in events {
            out += "\(e.time) \(e.phase == .cancel ? "*" : String(e.id)) \(e.phase.rawValue) \(e.x) \(e.y)"
            if let major = e.major, let minor = e.minor, let orientation = e.orientation {
                out += " \(major) \(minor) \(orientation)"
            }
            out += "\n"
        }
        return out
    }
}
