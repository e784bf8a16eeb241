import CWaylandClient
import TouchCore

/// A seat's wl_pointer: while a drawing button is held over an overlay, the pointer is one
/// more contact for TouchCore, as a mouse is a touch to a UIKit app on a Mac. The pointer only
/// reaches an overlay where its input region lets it (the whole output in draw mode).
@MainActor
final class Pointer {
    /// Pointer contacts have ids from here on (one per seat), above every touch id.
    static let contactIDBase = 2_000_000_000

    let proxy: OpaquePointer
    private let version: UInt32
    private let contactID: Int
    private unowned let events: SeatEvents
    private let scheduler: Scheduler
    private var clock = ClockDomain()
    /// The overlay under the pointer, and where on it.
    private var focus: Overlay?
    private var position = Point.zero
    /// While drawing: the overlay drawn on and the button held.
    private var stroke: (overlay: Overlay, button: UInt32)?

    init(seat: OpaquePointer, seatVersion: UInt32, seatName: UInt32, scheduler: Scheduler, events: SeatEvents) {
        proxy = wl_seat_get_pointer(seat)
        version = seatVersion
        contactID = Self.contactIDBase + Int(seatName)
        self.scheduler = scheduler
        self.events = events
        wl_pointer_add_listener(proxy, Self.pointerEvents.pointer, listenerData(self))
    }

    private static let pointerEvents: ListenerTable<wl_pointer_listener> = {
        var events = wl_pointer_listener()
        events.enter = { data, _, _, surface, x, y in
            guard let surface else { return }
            nonisolated(unsafe) let target = surface  // used on the main thread, during dispatch
            let point = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            withOwner(data, Pointer.self) { $0.entered(target, at: point) }
        }
        events.leave = { data, _, _, _ in withOwner(data, Pointer.self) { $0.focus = nil } }
        events.motion = { data, _, time, x, y in
            let point = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            withOwner(data, Pointer.self) { $0.moved(to: point, time: time) }
        }
        events.button = { data, _, _, time, button, state in
            withOwner(data, Pointer.self) { $0.button(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: time) }
        }
        events.axis = { _, _, _, _, _ in }
        events.frame = { _, _ in }
        events.axis_source = { _, _, _ in }
        events.axis_stop = { _, _, _, _ in }
        events.axis_discrete = { _, _, _, _ in }
        events.axis_value120 = { _, _, _, _ in }
        return ListenerTable(events)
    }()

    private func entered(_ surface: OpaquePointer, at point: Point) {
        focus = events.overlay(for: surface)
        position = point
    }

    private func moved(to point: Point, time: UInt32) {
        position = point
        guard let stroke else {
            focus?.pointerHovered(at: point)
            return
        }
        stroke.overlay.dispatcher.motion(id: contactID, at: point, time: self.time(time))
        deliver(on: stroke.overlay)
    }

    private func button(_ button: UInt32, pressed: Bool, time: UInt32) {
        if pressed {
            guard stroke == nil, let focus, events.pointerDrawButtons.contains(button) else { return }
            stroke = (focus, button)
            focus.dispatcher.down(id: contactID, at: position, time: self.time(time), type: .indirectPointer)
            deliver(on: focus)
        } else if let stroke, stroke.button == button {
            self.stroke = nil
            stroke.overlay.dispatcher.up(id: contactID, time: self.time(time))
            deliver(on: stroke.overlay)
        }
    }

    /// Each pointer event is a frame of its own: the pointer is one contact.
    private func deliver(on overlay: Overlay) {
        events.inputArrived()
        overlay.dispatcher.frame()
        overlay.setNeedsDraw()
    }

    private func time(_ milliseconds: UInt32) -> Double {
        clock.map(milliseconds: milliseconds, now: scheduler.now)
    }

    /// An overlay went away: a stroke on it ends, and it is no longer under the pointer.
    func forget(_ overlay: Overlay) {
        if focus === overlay { focus = nil }
        if stroke?.overlay === overlay { stroke = nil }
    }

    func destroy() {
        if let stroke {
            stroke.overlay.dispatcher.cancel()
            self.stroke = nil
        }
        if version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }
}
