// swift-tools-version:6.0
// FaceBench: compare face detectors on annotated datasets.
//
// Target graph (data flows one way, dependencies point down):
//
//   facebench (executable) → FaceBenchCLI
//   FaceBenchCLI → FaceBenchOpenCV, FaceBenchDlib, FaceBenchCodecs, FaceBenchCascade, FaceBenchExternal,
//   FaceBenchCore
//   FaceBenchExternal (exec: programs, plugin: shared libraries) → CFaceBenchPlugin (the
//   plugin ABI header), FaceBenchCore
//   FaceBenchOpenCV → COpenCVShim (C++: cascades, and the DNN detectors YuNet and MTCNN),
//   FaceBenchCascade (its loader checks a cascade before OpenCV reads it),
//   FaceBenchDlib → CDlibShim (C++),
//   FaceBenchCodecs → CImageCodecs (C: libjpeg-turbo, libpng, zlib for the core's ZlibDecompressor)
//   FaceBenchCascade → FaceBenchCore (pure Swift Viola-Jones engine running OpenCV's cascades)
//   FaceBenchCore: pure Swift, no native dependency, no unsafe flags.
//
// The native shims need unsafe flags (OpenCV's headers live outside the default include
// path, and dlib must be compiled optimised even in debug builds), so only the core is
// usable as a dependency of remote packages.
import PackageDescription

let package = Package(
    name: "FaceBench",
    products: [
        .library(name: "FaceBenchCore", targets: ["FaceBenchCore"]),
        .library(name: "FaceBenchCascade", targets: ["FaceBenchCascade"]),
        .library(name: "FaceBenchCodecs", targets: ["FaceBenchCodecs"]),
        .library(name: "FaceBenchOpenCV", targets: ["FaceBenchOpenCV"]),
        .library(name: "FaceBenchDlib", targets: ["FaceBenchDlib"]),
        .library(name: "FaceBenchExternal", targets: ["FaceBenchExternal"]),
        .executable(name: "facebench", targets: ["facebench"]),
    ],
    targets: [
        .target(name: "FaceBenchCore"),
        .target(name: "FaceBenchCascade", dependencies: ["FaceBenchCore"]),

        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png"), .linkedLibrary("z")]
        ),
        .target(name: "FaceBenchCodecs", dependencies: ["FaceBenchCore", "CImageCodecs"]),

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
        .target(name: "FaceBenchOpenCV", dependencies: ["FaceBenchCore", "FaceBenchCascade", "COpenCVShim"]),

        .target(
            name: "CDlibShim",
            // dlib at -O0 is ~140x slower; DEBUG would also switch its asserts on, which
            // the installed libdlib.so was built without.
            cxxSettings: [.unsafeFlags(["-O2", "-UDEBUG", "-DNDEBUG"])],
            linkerSettings: [.linkedLibrary("dlib"), .linkedLibrary("lapack"), .linkedLibrary("blas")]
        ),
        .target(name: "FaceBenchDlib", dependencies: ["FaceBenchCore", "CDlibShim"]),

        .target(name: "CFaceBenchPlugin"),
        .target(name: "FaceBenchExternal", dependencies: ["FaceBenchCore", "CFaceBenchPlugin"]),

        .target(
            name: "FaceBenchCLI",
            dependencies: [
                "FaceBenchCore", "FaceBenchCodecs", "FaceBenchOpenCV", "FaceBenchDlib", "FaceBenchCascade", "FaceBenchExternal",
            ]
        ),
        .executableTarget(name: "facebench", dependencies: ["FaceBenchCLI"]),

        .target(name: "FaceBenchTestSupport", dependencies: ["FaceBenchCore", "FaceBenchCodecs"], path: "Tests/FaceBenchTestSupport"),
        .testTarget(name: "FaceBenchCoreTests", dependencies: ["FaceBenchCore", "FaceBenchCodecs", "FaceBenchTestSupport"]),
        .testTarget(
            name: "FaceBenchBackendTests",
            dependencies: ["FaceBenchCore", "FaceBenchCodecs", "FaceBenchOpenCV", "FaceBenchDlib", "FaceBenchTestSupport"]
        ),
        .testTarget(
            name: "FaceBenchCLITests", dependencies: ["FaceBenchCLI", "FaceBenchCore", "FaceBenchCodecs", "FaceBenchTestSupport"]
        ),
        .testTarget(
            name: "FaceBenchExternalTests",
            dependencies: ["FaceBenchExternal", "FaceBenchCore", "FaceBenchCodecs", "FaceBenchCLI", "FaceBenchTestSupport"]
        ),
        .testTarget(
            name: "FaceBenchCascadeTests", dependencies: ["FaceBenchCascade", "FaceBenchCore", "FaceBenchTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FaceBenchCascadeParityTests",
            dependencies: ["FaceBenchCascade", "FaceBenchCore", "FaceBenchCodecs", "FaceBenchOpenCV", "FaceBenchTestSupport"]
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
            name: "facebench-fuzz", dependencies: ["FaceBenchCore", "FaceBenchCascade", "FaceBenchCodecs", "FaceBenchExternal"]))
}
