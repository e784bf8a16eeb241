// Touchlight micro-benchmarks. Run in release mode:  swift run -c release TouchBench
// Each figure is the median of several runs; ratios compare against a baseline measured in the
// same run, so a busy machine shifts both alike.
TouchCoreBenchmarks.run()
print()
RendererBenchmarks.run()
