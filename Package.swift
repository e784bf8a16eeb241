// swift-tools-version: 6.1
import PackageDescription

// Layout: one folder per target under Sources/. TouchCore is pure Swift and platform-free;
// later targets (the pixman renderer, the Wayland client, the `touchlight` executable) sit
// beside it and depend on it, never the other way round.
let package = Package(
    name: "Touchlight",
    products: [
        .library(name: "TouchCore", targets: ["TouchCore"]),
    ],
    targets: [
        .target(name: "TouchCore"),
        .executableTarget(name: "TouchBench", dependencies: ["TouchCore"]),
        .testTarget(name: "TouchCoreTests", dependencies: ["TouchCore"]),
    ],
    swiftLanguageModes: [.v6]
)
