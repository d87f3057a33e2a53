import FaceBenchCascade
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchHarness
import FaceBenchReports
import FaceBenchDlib
import FaceBenchExternal
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

    static let defaultDetectors = ["haar", "lbp", "hog", "swift-haar", "swift-lbp", "yunet", "libfacedetection", "blazeface", "scrfd", "centerface"]

    /// What `--detector default` and `--detector all` stand for: the default comparison, and
    /// every kind that runs without arguments (and whose models are here), at its default parameters.
    var detectorAliases: [String: [String]] {
        let runnable = registry.kinds.filter { kind in
            guard case .parameters = kind.arguments else { return false }
            if case .unavailable = kind.availability() { return false }
            return true
        }
        return ["default": Self.defaultDetectors, "all": runnable.map(\.id)]
    }

    /// The specs of `--detector` values (comma lists and aliases expanded, `DetectorSpecList`),
    /// or `fallback` when none was given.
    func detectorSpecs(_ values: [String], fallback: [String] = defaultDetectors) -> [String] {
        values.isEmpty ? fallback : DetectorSpecList.specs(values, registry: registry, aliases: detectorAliases)
    }

    /// The option of every command that decodes images (docs/limits.md); nil keeps the
    /// decoder's own cap.
    static let maximumMegapixels = Option<Double?>.number(
        "max-megapixels", "N", in: 0.001...1_000_000, help: "Refuse an image whose header declares more than N megapixels, before decoding it.",
        shown: String(Int(NativeImageDecoder.defaultMaximumMegapixels)))

    /// Threads OpenCV may use inside one call: `run` and `detect`.
    static let nativeThreads = Option.integer(
        "native-threads", atLeast: 1, atMost: RunSettings.maximumThreads, default: 1, help: "Threads OpenCV may use inside one call.")

    /// This toolbox with the image decoder's pixel cap (`--max-megapixels`) when one was given.
    func limitingImages(to megapixels: Double?) -> Toolbox {
        var limited = self
        if let megapixels { limited.decoder = NativeImageDecoder(maximumMegapixels: megapixels) }
        return limited
    }

    /// Accuracy protocols run on every detector beyond the basic metrics.
    var evaluators: [any AccuracyEvaluator] { AccuracyEvaluators.standard }

    /// What `run` points out after its tables: its own checks, then every protocol that has
    /// findings of its own.
    var findingSources: [any FindingSource] {
        RunFindings.standardSources + evaluators.compactMap { $0 as? any FindingSource }
    }

    /// Formats of detections made elsewhere, for `file:` detectors and `eval --predictions`
    /// (`ImporterChoice`: the one that recognises the file when the format is not named).
    static let importers: [any DetectionImporter] = [
        COCOKeypointsImporter(), COCOResultsImporter(),
        WatsonImporter(), GoogleVisionImporter(), MLKitImporter(), AppleVisionImporter(),
        WIDERPredictionImporter(), FDDBDetectionImporter(),
    ]

    static func standard() -> Toolbox {
        let environment = ProcessInfo.processInfo.environment
        let checkout = locateCheckout()
        let anchors = [FileManager.default.currentDirectoryPath] + (checkout.map { [$0] } ?? [])
        let models = ModelLocator.standard(anchors: anchors)
        return Toolbox(
            registry: DetectorRegistry(
                OpenCVBackend.kinds + OpenCVBackend.dnnKinds(models: models) + DlibBackend.kinds + DlibBackend.modelKinds(models: models) + SwiftCascadeBackend.kinds + ExternalBackend.kinds
                    + [ImportedDetectorKind.kind(importers: importers, notPredictions: NotPredictions.explanation)],
                landmarkStages: DlibBackend.landmarkStages(models: models),
                threadPools: [OpenCVBackend.threadPool, DlibBackend.threadPool, LibFaceDetectionDetector.threadPool, ExternalBackend.programThreads]),
            catalog: DatasetCatalog(
                definitions: DatasetCatalog.standardDefinitions(zlib: SystemZlib()), formats: DatasetCatalog.standardFormats(zlib: SystemZlib()),
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

    /// How a dataset given by path is read: the options of every command that takes `--dataset`.
    static let datasetFormat = Option.value(
        "dataset-format", "NAME", help: "Read --dataset PATH in this format instead of recognising it (formats: `facebench list`).")
    static let imageFolder = Option.value("images", "DIR", help: "The folder holding the dataset's images, wherever its annotations put them.")
    static let faceClass = Option.value(
        "class", "NAME|INDEX", help: "The class whose boxes are faces (YOLO, CSV, CVAT, Label Studio).", shown: "the one named face, else the only one")
    static let datasetReadingOptions = [datasetFormat.spec, imageFolder.spec, faceClass.spec]

    /// The PATH of `inspect` and `convert`, read as `run --dataset PATH` reads it.
    static let datasetPathArgument = ArgumentSpec(
        name: "PATH", help: "A dataset folder or file in any format `facebench list` names, or a dataset name.")

    static func datasetReading(_ arguments: ParsedArguments) throws -> DatasetReading {
        DatasetReading(format: try arguments[datasetFormat], images: try arguments[imageFolder], faceClass: try arguments[faceClass])
    }

    /// A dataset by name or path, its warnings printed for `command`.
    func dataset(_ nameOrPath: String, command: String, reading: DatasetReading = DatasetReading()) throws -> Dataset {
        let dataset = try catalog.resolve(nameOrPath, reading: reading)
        Self.warn(dataset.warnings, command: command)
        return dataset
    }

    /// The factories of `specs`, the warnings of building them printed for `command`.
    func factories(for specs: [String], context: DetectorContext = DetectorContext(), command: String) throws -> [any DetectorFactory] {
        let factories = try registry.factories(for: specs, context: context)
        for factory in factories { Self.warn(factory.warnings, command: command) }
        return factories
    }

    /// `facebench COMMAND: warning: …` on stderr, one line each, safe for the terminal.
    static func warn(_ warnings: [String], command: String) {
        for warning in warnings { StandardStreams.error("facebench \(command): warning: \(TerminalText.sanitized(warning))\n") }
    }

    /// The dataset results were made on: by name when the catalog knows it, else from the
    /// folder the results recorded (`merge`, and the gallery of `report`).
    func dataset(of results: RunResults) throws -> Dataset {
        if catalog.definitions.contains(where: { $0.name == results.dataset.name }),
           let dataset = try? catalog.resolve(results.dataset.name) {
            return dataset
        }
        return try catalog.resolve(results.dataset.root)
    }

    /// Named datasets with images present here: what `run` uses without `--dataset`.
    var defaultDatasets: [String] {
        catalog.available().filter { $0.definition.hasImages && $0.definition.name != "mit-cmu-face-only" }.map(\.definition.name)
    }
}
