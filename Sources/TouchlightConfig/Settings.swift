import Annotation
import TouchCore
import Visualizer
import TouchscreenInput
/// Every configuration key, section by section, in the order the default file lists them.
extension Setting {
    static let all: [Setting] = [
        // [marker]
        .length("marker", "radius", "Radius of the marker disc, larger than a fingertip: logical px, or \"2.5%\" of the output's shorter side (the same size in a recording at any resolution).",
                \.style.markerRadius, share: \.style.markerRadiusShare, 4...400, percent: 0.1...20),
        .length("marker", "ring_width", "Width of the ring around the disc: logical px, or a percentage of the output's shorter side.",
                \.style.ringWidth, share: \.style.ringWidthShare, 0.5...50, percent: 0.01...5),
        .colors("marker", "palette", "Colour per finger: finger 1 takes the first, a lifted finger's colour is reused next.", \.style.palette),
        .number("marker", "fill_opacity", "Opacity of the disc.", \.style.fillOpacity, 0...1),
        .number("marker", "ring_opacity", "Opacity of the ring.", \.style.ringOpacity, 0...1),
        .number("marker", "shadow_opacity", "Dark outline that keeps markers visible on light backgrounds (0: none).", \.style.shadowOpacity, 0...1),
        .flag("marker", "outline", "A thin outline around the ring in black or white, whichever contrasts with the marker's colour (reads on any background and in video).", \.style.markerOutline),
        .flag("marker", "contact_shape", "Draw the contact ellipse when the touchscreen reports one.", \.style.showContactShape),
        // [ripple]
        .flag("ripple", "enabled", "Leave ripples along a moving finger's path.", \.style.ripplesEnabled),
        .number("ripple", "spacing", "Distance travelled between two ripples.", \.style.rippleSpacing, 2...1000),
        .milliseconds("ripple", "duration_ms", "How long a ripple takes to shrink and fade.", \.style.rippleDuration, 20...10_000),
        .number("ripple", "end_scale", "Size a ripple shrinks to, relative to the marker.", \.style.rippleEndScale, 0...4),
        .number("ripple", "opacity", "Opacity of a new ripple.", \.style.rippleOpacity, 0...1),
        // [fade]
        .milliseconds("fade", "lift_ms", "How long a lifted finger's marker takes to fade out.", \.style.liftFadeDuration, 0...10_000),
        .milliseconds("fade", "stale_ms", "A marker whose touch sends nothing for this long fades out (a lost up event).", \.style.staleTimeout, 100...600_000),
        // [video]
        .milliseconds("video", "min_visible_ms", "A marker stays fully shown at least this long after its finger went down, so short taps show in recordings (120: four frames at 30 fps).", \.style.minimumVisibleDuration, 0...2_000),
        // [gestures]
        .cues("gestures", "show", "Gesture cues to draw."),
        .color("gestures", "cue_color", "Colour of the gesture cues.", \.style.cueColor),
        .milliseconds("gestures", "cue_duration_ms", "How long a cue takes to play or fade.", \.style.cueDuration, 50...10_000),
        .number("gestures", "cue_line_width", "Line width of the cues.", \.style.cueLineWidth, 0.5...50),
        .milliseconds("gestures", "long_press_ms", "How long a finger rests before it is a long press.", \.style.longPressDuration, 100...10_000),
        .milliseconds("gestures", "long_press_fill_delay_ms", "The long-press fill starts after this (so quick taps show none).", \.style.longPressArcDelay, 0...10_000),
        .milliseconds("gestures", "double_tap_interval_ms", "Longest pause between the two taps of a double tap.", \.doubleTapInterval, 50...2_000),
    ] + [
        // [captions]
        .flag("captions", "enabled", "Label recognized gestures with their measures (\"pinch ×1.8\") near the fingers, never over one.", \.style.captions.isEnabled),
        .length("captions", "size", "Caption text size: logical px, or a percentage of the output's shorter side.",
                \.style.captions.size, share: \.style.captions.sizeShare, 6...200, percent: 0.2...20),
        .color("captions", "color", "Caption text colour (outlined in black or white, whichever contrasts more).", \.style.captions.color),
        .number("captions", "outline", "Width of the text's outline, logical px (0: none).", \.style.captions.outlineWidth, 0...10),
        .milliseconds("captions", "hold_ms", "How long a caption stays after its gesture ends, before it fades.", \.style.captions.holdDuration, 0...60_000),
    ] + GestureKind.allCases.map(Setting.caption) + [
        // [hud]
        .flag("hud", "enabled", "Show the pointer-location HUD (as --hud): contact counts, the primary contact's position, travel, velocity, pressure and size, a crosshair through each finger and the gesture's paths.", \.style.hud.isEnabled),
        .number("hud", "text_size", "The HUD's text size, logical px.", \.style.hud.textSize, 6...100),
        // [text]
        .font("text", "font", "Font of captions and the HUD, as fontconfig names it (\"sans\": its default sans, such as DejaVu Sans).", \.font),
        // [input]
        .choice("input", "source", "Where touches come from.", \.input.source),
        .flag("input", "capture", "Take touches instead of letting them through to the applications below.", \.input.capture),
        .text("input", "replay_file", "Trace to play with the replay source.", \.input.replayFile),
        .number("input", "replay_speed", "Replay speed (2: twice as fast).", \.input.replaySpeed, Configuration.Input.replaySpeeds),
        .flag("input", "replay_loop", "Start the replay over when it ends.", \.input.replayLoops),
        .flag("input", "fallback_to_wayland", "When the libinput source cannot start, carry on with wl_touch.", \.input.fallbackToWayland),
        // [output]
        .texts("output", "only", "Outputs to show markers on, by name (empty: every output).", \.output.only),
        .text("output", "touchscreen_output", "libinput source: the output the touchscreen belongs to (empty: the built-in panel).", \.output.touchscreenOutput),
        .transform("output", "transform", "libinput source: the touchscreen's rotation relative to the output (auto: the output's own).", \.output.transform),
        // [annotate]
        .choice("annotate", "mode", "Mode at start: off (markers only), draw (touches draw ink) or pass (ink stays, touches reach the apps).", \.annotate.mode),
        .choice("annotate", "tool", "Tool at start.", \.annotate.ink.tool),
        .color("annotate", "color", "Ink colour at start.", \.annotate.ink.color),
        .number("annotate", "width", "Ink width at start.", \.annotate.ink.width, 0.5...200),
        .choice("annotate", "board", "Page under the ink at start: off (the screen shows through), white, black or grid (white, squared).", \.annotate.board),
        .choice("annotate", "keep", "What a restart brings back (read at start): session (every page of ink on every output, the board, page, tool, colour and width, saved within a second of each change) or none.", \.annotate.keep),
        .flag("annotate", "markers_while_drawing", "Show a marker under each drawing finger too.", \.annotate.markersWhileDrawing),
        .choices("annotate", "pointer_buttons", "Mouse buttons that draw while held (left, right, middle; [] for none).", \.annotate.pointerButtons),
        .flag("annotate", "toolbar", "Show the toolbar (tools, colours, widths, undo, redo, clear, mode, save) in draw and pass modes.", \.annotate.toolbar),
        .colors("annotate", "palette", "The toolbar's colours (#RRGGBB or #RRGGBBAA).", \.annotate.palette, count: 1...12),
        .flag("annotate", "pen_hover", "While a pen hovers in draw mode without touching, show where it would draw: a dot of the ink's colour, or the eraser's reach as a ring.", \.annotate.penHover),
        .choice("annotate", "palm", "Palm rejection for pen users: pen (while a pen hovers or touches, and palm_delay_ms after, fingers draw no ink; they still show markers), pen-and-size (as pen, and a contact larger than palm_size is a palm at any time: no marker, no ink) or off. A palm the touchscreen itself reports is always dropped.", \.annotate.palm.mode),
        .milliseconds("annotate", "palm_delay_ms", "How long after the pen leaves fingers still draw no ink.", \.annotate.palm.delay, 0...10_000),
        .number("annotate", "palm_size", "With palm = \"pen-and-size\": the largest contact that is a finger, its long axis in logical px (a contact's size comes from the compositor's wl_touch shape, or from a recorded trace).", \.annotate.palm.largestFinger, 10...2_000),
        .flag("annotate", "tap_gestures", "While drawing, a two-finger tap undoes and a three-finger tap redoes.", \.annotate.tapGestures),
        .milliseconds("annotate", "laser_fade_ms", "How long laser ink takes to fade after the lift.", \.annotate.ink.laserFade, 50...60_000),
        .integer("annotate", "undo_steps", "Undo steps kept per output.", \.annotate.ink.undoLimit, 100...100_000),
        .number("annotate", "smoothing_min_cutoff", "1€ filter: cutoff at rest in Hz (lower smooths slow strokes more).", \.annotate.ink.filter.minimumCutoff, 0.01...1_000),
        .number("annotate", "smoothing_beta", "1€ filter: how fast the cutoff rises with speed (higher lags less; 0 smooths evenly).", \.annotate.ink.filter.beta, 0...100),
        // [spotlight]
        .flag("spotlight", "on", "Show the spotlight at start (touchlight ctl spotlight on|off|toggle, or the toolbar, switches it).", \.annotate.spotlight.isOn),
        .number("spotlight", "dim", "How much the spotlight darkens the screen outside its circle (0: not at all, 1: black).", \.annotate.spotlight.dim, 0...1),
        .number("spotlight", "radius", "The spotlight's radius at start, logical px (a pinch in draw mode resizes it).", \.annotate.spotlight.radius, AnnotationDefaults.spotlightRadii),
        // [zoom]
        .number("zoom", "maximum", "The most the zoom magnifies its frozen picture (touchlight ctl zoom, the toolbar; a two-finger pinch zooms, two fingers pan).", \.annotate.zoomMaximum, 2...AnnotationDefaults.zoomRange.upperBound),
        // [performance]
        .integer("performance", "max_markers", "Most markers at once (fingers plus fading ones).", \.style.maximumMarkers, 1...100),
        .integer("performance", "max_ripples", "Most ripples at once; past it the oldest is recycled.", \.style.maximumRipples, 0...10_000),
        .integer("performance", "max_cues", "Most gesture cues at once.", \.style.maximumCues, 1...1_000),
        .integer("performance", "max_fps", "Frames per second at most (0: as often as the compositor asks).", \.performance.maximumFrameRate, 0...1_000),
        .choice("performance", "renderer", "How markers reach the screen: canvas (pixels in the overlay's own buffers, drawn with pixman), sprites (small subsurfaces the compositor moves), gles (OpenGL ES 2 shaders) or auto (gles on a GPU, else canvas).", \.performance.renderer),
        .milliseconds("performance", "idle_release_ms", "With nothing shown for this long, an overlay gives its drawing memory back (0: keeps it).", \.performance.idleReleaseDelay, 0...3_600_000),
    ]

    static var sections: [String] {
        var seen: [String] = []
        for setting in all where !seen.contains(setting.section) { seen.append(setting.section) }
        return seen
    }
}
