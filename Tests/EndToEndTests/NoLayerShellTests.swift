import Foundation
import HeadlessSession
import Testing

/// Compositors without wlr-layer-shell (weston, cage, GNOME's mutter and gnome-shell, Debian's,
/// headless):
/// touchlight ends at once with one plain message naming what works there, status 78 (which
/// the systemd unit does not restart on) and no crash, and doctor says the same. On GNOME that
/// is Touchlight's Shell extension, not installed here (GnomeLiveTests installs it). On mutter,
/// which announces wl_output before zxdg_output_manager_v1, doctor names the output (bug
/// 29.12: it printed "(unnamed)").
extension EndToEnd {
    @Suite(.serialized)
    struct NoLayerShellTests {
        @Test(arguments: [Compositor.weston, .cage, .mutter, .gnomeShell])
        func oneMessageAndDoctorAgrees(on compositor: Compositor) throws {
            guard let desktop = try Desktop.started(compositor) else { return }
            defer { desktop.stop() }
            let (status, output) = try Desktop.execute(Desktop.touchlight.path, [], environment: desktop.environment)
            // Its own status, on which the systemd unit does not restart: it could never run here.
            #expect(status == 78, "\(compositor): \(output)")
            let unit = try String(contentsOfFile: Desktop.packageRoot.path + "/dist/touchlight.service.in", encoding: .utf8)
            #expect(unit.contains("\nRestartPreventExitStatus=\(status)\n"), "\(unit)")
            let lines = output.split(separator: "\n")
            let isGnome = compositor.name.contains("gnome") || compositor.name == "mutter"
            if isGnome {
                #expect(lines.count == 1 && output.hasPrefix("touchlight: on GNOME the overlay is shown by Touchlight's GNOME Shell extension (touchlight@touchlight.dev)")
                        && output.contains("gnome-extensions enable touchlight@touchlight.dev"), "\(compositor): \(output)")
            } else {
                #expect(lines.count == 1 && output.hasPrefix("touchlight: this compositor has no wlr-layer-shell"), "\(compositor): \(output)")
                #expect(output.contains("touchlight record touches.trace --no-overlay") && output.contains("--over screen.mp4")
                        && output.contains("Touch Points"), "\(output)")
            }
            let (doctorStatus, report) = try Desktop.execute(Desktop.touchlight.path, ["doctor"], environment: desktop.environment)
            #expect(doctorStatus == 0, "\(report)")
            #expect(report.contains("Compositor: connected (WAYLAND_DISPLAY=\(compositor.socket))"), "doctor spoke to \(compositor): \(report)")
            #expect(compositor.name != "weston" || report.contains("weston_desktop_shell"), "\(report)")
            #expect(!isGnome || (report.contains("  Meta-0: 800×600 px") && !report.contains("(unnamed)")), "\(report)")
            if isGnome {
                #expect(report.contains("Layer shell: NOT offered (GNOME): on GNOME the overlay is shown by Touchlight's GNOME Shell extension")
                        && report.contains("GNOME Shell extension: not installed") && report.contains("--no-overlay"), "\(report)")
                #expect(!report.contains("Missing required globals"), "\(report)")
            } else {
                #expect(report.contains("Missing required globals: zwlr_layer_shell_v1"), "\(report)")
                #expect(report.contains("Layer shell: NOT offered: this compositor has no wlr-layer-shell") && report.contains("--no-overlay"), "\(report)")
            }
        }
    }
}
