import Annotation
import Stage
import TouchCore
import TouchscreenInput

// The narrow interfaces the parts of the client report through, instead of each holding the
// whole `App`: an overlay, a seat and a replay source each see only what they need.

/// What an overlay tells the program around it.
@MainActor
protocol OverlayEvents: AnyObject {
    /// An event the overlay's dispatcher delivered (for recording and --verbose).
    func overlay(_ overlay: Overlay, delivered event: TouchEvent)
    /// The compositor closed the overlay's layer surface.
    func overlayClosed(_ overlay: Overlay)
    /// The overlay committed its first frame (for --verbose: it is on screen, taking what its
    /// input region covers).
    func overlayShowedFirstFrame(_ overlay: Overlay)
    /// Nothing animates any more: what shows stays until the next input, or for `duration`
    /// seconds, when a timer will change it (for --verbose, and the tests that wait for it).
    func overlay(_ overlay: Overlay, cameToRestFor duration: Double?)
    /// A toolbar button was tapped: the command it gives.
    func overlay(_ overlay: Overlay, asked command: ControlCommand)
    /// A pen hovers over the overlay, or no longer (nil), where it shows (for recording).
    func overlay(_ overlay: Overlay, penHovered hover: PenHover?)
    /// The overlay's text box opened, changed or closed (to take or give back the keyboard,
    /// and to record it).
    func overlay(_ overlay: Overlay, textBox change: TextBoxChange)
    /// The zoom began (`on`), shows a view (`SCALE,X,Y`) or ended (`off`): a trace's `set zoom` value (for recording).
    func overlay(_ overlay: Overlay, zoomed value: String)
    /// A hovering pointer led the spotlight to `point` (for recording).
    func overlay(_ overlay: Overlay, ledSpotlightTo point: Point)
    /// The toolbar was dropped at a new place (to remember).
    func overlay(_ overlay: Overlay, movedToolbarTo place: ToolbarPlace)
    /// The overlay cannot go on (no memory for buffers).
    func overlay(_ overlay: Overlay, failed error: Error)
    func note(_ message: String)
}

/// What a seat needs from the program around it.
@MainActor
protocol SeatEvents: AnyObject {
    /// The overlay whose surface this is, if any.
    func overlay(for surface: OpaquePointer) -> Overlay?
    /// Whether overlays take touches (the keyboard is held only then, for Escape).
    var isCapturing: Bool { get }
    /// The pointer buttons (evdev codes) that draw while held.
    var pointerDrawButtons: [UInt32] { get }
    /// Escape was pressed while capturing.
    func leaveCaptureMode()
    /// Whether a text box is open on some overlay (the keyboard is held then, to type into it).
    var isTyping: Bool { get }
    /// A key pressed (or repeating) while a text box is open: what it means to the box.
    func typed(_ meaning: KeyInterpreter.Meaning)
    /// The text box open on `surface`, and its caret (surface px), for an input method; nil: none.
    func textBox(on surface: OpaquePointer) -> (box: TextBox, caret: Rect)?
    /// What an input method sent to the box on `surface`.
    func inputMethod(_ change: InputMethodChange, on surface: OpaquePointer)
    /// The overlay (`surface`) took the keyboard focus, or lost it (for --verbose: Escape works
    /// only while it has it; and a text box asking for it on demand learns it came).
    func keyboardFocused(_ focused: Bool, on surface: OpaquePointer?)
    /// Input arrived (statistics).
    func inputArrived()
    /// A wl_touch went down on `overlay` at `point`, stamped `milliseconds` (to compare with
    /// libinput's sighting of the same touch).
    func touchWentDown(on overlay: Overlay, at point: Point, milliseconds: UInt32)
}

/// What a touchscreen source (libinput, or a libinput-shaped replay) needs from the program
/// around it: the overlay, or `record --no-overlay`'s recorder.
@MainActor
protocol TouchscreenEvents: AnyObject {
    /// Where a touchscreen's touches go.
    func touchscreenTarget(forDevice name: String) -> TouchTranslator.Target?
    /// Touches were handed to their targets (the overlays redraw).
    func touchscreensDelivered()
    func inputArrived()
    func note(_ message: String)
}

/// What a replay source needs from the program around it.
@MainActor
protocol ReplayEvents: TouchscreenEvents {
    /// The overlays to play into, in a stable order.
    var activeOverlays: [Overlay] { get }
    /// A recorded setting comes due (a `set` line).
    func replay(_ setting: TouchTrace.Setting)
}
