import CLibinput
import Glibc

/// The touchscreens udev knows about, and whether this user may read them.
enum Touchscreens {
    struct Device {
        let node: String
        let name: String
        let readable: Bool
    }

    /// Every input device udev tags ID_INPUT_TOUCHSCREEN=1 (event nodes only).
    static func list() -> [Device] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_property(enumerate, "ID_INPUT_TOUCHSCREEN", "1")
        udev_enumerate_scan_devices(enumerate)
        var devices: [Device] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            defer { entry = udev_list_entry_get_next(current) }
            guard let syspath = udev_list_entry_get_name(current),
                  let device = udev_device_new_from_syspath(udev, syspath) else { continue }
            defer { udev_device_unref(device) }
            guard let node = udev_device_get_devnode(device).map({ String(cString: $0) }), node.firstRange(of: "/event") != nil else { continue }
            let parent = udev_device_get_parent(device)
            let name = parent.flatMap { udev_device_get_sysattr_value($0, "name") }.map { String(cString: $0) } ?? node
            devices.append(Device(node: node, name: name, readable: access(node, R_OK) == 0))
        }
        return devices
    }

    /// The udev properties of the device node at `path`.
    static func properties(ofNode path: String, udev: OpaquePointer) -> [String: String] {
        var info = stat()
        guard stat(path, &info) == 0, let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), info.st_rdev) else { return [:] }
        defer { udev_device_unref(device) }
        return properties(of: device)
    }

    /// A udev device's properties.
    static func properties(of device: OpaquePointer) -> [String: String] {
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current), let value = udev_list_entry_get_value(current) {
                properties[String(cString: name)] = String(cString: value)
            }
            entry = udev_list_entry_get_next(current)
        }
        return properties
    }

    /// What to do about touchscreens this user may not read.
    static let accessAdvice = """
        Give your login seat access to touchscreens only: run scripts/install-udev-rule (it installs a \
        udev rule that tags devices with ID_INPUT_TOUCHSCREEN=1 "uaccess"). Adding yourself to the \
        "input" group also works but exposes every keyboard and mouse to every program you run.
        """
}
