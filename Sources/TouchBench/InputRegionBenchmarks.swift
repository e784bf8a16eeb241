import Annotation
import TouchCore
import Visualizer

/// What computing the overlay's input region costs: the window is hit-tested on an 8 px grid
/// whenever its views change (a mode switch, a toolbar tap or drop). Measured for an overlay in
/// pass mode (only the toolbar is hit) and in draw mode (everything is), at 1080p and 4K
/// logical sizes.
@MainActor
enum InputRegionBenchmarks {
    static func run() {
        print("input region (8 px grid), median of 9 runs")
        for size in [Size(width: 1920, height: 1080), Size(width: 3840, height: 2160)] {
            let window = OverlayWindow(size: size, scheduler: ManualScheduler())
            let ink = InkView(frame: window.bounds, document: InkDocument(settings: InkDocument.Settings()))
            let toolbar = ToolbarView(outputSize: size, place: ToolbarPlace(), palette: AnnotationDefaults.palette.compactMap { Color(hex: $0) },
                                      widths: AnnotationDefaults.widths)
            window.addSubview(ink)
            window.addSubview(toolbar)
            for mode in [AnnotationMode.pass, .draw] {
                ink.mode = mode
                var count = 0
                let ns = medianNanoseconds(iterations: 1) { count = InputRegion.rects(of: window, size: size).count }
                report("\(Int(size.width))×\(Int(size.height)) \(mode.name) mode (\(count) rects)", ns)
            }
        }
    }
}
