// swift-tools-version:6.0
// FaceBench: compare face detectors on annotated datasets.
//
// Target graph (data flows one way, dependencies point down; SwiftPM refuses an import of a
// target that is not in the dependency list, so an upward import does not compile, and
// scripts/check-module-graph.sh checks every import line against this picture):
//
//   facebench (executable) → FaceBenchCLI
//   FaceBenchCLI → the backends below and every core module
//   FaceBenchExternal (exec: programs, plugin: shared libraries) → CFaceBenchPlugin (the
//   plugin ABI header), FaceBenchIO
//   FaceBenchOpenCV → COpenCVShim (C++: cascades, and the DNN detectors YuNet and MTCNN),
//   CLibFaceDetection (C: libfacedetection through dlopen), FaceBenchCascade (its loader
//   checks a cascade before OpenCV reads it),
//   FaceBenchDlib → CDlibShim (C++), FaceBenchModel
//   FaceBenchCodecs → CImageCodecs (C: libjpeg-turbo, libpng, zlib for the model's ZlibDecompressor),
//   FaceBenchModel
//   FaceBenchCascade → FaceBenchIO (pure Swift Viola-Jones engine running OpenCV's cascades)
//
//   The core, pure Swift, no native dependency, no unsafe flags, top to bottom:
//   FaceBenchReports     tables, Markdown/CSV/HTML reports, charts, drawing, findings, the
//                        regression gate and baselines, choosing an importer (`file:` detectors)
//     ↓
//   FaceBenchHarness     runs: the benchmark runner, throughput, run log, results and their coding
//     ↓
//   FaceBenchIO          readers and writers: dataset loaders, JSON/XML/MAT/FDDB/WIDER formats, imports
//     ↓
//   FaceBenchEvaluation  matching, metrics, the accuracy protocols (no file I/O)
//     ↓
//   FaceBenchModel       geometry, images, faces, samples, datasets, detections, the detector
//                        protocol and registry, timing, model files, JSON values, file access
//
// The native shims need unsafe flags (OpenCV's headers live outside the default include
// path, and dlib must be compiled optimised even in debug builds), so only the core modules are
// usable as a dependency of remote packages.
import PackageDescription

