import Annotation
import Testing
import TouchCore
import TouchscreenInput
import Visualizer
@testable import TouchlightConfig

@Suite struct ConfigurationTests {
    @Test func theDefaultFileReadsBackToTheDefaults() throws {
        let text = Configuration().tomlText
        #expect(try Configuration(toml: text, file: "default.toml") == Configuration())
        for setting in Setting.all {
            #expect(text.components(separatedBy: "\n\(setting.name) = ").count >= 2, "\(setting.path) is in the default file")
        }
        #expect(try Configuration(toml: "", file: "empty.toml") == Configuration(), "no keys: the defaults")
    }

    @Test func everyKeyRoundTrips() throws {
        var c = Configuration()
        c.style.markerRadius = 41.5
        c.style.ringWidth = 4
        c.style.palette = [Color(hex: "#112233")!, Color(hex: "#44556680")!]
        c.style.fillOpacity = 0.2
        c.style.ringOpacity = 0.5
        c.style.shadowOpacity = 0
        c.style.showContactShape = false
        c.style.ripplesEnabled = false
        c.style.rippleSpacing = 12
        c.style.rippleDuration = 0.25
        c.style.rippleEndScale = 0.5
        c.style.rippleOpacity = 0.3
        c.style.liftFadeDuration = 0.15
        c.style.minimumVisibleDuration = 0.25
        c.style.markerOutline = true
        c.style.staleTimeout = 2
        c.style.showCues = [.tap, .pinch]
        c.style.cueColor = Color(hex: "#FFEE00")!
        c.style.cueDuration = 0.6
        c.style.cueLineWidth = 2
        c.style.longPressDuration = 0.8
        c.style.longPressArcDelay = 0.2
        c.doubleTapInterval = 0.4
        c.input.source = .replay
        c.input.capture = true
        c.input.replayFile = "/tmp/demo.trace"
        c.input.replaySpeed = 2
        c.input.replayLoops = true
        c.input.fallbackToWayland = true
        c.output.only = ["eDP-1", "HDMI-A-1"]
        c.output.touchscreenOutput = "eDP-1"
        c.output.transform = .rotated90
        c.style.maximumMarkers = 12
        c.style.maximumRipples = 64
        c.style.maximumCues = 8
        c.performance.maximumFrameRate = 60
        c.performance.idleReleaseDelay = 0
        c.performance.renderer = .sprites
        c.annotate.mode = .pass
        c.annotate.ink.tool = .highlighter
        c.annotate.ink.color = Color(hex: "#00FF00")!
        c.annotate.ink.width = 9
        c.annotate.markersWhileDrawing = false
        c.annotate.tapGestures = false
        c.annotate.pointerButtons = [.right, .middle]
        c.annotate.toolbar = false
        c.annotate.penHover = false
        c.annotate.palm = PalmRule(mode: .penAndSize, delay: 0.8, largestFinger: 60)
        c.annotate.palette = [Color(hex: "#123456")!, Color(hex: "#ABCDEF80")!]
        c.annotate.ink.laserFade = 3
        c.annotate.ink.undoLimit = 500
        c.annotate.ink.filter.minimumCutoff = 1.5
        c.annotate.ink.filter.beta = 0.2
        c.style.captions.isEnabled = false
        c.style.captions.size = 28
        c.style.captions.color = Color(hex: "#FFE14D")!
        c.style.captions.outlineWidth = 3
        c.style.captions.holdDuration = 1.5
        for kind in GestureKind.allCases where kind != .pinch { c.style.captions.formats[kind] = nil }
        c.style.captions.formats[.pinch] = try CaptionStyle.format("zoom {scale}×", for: .pinch)
        c.font = "DejaVu Sans"
        c.style.hud.isEnabled = true
        c.style.hud.textSize = 18
        c.annotate.board = .grid
        c.annotate.keep = .none
        c.annotate.spotlight = .init(isOn: true, dim: 0.8, radius: 200)
        c.annotate.zoomMaximum = 4
        let back = try Configuration(toml: c.tomlText, file: "custom.toml")
        #expect(back == c)
        // Each setting read the changed value (none is left at its default by accident).
        for setting in Setting.all {
            #expect(setting.current(back) == setting.current(c), "\(setting.path)")
            #expect(setting.current(c) != setting.current(Configuration()), "\(setting.path) was changed by this test")
        }
    }

