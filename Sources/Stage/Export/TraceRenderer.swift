import Annotation
import Renderer
import TouchCore
import TouchlightConfig
import Visualizer

/// Draws a trace into frames, as the live overlay would have shown it: the same scene
/// (markers, ripples, gesture cues, ink and toolbar), on the trace's own clock. Time moves
/// only by `1 / fps` a frame on a manual scheduler, never by a wall clock, so the same trace
/// and options always give the same pixels.
@MainActor
public final class TraceRenderer {
    public let geometry: RenderGeometry
    public let framesPerSecond: Double
    /// The trace time of frame 0 (later than 0 when the start of the trace is cut).
    public let startTime: Double
    /// The frame drawn last: premultiplied ARGB, kept and redrawn only where it changed
    /// (made at the first frame drawn).
    public private(set) lazy var canvas = Canvas(width: geometry.pixelWidth, height: geometry.pixelHeight)
    /// How many frames were drawn.
    public private(set) var frameCount = 0
    private let trace: TouchTrace
    private let scheduler = ManualScheduler()
    package let scene: OverlayScene
    private var player: TracePlayer
    /// Carries out the trace's `set` lines as the live overlay did.
    private let controlPlane: ControlPlane
    /// Settings the trace named that were not applied, with why.
    public private(set) var ignoredSettings: [String] = []
    /// Why the configured font is not used, if it is not.
    public let fontWarning: String?

    /// `configuration`: the style and `[annotate]` start values (a trace's `set` lines then
    /// change the latter as they did when it was recorded).
    public init(trace: TouchTrace, configuration: Configuration, geometry: RenderGeometry, framesPerSecond: Double,
                startTime: Double = 0, drawsToolbar: Bool = true) {
        self.trace = trace
        self.geometry = geometry
        self.framesPerSecond = framesPerSecond
        self.startTime = max(0, startTime)
        controlPlane = ControlPlane(file: configuration.annotate)
        let (text, fontWarning) = TextRenderer.loading(family: configuration.font)
        self.fontWarning = fontWarning
        scene = OverlayScene(size: geometry.logicalSize, scheduler: scheduler, capture: true,
                             settings: SceneSettings(configuration: configuration, text: text), toolbarPlace: ToolbarPlace())
        scene.drawsToolbar = drawsToolbar
        player = TracePlayer(trace: trace)
        scheduleNextEvents()
    }

    /// The trace time frame `index` shows.
    public func time(ofFrame index: Int) -> Double { startTime + Double(index) / framesPerSecond }

    /// Whether every frame has been drawn: the trace has ended and nothing moves or waits any
    /// more (a marker left down fades when it goes stale), or `lastPossibleTime` has passed.
    public var isFinished: Bool {
        guard frameCount > 0 else { return false }
        let time = self.time(ofFrame: frameCount - 1)
        if time > lastPossibleTime { return true }
        guard player.isFinished, time >= trace.duration else { return false }
        return !scene.isAnimating && scene.window.visualizer.nextDeadline == nil
    }

    /// Frames past the trace's end: at most long enough for a stuck marker to go stale and fade.
    private var lastPossibleTime: Double {
        trace.duration + scene.window.visualizer.style.staleTimeout + Self.tailAllowance
    }

    private static let tailAllowance = 5.0

    /// Draws the next frame into `canvas` and returns the device pixels that changed.
    @discardableResult
    public func renderNextFrame() -> [PixelRect] { renderNextFrame(observingDamage: { _ in }) }

    /// Draws the next frame, first showing `observe` what changed (logical rectangles; the
    /// first frame's whole picture is not among them).
    package func renderNextFrame(observingDamage observe: ([Rect]) -> Void) -> [PixelRect] {
        let damage = advance()
        observe(damage)
        let drawn = scene.draw(into: canvas, damage: frameCount == 0 ? [scene.window.bounds] : damage)
        frameCount += 1
        return drawn
    }

    /// Brings the scene to the next frame without drawing it, for a presenter that draws the
    /// scene itself (the renderer comparison): the logical rectangles that changed.
    func prepareNextFrame() -> [Rect] {
        let damage = advance()
        frameCount += 1
        return damage
    }

