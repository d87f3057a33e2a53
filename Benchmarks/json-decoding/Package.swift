// swift-tools-version:6.0
// The JSON decoding study of issue 3: how fast each way of reading a COCO results file
// (~30 MB, 326,000 detections) into columns is. A package of its own so the product never
// depends on json-c; it uses FaceBenchIO from the checkout two folders up.
//
//   cd Benchmarks/json-decoding && swift run -c release json-decoding [RESULTS.json]
import PackageDescription

let package = Package(
    name: "json-decoding",
    dependencies: [.package(name: "FaceBench", path: "../..")],
    targets: [
        .target(name: "CJSONC", linkerSettings: [.linkedLibrary("json-c")]),
        .executableTarget(
            name: "json-decoding",
            dependencies: [
                .product(name: "FaceBenchModel", package: "FaceBench"), .product(name: "FaceBenchIO", package: "FaceBench"), "CJSONC",
            ]),
    ]
)
