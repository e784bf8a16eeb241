import Annotation
import Renderer
import TouchCore
import TouchlightConfig
import Visualizer

/// What one overlay shows, without Wayland: its TouchCore window and dispatcher, its ink and
/// toolbar, and the renderer that draws them into a canvas. The live overlay draws it into
/// shared-memory buffers on the compositor's frame callbacks; `touchlight render` draws it
/// into frames on a trace's clock. Both go through `prepareFrame` and `draw`, so a rendered
/// trace looks exactly like the overlay did.
@MainActor
package final class OverlayScene {
    package let window: OverlayWindow
    package let dispatcher: TouchDispatcher
    package let renderer = MarkerRenderer()
    /// The ink: its document, view and renderer.
    package let ink: OverlayInk
    /// The spotlight over the ink (`ctl spotlight`, `[spotlight]`).
    package let spotlight: OverlaySpotlight
    /// The zoom: a frozen picture under the ink, magnified (`ctl zoom`).
    package let zoom: OverlayZoom
    /// Measures and draws captions and the HUD; nil shows none (no font could be loaded).
    package var text: TextRenderer? { settings.text }

    private func setText(_ text: TextRenderer?) {
        renderer.text = text
        window.visualizer.textMeasurer = text
        ink.renderer.text.engine = text  // texts as ink are shaped by the same engine
    }
    /// Whether the toolbar is drawn (it still takes touches when not: `render --no-toolbar`).
    var drawsToolbar = true
    /// This frame's damage: the markers', the toolbar's and the ink's (storage kept between frames).
    private var frameDamage: [Rect] = []
    /// This frame's shapes: the toolbar's, then the visualizer's (storage kept between frames).
    private var frameItems: [DrawItem] = []
    /// Shapes shown above everything for a while (`touchlight calibrate`'s target), and the
    /// area they covered until the next frame redraws it.
    private(set) var guideItems: [DrawItem] = []
    private var guideDamage: [Rect] = []
    /// Set when what is shown changed wholesale (mode, pause): the next frame redraws everything.
    private var needsFullRedraw = false
    /// Paused: nothing is drawn and nothing taken (privacy while typing a password).
    package private(set) var isPaused = false
    /// Whether the visualizer's markers are drawn into the canvas; false when the sprite
    /// renderer shows them, and the canvas holds only the ink and the toolbar.
    package var visualizerOnCanvas = true {
        didSet { if visualizerOnCanvas != oldValue { needsFullRedraw = true } }
    }

    /// The settings it was last given (`apply(_:)`).
    private(set) var settings: SceneSettings

    /// `zooms`: whether the toolbar has the zoom's button (the compositor can capture the screen).
    package init(size: Size, scheduler: Scheduler, capture: Bool, settings: SceneSettings, toolbarPlace: ToolbarPlace, zooms: Bool = true) {
        self.settings = settings
        window = OverlayWindow(size: size, style: settings.style, scheduler: scheduler)
        window.isCapturing = capture
        ink = OverlayInk(window: window, scheduler: scheduler, settings: settings.annotate, toolbarPlace: toolbarPlace, zooms: zooms)
        spotlight = OverlaySpotlight(window: window, inkView: ink.view, settings: settings.annotate.spotlight)
        zoom = OverlayZoom(inkView: ink.view, renderer: ink.renderer)
        zoom.maximum = settings.annotate.zoomMaximum
        frameDamage.reserveCapacity(128)
        frameItems.reserveCapacity(512)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        dispatcher.largestContact = settings.annotate.palm.largestContact
        window.apply(GestureSettings(longPressDuration: settings.style.longPressDuration, doubleTapInterval: settings.doubleTapInterval))
        setText(settings.text)
        updateUnderlay()
    }

    /// The window's logical size.
    var size: Size { window.bounds.size }

    /// Follows a new logical size (a zoom ends: its picture no longer fits).
    package func resize(to size: Size) {
        if zoom.state != .off { endZoom() }
        window.resize(to: size)
        ink.resize(to: window.bounds)
        needsFullRedraw = true
    }

    /// New settings (a reload, a ctl command): the parts that changed are taken; active markers
    /// and the ink stay.
    package func apply(_ new: SceneSettings) {
        let old = settings
        settings = new
        if new.text !== old.text { setText(new.text) }
        if new.style != old.style || new.doubleTapInterval != old.doubleTapInterval {
            window.visualizer.style = new.style
            renderer.invalidateSprites()
            window.apply(GestureSettings(longPressDuration: new.style.longPressDuration, doubleTapInterval: new.doubleTapInterval))
        }
        if new.annotate != old.annotate { apply(annotate: new.annotate) }
    }

    /// Hides or shows everything; false when nothing changed.
    package func setPaused(_ paused: Bool) -> Bool {
        guard paused != isPaused else { return false }
        isPaused = paused
        window.isHidden = paused  // hit-tests nothing: an empty input region
        showChanged()
        return true
    }

    /// Switches the annotation mode (the ink and toolbar show or hide); false when it was so.
    func setMode(_ mode: AnnotationMode) -> Bool {
        guard mode != ink.mode else { return false }
        ink.mode = mode
        showChanged()
        return true
    }

    /// After a mode or pause change: the ink is composited or not, and all is redrawn.
    private func showChanged() {
        updateUnderlay()
        needsFullRedraw = true
    }

    /// New `[annotate]` settings (through `apply(_:)`): the ink stays; the spotlight follows.
    private func apply(annotate settings: Configuration.Annotate) {
        ink.apply(settings)
        dispatcher.largestContact = settings.palm.largestContact
        spotlight.apply(settings.spotlight)
        zoom.maximum = settings.zoomMaximum
        updateUnderlay()
    }

    // MARK: Zoom

    /// A capture begins: nothing shows until its picture does.
    package func beginZoomCapture() {
        zoom.beginCapture()
        showChanged()
    }

    /// Shows the frozen picture (nil: none, in a replay) under the ink, at ×1; two fingers now
    /// zoom and pan it (the spotlight's pinch waits until the zoom ends).
    package func showZoom(_ picture: ZoomPicture?, view: ZoomView = ZoomView()) {
        zoom.show(picture, view: view)
        ink.isZoomed = true
        spotlight.pinch.isEnabled = false
        showChanged()
    }

    /// A trace's `set zoom`: shown as recorded (without a picture, if it was not zoomed).
    func replayZoom(_ view: ZoomView) {
        if zoom.state == .on { zoom.replay(view) } else { showZoom(nil, view: view) }
    }

    /// Back to the live screen.
    package func endZoom() {
        guard zoom.state != .off else { return }
        zoom.end()
        ink.isZoomed = false
        spotlight.pinch.isEnabled = true
        showChanged()
    }

    /// Whether nothing is drawn: paused, or capturing the screen for the zoom.
    private var isHidden: Bool { isPaused || zoom.state == .capturing }

    /// What paints under the markers: the ink (where it shows), under the spotlight (where it is on).
    private func updateUnderlay() {
        let inkUnderlay: Underlay? = ink.isShown ? ink.renderer : nil
        spotlight.underlay.below = inkUnderlay
        renderer.underlay = isHidden ? nil : spotlight.isOn ? spotlight.underlay : inkUnderlay
    }

    /// Brings the markers and the ink to `now` and returns what changed since the last frame
    /// (logical rectangles; valid until the next call).
    package func prepareFrame(now: Double, pixelWidth: Int, pixelHeight: Int, renderScale: Double) -> [Rect] {
        renderer.scale = renderScale
        text?.scale = renderScale  // captions are measured as they will be drawn
        let visualizer = window.visualizer
        let bounds = window.bounds
        visualizer.update(to: now, bounds: bounds)
        frameDamage.removeAll(keepingCapacity: true)
        if visualizerOnCanvas { frameDamage.append(contentsOf: visualizer.damage.rects) }
        if needsFullRedraw {
            frameDamage.append(bounds)
            needsFullRedraw = false
        }
        ink.updateToolbar(damage: &frameDamage)
        ink.updatePenHover(damage: &frameDamage)
        frameDamage.append(contentsOf: guideDamage)
        guideDamage.removeAll(keepingCapacity: true)
        if ink.isShown {
            ink.update(time: now, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: renderScale)
            frameDamage.append(contentsOf: ink.renderer.damage)
        }
        if let hover = ink.penHover { spotlight.hover(at: hover.point) }
        zoom.prepare(size: bounds.size, scale: renderScale)
        spotlight.update(bounds: bounds, scale: renderScale, shown: !isHidden)
        frameDamage.append(contentsOf: spotlight.underlay.damage)
        return frameDamage
    }

    /// Draws the prepared frame where `damage` says (logical rectangles) and returns the device
    /// pixels it redrew.
    package func draw(into canvas: Canvas, damage: [Rect]) -> [PixelRect] {
        renderer.draw(items(), into: canvas, damage: damage)
    }

    /// The prepared frame's shapes, back to front: the toolbar's, the visualizer's (on the
    /// canvas), then a hovering pen's; the ink goes under them (`renderer.underlay`). Valid
    /// until the next call.
    package func items() -> [DrawItem] {
        frameItems.removeAll(keepingCapacity: true)
        if !isHidden {
            if drawsToolbar { frameItems.append(contentsOf: ink.toolbarItems) }
            if visualizerOnCanvas { frameItems.append(contentsOf: window.visualizer.items) }
            frameItems.append(contentsOf: ink.hoverItems)
            frameItems.append(contentsOf: guideItems)
        }
        return frameItems
    }

    /// Shows `items` above everything in place of the guide shown so far (none: nothing).
    package func showGuide(_ items: [DrawItem]) {
        guideDamage.append(contentsOf: guideItems.map(\.bounds))
        guideItems = items
        guideDamage.append(contentsOf: items.map(\.bounds))
    }

    /// Whether the overlay shows nothing at all (after `prepareFrame`): no marker, ripple or
    /// cue, no ink and no toolbar, or it is paused.
    package var showsNothing: Bool {
        canvasShowsNothing && (isHidden || window.visualizer.items.isEmpty)
    }

    /// Whether the canvas shows nothing: as `showsNothing`, but without the markers when
    /// sprites show them.
    package var canvasShowsNothing: Bool {
        isHidden || ((!visualizerOnCanvas || window.visualizer.items.isEmpty) && !ink.isShown && !spotlight.isOn
                     && (!drawsToolbar || ink.toolbarItems.isEmpty) && ink.hoverItems.isEmpty && guideItems.isEmpty)
    }

    /// Whether the next frame differs without new input: markers or ink animate.
    package var isAnimating: Bool { window.visualizer.isAnimating || ink.isAnimating }
}
