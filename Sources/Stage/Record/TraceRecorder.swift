import Annotation
import Glibc
import SafeFiles
import TouchCore

/// Records the touches a dispatcher delivers, in the trace format, so that replaying the file
/// reproduces them. Times start at the first event; positions are logical.
@MainActor
package final class TraceRecorder {
    package let path: String
    private var trace: TouchTrace?
    private var start = 0.0

    package init(path: String) { self.path = path }

    package var eventCount: Int { trace?.events.count ?? 0 }

    /// Settings recorded before the first event: they take time 0 (a trace's time starts at
    /// its first touch, and its output size comes with it).
    private var pendingSettings: [TouchTrace.Setting] = []

    /// Adds an event of the overlay with logical size `size`, `scale` and `transform`. The
    /// first one also fixes the trace's wall-clock start (event times are on the monotonic clock).
    package func record(_ event: TouchEvent, size: Size, scale: Double, transform: OutputTransform = .normal) {
        if trace == nil {
            trace = TouchTrace(outputSize: size, scale: scale, outputTransform: transform,
                               start: Self.wallClockTime(ofMonotonic: event.timestamp), settings: pendingSettings)
            start = event.timestamp
        }
        let time = relative(event.timestamp)
        var cancelled: [Int] = []
        for touch in event.allTouches.sorted(by: { $0.sourceID < $1.sourceID }) {
            let p = touch.location(in: nil)
            let phase: TouchTrace.Phase
            switch touch.phase {
            case .began: phase = .down
            case .moved: phase = .move
            case .ended: phase = .up
            case .cancelled: cancelled.append(touch.sourceID); continue
            case .stationary: continue
            }
            var e = TouchTrace.Event(time: time, id: touch.sourceID, phase: phase, x: p.x, y: p.y)
            if let major = touch.majorRadius, let minor = touch.minorRadius {
                (e.major, e.minor, e.orientation) = (major * 2, minor * 2, touch.orientation ?? 0)
            }
            if phase == .down, touch.type != .direct { e.type = touch.type }
            e.force = touch.force.map { ($0 * 10_000).rounded() / 10_000 }
            trace?.events.append(e)
        }
        // Every touch cancelled is written `* cancel`; some of them (a palm beside a pen), each by its id.
        if cancelled.count == event.allTouches.count, !cancelled.isEmpty {
            trace?.events.append(.init(time: time, id: TouchTrace.Event.everyTouch, phase: .cancel, x: 0, y: 0))
        } else {
            for id in cancelled { trace?.events.append(.init(time: time, id: id, phase: .cancel, x: 0, y: 0)) }
        }
    }

    /// Adds a setting the session changed at `time` (on the events' clock); false, and nothing
    /// written, for a value the trace could not read back (the reader's limits are the writer's).
    @discardableResult
    package func record(setting name: String, value: String, at time: Double) -> Bool {
        guard TouchTrace.isWritable(settingName: name, value: value) else { return false }
        guard trace != nil else {
            pendingSettings.append(TouchTrace.Setting(time: 0, name: name, value: value))
            return true
        }
        let last = trace?.settings.last?.time ?? 0
        trace?.settings.append(TouchTrace.Setting(time: max(last, relative(time)), name: name, value: value))
        return true
    }

    /// What the recording last wrote of the open text box (nil: none is open).
    private var recordedText: (text: String, caret: Int)?

    /// Records a text box's change: each edit as the characters it replaced (never the keys,
    /// and never the whole box again), then `commit` or `cancel`.
    package func record(textBox change: TextBoxChange, box: TextBox?, at time: Double) {
        switch change {
        case .opened:
            recordedText = ("", 0)  // the tap that opened it is in the recording
        case .edited:
            guard let box else { return }
            record(setting: TextBox.settingName, value: box.editValue(from: recordedText ?? ("", 0)), at: time)
            recordedText = (box.text, box.caret)
        case .closed(let committed):
            recordedText = nil
            record(setting: TextBox.settingName, value: committed ? "commit" : "cancel", at: time)
        case .displaced:
            recordedText = nil
        }
    }

    /// The wall-clock time of a moment on the monotonic clock: now on both clocks, less the
    /// time since then.
    static func wallClockTime(ofMonotonic time: Double) -> WallClockTime {
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        let since = MonotonicClock.seconds() - time
        return WallClockTime(secondsSince1970: Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9 - since)
    }

    private func relative(_ time: Double) -> Double { ((time - start) * 10_000).rounded() / 10_000 }

    /// Writes the file atomically, readable by this user only (it holds what was touched);
    /// nil on success, else why not.
    package func write() -> String? {
        let text = (trace ?? TouchTrace(outputSize: Size(width: 1, height: 1), settings: pendingSettings)).text
        do { try SafeFiles.writeAtomically(Array(text.utf8), to: path, mode: 0o600) } catch { return error.message }
        return nil
    }
}
