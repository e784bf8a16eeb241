import CWaylandClient
import CWaylandProtocols
import TouchCore

/// A zwp_tablet_seat_v2: the tablets, pens and pads of one wl_seat. Pens (`TabletTool`) draw;
/// tablets and pads are only kept so they can be destroyed when they go away. Binding the
/// tablet protocol is what makes a compositor send a pen's pressure and its eraser end, rather
/// than a pointer it emulates from the pen.
@MainActor
final class TabletSeat {
    let proxy: OpaquePointer
    private unowned let events: SeatEvents
    private let scheduler: Scheduler
    private var tools: [TabletTool] = []
    /// zwp_tablet_v2 and zwp_tablet_pad_v2 proxies, until their `removed` event.
    private var tablets: [OpaquePointer] = []
    private var pads: [OpaquePointer] = []

    init(manager: OpaquePointer, seat: OpaquePointer, scheduler: Scheduler, events: SeatEvents) {
        proxy = zwp_tablet_manager_v2_get_tablet_seat(manager, seat)
        self.scheduler = scheduler
        self.events = events
        zwp_tablet_seat_v2_add_listener(proxy, Self.seatEvents.pointer, listenerData(self))
    }

    private static let seatEvents: ListenerTable<zwp_tablet_seat_v2_listener> = {
        var events = zwp_tablet_seat_v2_listener()
        events.tablet_added = { data, _, tablet in
            guard let tablet else { return }
            nonisolated(unsafe) let proxy = tablet  // used on the main thread, during dispatch
            withOwner(data, TabletSeat.self) { $0.tabletAdded(proxy) }
        }
        events.tool_added = { data, _, tool in
            guard let tool else { return }
            nonisolated(unsafe) let proxy = tool
            withOwner(data, TabletSeat.self) { $0.toolAdded(proxy) }
        }
        events.pad_added = { data, _, pad in
            guard let pad else { return }
            nonisolated(unsafe) let proxy = pad
            withOwner(data, TabletSeat.self) { $0.padAdded(proxy) }
        }
        return ListenerTable(events)
    }()

    private func toolAdded(_ proxy: OpaquePointer) {
        let tool = TabletTool(proxy: proxy, scheduler: scheduler, events: events)
        tool.onRemoved = { [unowned self] tool in self.tools.removeAll { $0 === tool } }
        tools.append(tool)
    }

    // MARK: Tablets and pads: kept, then destroyed when removed

    private func tabletAdded(_ proxy: OpaquePointer) {
        tablets.append(proxy)
        zwp_tablet_v2_add_listener(proxy, Self.tabletEvents.pointer, listenerData(self))
    }

    private static let tabletEvents: ListenerTable<zwp_tablet_v2_listener> = {
        var events = zwp_tablet_v2_listener()
        events.name = { _, _, _ in }
        events.id = { _, _, _, _ in }
        events.path = { _, _, _ in }
        events.done = { _, _ in }
        events.removed = { data, tablet in
            guard let tablet else { return }
            nonisolated(unsafe) let proxy = tablet
            withOwner(data, TabletSeat.self) { seat in
                seat.tablets.removeAll { $0 == proxy }
                zwp_tablet_v2_destroy(proxy)
            }
        }
        return ListenerTable(events)
    }()

    private func padAdded(_ proxy: OpaquePointer) {
        pads.append(proxy)
        zwp_tablet_pad_v2_add_listener(proxy, Self.padEvents.pointer, listenerData(self))
    }

    private static let padEvents: ListenerTable<zwp_tablet_pad_v2_listener> = {
        var events = zwp_tablet_pad_v2_listener()
        events.group = { _, _, group in
            // Pad buttons, rings and strips do nothing in Touchlight; the group goes at once.
            if let group { zwp_tablet_pad_group_v2_destroy(group) }
        }
        events.path = { _, _, _ in }
        events.buttons = { _, _, _ in }
        events.done = { _, _ in }
        events.button = { _, _, _, _, _ in }
        events.enter = { _, _, _, _, _ in }
        events.leave = { _, _, _, _ in }
        events.removed = { data, pad in
            guard let pad else { return }
            nonisolated(unsafe) let proxy = pad
            withOwner(data, TabletSeat.self) { seat in
                seat.pads.removeAll { $0 == proxy }
                zwp_tablet_pad_v2_destroy(proxy)
            }
        }
        return ListenerTable(events)
    }()

    /// An overlay went away: forget the pens' contacts on it.
    func forget(_ overlay: Overlay) {
        for tool in tools { tool.forget(overlay) }
    }

    func destroy() {
        for tool in tools { tool.destroy() }
        tools.removeAll()
        for tablet in tablets { zwp_tablet_v2_destroy(tablet) }
        for pad in pads { zwp_tablet_pad_v2_destroy(pad) }
        (tablets, pads) = ([], [])
        zwp_tablet_seat_v2_destroy(proxy)
    }
}