    /// Sizes as shares of the output: read as percentages, kept as shares, written back as
    /// they were; a plain number afterwards clears the share.
    @Test func relativeSizesReadAndRoundTrip() throws {
        let c = try Configuration(toml: "[marker]\nradius = \"2.5%\"\nring_width = \" 0.25%\"\n", file: "relative.toml")
        #expect(c.style.markerRadiusShare == 0.025 && c.style.ringWidthShare == 0.0025)
        #expect(c.tomlText.contains("radius = \"2.5%\"") && c.tomlText.contains("ring_width = \"0.25%\""))
        #expect(try Configuration(toml: c.tomlText, file: "back.toml") == c)
        #expect(c.style.resolved(shorterSide: 2160).markerRadius == 54, "2.5% of a 4K output's 2160 px")
        let plain = try Configuration(toml: "[marker]\nradius = 20\n", file: "plain.toml")
        #expect(plain.style.markerRadiusShare == nil && plain.style.markerRadius == 20)
    }

    /// Bad files and the exact messages they get.
    @Test(arguments: [
        ("[marker]\nradius = \"big\"\n",
         ["bad.toml:2:1: [marker] radius: found \"big\" (a string); expected a number from 4 to 400, or a percentage of the output's shorter side from \"0.1%\" to \"20%\""]),
        ("[marker]\nradius = \"25%\"\n",
         ["bad.toml:2:1: [marker] radius: found \"25%\" (a string); expected a number from 4 to 400, or a percentage of the output's shorter side from \"0.1%\" to \"20%\""]),
        ("[marker]\nfill_opacity = 1.5\n",
         ["bad.toml:2:1: [marker] fill_opacity: found 1.5 (a number); expected a number from 0 to 1"]),
        ("[ripple]\nspacng = 20\n",
         ["bad.toml:2:1: [ripple] spacng: unknown key; did you mean spacing?"]),
        ("[riple]\nspacing = 20\n",
         ["bad.toml:1:1: [riple]: unknown section; did you mean [ripple]?"]),
        ("[marker]\nduration_ms = 300\n",
         ["bad.toml:2:1: [marker] duration_ms: unknown key; did you mean [ripple] duration_ms?"]),
        ("[fade]\nlift_ms = 0.3\n",
         ["bad.toml:2:1: [fade] lift_ms: found 0.3 (a number); expected a whole number of milliseconds from 0 to 10000"]),
        ("[annotate]\npalette = [" + Array(repeating: "\"#FF0000\"", count: 13).joined(separator: ", ") + "]\n",
         ["bad.toml:2:1: [annotate] palette: found [" + Array(repeating: "\"#FF0000\"", count: 13).joined(separator: ", ")
            + "] (a list); expected a list of 1 to 12 colours \"#RRGGBB\" or \"#RRGGBBAA\""]),
        ("[marker]\npalette = [\"#FF0000\", \"red\"]\n",
         ["bad.toml:2:1: [marker] palette: found [\"#FF0000\", \"red\"] (a list); expected a non-empty list of colours \"#RRGGBB\" or \"#RRGGBBAA\""]),
        ("[input]\nsource = \"usb\"\n  capture = \"yes\"\n",
         ["bad.toml:2:1: [input] source: found \"usb\" (a string); expected one of \"wayland\", \"libinput\", \"replay\"",
          "bad.toml:3:3: [input] capture: found \"yes\" (a string); expected true or false"]),
        ("[gestures]\nshow = [\"tap\", \"wave\"]\n",
         ["bad.toml:2:1: [gestures] show: found [\"tap\", \"wave\"] (a list); expected a list of cue names from \"tap\", \"double-tap\", \"long-press\", \"pan\", \"pinch\", \"rotation\", \"swipe\", \"edge-swipe\""]),
        ("radius = 30\n",
         ["bad.toml:1:1: radius: a key outside any section; expected one of the sections [marker], [ripple], [fade], [video], [gestures], [captions], [hud], [text], [input], [output], [annotate], [spotlight], [zoom], [performance]; did you mean [marker] radius?"]),
        ("[captions]\nrotation = \"turn {scale}\"\npinch = \"pinch {scale\"\ntap = 3\n",
         ["bad.toml:2:1: [captions] rotation: found \"turn {scale}\" (a string): {scale} is not a measure of this gesture; it has {degrees}",
          "bad.toml:3:1: [captions] pinch: found \"pinch {scale\" (a string): \"pinch {scale\" opens a brace it does not close (write {{ for a brace)",
          "bad.toml:4:1: [captions] tap: found 3 (an integer); expected a caption such as \"tap\" (measures: {fingers}, {taps}), or false"]),
        ("[captions]\nsize = \"30%\"\n",
         ["bad.toml:2:1: [captions] size: found \"30%\" (a string); expected a number from 6 to 200, or a percentage of the output's shorter side from \"0.2%\" to \"20%\""]),
        ("[marker\nradius = 30\n",
         ["bad.toml:1:8: not valid TOML: Error while parsing table header: expected ']', saw '\\n'"]),
    ])
    func badFilesGetClearMessages(text: String, expected: [String]) {
        do {
            _ = try Configuration(toml: text, file: "bad.toml")
            Issue.record("accepted a bad file")
        } catch {
            #expect(error.problems.map(\.description) == expected)
        }
    }

