import CWaylandClient
import CWaylandProtocols

/// A wl_output with what the compositor says about it (and its xdg_output, when offered).
@MainActor
final class Output {
    let proxy: OpaquePointer
    let globalName: UInt32
    let version: UInt32
    private(set) var name = ""
    /// The name, or `#` and the global's number before the name is known (for the log).
    var label: String { name.isEmpty ? "#\(globalName)" : name }
    private(set) var scale: Int32 = 1
    private(set) var transform: Int32 = 0
    private(set) var modeSize = (width: Int32(0), height: Int32(0))
    private(set) var position = (x: Int32(0), y: Int32(0))
    private(set) var logicalSize = (width: Int32(0), height: Int32(0))
    /// Called after a `done` event (the description is complete and consistent).
    var onChange: (() -> Void)?

    private var xdgOutput: OpaquePointer?

    init(proxy: OpaquePointer, globalName: UInt32, version: UInt32, xdgOutputManager: OpaquePointer?) {
        self.proxy = proxy
        self.globalName = globalName
        self.version = version
        wl_output_add_listener(proxy, Self.outputEvents.pointer, listenerData(self))
        if let manager = xdgOutputManager {
            xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, proxy)
            zxdg_output_v1_add_listener(xdgOutput, Self.xdgOutputEvents.pointer, listenerData(self))
        }
    }

    // MARK: Events

    private static let outputEvents: ListenerTable<wl_output_listener> = {
        var events = wl_output_listener()
        events.geometry = { data, _, x, y, _, _, _, _, _, transform in withOwner(data, Output.self) { $0.geometry(x: x, y: y, transform: transform) } }
        events.mode = { data, _, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            withOwner(data, Output.self) { $0.modeSize = (width, height) }
        }
        events.done = { data, _ in withOwner(data, Output.self) { $0.onChange?() } }
        events.scale = { data, _, factor in withOwner(data, Output.self) { $0.scale = max(1, factor) } }
        events.name = { data, _, name in
            guard let name else { return }
            let text = String(cString: name)
            withOwner(data, Output.self) { $0.name = text }
        }
        events.description = { _, _, _ in }
        return ListenerTable(events)
    }()

    private static let xdgOutputEvents: ListenerTable<zxdg_output_v1_listener> = {
        var events = zxdg_output_v1_listener()
        events.logical_position = { data, _, x, y in withOwner(data, Output.self) { $0.position = (x, y) } }
        events.logical_size = { data, _, width, height in withOwner(data, Output.self) { $0.logicalSize = (width, height) } }
        events.done = { _, _ in }
        events.name = { data, _, name in
            guard let name else { return }
            let text = String(cString: name)
            withOwner(data, Output.self) { $0.xdgName(text) }
        }
        events.description = { _, _, _ in }
        return ListenerTable(events)
    }()

    private func geometry(x: Int32, y: Int32, transform: Int32) {
        position = (x, y)
        self.transform = transform
    }

    /// xdg_output's name, for compositors whose wl_output is older than version 4.
    private func xdgName(_ xdgName: String) {
        if name.isEmpty { name = xdgName }
    }

    func destroy() {
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }
}