    /// The most frames a render of this trace can have, by arithmetic alone (nothing is
    /// played): up to the trace's end, and then as long as a marker left down takes to go
    /// stale and fade. The render itself ends where `isFinished` says, at or before it.
    public var frameBound: Int {
        let frames = (max(0, lastPossibleTime - startTime) * framesPerSecond).rounded(.up) + 2
        return frames < Double(Int.max / 2) ? Int(frames) : Int.max / 2
    }

    /// Brings the scene to the next frame's time: the logical rectangles that changed.
    private func advance() -> [Rect] {
        let now = time(ofFrame: frameCount)
        scheduler.advance(to: now)
        return scene.prepareFrame(now: now, pixelWidth: geometry.pixelWidth, pixelHeight: geometry.pixelHeight,
                                  renderScale: geometry.renderScale)
    }

    /// Applies the trace's next `set` lines and feeds its next frame of events when their time
    /// comes (the settings first, as the trace writes them), then waits for what comes after:
    /// one timer at a time, however many lines the trace holds.
    private func scheduleNextEvents() {
        guard let time = player.nextTime else { return }
        _ = scheduler.schedule(at: time) { [unowned self] in
            for setting in self.player.takeSettings(dueBy: time) { self.apply(setting) }
            if let frameTime = self.player.nextFrameTime, frameTime <= time {
                self.player.playFrame(into: self.scene.dispatcher, scaleX: self.geometry.positionScale.x,
                                      scaleY: self.geometry.positionScale.y)
            }
            self.scheduleNextEvents()
        }
    }

    /// A recorded setting comes due: carried out by the control plane, as it was live.
    private func apply(_ setting: TouchTrace.Setting) {
        if let problem = controlPlane.replay(setting, on: [self]) {
            ignoredSettings.append("\(setting.name) \(setting.value): \(problem)")
        }
    }
}

/// The rendered scene as the control plane's target: each frame is drawn from its damage, so a
/// change needs nothing more.
extension TraceRenderer: AnnotationTarget {
    package var outputName: String { "render" }
    package func sceneChanged(everything: Bool) {}
    package func inkImage(page: Int) -> PNG.Image {
        scene.ink.image(page: page, time: scheduler.now, pixelWidth: geometry.pixelWidth, pixelHeight: geometry.pixelHeight, scale: geometry.renderScale)
    }

    /// A trace has no picture of the screen: the ink is drawn as the zoom showed it, over
    /// transparency (or the video under it).
    package func setZoom(_ on: Bool) -> String? {
        if on { scene.showZoom(nil) } else { scene.endZoom() }
        return nil
    }
}

/// The size frames are drawn at, and how the trace's positions map onto them.
public struct RenderGeometry: Equatable, Sendable {
    /// The logical size the scene has (markers keep their logical size in it).
    public var logicalSize: Size
    /// Device pixels per logical unit.
    public var renderScale: Double
    /// From the trace's logical positions to the scene's.
    public var positionScale: (x: Double, y: Double)

    /// The longest side of a frame, in pixels (`--size` takes at most this too).
    public static let maximumSide = Canvas.largestSide

    public var pixelWidth: Int { max(1, Int((logicalSize.width * renderScale).rounded())) }
    public var pixelHeight: Int { max(1, Int((logicalSize.height * renderScale).rounded())) }

    /// The trace's own output: its logical size at `scale` (the trace's scale when nil).
    public init(trace: TouchTrace, scale: Double? = nil) {
        logicalSize = trace.outputSize
        renderScale = scale ?? trace.scale
        positionScale = (1, 1)
    }

    /// Frames of `width` × `height` pixels: the scale fits the trace's width, and positions
    /// stretch vertically when the aspect differs (as a replay on another output does).
    public init(trace: TouchTrace, width: Int, height: Int) {
        renderScale = Double(width) / trace.outputSize.width
        logicalSize = Size(width: trace.outputSize.width, height: Double(height) / renderScale)
        positionScale = (1, logicalSize.height / trace.outputSize.height)
    }

    public static func == (a: RenderGeometry, b: RenderGeometry) -> Bool {
        a.logicalSize == b.logicalSize && a.renderScale == b.renderScale && a.positionScale == b.positionScale
    }
}
