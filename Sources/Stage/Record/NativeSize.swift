import FoundationEssentials
import Glibc
import TouchlightConfig
import TouchCore

/// The size a touchscreen maps to when no compositor says (`record --no-overlay`): the
/// built-in panel's native mode as the kernel lists it (a connected eDP, LVDS or DSI
/// connector's first mode in `/sys/class/drm`), else the touchscreen's own size at 96 pixels
/// an inch, else 1920×1080.
package enum NativeSize {
    package static let fallback = Size(width: 1920, height: 1080)
    static let pixelsPerMillimetre = 96 / 25.4

    package static func choose(sysfs: String = "/sys/class/drm", touchscreenMillimetres: (width: Double, height: Double)?) -> (size: Size, source: String) {
        if let (name, size) = builtInPanelMode(sysfs: sysfs) { return (size, "the built-in panel \(name)'s native mode") }
        if let mm = touchscreenMillimetres, mm.width > 0, mm.height > 0 {
            let size = Size(width: (mm.width * pixelsPerMillimetre).rounded(), height: (mm.height * pixelsPerMillimetre).rounded())
            return (size, "the touchscreen's size (\(Int(mm.width))×\(Int(mm.height)) mm at 96 dpi)")
        }
        return (fallback, "a default: no built-in panel or touchscreen size is known")
    }

    /// The first connected built-in connector's first (preferred) mode.
    static func builtInPanelMode(sysfs: String) -> (String, Size)? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: sysfs) else { return nil }
        for entry in entries.sorted() where ["eDP", "LVDS", "DSI"].contains(where: { entry.firstRange(of: "-\($0)-") != nil }) {
            let status = (try? String(contentsOfFile: "\(sysfs)/\(entry)/status", encoding: .utf8)) ?? ""
            guard status.trimmingWhitespace == "connected",
                  let modes = try? String(contentsOfFile: "\(sysfs)/\(entry)/modes", encoding: .utf8),
                  let first = modes.split(separator: "\n").first else { continue }
            let parts = first.split(separator: "x").map { $0.prefix { $0.isNumber } }.compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ (1...100_000).contains($0) }) else { continue }
            let connector = entry.split(separator: "-", maxSplits: 1).last.map(String.init) ?? entry
            return (connector, Size(width: parts[0], height: parts[1]))
        }
        return nil
    }
}
