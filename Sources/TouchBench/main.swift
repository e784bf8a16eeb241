// Touchlight micro-benchmarks. Run in release mode:  swift run -c release TouchBench
// Each figure is the median of several runs; ratios compare against a baseline measured in the
// same run, so a busy machine shifts both alike.
//   --split     also times the parts of a damage-only frame and counts allocations per part
//   --ceiling   only: how fast damage-only drawing could get in the renderer's scene
//   --ink       only: the annotation benchmark
//   --undo      only: one undo and one redo among 4,249 strokes, against drawing the layer anew
//   --region    only: computing the overlay's input region
//   --export    only: touchlight render's throughput, and libspng against the hand-written PNG encoder
//   --captions  only: captions and the HUD on the renderer's scene
//   --spotlight only: the spotlight following a finger, against the finger's marker alone
//   --text      only: typing into a text box, and putting it down as ink
//   --zoom      only: drawing on a zoomed picture, and a pinch's frame
//   --session   only: saving and reading a session of 10 dense pages
//   --damage    only: the pixels a frame damages with three fingers circling (issue 49's scene)
if CommandLine.arguments.contains("--captions") {
    CaptionBenchmarks.run()
} else if CommandLine.arguments.contains("--export") {
    ExportBenchmarks.run()
} else if CommandLine.arguments.contains("--region") {
    InputRegionBenchmarks.run()
} else if CommandLine.arguments.contains("--ceiling") {
    DamageCeiling.run()
} else if CommandLine.arguments.contains("--ink") {
    InkBenchmarks.run()
} else if CommandLine.arguments.contains("--zoom") {
    ZoomBenchmarks.run()
} else if CommandLine.arguments.contains("--text") {
    TextBenchmarks.run()
} else if CommandLine.arguments.contains("--spotlight") {
    SpotlightBenchmarks.run()
} else if CommandLine.arguments.contains("--session") {
    SessionBenchmarks.run()
} else if CommandLine.arguments.contains("--damage") {
    DamageBenchmarks.run()
} else if CommandLine.arguments.contains("--undo") {
    UndoBenchmarks.run()
} else {
    TouchCoreBenchmarks.run()
    print()
    RendererBenchmarks.run()
    print()
    CaptionBenchmarks.run()
    print()
    InkBenchmarks.run()
    print()
    ExportBenchmarks.run()
}
