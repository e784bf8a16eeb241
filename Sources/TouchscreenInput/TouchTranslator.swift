import TouchCore

/// Turns libinput events into TouchDispatcher calls: only devices the filter opened count;
/// each device's touches go to the dispatcher of the output it is mapped to, with ids that
/// cannot collide between devices (device × 1000 + slot; a slot outside 0..<1000 or a device
/// number past a million is ignored and counted); removing a device cancels its touches, and
/// only its own. Every time goes through one `ClockDomain`, so a device stamping on another
/// clock still shows on the scheduler's time line.
@MainActor
public final class TouchTranslator {
    /// Where a device's touches go: its output's dispatcher and the mapping to that output.
    @MainActor public struct Target {
        public let dispatcher: TouchDispatcher
        /// The mapping as of now (an output can be resized or turned while touches arrive).
        public let currentMapping: @MainActor () -> TouchscreenMapping
        /// Whether the compositor delivers a touch that goes down at this point (in the
        /// output's logical coordinates) to the overlay itself, over wl_touch: where the
        /// overlay takes input (drawing, its toolbar, capture). Such a touch is left to
        /// wl_touch, so it is not seen twice.
        public let isTakenByOverlay: @MainActor (Point) -> Bool
        /// The output's name (for `TouchPairing`).
        public let output: String

        public init(dispatcher: TouchDispatcher, mapping: TouchscreenMapping) {
            self.init(dispatcher: dispatcher) { mapping }
        }

        public init(dispatcher: TouchDispatcher, output: String = "", currentMapping: @escaping @MainActor () -> TouchscreenMapping,
                    isTakenByOverlay: @escaping @MainActor (Point) -> Bool = { _ in false }) {
            self.dispatcher = dispatcher
            self.output = output
            self.currentMapping = currentMapping
            self.isTakenByOverlay = isTakenByOverlay
        }

        var mapping: TouchscreenMapping { currentMapping() }
    }

    /// Finds the target for a new touchscreen (by its name), or nil to leave it unmapped.
    public var target: (String) -> Target?
    /// Devices refused by the filter, with the reason (for doctor and logs).
    public private(set) var refused: [(name: String, reason: String)] = []
    private var devices: [Int: (name: String, target: Target?)] = [:]
    private var down: [Int: Set<Int>] = [:]
    /// Touches left to wl_touch (they went down where the overlay takes input), until they lift.
    private var leftToOverlay: Set<Int> = []
    /// The source's times onto the scheduler's clock.
    public private(set) var clock = ClockDomain()
    /// Events ignored because their slot or device number is out of range.
    public private(set) var ignoredEvents = 0
    /// Told of each touch left to wl_touch, which the compositor delivers too: the two are
    /// compared (`TouchPairing`, `MappingAgreement`, `touchlight calibrate`).
    public var onLeftToOverlay: (@MainActor (TouchPairing.PanelTouch) -> Void)?

    public init(target: @escaping (String) -> Target?) {
        self.target = target
    }

    /// Names of the touchscreens in use.
    public var touchscreens: [String] { devices.values.map(\.name).sorted() }

    public func handle(_ event: LibinputEvent) {
        switch event {
        case .deviceAdded(let device, let name, let properties):
            switch DeviceFilter.decide(properties: properties) {
            case .open: devices[device] = (name, target(name))
            case .refuse(let reason): refused.append((name, reason))
            }
        case .deviceRemoved(let device):
            if let target = devices.removeValue(forKey: device)?.target, let ids = down.removeValue(forKey: device), !ids.isEmpty {
                target.dispatcher.cancel(ids: ids.sorted())
            }
        case .touchDown(let device, let slot, let x, let y, let time):
            guard let target = devices[device]?.target, let id = touchID(device: device, slot: slot) else { return }
            let point = target.mapping.map(x: x, y: y)
            guard !target.isTakenByOverlay(point) else {
                leftToOverlay.insert(id)
                onLeftToOverlay?(.init(device: devices[device]?.name ?? "", output: target.output, panel: Point(x: x, y: y), mapped: point,
                                       time: time, arrived: target.dispatcher.scheduler.now))
                return
            }
            leftToOverlay.remove(id)
            down[device, default: []].insert(id)
            target.dispatcher.down(id: id, at: point, time: mapped(time, target))
        case .touchMotion(let device, let slot, let x, let y, let time):
            guard let target = devices[device]?.target, let id = touchID(device: device, slot: slot), !leftToOverlay.contains(id) else { return }
            target.dispatcher.motion(id: id, at: target.mapping.map(x: x, y: y), time: mapped(time, target))
        case .touchUp(let device, let slot, let time):
            guard let target = devices[device]?.target, let id = touchID(device: device, slot: slot),
                  leftToOverlay.remove(id) == nil else { return }
            down[device]?.remove(id)
            target.dispatcher.up(id: id, time: mapped(time, target))
        case .touchCancel(let device, let slot, _):
            guard let target = devices[device]?.target, let id = touchID(device: device, slot: slot),
                  leftToOverlay.remove(id) == nil else { return }
            down[device]?.remove(id)
            target.dispatcher.cancel(ids: [id])
        case .touchFrame(let device, _):
            devices[device]?.target?.dispatcher.frame()
        }
    }

    /// Asks `target` again for every touchscreen (the configured output changed). A device
    /// whose touches are down has them cancelled where they were; its next touch goes to the
    /// new target.
    public func retarget() {
        for (device, entry) in devices {
            if let ids = down.removeValue(forKey: device), !ids.isEmpty { entry.target?.dispatcher.cancel(ids: ids.sorted()) }
            devices[device] = (entry.name, target(entry.name))
        }
    }

    private func mapped(_ time: Double, _ target: Target) -> Double {
        clock.map(time, now: target.dispatcher.scheduler.now)
    }

    /// The dispatcher id of a device's slot, or nil (counted) when either is out of range.
    private func touchID(device: Int, slot: Int) -> Int? {
        guard let id = Self.touchID(device: device, slot: slot) else {
            ignoredEvents += 1
            return nil
        }
        return id
    }

    /// Device numbers and slots that make touch ids (device × 1000 + slot) without overflow
    /// or collision; traces are held to them too.
    nonisolated static let devices = 0..<1_000_000
    nonisolated static let slots = 0..<1_000

    nonisolated static func touchID(device: Int, slot: Int) -> Int? {
        guard slots.contains(slot), devices.contains(device) else { return nil }
        return device * slots.upperBound + slot
    }
}
