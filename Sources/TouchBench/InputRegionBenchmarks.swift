import Annotation
import TouchCore
import Visualizer

/// What computing the overlay's input region costs whenever its views change (a mode switch, a
/// toolbar tap or drop): from the views' frames, against the 8 px grid of hit-tests it replaced,
/// in the same run. Measured for an overlay in pass mode (only the toolbar is hit) and in draw
/// mode (everything is), at 1080p and 4K logical sizes; each line also says whether the two
/// regions agree at every grid cell's centre.
@MainActor
enum InputRegionBenchmarks {
    static func run() {
        print("input region: from view frames against the 8 px grid of hit-tests, median of 9 runs")
        for size in [Size(width: 1920, height: 1080), Size(width: 3840, height: 2160)] {
            let window = OverlayWindow(size: size, scheduler: ManualScheduler())
            let ink = InkView(frame: window.bounds, document: InkDocument(settings: InkDocument.Settings()))
            let toolbar = ToolbarView(outputSize: size, place: ToolbarPlace(), palette: AnnotationDefaults.palette.compactMap { Color(hex: $0) },
                                      widths: AnnotationDefaults.widths)
            window.addSubview(ink)
            window.addSubview(toolbar)
            for mode in [AnnotationMode.pass, .draw] {
                ink.mode = mode
                var grid: [Rect] = [], frames: [Rect] = []
                let gridNanoseconds = medianNanoseconds(iterations: 1) { grid = InputRegion.sampled(of: window, size: size) }
                let framesNanoseconds = medianNanoseconds(iterations: 1000) {
                    for _ in 0..<1000 { frames = InputRegion.rects(of: window, size: size) }
                }
                let name = "\(Int(size.width))×\(Int(size.height)) \(mode.name) mode"
                report("\(name), grid (\(grid.count) rects)", gridNanoseconds)
                report("\(name), frames (\(frames.count) rects, \(agreement(grid, frames, size)))", framesNanoseconds,
                       baseline: ("the grid", gridNanoseconds))
            }
        }
    }

    /// Whether both regions hold the same grid cells' centres.
    static func agreement(_ grid: [Rect], _ frames: [Rect], _ size: Size) -> String {
        var differing = 0
        for y in stride(from: 4.0, to: size.height, by: 8) {
            for x in stride(from: 4.0, to: size.width, by: 8) {
                let point = Point(x: x, y: y)
                if grid.contains(where: { $0.contains(point) }) != frames.contains(where: { $0.contains(point) }) { differing += 1 }
            }
        }
        return differing == 0 ? "same cells" : "\(differing) cells differ"
    }
}
