import Annotation
import Foundation
import Glibc
import SafeFiles
import Testing
@testable import TouchlightConfig

/// The toolbar's remembered places: where the state file lives, a round trip through it, a
/// damaged file that costs only its bad entries, and a save that makes private directories
/// and replaces a link instead of writing through it.
@Suite struct ToolbarPlacesTests {
    let directory: String

    init() throws {
        directory = try SafeFiles.makePrivateDirectory(prefix: "touchlight-state-", environment: [:])
    }

    @Test func theStateFileFollowsXDG() {
        #expect(ToolbarPlaces.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/touchlight/state.toml")
        #expect(ToolbarPlaces.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/touchlight/state.toml",
                "a relative XDG_STATE_HOME is ignored, as the spec says")
        #expect(ToolbarPlaces.path(environment: [:]) == nil)
    }

    @Test func placesRoundTripThroughTheFileIntoNewPrivateDirectories() throws {
        let path = directory + "/a/b/touchlight/state.toml"
        let places = ToolbarPlaces(byOutput: ["eDP-1": ToolbarPlace(edge: .right, offset: 0.25),
                                              "HDMI \"A\" 1": ToolbarPlace(edge: .bottom, offset: 1)])
        try places.save(to: path)
        let loaded = ToolbarPlaces.load(from: path)
        #expect(loaded.problem == nil)
        #expect(loaded.places == places)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(directory + "/a/b", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func aMissingFileIsNoProblemAndADamagedOneCostsOnlyItsBadEntries() throws {
        #expect(ToolbarPlaces.load(from: directory + "/none.toml") == (ToolbarPlaces(), nil))
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
            """.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = ToolbarPlaces.load(from: path)
        #expect(loaded.places.byOutput == ["good": ToolbarPlace(edge: .top, offset: 0.75)])
        #expect(loaded.problem?.contains("[toolbar.\"bad\"]") == true && loaded.problem?.contains("[toolbar.\"far\"]") == true, "\(loaded.problem ?? "")")
        try Data("[toolbar\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(ToolbarPlaces.load(from: path).problem?.contains("not valid TOML") == true)
    }

    @Test func savingReplacesALinkAndLeavesItsTargetAlone() throws {
        let victim = directory + "/victim", path = directory + "/state.toml"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(symlink(victim, path) == 0)
        try ToolbarPlaces(byOutput: ["x": ToolbarPlace()]).save(to: path)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(ToolbarPlaces.load(from: path).places.byOutput["x"] == ToolbarPlace())
    }
}
