/// Runs `body` (which does `iterations` units of work) `runs` times and returns the median
/// time per unit in nanoseconds. A warm-up run comes first and is not counted.
@MainActor
func medianNanoseconds(runs: Int = 9, iterations: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    body()
    var samples: [Double] = []
    for _ in 0..<runs {
        samples.append(nanoseconds(clock.measure(body)) / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// The input rate the benchmarks play touches at (a fast touchscreen's), and one frame's time.
let benchmarkRate = 120.0
let frameInterval = 1.0 / benchmarkRate
/// How many frames an allocation count or a steady sample covers (a second at `benchmarkRate`).
let sampleFrames = 120

/// A duration in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func report(_ name: String, _ ns: Double, baseline: (String, Double)? = nil) {
    var line = name.padding(toLength: 52, withPad: " ", startingAt: 0)
    line += ns >= 1000 ? String(format: "%9.2f µs", ns / 1000) : String(format: "%9.1f ns", ns)
    if let (baseName, base) = baseline {
        line += String(format: "   %.2f× %@", ns / base, baseName)
    }
    print(line)
}

import Foundation
func cosine(_ x: Double) -> Double { cos(x) }
func sine(_ x: Double) -> Double { sin(x) }
