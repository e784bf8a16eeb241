import Annotation
import Renderer
import TouchCore
import TouchlightConfig
import Visualizer

/// One overlay's annotation: its ink document, the view that takes drawing touches in its
/// window, the toolbar above it, and the renderer that draws the ink under the markers.
@MainActor
package final class OverlayInk {
    /// The pages (`ctl page`), each with its own ink and undo; `document` is the one shown.
    package private(set) var pages: [InkDocument] {
        didSet { reportChanges() }
    }
    /// Called whenever the finished ink of any page changed (a saved session is written a
    /// moment later).
    package var onInkChanged: (() -> Void)? {
        didSet { reportChanges() }
    }
    private(set) var pageIndex = 0
    var document: InkDocument { pages[pageIndex] }
    let view: InkView
    package let renderer = InkRenderer()
    /// The toolbar (rebuilt when the palette changes).
    package private(set) var toolbar: ToolbarView
    /// The toolbar's shapes for the renderer, kept until it looks different.
    private(set) var toolbarItems: [DrawItem] = []
    private var toolbarItemsAppearance = -1
    private var toolbarArea: Rect?
    /// A pen hovering over the overlay (set by its tablet tool), and its shapes while they show
    /// (in draw mode, with `[annotate] pen_hover`). A pen near keeps fingers from drawing.
    package var penHover: PenHover? {
        didSet { if (penHover == nil) != (oldValue == nil) { view.penHovers(penHover != nil, at: scheduler.now) } }
    }
    private let scheduler: Scheduler
    private(set) var hoverItems: [DrawItem] = []
    private var drawnHover: (hover: PenHover, ink: InkDocument.Settings, area: Rect)?
    /// The text box being typed in (the `text` tool's tap opens it), drawn over the ink.
    package var textBox: TextBox? {
        get { renderer.textBox }
        set { renderer.textBox = newValue }
    }
    /// A text box opened, changed or closed (to take or give back the keyboard, and to record it).
    package var onTextBoxChanged: ((TextBoxChange) -> Void)?
    /// Whether the zoom shows (its toolbar button is marked).
    var isZoomed = false {
        didSet { if isZoomed != oldValue { showToolbarState() } }
    }
    /// Whether the toolbar has the zoom's button (the compositor can capture the screen).
    private let zooms: Bool
    unowned let window: OverlayWindow
    private(set) var settings: Configuration.Annotate

    init(window: OverlayWindow, scheduler: Scheduler, settings: Configuration.Annotate, toolbarPlace: ToolbarPlace, zooms: Bool) {
        self.window = window
        self.scheduler = scheduler
        self.settings = settings
        self.zooms = zooms
        pages = [InkDocument(settings: settings.ink)]
        view = InkView(frame: window.bounds, document: pages[0])
        renderer.finishedAreaPerUpdate = InkRenderer.overlayAreaPerUpdate  // a large drawing appears over frames
        toolbar = Self.makeToolbar(size: window.bounds.size, place: toolbarPlace, settings: settings, zooms: zooms)
        window.addSubview(view)  // above the capture surface, under the markers
        window.addSubview(toolbar)  // above the ink
        view.textTool.onTap = { [unowned self] point in self.openTextBox(at: point) }
        apply(settings)
        mode = settings.mode
    }

    /// Every page tells `onInkChanged` of its changes.
    private func reportChanges() {
        for page in pages { page.onChange = { [unowned self] in self.onInkChanged?() } }
    }

    private static func makeToolbar(size: Size, place: ToolbarPlace, settings: Configuration.Annotate, zooms: Bool) -> ToolbarView {
        ToolbarView(outputSize: size, place: place, palette: settings.palette, widths: AnnotationDefaults.widths, zooms: zooms)
    }

    var mode: AnnotationMode {
        get { view.mode }
        set {
            if newValue != .draw { commitTextBox() }  // what was typed stays, as ink
            view.mode = newValue
            window.viewWithoutMarkers = newValue == .draw && !settings.markersWhileDrawing ? view : nil
            // Only a real change: setting it at all counts as a view tree change, which makes the
            // input region be computed again.
            let hidden = newValue == .off || !settings.toolbar
            if toolbar.isHidden != hidden { toolbar.isHidden = hidden }
            showToolbarState()
        }
    }

    /// Marks on the toolbar what is chosen: tool, colour, width, mode, board, spotlight, zoom.
    private func showToolbarState() {
        toolbar.state = ToolbarState(tool: settings.ink.tool, color: settings.ink.color, width: settings.ink.width, mode: view.mode,
                                     board: settings.board, spotlight: settings.spotlight.isOn, zoomed: isZoomed)
    }

    /// A reloaded `[annotate]` section, or what ctl or the toolbar changed: the ink and history
    /// stay; tool, colour and the rest follow.
    func apply(_ settings: Configuration.Annotate) {
        let oldPalette = self.settings.palette
        self.settings = settings
        for page in pages { page.settings = settings.ink }
        restyleTextBox()
        renderer.page = Self.page(settings.board)
        view.palmRule = settings.palm
        if settings.ink.tool != .select { view.selectTool.clear() }
        view.undoTap.isEnabled = settings.tapGestures
        view.redoTap.isEnabled = settings.tapGestures
        if settings.palette != oldPalette {
            let replacement = Self.makeToolbar(size: window.bounds.size, place: toolbar.place, settings: settings, zooms: zooms)
            (replacement.onCommand, replacement.onPlaceChanged) = (toolbar.onCommand, toolbar.onPlaceChanged)
            window.insertSubview(replacement, aboveSubview: toolbar)
            toolbar.removeFromSuperview()
            toolbar = replacement
        }
        mode = view.mode
    }

    /// Shows page `number` (from 1), adding blank pages up to it; false when it was shown.
    package func showPage(_ number: Int) -> Bool {
        let index = min(max(1, number), AnnotationDefaults.pageLimit) - 1
        guard index != pageIndex else { return false }
        commitTextBox()
        while pages.count <= index { pages.append(InkDocument(settings: settings.ink)) }
        pageIndex = index
        view.document = pages[index]
        renderer.forgetDocument()
        return true
    }

    /// Forgets every page (`ctl clear --all`): one blank page is left, with no undo.
    package func forgetEveryPage() {
        commitTextBox()
        pages = [InkDocument(settings: settings.ink)]
        pageIndex = 0
        view.document = pages[0]
        renderer.forgetDocument()
        onInkChanged?()
    }

    /// Takes `kept` pages (of an output that went away and came back) in place of its own,
    /// on the same page number; they take the ink settings in force.
    package func adopt(_ kept: [InkDocument]) {
        guard !kept.isEmpty else { return }
        commitTextBox()
        let number = pageIndex + 1
        pages = kept
        for page in pages { page.settings = settings.ink }
        while pages.count < number { pages.append(InkDocument(settings: settings.ink)) }
        pageIndex = number - 1
        view.document = pages[pageIndex]
        renderer.forgetDocument()
    }

    func resize(to bounds: Rect) {
        view.frame = bounds
        toolbar.resize(to: bounds.size)
    }

    /// What the renderers paint under the ink for `board`.
    static func page(_ board: Board) -> PageBackground? {
        board.color.map { color in
            PageBackground(color: color, grid: board == .grid
                ? (AnnotationDefaults.gridColor, AnnotationDefaults.gridSpacing, AnnotationDefaults.gridWidth) : nil)
        }
    }

    /// Whether a hovering pen shows where it would draw (draw mode, `[annotate] pen_hover`).
    package var showsPenHover: Bool { settings.penHover && view.mode == .draw }

    /// Rebuilds a hovering pen's shapes when they change, and adds the area they covered and
    /// cover now to `damage`.
    func updatePenHover(damage: inout [Rect]) {
        let shown = showsPenHover ? penHover : nil
        guard shown != drawnHover?.hover || (shown != nil && settings.ink != drawnHover?.ink) else { return }
        if let area = drawnHover?.area { damage.append(area) }
        hoverItems.removeAll(keepingCapacity: true)
        drawnHover = shown.map { ($0, settings.ink, $0.bounds(settings: settings.ink)) }
        shown?.items(settings: settings.ink, into: &hoverItems)
        if let area = drawnHover?.area { damage.append(area) }
    }

    /// Rebuilds the toolbar's shapes when it looks different, and adds the area it covered and
    /// covers now to `damage`.
    func updateToolbar(damage: inout [Rect]) {
        let shown = !toolbar.isHidden
        guard shown != (toolbarArea != nil) || (shown && toolbar.appearance != toolbarItemsAppearance) else { return }
        toolbarItemsAppearance = toolbar.appearance
        toolbarItems.removeAll(keepingCapacity: true)
        if shown { toolbar.items(into: &toolbarItems) }
        if let toolbarArea { damage.append(toolbarArea) }
        toolbarArea = toolbarItems.isEmpty ? nil : toolbarItems.dropFirst().reduce(toolbarItems[0].bounds) { $0.union($1.bounds) }
        if let toolbarArea { damage.append(toolbarArea) }
    }

    /// Whether ink is shown (and composited under the markers).
    var isShown: Bool { view.mode != .off }

    /// Brings the ink renderer up to date for a frame; its damage is then in `renderer.damage`.
    func update(time: Double, pixelWidth: Int, pixelHeight: Int, scale: Double) {
        renderer.selection = view.selectTool.chrome(in: document)
        renderer.update(from: document, time: time, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    }

    /// Whether the ink changes without input (a laser fading).
    var isAnimating: Bool { isShown && renderer.isAnimating }

    /// A page's ink (`page` from 0) alone on a transparent image (or on its board) of `pixelWidth` × `pixelHeight` at `scale` (for
    /// `touchlight ctl save`), drawn by a renderer of its own.
    package func image(page: Int, time: Double, pixelWidth: Int, pixelHeight: Int, scale: Double) -> PNG.Image {
        let canvas = Canvas(width: max(1, pixelWidth), height: max(1, pixelHeight))
        let snapshot = InkRenderer()
        snapshot.page = renderer.page  // a saved whiteboard keeps its page
        snapshot.text.engine = renderer.text.engine
        snapshot.update(from: pages[min(max(0, page), pages.count - 1)], time: time, pixelWidth: canvas.width, pixelHeight: canvas.height, scale: scale)
        snapshot.composite(into: canvas, area: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        return PNG.Image(width: canvas.width, height: canvas.height, rgba: canvas.rgbaBytes())
    }
}
