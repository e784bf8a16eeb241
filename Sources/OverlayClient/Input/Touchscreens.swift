import CLibinput
import Glibc

/// The touchscreens udev knows about, and whether this user may read them.
enum Touchscreens {
    struct Device {
        let node: String
        let name: String
        let readable: Bool
        /// What the kernel says the panel reports: each contact's size (ABS_MT_TOUCH_MAJOR),
        /// and whether a contact is a palm (ABS_MT_TOOL_TYPE, which carries MT_TOOL_PALM).
        var axes = ReportedAxes(bitmask: "")
    }

    /// The absolute axes a device reports, from its ABS bitmask (its uevent's `ABS=`, sysfs'
    /// `capabilities/abs`: hex words, most significant first, one per `long`).
    struct ReportedAxes: Equatable {
        let contactSize: Bool
        let palmTool: Bool

        init(bitmask: String) {
            let words = bitmask.split(separator: " ").reversed().map { UInt64($0, radix: 16) ?? 0 }
            func has(_ axis: Int) -> Bool { axis / 64 < words.count && words[axis / 64] & (1 << UInt64(axis % 64)) != 0 }
            (contactSize, palmTool) = (has(0x30), has(0x37))  // ABS_MT_TOUCH_MAJOR, ABS_MT_TOOL_TYPE
        }
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
            // The input device's ABS= (its uevent's), as in sysfs' capabilities/abs.
            let axes = parent.flatMap { udev_device_get_property_value($0, "ABS") ?? udev_device_get_sysattr_value($0, "capabilities/abs") }
                .map { String(cString: $0) } ?? ""
            devices.append(Device(node: node, name: name, readable: access(node, R_OK) == 0, axes: ReportedAxes(bitmask: axes)))
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