let package = Package(
    name: "FaceBench",
    products: [
        .library(name: "FaceBenchModel", targets: ["FaceBenchModel"]),
        .library(name: "FaceBenchEvaluation", targets: ["FaceBenchEvaluation"]),
        .library(name: "FaceBenchIO", targets: ["FaceBenchIO"]),
        .library(name: "FaceBenchHarness", targets: ["FaceBenchHarness"]),
        .library(name: "FaceBenchReports", targets: ["FaceBenchReports"]),
        .library(name: "FaceBenchCascade", targets: ["FaceBenchCascade"]),
        .library(name: "FaceBenchCodecs", targets: ["FaceBenchCodecs"]),
        .library(name: "FaceBenchOpenCV", targets: ["FaceBenchOpenCV"]),
        .library(name: "FaceBenchDlib", targets: ["FaceBenchDlib"]),
        .library(name: "FaceBenchExternal", targets: ["FaceBenchExternal"]),
        .executable(name: "facebench", targets: ["facebench"]),
    ],
    targets: [
        .target(name: "FaceBenchModel"),
        .target(name: "FaceBenchEvaluation", dependencies: ["FaceBenchModel"]),
        .target(name: "FaceBenchIO", dependencies: ["FaceBenchModel", "FaceBenchEvaluation"]),
        .target(name: "FaceBenchHarness", dependencies: ["FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO"]),
        .target(name: "FaceBenchReports", dependencies: ["FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchHarness"]),

        .target(name: "FaceBenchCascade", dependencies: ["FaceBenchModel", "FaceBenchIO"]),

        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png"), .linkedLibrary("z")]
        ),
        .target(name: "FaceBenchCodecs", dependencies: ["FaceBenchModel", "CImageCodecs"]),

        .target(
            name: "COpenCVShim",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-O2"])],
            linkerSettings: [
                .linkedLibrary("opencv_core"),
                .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_objdetect"),
                // The CNN detectors (YuNet through objdetect's FaceDetectorYN, MTCNN): objdetect
                // already depends on dnn, so this adds no library to the process.
                .linkedLibrary("opencv_dnn"),
            ]
        ),
        // libfacedetection (yuface's build) is opened at run time with dlopen: only libdl is
        // linked, and the shim is C of its own, apart from OpenCV's translation units (it takes
        // fb_dnn.h's image and face types from COpenCVShim's headers).
        .target(name: "CLibFaceDetection", dependencies: ["COpenCVShim"], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "FaceBenchOpenCV", dependencies: ["FaceBenchModel", "FaceBenchCascade", "COpenCVShim", "CLibFaceDetection"]),

        .target(
            name: "CDlibShim",
            // dlib at -O0 is ~140x slower; DEBUG would also switch its asserts on, which
            // the installed libdlib.so was built without.
            cxxSettings: [.unsafeFlags(["-O2", "-UDEBUG", "-DNDEBUG"])],
            linkerSettings: [.linkedLibrary("dlib"), .linkedLibrary("lapack"), .linkedLibrary("blas")]
        ),
        .target(name: "FaceBenchDlib", dependencies: ["FaceBenchModel", "CDlibShim"]),

        .target(name: "CFaceBenchPlugin"),
        .target(name: "FaceBenchExternal", dependencies: ["FaceBenchModel", "FaceBenchIO", "CFaceBenchPlugin"]),

        .target(
            name: "FaceBenchCLI",
            dependencies: [
                "FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchHarness", "FaceBenchReports",
                "FaceBenchCodecs", "FaceBenchOpenCV", "FaceBenchDlib", "FaceBenchCascade", "FaceBenchExternal",
            ]
        ),
        .executableTarget(name: "facebench", dependencies: ["FaceBenchCLI"]),

        .target(name: "FaceBenchTestSupport", dependencies: ["FaceBenchModel", "FaceBenchIO", "FaceBenchCodecs"], path: "Tests/FaceBenchTestSupport"),
        // A test target per core module, depending on it and the modules below it only.
        .testTarget(name: "FaceBenchModelTests", dependencies: ["FaceBenchModel", "FaceBenchTestSupport"]),
        .testTarget(name: "FaceBenchEvaluationTests", dependencies: ["FaceBenchModel", "FaceBenchEvaluation", "FaceBenchTestSupport"]),
        .testTarget(name: "FaceBenchIOTests", dependencies: ["FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchTestSupport"]),
        .testTarget(
            name: "FaceBenchHarnessTests",
            dependencies: ["FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchHarness", "FaceBenchTestSupport"]
        ),
        .testTarget(
            name: "FaceBenchReportsTests",
            dependencies: [
                "FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchHarness", "FaceBenchReports", "FaceBenchCodecs", "FaceBenchTestSupport",
            ]
        ),
        .testTarget(
            name: "FaceBenchBackendTests",
            dependencies: [
                "FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchCodecs", "FaceBenchOpenCV", "COpenCVShim", "CLibFaceDetection",
                "FaceBenchCascade", "FaceBenchDlib",
                "FaceBenchTestSupport",
            ]
        ),
        .testTarget(
            name: "FaceBenchCLITests",
            dependencies: [
                "FaceBenchCLI", "FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchHarness", "FaceBenchReports",
                "FaceBenchCodecs", "FaceBenchTestSupport",
            ]
        ),
        .testTarget(
            name: "FaceBenchExternalTests",
            dependencies: ["FaceBenchExternal", "FaceBenchModel", "FaceBenchHarness", "FaceBenchCodecs", "FaceBenchCLI", "FaceBenchTestSupport"]
        ),
        .testTarget(
            name: "FaceBenchCascadeTests", dependencies: ["FaceBenchCascade", "FaceBenchModel", "FaceBenchIO", "FaceBenchTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FaceBenchCascadeParityTests",
            dependencies: ["FaceBenchCascade", "FaceBenchModel", "FaceBenchIO", "FaceBenchCodecs", "FaceBenchOpenCV", "FaceBenchTestSupport"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// The libFuzzer harness (docs/fuzzing.md): only when FACEBENCH_FUZZ is set, because libFuzzer
// supplies `main` and the target links only with `-sanitize=fuzzer`; `scripts/fuzz.sh`
// builds it in its own build path, away from the normal build.
if Context.environment["FACEBENCH_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "facebench-fuzz", dependencies: [
                "FaceBenchModel", "FaceBenchEvaluation", "FaceBenchIO", "FaceBenchHarness", "FaceBenchReports", "FaceBenchCascade",
                "FaceBenchCodecs", "FaceBenchExternal",
            ]))
}
