import Annotation
import Foundation
import Testing
import TestSupport
import TouchlightConfig
import TouchscreenInput
@testable import OverlayClient

/// Bug 46.7: one typo in the state file cost every learned calibration the next time the
/// toolbar moved, since the toolbar's save rewrote the file with its own table alone. Every
/// writer now reads the file again and never writes over what it could not read: that file is
/// moved aside, whole, and the message says where.
@Suite struct StateFileUpdateTests {
    /// A private directory, and a stand-in for `touchlight config probe` that survives any file.
    private func scratch() throws -> (directory: String, probe: String) {
        let directory = NSTemporaryDirectory() + "touchlight-state-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let probe = directory + "/probe"
        try writeExecutable("#!/bin/sh\ncat > /dev/null\n", to: probe)
        return (directory, probe)
    }

    @Test func aDamagedFileIsMovedAsideWholeNeverDropped() throws {
        let (directory, probe) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.toml"
        let damaged = "[touchscreen.\"panel\".\"eDP-1\"]\nmatrix = [0, 1, 0, -1, 0, 1]\n[toolbar.\"eDP-1\"\nedge = \"left\"\n"
        try damaged.write(toFile: path, atomically: true, encoding: .utf8)
        let (state, warning) = try StateFileUpdate.apply(at: path, executable: probe) { $0.toolbar.byOutput["eDP-1"] = ToolbarPlace(edge: .top, offset: 0.5) }
        let message = try #require(warning)
        #expect(message.contains("not valid TOML") && message.contains("moved it aside to \(path).damaged-"), "\(message)")
        let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasPrefix("state.toml.damaged-") })
        #expect(try String(contentsOfFile: directory + "/" + aside, encoding: .utf8) == damaged, "the damaged file is kept as it was")
        #expect(state.toolbar.byOutput["eDP-1"] == ToolbarPlace(edge: .top, offset: 0.5))
        #expect(StateFile.load(from: path) == (state, nil), "the new file holds the new place")
    }

    /// A sound file keeps everything it held when one part changes, even what another program
    /// wrote since this one read it at start.
    @Test func aSoundFileKeepsWhatTheChangeDoesNotTouch() throws {
        let (directory, probe) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.toml"
        let learned = try #require(TouchscreenCalibration(matrix: [0, 1, 0, -1, 0, 1]))
        try StateFile(touchscreens: LearnedCalibrations(byDevice: ["panel": ["eDP-1": learned]])).save(to: path)
        let (state, warning) = try StateFileUpdate.apply(at: path, executable: probe) { $0.toolbar.byOutput["HDMI-A-1"] = ToolbarPlace() }
        #expect(warning == nil)
        #expect(state.touchscreens.calibration(for: "panel", on: "eDP-1") == learned && state.toolbar.byOutput["HDMI-A-1"] == ToolbarPlace())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["probe", "state.toml"], "nothing moved aside")
    }

    /// What the program does not know (a table of a newer version, a key it never wrote) is a
    /// problem too: the file is moved aside, not rewritten without it.
    @Test func whatItDoesNotUnderstandIsNeverDropped() throws {
        let (directory, probe) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.toml"
        for foreign in ["[sessions.lesson]\nfile = \"a\"\n", "[toolbar.\"eDP-1\"]\nedge = \"left\"\noffset = 0.5\npinned = true\n"] {
            try foreign.write(toFile: path, atomically: true, encoding: .utf8)
            let warning = try StateFileUpdate.apply(at: path, executable: probe) { $0.toolbar.byOutput["x"] = ToolbarPlace() }.warning
            #expect(warning?.contains("moved it aside") == true, "\(foreign): \(warning ?? "no warning")")
        }
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("state.toml.damaged-") }
        #expect(!aside.isEmpty)
    }
}