    /// A font the font check does not find is an error at its key, with the check's reason.
    @Test func aFontTheCheckDoesNotFindIsAnErrorAtItsKey() throws {
        do {
            _ = try Configuration(toml: "[text]\nfont = \"No Such Font 42\"\n", file: "font.toml", fonts: .only("DejaVu Sans"))
            Issue.record("accepted a font that is not installed")
        } catch {
            let message = try #require(error.problems.first?.description)
            #expect(message == "font.toml:2:1: [text] font: found \"No Such Font 42\" (a string): no installed font is called \"No Such Font 42\"; fonts found: DejaVu Sans")
        }
        #expect(try Configuration(toml: "[text]\nfont = \"DejaVu Sans\"\n", file: "ok.toml", fonts: .only("DejaVu Sans")).font == "DejaVu Sans")
    }

    /// Bug 46.15: a 200 KB value was echoed whole, and `[zoom] live` was taken for a misspelt
    /// `[captions] size` (two edits off a four-letter word).
    @Test func messagesStayShortAndHintsStayNear() {
        func messages(_ text: String) -> [String] {
            do { _ = try Configuration(toml: text, file: "f.toml"); return [] } catch { return error.problems.map(\.message) }
        }
        let huge = messages("[annotate]\nmode = \"" + String(repeating: "A", count: 200_000) + "\"\n")
        #expect(huge.count == 1 && huge[0].count < 300, "\(huge.first?.prefix(400) ?? "")")
        let list = messages("[annotate]\npalette = [" + Array(repeating: "1", count: 50_000).joined(separator: ", ") + "]\n")
        #expect(list.count == 1 && list[0].count < 400 && list[0].contains("(50000 in all)"), "\(list.first?.prefix(500) ?? "")")
        #expect(messages("[zoom]\nlive = true\n") == ["unknown key"])
        #expect(messages("[marker]\nradis = 3\n") == ["unknown key; did you mean radius?"])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let text = "[marker]\nradius = 0\nring_width = -1\nshadow = true\n[ripple]\nenabled = 1\n"
        do {
            _ = try Configuration(toml: text, file: "many.toml")
            Issue.record("accepted a bad file")
        } catch {
            #expect(error.problems.map(\.line) == [2, 3, 4, 6])
            #expect(error.problems[2].message == "unknown key; did you mean shadow_opacity?")
        }
    }
}
