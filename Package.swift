// swift-tools-version: 6.1
import PackageDescription

// Layout: one folder per target under Sources/. TouchCore is pure Swift and platform-free;
// later targets (the pixman renderer, the Wayland client, the `touchlight` executable) sit
// beside it and depend on it, never the other way round.
// Per-frame drawing code is optimized in debug builds too, so the property tests that run it
// for 100,000 frames stay quick; it remains testable (@testable import).
let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Touchlight",
    products: [
        .library(name: "TouchCore", targets: ["TouchCore"]),
        .library(name: "Visualizer", targets: ["Visualizer"]),
        .library(name: "Renderer", targets: ["Renderer"]),
        .library(name: "Annotation", targets: ["Annotation"]),
        .library(name: "TouchlightConfig", targets: ["TouchlightConfig"]),
        .executable(name: "touchlight", targets: ["touchlight"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(name: "TouchCore"),
        .target(name: "Visualizer", dependencies: ["TouchCore"], swiftSettings: optimizedEvenInDebug),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSPNG", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .target(name: "TouchscreenInput", dependencies: ["TouchCore"]),
        .target(name: "Annotation", dependencies: ["TouchCore", "Visualizer"]),
        .target(name: "TouchlightConfig", dependencies: ["Visualizer", "Annotation", "TouchscreenInput", "SafeFiles", .product(name: "TOMLKit", package: "TOMLKit")]),
        .systemLibrary(name: "CText", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev"])]),
        // cairo's PDF surface, for `ctl save --pdf` (vector ink, real text).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        .target(name: "Renderer", dependencies: ["Visualizer", "Annotation", "CPixman", "CSPNG", "CText", "CCairo"], swiftSettings: optimizedEvenInDebug),
        // The GLES 2 renderer: EGL, its shaders (shaders/*.vert, *.frag, embedded in the binary
        // by C23's #embed, so an installed program carries them).
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libgles-dev", "libwayland-dev"])]),
        .target(name: "CShaders", path: "shaders",
                exclude: ["README.md", "quad.vert", "marker.frag", "ripple.frag", "stroke.frag", "texture.frag"],
                cSettings: [.unsafeFlags(["-std=c2x"])]),
        .target(name: "GLRenderer", dependencies: ["Renderer", "Visualizer", "CEGL", "CShaders"]),
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CLibinput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        .target(name: "CLinux"),
        // KWin's ScreenShot2 on the session bus (sd-bus, from libsystemd), for the zoom on KWin.
        .target(name: "CScreenShot2", linkerSettings: [.linkedLibrary("systemd")]),
        .target(name: "SafeFiles"),
        .target(name: "ChildProcesses"),
        .target(name: "HeadlessSession", dependencies: ["SafeFiles", "ChildProcesses"]),
        // The overlay's scene, ink, control plane, recording and export: no Wayland, EGL,
        // libinput or xkb, so it builds and is tested without a compositor.
        .target(name: "Stage",
                dependencies: ["Renderer", "Annotation", "TouchlightConfig", "TouchscreenInput", "SafeFiles", "ChildProcesses", "CLinux",
                               .product(name: "Logging", package: "swift-log")]),
        .target(name: "OverlayClient",
                dependencies: ["Stage", "Renderer", "GLRenderer", "Annotation", "TouchlightConfig", "TouchscreenInput", "SafeFiles", "ChildProcesses", "CWaylandClient", "CWaylandProtocols", "CXKBCommon", "CLinux", "CLibinput", "CScreenShot2",
                               .product(name: "Logging", package: "swift-log")]),
        .executableTarget(name: "touchlight", dependencies: [
            "OverlayClient", "Stage", "TouchlightConfig", "Annotation", "HeadlessSession", "SafeFiles", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "CAllocationCounter"),
        .executableTarget(name: "TouchBench", dependencies: ["TouchCore", "Renderer", "Annotation", "Stage", "TouchlightConfig", "SafeFiles", "CAllocationCounter", "CZlib"]),
        .target(name: "TestSupport", dependencies: ["Visualizer"], path: "Tests/TestSupport"),
        .testTarget(name: "TouchCoreTests", dependencies: ["TouchCore", "Visualizer", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "VisualizerTests", dependencies: ["Visualizer", "TestSupport"]),
        .testTarget(name: "AnnotationTests", dependencies: ["Annotation", "TestSupport"]),
        .testTarget(name: "RendererTests", dependencies: ["Renderer", "Annotation", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "GLRendererTests", dependencies: ["GLRenderer", "Renderer", "TestSupport"]),
        .testTarget(name: "StageTests", dependencies: ["Stage", "ChildProcesses", "TestSupport", "Renderer"]),
        .testTarget(name: "OverlayClientTests", dependencies: ["OverlayClient", "Stage", "ChildProcesses", "TestSupport", "Renderer", "GLRenderer"]),
        .testTarget(name: "TouchlightConfigTests", dependencies: ["TouchlightConfig", "TouchscreenInput", "TestSupport"]),
        .testTarget(name: "SafeFilesTests", dependencies: ["SafeFiles"]),
        .testTarget(name: "TouchscreenInputTests", dependencies: ["TouchscreenInput", "TestSupport"]),
        // Drives the built `touchlight` on real compositors (sway headless; Mir through WLCS).
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "HeadlessSession", "TouchCore", "Annotation", "TouchscreenInput"], exclude: ["Fixtures", "KWinDriver", "MirDriver", "UmockdevDriver", "InputMethodDriver"]),
    ],
    swiftLanguageModes: [.v6]
)
