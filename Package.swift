// swift-tools-version:6.0
import PackageDescription

// glance takes no package dependencies: Foundation, Dispatch, the C library and the test frameworks only.
let package = Package(
  name: "glance",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "GlanceCore", targets: ["GlanceCore"]),
    .executable(name: "glance", targets: ["glance"]),
  ],
  targets: [
    .target(name: "GlanceCore", path: "Sources/GlanceCore"),
    .executableTarget(name: "glance", dependencies: ["GlanceCore"], path: "Sources/glance"),
    // A small helper the crash and concurrency tests start as a child process; never shipped.
    .executableTarget(name: "glance-torture", dependencies: ["GlanceCore"], path: "Tests/Torture"),
    // The benchmark's data generator and its floor (bench/run); never shipped.
    .executableTarget(name: "glance-benchdata", dependencies: ["GlanceCore"], path: "bench/Generator"),
    .executableTarget(name: "glance-floor", path: "bench/Floor"),
    .testTarget(
      name: "GlanceCoreTests", dependencies: ["GlanceCore"], path: "Tests/GlanceCoreTests", exclude: ["Golden", "Fixtures"]),
    .testTarget(
      name: "GlanceEndToEndTests",
      dependencies: ["GlanceCore", "glance", "glance-torture"],
      path: "Tests/GlanceEndToEndTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
