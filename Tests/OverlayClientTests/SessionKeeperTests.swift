import Annotation
import Foundation
import Logging
@testable import OverlayClient
@testable import Stage
import Testing
import TouchCore
import TouchlightConfig
import Visualizer

/// When a session is kept, and what a start brings back: `[annotate] keep = "none"`, a replay
/// and calibrating keep nothing; otherwise the saved pages wait on the shelf for their outputs
/// (an output that is away keeps them until it returns) and the state is the control plane's.
@MainActor
@Suite struct SessionKeeperTests {
    static func state() throws -> (directory: String, environment: [String: String]) {
        let directory = NSTemporaryDirectory() + "session-keeper-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (directory, ["XDG_STATE_HOME": directory])
    }

    static func options(_ edit: (inout Configuration, inout Overrides) -> Void = { _, _ in }) -> Options {
        var file = Configuration(), overrides = Overrides()
        edit(&file, &overrides)
        return Options(file: file, overrides: overrides)
    }

    static func open(_ options: Options, environment: [String: String], shelf: InkShelf = InkShelf(),
                     plane: ControlPlane = ControlPlane(file: Configuration().annotate)) throws -> SessionKeeper? {
        try SessionKeeper.opening(options, environment: environment, scheduler: ManualScheduler(), needs: SessionKeeperNeeds(
            overlays: { [] }, shelf: { shelf }, plane: plane, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
    }

    @Test func nothingIsKeptWhenTheConfigurationReplayOrCalibrationSaySo() throws {
        let (directory, environment) = try Self.state()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try Self.open(Self.options(), environment: environment) != nil, "kept by default")
        #expect(try Self.open(Self.options { file, _ in file.annotate.keep = .none }, environment: environment) == nil)
        #expect(try Self.open(Self.options { _, overrides in overrides.replayPath = "/tmp/x.trace" }, environment: environment) == nil)
        #expect(try Self.open(Self.options { _, overrides in overrides.calibrate = true }, environment: environment) == nil)
        #expect(try Self.open(Self.options(), environment: [:]) == nil, "no state folder: nothing to keep it in")
    }

    @Test func aSavedSessionWaitsForItsOutputsAndSetsTheState() throws {
        let (directory, environment) = try Self.state()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let red = try #require(Color(hex: "#E53935FF"))
        let line = Stroke(id: 1, tool: .line, color: red, samples: [InkSample(Point(x: 1, y: 2), width: 3), InkSample(Point(x: 40, y: 50), width: 3)])
        let saved = InkSession(settings: [TouchTrace.Setting(time: 0, name: "tool", value: "highlighter"), TouchTrace.Setting(time: 0, name: "board", value: "grid")],
                               outputs: ["HDMI-A-1": [[line], [line, line]]])
        let path = try #require(SessionStore.path(environment: environment))
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(saved.encoded()).write(to: URL(fileURLWithPath: path))

        let shelf = InkShelf(), plane = ControlPlane(file: Configuration().annotate)
        #expect(try Self.open(Self.options(), environment: environment, shelf: shelf, plane: plane) != nil)
        #expect(shelf.outputs == ["HDMI-A-1"] && shelf.strokesByOutput["HDMI-A-1"]?.map(\.count) == [1, 2], "waiting for HDMI-A-1")
        #expect(plane.settings.ink.tool == .highlighter && plane.settings.board == .grid)
        let away = InkSession(plane: plane, targets: [], away: shelf)
        #expect(away.outputs["HDMI-A-1"]?.map(\.count) == [1, 2], "an output away keeps its pages in what is saved next")

        let fresh = InkShelf()
        #expect(try Self.open(Self.options { _, overrides in overrides.fresh = true }, environment: environment, shelf: fresh) != nil)
        #expect(fresh.outputs.isEmpty, "--fresh shows nothing")
        #expect(FileManager.default.fileExists(atPath: path), "and deletes nothing")
    }
}
