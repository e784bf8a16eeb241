import Annotation
import Foundation
import Glibc
import SafeFiles
import Testing
@testable import TouchlightConfig
import TouchscreenInput

/// The state file (toolbar places, learned touchscreen calibrations): where it lives, a round
/// trip through it, a damaged file that costs only its bad entries, and a save that makes
/// private directories and replaces a link instead of writing through it.
@Suite struct StateFileTests {
    let directory: String

    init() throws {
        directory = try SafeFiles.makePrivateDirectory(prefix: "touchlight-state-", environment: [:])
    }

    @Test func theStateFileFollowsXDG() {
        #expect(StateFile.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/touchlight/state.toml")
        #expect(StateFile.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/touchlight/state.toml",
                "a relative XDG_STATE_HOME is ignored, as the spec says")
        #expect(StateFile.path(environment: [:]) == nil)
    }

    @Test func placesRoundTripThroughTheFileIntoNewPrivateDirectories() throws {
        let path = directory + "/a/b/touchlight/state.toml"
        let places = ToolbarPlaces(byOutput: ["eDP-1": ToolbarPlace(edge: .right, offset: 0.25),
                                              "HDMI \"A\" 1": ToolbarPlace(edge: .bottom, offset: 1)])
        let turned = try #require(TouchscreenCalibration(matrix: [0, 1, 0, -1, 0, 1]))
        let skewed = try #require(TouchscreenCalibration(matrix: [0.98, 0.01, 0.015, -0.02, 1.03, -0.5]))
        let touchscreens = LearnedCalibrations(byDevice: ["Wacom HID 52C2 Finger": ["eDP-1": turned, "HDMI-A-1": skewed],
                                                          "ELAN \"9008\"": ["eDP-1": skewed]])
        let state = StateFile(toolbar: places, touchscreens: touchscreens)
        try state.save(to: path)
        let loaded = StateFile.load(from: path)
        #expect(loaded.problem == nil)
        #expect(loaded.state == state)
        #expect(loaded.state.touchscreens.calibration(for: "Wacom HID 52C2 Finger", on: "eDP-1") == turned)
        #expect(loaded.state.touchscreens.calibration(for: "Wacom HID 52C2 Finger", on: "DP-2") == nil)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(directory + "/a/b", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func aMissingFileIsNoProblemAndADamagedOneCostsOnlyItsBadEntries() throws {
        #expect(StateFile.load(from: directory + "/none.toml") == (StateFile(), nil))
        let path = directory + "/state.toml"
        try Data("""
            [toolbar.good]
            edge = "top"
            offset = 0.75
            [toolbar.bad]
            edge = "middle"
            offset = 0.5
            [toolbar.far]
            edge = "left"
            offset = 9
            [touchscreen."panel"."eDP-1"]
            matrix = [1, 0, 0, 0, 1, 0]
            [touchscreen."panel"."short"]
            matrix = [1, 0, 0]
            [touchscreen."panel"."words"]
            matrix = "identity"
            """.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = StateFile.load(from: path)
        #expect(loaded.state.toolbar.byOutput == ["good": ToolbarPlace(edge: .top, offset: 0.75)])
        #expect(loaded.state.touchscreens.byDevice == ["panel": ["eDP-1": TouchscreenCalibration(matrix: [1, 0, 0, 0, 1, 0])!]])
        for bad in ["[toolbar.\"bad\"]", "[toolbar.\"far\"]", "[touchscreen.\"panel\".\"short\"]", "[touchscreen.\"panel\".\"words\"]"] {
            #expect(loaded.problem?.contains(bad) == true, "\(bad) in \(loaded.problem ?? "")")
        }
        try Data("[toolbar\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(StateFile.load(from: path).problem?.contains("not valid TOML") == true)
    }

    /// Bug 46.15: a matrix of zeros maps every touch to one point, and 1e308 overflows on the
    /// first touch: neither is a calibration.
    @Test func onlyAMatrixThatMapsAnAreaIsACalibration() {
        #expect(TouchscreenCalibration(matrix: [0, 0, 0, 0, 0, 0]) == nil)
        #expect(TouchscreenCalibration(matrix: [1e308, 0, 0, 0, 1e308, 0]) == nil)
        #expect(TouchscreenCalibration(matrix: [1, 2, 0, 2, 4, 0]) == nil, "onto a line")
        #expect(TouchscreenCalibration(matrix: [0, 1, 0, -1, 0, 1]) != nil && TouchscreenCalibration(matrix: [2, 0, -0.5, 0, 2, -0.5]) != nil)
        var problems: [String] = []
        let state = StateFile(toml: "[touchscreen.\"panel\".\"eDP-1\"]\nmatrix = [0, 0, 0, 0, 0, 0]\n", problems: &problems)
        #expect(state.touchscreens.byDevice.isEmpty && problems.first?.contains("map an area") == true, "\(problems)")
    }

    @Test func savingReplacesALinkAndLeavesItsTargetAlone() throws {
        let victim = directory + "/victim", path = directory + "/state.toml"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(symlink(victim, path) == 0)
        try StateFile(toolbar: ToolbarPlaces(byOutput: ["x": ToolbarPlace()])).save(to: path)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(StateFile.load(from: path).state.toolbar.byOutput["x"] == ToolbarPlace())
    }
}
