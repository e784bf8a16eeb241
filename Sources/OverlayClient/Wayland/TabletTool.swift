import CWaylandClient
import Annotation
import CWaylandProtocols
import TouchCore

/// A zwp_tablet_tool_v2: one pen (or its eraser end, which the protocol reports as a tool of
/// its own). While its tip touches an overlay it is one more contact for TouchCore, of type
/// `.pencil` or `.eraser`, with its pressure as the touch's force. The handlers record into a
/// `PenFrame`; the protocol's frame event acts.
@MainActor
final class TabletTool {
    /// Tool contacts have ids from here on, one per tool, above touch and pointer ids.
    static let contactIDBase = 2_100_000_000
    private static var nextContact = 0

    let proxy: OpaquePointer
    private let contactID: Int
    private unowned let events: SeatEvents
    private let scheduler: Scheduler
    private var clock = ClockDomain()
    private(set) var type = TouchType.pencil
    /// The overlay the tool is over (proximity), and the one its contact went down on.
    private var focus: Overlay?
    private var contactOverlay: Overlay?
    /// The overlay showing where the hovering tool would draw.
    private var hoverOverlay: Overlay?
    /// The serial of the last proximity_in, and whether the compositor's cursor was hidden
    /// since (the hover dot shows instead).
    private var proximitySerial: UInt32 = 0
    private var cursorHidden = false
    private var frame = PenFrame()

    init(proxy: OpaquePointer, scheduler: Scheduler, events: SeatEvents) {
        self.proxy = proxy
        self.scheduler = scheduler
        self.events = events
        contactID = Self.contactIDBase + Self.nextContact
        Self.nextContact = (Self.nextContact + 1) % 1_000_000
        zwp_tablet_tool_v2_add_listener(proxy, Self.toolEvents.pointer, listenerData(self))
    }

    /// What a protocol tool type draws as: the eraser end erases, a tablet's mouse or lens
    /// points, everything else (pen, brush, pencil, airbrush) draws.
    nonisolated static func touchType(ofTool toolType: UInt32) -> TouchType {
        switch toolType {
        case ZWP_TABLET_TOOL_V2_TYPE_ERASER.rawValue: .eraser
        case ZWP_TABLET_TOOL_V2_TYPE_MOUSE.rawValue, ZWP_TABLET_TOOL_V2_TYPE_LENS.rawValue: .indirectPointer
        case ZWP_TABLET_TOOL_V2_TYPE_FINGER.rawValue: .direct
        default: .pencil
        }
    }

    private static let toolEvents: ListenerTable<zwp_tablet_tool_v2_listener> = {
        var events = zwp_tablet_tool_v2_listener()
        events.type = { data, _, toolType in withOwner(data, TabletTool.self) { $0.type = TabletTool.touchType(ofTool: toolType) } }
        events.hardware_serial = { _, _, _, _ in }
        events.hardware_id_wacom = { _, _, _, _ in }
        events.capability = { _, _, _ in }
        events.done = { _, _ in }
        events.removed = { data, _ in withOwner(data, TabletTool.self) { $0.removed() } }
        events.proximity_in = { data, _, serial, _, surface in
            guard let surface else { return }
            nonisolated(unsafe) let target = surface  // used on the main thread, during dispatch
            withOwner(data, TabletTool.self) { tool in
                tool.focus = tool.events.overlay(for: target)
                (tool.proximitySerial, tool.cursorHidden) = (serial, false)
            }
        }
        events.proximity_out = { data, _ in withOwner(data, TabletTool.self) { $0.frame.proximityOut() } }
        events.down = { data, _, _ in withOwner(data, TabletTool.self) { $0.frame.tipDown() } }
        events.up = { data, _ in withOwner(data, TabletTool.self) { $0.frame.tipUp() } }
        events.motion = { data, _, x, y in
            let point = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            withOwner(data, TabletTool.self) { $0.frame.motion(to: point) }
        }
        events.pressure = { data, _, pressure in withOwner(data, TabletTool.self) { $0.frame.pressure(pressure) } }
        events.distance = { _, _, _ in }
        events.tilt = { _, _, _, _ in }
        events.rotation = { _, _, _ in }
        events.slider = { _, _, _ in }
        events.wheel = { _, _, _, _ in }
        events.button = { _, _, _, _, _ in }
        events.frame = { data, _, time in withOwner(data, TabletTool.self) { $0.frameEnded(time: time) } }
        return ListenerTable(events)
    }()

    private func frameEnded(time milliseconds: UInt32) {
        let time = clock.map(milliseconds: milliseconds, now: scheduler.now)
        for change in frame.changes() {
            switch change {
            case .down(let point, let force):
                guard let focus else { continue }
                contactOverlay = focus
                focus.dispatcher.down(id: contactID, at: point, time: time, type: type)
                if let force { focus.dispatcher.force(id: contactID, force) }
            case .move(let point, let force):
                guard let overlay = contactOverlay else { continue }
                overlay.dispatcher.motion(id: contactID, at: point, time: time)
                if let force { overlay.dispatcher.force(id: contactID, force) }
            case .up:
                contactOverlay?.dispatcher.up(id: contactID, time: time)
            }
        }
        if let overlay = contactOverlay {
            events.inputArrived()
            overlay.dispatcher.frame()
            overlay.setNeedsDraw()
            if !frame.isTouching { contactOverlay = nil }
        }
        showHover()
    }

    /// No hover shows any more (a hover never outlives its tool).
    private func endHover() {
        hoverOverlay?.showPenHover(nil)
        hoverOverlay = nil
    }

    /// Where the tool hovers, on the overlay it is over (and on no other). Where the overlay
    /// shows it, the compositor's cursor for the tool is hidden: the dot is the cursor.
    private func showHover() {
        let hover = frame.hover.map { PenHover(point: $0, erases: type == .eraser) }
        let overlay = hover == nil ? nil : focus
        if hoverOverlay !== overlay { hoverOverlay?.showPenHover(nil) }
        hoverOverlay = overlay
        if overlay?.showPenHover(hover) == true, !cursorHidden {
            zwp_tablet_tool_v2_set_cursor(proxy, proximitySerial, nil, 0, 0)
            cursorHidden = true
        }
    }

    /// The tool went away (unplugged tablet, or sway's tool leaving proximity, whose frame may
    /// not come first): its contact, if any, is cancelled, and its hover goes.
    private func removed() {
        cancelContact()
        endHover()
        focus = nil
        zwp_tablet_tool_v2_destroy(proxy)
        onRemoved?(self)
    }

    /// Called once the tool removed itself, for its seat to forget it.
    var onRemoved: ((TabletTool) -> Void)?

    private func cancelContact() {
        if let overlay = contactOverlay {
            overlay.dispatcher.cancel(ids: [contactID])
            overlay.setNeedsDraw()
        }
        contactOverlay = nil
        frame.forgetContact()
    }

    /// An overlay went away: a contact on it ends, and the tool is no longer over it.
    func forget(_ overlay: Overlay) {
        if focus === overlay { focus = nil }
        if hoverOverlay === overlay { hoverOverlay = nil }
        if contactOverlay === overlay {
            contactOverlay = nil
            frame.forgetContact()
        }
    }

    func destroy() {
        cancelContact()
        endHover()
        zwp_tablet_tool_v2_destroy(proxy)
    }
}
