import FaceBenchCodecs
import FaceBenchCore
import FaceBenchDlib
import FaceBenchOpenCV
import Foundation

/// What every command works with: the detectors and datasets this build knows, the image
/// decoder, and the facts about the build that go into results.
struct Toolbox: Sendable {
    var registry: DetectorRegistry
    var catalog: DatasetCatalog
    var decoder: any ImageDecoder
    var encoder: any ImageEncoder
    /// The git checkout FaceBench was built from, when the executable lives in one.
    var checkout: String?

    static let defaultDetectors = ["haar", "lbp", "hog"]

    /// Accuracy protocols run on every detector beyond the basic metrics.
    var evaluators: [any AccuracyEvaluator] { [WIDEREvaluator(), FDDBEvaluator()] }

    static func standard() -> Toolbox {
        let environment = ProcessInfo.processInfo.environment
        let checkout = locateCheckout()
        let anchors = [FileManager.default.currentDirectoryPath] + (checkout.map { [$0] } ?? [])
        return Toolbox(
            registry: DetectorRegistry(OpenCVBackend.kinds + DlibBackend.kinds),
            catalog: DatasetCatalog(
                definitions: DatasetCatalog.standardDefinitions, formats: DatasetCatalog.standardFormats,
                searchPath: DatasetCatalog.searchPath(environment: environment, anchors: anchors)),
            decoder: NativeImageDecoder(), encoder: NativeImageDecoder(), checkout: checkout)
    }

    var libraries: [String: String] {
        ["OpenCV": OpenCVBackend.version, "dlib": DlibBackend.version, "codecs": decoder.libraryDescription]
    }

    func environment() -> RunEnvironment {
        RunEnvironment.current(libraries: libraries, checkout: checkout)
    }

    /// The folder holding Package.swift above the running executable (`.build/…/facebench`).
    static func locateCheckout() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while url.path != "/" {
            if FileIO.exists(url.appendingPathComponent("Package.swift").path) { return url.path }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// Named datasets with images present here: what `run` uses without `--dataset`.
    var defaultDatasets: [String] {
        catalog.available().filter { $0.definition.hasImages && $0.definition.name != "mit-cmu-face-only" }.map(\.definition.name)
    }
}
