import Testing
import TouchCore
import Visualizer
@testable import Annotation

/// The toolbar in an overlay window, above the ink view: finger-sized buttons, the only thing
/// hit in pass mode, taps that ask for their actions and draw nothing, and a handle that drags
/// it to another edge.
@MainActor @Suite struct ToolbarTests {
    let scheduler = ManualScheduler()
    let window = OverlayWindow(size: Size(width: 800, height: 600), scheduler: ManualScheduler())
    let ink: InkView
    let toolbar: ToolbarView
    let dispatcher: TouchDispatcher
    let palette = AnnotationDefaults.palette.compactMap { Color(hex: $0) }

    init() {
        ink = InkView(frame: window.bounds, document: InkDocument(settings: InkDocument.Settings()))
        toolbar = ToolbarView(outputSize: window.bounds.size, place: ToolbarPlace(), palette: palette, widths: AnnotationDefaults.widths)
        window.addSubview(ink)
        window.addSubview(toolbar)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        ink.mode = .pass
    }

    /// The button's centre in window coordinates.
    func center(of button: View) -> Point { button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil) }

    func button(_ command: ControlCommand) -> ToolbarButton { toolbar.buttons.first { $0.command == command }! }

    /// One finger down at `start`, moved to `end` in `steps` at 120 Hz, lifted.
    func touch(from start: Point, to end: Point, steps: Int = 1, id: Int = 1) {
        let t0 = scheduler.now + 0.5
        dispatcher.down(id: id, at: start, time: t0)
        dispatcher.frame()
        for step in 1...steps {
            let u = Double(step) / Double(steps), t = t0 + Double(step) / 120
            dispatcher.motion(id: id, at: Point(x: start.x + (end.x - start.x) * u, y: start.y + (end.y - start.y) * u), time: t)
            dispatcher.frame()
            scheduler.advance(to: t)
        }
        dispatcher.up(id: id, time: t0 + Double(steps + 1) / 120)
        dispatcher.frame()
        scheduler.advance(to: t0 + 0.4)
    }

    @Test func everyButtonTakesAFingerSizedAreaThoughItLooksSmaller() {
        #expect(toolbar.buttons.count == Tool.allCases.count + palette.count + AnnotationDefaults.widths.count + 11, "with the zoom's button")
        for button in toolbar.buttons {
            #expect(button.bounds.width == ToolbarLayout.buttonSize)
            let c = center(of: button)
            // 3 px outside the drawn circle, inside the 44 px touch area.
            let edge = ToolbarLayout.buttonSize / 2 + 3
            for point in [Point(x: c.x + edge, y: c.y), Point(x: c.x, y: c.y + edge), Point(x: c.x - edge, y: c.y - edge + 6)] {
                #expect(window.hitTest(point, with: nil) === button, "\(button.icon) at \(point)")
            }
        }
    }

    @Test func inPassModeOnlyTheButtonsAreHitAndInDrawModeTheRestDraws() {
        #expect(window.hitTest(Point(x: 400, y: 300), with: nil) == nil, "pass mode: the apps below get it")
        #expect(window.hitTest(center(of: button(.undo)), with: nil) === button(.undo))
        #expect(window.hitTest(Point(x: toolbar.frame.maxX + 2, y: toolbar.frame.midY), with: nil) == nil, "just past the toolbar")
        // The second line is shorter than the first: its empty end is not the toolbar's.
        let lastButton = toolbar.buttons.last!.frame
        #expect(window.hitTest(Point(x: toolbar.frame.minX + lastButton.midX, y: toolbar.frame.maxY - 5), with: nil) == nil,
                "the toolbar's empty corner")
        ink.mode = .draw
        #expect(window.hitTest(Point(x: 400, y: 300), with: nil) === ink)
        #expect(window.hitTest(center(of: button(.undo)), with: nil) === button(.undo), "the toolbar stays above the ink")
    }

    /// The surface's input region in pass mode, computed by hit-testing: the toolbar's buttons
    /// (to the 8 px grid), nothing else.
    @Test func thePassModeInputRegionIsTheButtons() {
        let rects = InputRegion.rects(of: window, size: window.bounds.size)
        let grid = toolbar.frame.insetBy(dx: -8, dy: -8)
        #expect(!rects.isEmpty && rects.allSatisfy { grid.contains(Point(x: $0.minX, y: $0.minY)) && grid.contains(Point(x: $0.maxX, y: $0.maxY)) },
                "\(rects)")
        for button in toolbar.buttons + [toolbar.handle] {
            let c = center(of: button)
            #expect(rects.contains { $0.contains(c) }, "\(button.icon)")
        }
        ink.mode = .draw
        #expect(InputRegion.rects(of: window, size: window.bounds.size) == [window.bounds], "draw mode: the whole output")
    }

    @Test func aTapGivesTheButtonsCommandAndDrawsNoInk() {
        ink.mode = .draw
        var asked: [ControlCommand] = []
        toolbar.onCommand = { asked.append($0) }
        for command in [ControlCommand.tool(.arrow), .color(palette[2]), .width(AnnotationDefaults.widths[2]), .undo, .mode(.toggle), .save(directory: nil)] {
            let c = center(of: button(command))
            touch(from: c, to: Point(x: c.x + 2, y: c.y + 1))
        }
        #expect(asked == [.tool(.arrow), .color(palette[2]), .width(AnnotationDefaults.widths[2]), .undo, .mode(.toggle), .save(directory: nil)])
        #expect(ink.document.strokes.isEmpty, "toolbar touches never reach the ink")
        // A finger that slides off a button is no tap.
        let c = center(of: button(.redo))
        touch(from: c, to: Point(x: c.x + 200, y: c.y), steps: 10)
        #expect(asked.count == 6)
    }

    @Test func theChosenToolColourWidthAndModeAreMarked() {
        toolbar.state = ToolbarState(tool: .highlighter, color: palette[1], width: AnnotationDefaults.widths[1], mode: .draw)
        let selected = toolbar.buttons.filter(\.isSelected).compactMap(\.command)
        #expect(selected == [.tool(.highlighter), .color(palette[1]), .width(AnnotationDefaults.widths[1]), .mode(.toggle)])
        var items: [DrawItem] = []
        toolbar.items(into: &items)
        let rings = items.filter { if case .ring(ToolbarLayout.buttonSize / 2 - 1, 2) = $0.shape { true } else { false } }
        #expect(rings.count == 4, "one selection ring per chosen button")
        let area = toolbar.frame.insetBy(dx: -2, dy: -2)
        #expect(items.allSatisfy { area.contains(Point(x: $0.bounds.midX, y: $0.bounds.midY)) }, "everything drawn is on the toolbar")
    }

    /// The board button goes round the boards from the one in force (off, white, black, grid,
    /// off), shows the board in force, and is marked while there is one.
    @Test func theBoardButtonGoesRoundTheBoards() {
        var asked: [ControlCommand] = []
        toolbar.onCommand = { asked.append($0) }
        let board = toolbar.buttons.first { if case .board = $0.command { true } else { false } }!
        for current in Board.allCases {
            toolbar.state.board = current
            #expect(board.icon == .board(current) && board.isSelected == (current != .off))
            let c = center(of: board)
            touch(from: c, to: Point(x: c.x + 1, y: c.y))
        }
        #expect(asked == [.board(.white), .board(.black), .board(.grid), .board(.off)])
    }

    /// Where the compositor cannot capture the screen, there is no zoom button.
    @Test func theZoomButtonIsThereOnlyWhereTheScreenCanBeCaptured() {
        let without = ToolbarView(outputSize: Size(width: 800, height: 600), place: ToolbarPlace(), palette: palette, widths: AnnotationDefaults.widths, zooms: false)
        #expect(toolbar.buttons.contains { $0.icon == .zoom } && !without.buttons.contains { $0.icon == .zoom })
        toolbar.state.zoomed = true
        #expect(toolbar.buttons.first { $0.icon == .zoom }?.isSelected == true)
    }

    /// The spotlight button toggles it and is marked while it is on.
    @Test func theSpotlightButtonTogglesIt() {
        var asked: [ControlCommand] = []
        toolbar.onCommand = { asked.append($0) }
        let button = toolbar.buttons.first { $0.icon == .spotlight }!
        for on in [false, true] {
            toolbar.state.spotlight = on
            #expect(button.isSelected == on)
            let c = center(of: button)
            touch(from: c, to: Point(x: c.x + 1, y: c.y))
        }
        #expect(asked == [.spotlight(.toggle), .spotlight(.toggle)])
    }

    @Test func draggingTheHandleSnapsTheToolbarToTheNearestEdge() {
        var places: [ToolbarPlace] = []
        toolbar.onPlaceChanged = { places.append($0) }
        let appearance = toolbar.appearance
        let handle = toolbar.handle
        let start = center(of: handle)
        touch(from: start, to: Point(x: 770, y: 150), steps: 20)
        #expect(places.count == 1)
        #expect(toolbar.place.edge == .right)
        #expect(abs(toolbar.place.offset - 150.0 / 600) < 0.05)
        #expect(abs(toolbar.frame.maxX - (800 - ToolbarLayout.margin)) < 0.001, "flush with the right edge")
        #expect(!toolbar.isDragging && toolbar.appearance > appearance)
        // Dropped near the bottom, it lies along the bottom edge.
        touch(from: center(of: handle), to: Point(x: 300, y: 590), steps: 20)
        #expect(toolbar.place.edge == .bottom && toolbar.frame.width > toolbar.frame.height)
        #expect(toolbar.frame.maxY <= 600 && toolbar.frame.minX >= 0 && toolbar.frame.maxX <= 800)
    }

    @Test func aSmallOutputWrapsTheToolbarIntoLinesThatStayOnIt() {
        for edge in ToolbarPlace.Edge.allCases {
            let size = Size(width: 320, height: 240)
            let (frame, slots) = ToolbarLayout.frames(count: 21, place: ToolbarPlace(edge: edge, offset: 1), size: size)
            #expect(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= size.width && frame.maxY <= size.height, "\(edge): \(frame)")
            for (i, a) in slots.enumerated() {
                #expect(Rect(origin: .zero, size: frame.size).insetBy(dx: -0.001, dy: -0.001).contains(Point(x: a.maxX, y: a.maxY)))
                for b in slots[(i + 1)...] { #expect(a.intersection(b).width <= 0 || a.intersection(b).height <= 0, "slots overlap") }
            }
        }
    }

    @Test func aPlaceIsClampedAndNeverNaN() {
        #expect(ToolbarPlace(edge: .top, offset: .nan).offset == 0.5)
        #expect(ToolbarPlace(edge: .top, offset: 7).offset == 1)
        #expect(ToolbarPlace.nearest(to: Point(x: 10, y: 300), in: Size(width: 800, height: 600)) == ToolbarPlace(edge: .left, offset: 0.5))
    }
}
