import CWaylandClient
import CWaylandProtocols

/// A wl_output with what the compositor says about it (and its xdg_output, when offered).
@MainActor
final class Output {
    let proxy: OpaquePointer
    let globalName: UInt32
    let version: UInt32
    private(set) var name = ""
    private(set) var scale: Int32 = 1
    private(set) var transform: Int32 = 0
    private(set) var modeSize = (width: Int32(0), height: Int32(0))
    private(set) var position = (x: Int32(0), y: Int32(0))
    private(set) var logicalSize = (width: Int32(0), height: Int32(0))
    /// Called after a `done` event (the description is complete and consistent).
    var onChange: (() -> Void)?

    private var listener = wl_output_listener()
    private var xdgListener = zxdg_output_v1_listener()
    private var xdgOutput: OpaquePointer?

    init(proxy: OpaquePointer, globalName: UInt32, version: UInt32, xdgOutputManager: OpaquePointer?) {
        self.proxy = proxy
        self.globalName = globalName
        self.version = version
        listener.geometry = { data, _, x, y, _, _, _, _, _, transform in
            withOwner(data, Output.self) { $0.position = (x, y); $0.transform = transform }
        }
        listener.mode = { data, _, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            withOwner(data, Output.self) { $0.modeSize = (width, height) }
        }
        listener.done = { data, _ in withOwner(data, Output.self) { $0.onChange?() } }
        listener.scale = { data, _, factor in withOwner(data, Output.self) { $0.scale = max(1, factor) } }
        listener.name = { data, _, name in
            guard let name else { return }
            withOwner(data, Output.self) { $0.name = String(cString: name) }
        }
        listener.description = { _, _, _ in }
        wl_output_add_listener(proxy, &listener, listenerData(self))
        if let manager = xdgOutputManager {
            xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, proxy)
            xdgListener.logical_position = { data, _, x, y in withOwner(data, Output.self) { $0.position = (x, y) } }
            xdgListener.logical_size = { data, _, w, h in withOwner(data, Output.self) { $0.logicalSize = (w, h) } }
            xdgListener.done = { _, _ in }
            xdgListener.name = { data, _, name in
                guard let name else { return }
                withOwner(data, Output.self) { if $0.name.isEmpty { $0.name = String(cString: name) } }
            }
            xdgListener.description = { _, _, _ in }
            zxdg_output_v1_add_listener(xdgOutput, &xdgListener, listenerData(self))
        }
    }


    func destroy() {
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }
}
