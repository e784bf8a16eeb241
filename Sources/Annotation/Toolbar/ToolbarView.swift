import TouchCore
import Visualizer

/// The annotation toolbar: a strip of buttons along an output edge (tools, colours, widths,
/// undo, redo, clear, mode, save, board, pages, spotlight, zoom) and a handle that drags it; let go, it snaps to the nearest
/// edge. Everything outside its buttons is not part of it: in pass mode its buttons are the
/// overlay's whole input region.
@MainActor
public final class ToolbarView: View, HitArea {
    /// A button was tapped: the command it gives, carried out as ctl's.
    public var onCommand: ((ControlCommand) -> Void)?
    /// The toolbar was dragged to a new place (to remember it).
    public var onPlaceChanged: ((ToolbarPlace) -> Void)?
    public private(set) var place: ToolbarPlace
    public private(set) var buttons: [ToolbarButton] = []
    /// What is chosen, shown as selected buttons.
    public var state = ToolbarState() { didSet { if state != oldValue { refreshSelection() } } }
    /// Bumped whenever what the toolbar looks like changes (to redraw it).
    public private(set) var appearance = 0
    /// While the handle is dragged (the input region is computed again only after the drop).
    public private(set) var isDragging = false
    private var outputSize: Size
    /// The grip that drags the toolbar.
    let handle: ToolbarButton
    private let drag = PanGestureRecognizer()
    private var dragStart = Point.zero

    /// `zooms`: whether it has the zoom's button (the compositor can capture the screen).
    public init(outputSize: Size, place: ToolbarPlace, palette: [Color], widths: [Double], zooms: Bool = true) {
        self.outputSize = outputSize
        self.place = place
        handle = ToolbarButton(icon: .handle, command: nil) { _ in }
        super.init(frame: .zero)
        isMultipleTouchEnabled = true
        var specs: [(ToolbarIcon, ControlCommand)] = Tool.allCases.map { (.tool($0), .tool($0)) }
        specs += palette.map { (.swatch($0), .color($0)) }
        specs += widths.map { (.width($0), .width($0)) }
        specs += [(.undo, .undo), (.redo, .redo), (.clear, .clear), (.drawMode, .mode(.toggle)), (.save, .save(directory: nil)),
                  (.board(.off), .board(.off)), (.previousPage, .page(.previous)), (.nextPage, .page(.next)), (.newPage, .page(.new)),
                  (.spotlight, .spotlight(.toggle))]
        if zooms { specs.append((.zoom, .zoom(.toggle))) }
        addSubview(handle)
        for (icon, command) in specs {
            let button = ToolbarButton(icon: icon, command: command) { [unowned self] button in self.tapped(button) }
            buttons.append(button)
            addSubview(button)
        }
        drag.name = "toolbar-drag"
        drag.maximumNumberOfTouches = 1
        _ = drag.addTarget { [unowned self] _ in self.dragged(self.drag) }
        handle.addGestureRecognizer(drag)
        layout()
        refreshSelection()
    }

    /// Only its buttons take touches: the panel's empty corners let them through.
    public override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }

    public var touchArea: Rect { bounds }
    public var passesTouchesThrough: Bool { true }

    /// Follows a new output size.
    public func resize(to size: Size) {
        outputSize = size
        layout()
    }

    /// Moves the toolbar to `place` (from the state file, or a snap).
    public func move(to place: ToolbarPlace) {
        self.place = place
        layout()
    }

    private func layout() {
        let all = [handle] + buttons
        let (toolbarFrame, slots) = ToolbarLayout.frames(count: all.count, place: place, size: outputSize)
        frame = toolbarFrame
        for (button, slot) in zip(all, slots) {
            button.frame = slot.insetBy(dx: (ToolbarLayout.touchSize - ToolbarLayout.buttonSize) / 2,
                                        dy: (ToolbarLayout.touchSize - ToolbarLayout.buttonSize) / 2)
        }
        appearance += 1
    }

    private func tapped(_ button: ToolbarButton) {
        switch button.command {
        case .board: onCommand?(.board(state.board.next))  // round the boards, from the one in force
        case let command?: onCommand?(command)
        case nil: break
        }
    }

    private func refreshSelection() {
        for button in buttons {
            switch button.command {
            case .tool(let tool): button.isSelected = tool == state.tool
            case .color(let color): button.isSelected = color == state.color
            case .width(let width): button.isSelected = width == state.width
            case .mode(.toggle): button.isSelected = state.mode == .draw
            case .spotlight: button.isSelected = state.spotlight
            case .zoom: button.isSelected = state.zoomed
            case .board:
                button.icon = .board(state.board)
                button.isSelected = state.board != .off
            default: button.isSelected = false
            }
        }
        appearance += 1
    }

    private func dragged(_ recognizer: PanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            isDragging = true
            dragStart = center
        case .changed:
            let moved = recognizer.translation(in: superview)
            center = Point(x: dragStart.x + moved.x, y: dragStart.y + moved.y)
            appearance += 1
        case .ended, .cancelled:
            // The edge nearest the finger, centred where it let go.
            isDragging = false
            move(to: ToolbarPlace.nearest(to: recognizer.location(in: superview), in: outputSize))
            onPlaceChanged?(place)
        default:
            break
        }
    }

    // MARK: Drawing

    /// Owner numbers of the toolbar's draw items (apart from the visualizer's).
    static let itemOwner = 3_000_000

    /// The toolbar as shapes for the renderer, in the window's coordinates, back to front: a
    /// dark panel, then each button (a ring when selected) and its icon.
    public func items(into out: inout [DrawItem]) {
        let origin = frame.origin
        var part = 0
        func add(_ center: Point, _ shape: DrawItem.Shape, _ color: Color) {
            out.append(DrawItem(identity: .init(owner: Self.itemOwner, part: part), center: center, shape: shape, color: color))
            part += 1
        }
        let panel = ToolbarLayout.panelColor
        // The panel: one capsule per line of buttons.
        let all = [handle] + buttons
        let vertical = place.edge == .left || place.edge == .right
        var lines: [Double: (Point, Point)] = [:]
        for button in all {
            let c = button.center
            let key = vertical ? c.x : c.y
            let ends = lines[key] ?? (c, c)
            lines[key] = (vertical ? (c.y < ends.0.y ? c : ends.0) : (c.x < ends.0.x ? c : ends.0),
                          vertical ? (c.y > ends.1.y ? c : ends.1) : (c.x > ends.1.x ? c : ends.1))
        }
        for key in lines.keys.sorted() {
            let (a, b) = lines[key]!
            add(Point(x: a.x + origin.x, y: a.y + origin.y), .line(to: Point(x: b.x + origin.x, y: b.y + origin.y), width: ToolbarLayout.touchSize), panel)
        }
        let ink = ToolbarLayout.iconColor
        for button in all {
            let c = Point(x: button.center.x + origin.x, y: button.center.y + origin.y)
            if button.isSelected { add(c, .ring(radius: ToolbarLayout.buttonSize / 2 - 1, width: 2), ToolbarLayout.selectionColor) }
            for (at, shape, color) in button.icon.shapes(at: c, color: ink) { add(at, shape, color) }
        }
    }
}
