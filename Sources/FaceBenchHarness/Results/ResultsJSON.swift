import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO

/// `results.json`: writing and reading back. The keys are documented in
/// docs/results-schema.md; scripts rely on `detectors[].{id, spec, metrics.{ap50, precision,
/// recall, f1, mean_iou, tp, fp, missed}, latency_ms.{p50, p90, p99}, images_per_second,
/// load_ms}`. Every key is required on reading (null where the schema allows it), so a file
/// cut or edited by hand fails with the field's path instead of reading as zeros.
extension RunResults: Codable {
    enum CodingKeys: String, CodingKey {
        case schema, schemaVersion = "schema_version", environment, machines, settings, interrupted, dataset, decode, detectors
        case agreement
        case records = "images"
    }

    enum AgreementKeys: String, CodingKey {
        case iouThreshold = "iou_threshold", matching, pairs
    }

    enum AgreementPairKeys: String, CodingKey {
        case first, second, images, firstDetections = "first_detections", secondDetections = "second_detections", matched
        case firstFoundBySecond = "first_found_by_second", secondFoundByFirst = "second_found_by_first", f1
    }

    enum DecodeKeys: String, CodingKey {
        case library, latency = "latency_ms"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schema, forKey: .schema)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(environment, forKey: .environment)
        if environments.count > 1 { try container.encode(environments, forKey: .machines) }
        try container.encode(settings, forKey: .settings)
        try container.encode(interrupted, forKey: .interrupted)
        try container.encode(dataset, forKey: .dataset)
        var decode = container.nestedContainer(keyedBy: DecodeKeys.self, forKey: .decode)
        try decode.encode(decoderLibrary, forKey: .library)
        try decode.encode(decodeLatency, forKey: .latency)
        try container.encode(detectors, forKey: .detectors)
        try encodeAgreement(into: &container)
        try container.encode(records, forKey: .records)
    }

    /// Written for readers of the file; derived from `images`, so it is not read back.
    func encodeAgreement(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        let measured = agreement
        var stored = container.nestedContainer(keyedBy: AgreementKeys.self, forKey: .agreement)
        try stored.encodeNumber(measured.iouThreshold, forKey: .iouThreshold)
        try stored.encode("maximum one-to-one matching of two detectors' boxes at IoU >= iou_threshold, every detection counted, over the images both ran on", forKey: .matching)
        var pairs = stored.nestedUnkeyedContainer(forKey: .pairs)
        for pair in measured.pairs {
            var entry = pairs.nestedContainer(keyedBy: AgreementPairKeys.self)
            try entry.encode(pair.first, forKey: .first)
            try entry.encode(pair.second, forKey: .second)
            try entry.encode(pair.images, forKey: .images)
            try entry.encode(pair.firstDetections, forKey: .firstDetections)
            try entry.encode(pair.secondDetections, forKey: .secondDetections)
            try entry.encode(pair.matched, forKey: .matched)
            try entry.encodeNumber(pair.firstFoundBySecond, forKey: .firstFoundBySecond)
            try entry.encodeNumber(pair.secondFoundByFirst, forKey: .secondFoundByFirst)
            try entry.encodeNumber(pair.f1, forKey: .f1)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try container.decode(String.self, forKey: .schema)
        guard schema == Self.schema else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: container, debugDescription: "not a FaceBench results file (expected schema \(Self.schema))")
        }
        // Layout 0.1 (FaceBench 0.1.0) has no version field and the same keys.
        let version = try container.decodeIfPresent(String.self, forKey: .schemaVersion) ?? "0.1"
        guard Self.readableSchemaVersions.contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion, in: container,
                debugDescription: "layout \(version) is not one this FaceBench reads (\(Self.readableSchemaVersions.joined(separator: ", ")))")
        }
        if container.contains(.machines) {
            environments = try container.decode([RunEnvironment].self, forKey: .machines)
        } else {
            environments = try container.decode(RunEnvironment?.self, forKey: .environment).map { [$0] } ?? []
        }
        settings = try container.decode(RunSettings.self, forKey: .settings)
        interrupted = try container.decode(Bool.self, forKey: .interrupted)
        dataset = try container.decode(DatasetSummary.self, forKey: .dataset)
        let decode = try container.nestedContainer(keyedBy: DecodeKeys.self, forKey: .decode)
        decoderLibrary = try decode.decode(String?.self, forKey: .library)
        decodeLatency = try decode.decode(LatencySummary?.self, forKey: .latency)
        detectors = try container.decode([DetectorResult].self, forKey: .detectors)
        let ids = Set(detectors.map(\.id))
        for (index, detector) in detectors.enumerated() {
            for (key, paired) in detector.differencesToBest where !ids.contains(paired.best) {
                throw DecodingError.dataCorruptedError(
                    forKey: .detectors, in: container,
                    debugDescription: "detectors[\(index)].difference_to_best.\(key).best: \(paired.best.debugDescription) is not a detector of this file")
            }
            if let fastest = detector.latencyRatioToFastest?.fastest, !ids.contains(fastest) {
                throw DecodingError.dataCorruptedError(
                    forKey: .detectors, in: container,
                    debugDescription: "detectors[\(index)].latency_ratio_to_fastest.fastest: \(fastest.debugDescription) is not a detector of this file")
            }
        }
        records = try container.decode([ImageRecord].self, forKey: .records)
        if let reference = settings.reference, !ids.contains(reference) {
            throw DecodingError.dataCorruptedError(
                forKey: .settings, in: container, debugDescription: "settings.reference: \(reference.debugDescription) is not a detector of this file")
        }
        // What each detector was scored against follows from the dataset and the reference:
        // a file saying otherwise was edited or cut.
        for (index, detector) in detectors.enumerated() {
            let expected: Bool
            switch groundTruth {
            case .annotations: expected = true
            case .missing: expected = false
            case let .detector(reference): expected = detector.id != reference
            }
            guard detector.metrics.isScored == expected else {
                throw DecodingError.dataCorruptedError(
                    forKey: .detectors, in: container,
                    debugDescription: "detectors[\(index)].metrics: \(expected ? "null accuracy" : "accuracy numbers") for a run scored against \(groundTruth.description)")
            }
        }
        // Layouts before 0.5 did not store the ratios; their records give them.
        if Self.readableSchemaVersions.firstIndex(of: version)! < Self.readableSchemaVersions.firstIndex(of: "0.5")! { computeLatencyRatios() }
    }

    public static func read(_ path: String) throws -> RunResults {
        try JSONCoding.decode(RunResults.self, file: path)
    }

    public func write(to path: String) throws {
        try FileIO.writeAtomically(JSONCoding.bytes(self) + [0x0A], to: path)
    }
}

extension RunSettings: Codable {
    enum CodingKeys: String, CodingKey {
        case iouThreshold = "iou_threshold", warmup, repetitions, throughputThreads = "throughput_threads"
        case nativeThreads = "native_threads", shard, widerFlavor = "wider_flavor", bootstrap, targetPrecision = "target_precision", falsePositivesPerImage = "fp_per_image", reference
    }

    enum BootstrapKeys: String, CodingKey {
        case resamples, seed, scheme, interval, generator
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNumber(iouThreshold, forKey: .iouThreshold)
        try container.encode(warmup, forKey: .warmup)
        try container.encode(repetitions, forKey: .repetitions)
        try container.encode(throughputThreads, forKey: .throughputThreads)
        try container.encode(nativeThreads, forKey: .nativeThreads)
        try container.encode(shard?.description, forKey: .shard)
        try container.encode(evaluation.widerFlavor, forKey: .widerFlavor)
        var bootstrap = container.nestedContainer(keyedBy: BootstrapKeys.self, forKey: .bootstrap)
        try bootstrap.encode(bootstrapResamples, forKey: .resamples)
        try bootstrap.encode(bootstrapSeed, forKey: .seed)
        try bootstrap.encode("images with replacement, the same resamples for every detector", forKey: .scheme)
        try bootstrap.encode("studentized (bootstrap-t), 95%; paired differences, precision bands and latency ratios percentile", forKey: .interval)
        try bootstrap.encode("splitmix64, image = output mod n", forKey: .generator)
        try container.encode(targetPrecision, forKey: .targetPrecision)
        try container.encode(falsePositivesPerImage, forKey: .falsePositivesPerImage)
        try container.encode(reference, forKey: .reference)
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iouThreshold = try container.decode(Double.self, forKey: .iouThreshold)
        guard iouThreshold > 0, iouThreshold <= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .iouThreshold, in: container, debugDescription: "\(iouThreshold) is not an IoU in (0, 1]")
        }
        warmup = try container.decode(Int.self, forKey: .warmup)
        repetitions = try container.decode(Int.self, forKey: .repetitions)
        throughputThreads = try container.decode([Int].self, forKey: .throughputThreads)
        nativeThreads = try container.decode(Int.self, forKey: .nativeThreads)
        if let text = try container.decode(String?.self, forKey: .shard) {
            do { shard = try Shard(parsing: text) } catch {
                throw DecodingError.dataCorruptedError(forKey: .shard, in: container, debugDescription: "'\(text)' is not K/N")
            }
        }
        // Older files kept the flavour only in their wider evaluations (merge reads it there).
        evaluation.widerFlavor = try container.decodeIfPresent(WIDERFlavor.self, forKey: .widerFlavor) ?? .matlab
        if container.contains(.bootstrap) {
            let bootstrap = try container.nestedContainer(keyedBy: BootstrapKeys.self, forKey: .bootstrap)
            bootstrapResamples = try bootstrap.decode(Int.self, forKey: .resamples)
            bootstrapSeed = try bootstrap.decode(UInt64.self, forKey: .seed)
            guard (0...ImageBootstrap.maximumResamples).contains(bootstrapResamples) else {
                throw DecodingError.dataCorruptedError(forKey: .resamples, in: bootstrap, debugDescription: "must be in 0…\(ImageBootstrap.maximumResamples)")
            }
        } else {
            bootstrapResamples = 0
        }
        // Absent before layout 0.5.
        targetPrecision = try container.decodeIfPresent(Double.self, forKey: .targetPrecision) ?? OperatingPoints.standardTargetPrecision
        guard targetPrecision > 0, targetPrecision <= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .targetPrecision, in: container, debugDescription: "\(targetPrecision) is not a precision in (0, 1]")
        }
        falsePositivesPerImage = try container.decodeIfPresent(Double.self, forKey: .falsePositivesPerImage) ?? OperatingPoints.standardFalsePositivesPerImage
        guard falsePositivesPerImage >= 0, falsePositivesPerImage <= OperatingPoints.maximumFalsePositivesPerImage else {
            throw DecodingError.dataCorruptedError(
                forKey: .falsePositivesPerImage, in: container,
                debugDescription: "\(falsePositivesPerImage) is not a number of false positives per image in 0…\(Int(OperatingPoints.maximumFalsePositivesPerImage))")
        }
        // Layout 0.5 added it.
        reference = try container.decodeIfPresent(String?.self, forKey: .reference) ?? nil
    }
}

extension RunResults.DatasetSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case name, format, root, annotationFiles = "annotation_files", totalImages = "total_images", images, faces
        case landmarkScheme = "landmark_scheme", imageIDs = "image_ids", groundTruth = "ground_truth"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(format, forKey: .format)
        try container.encode(root, forKey: .root)
        try container.encode(annotationFiles, forKey: .annotationFiles)
        try container.encode(totalImages, forKey: .totalImages)
        try container.encode(images, forKey: .images)
        try container.encode(hasGroundTruth ? faces : nil, forKey: .faces)
        try container.encode(landmarkScheme, forKey: .landmarkScheme)
        try container.encode("1-based position of the image in the dataset's canonical order", forKey: .imageIDs)
        try container.encode(hasGroundTruth, forKey: .groundTruth)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        // Layout 0.5 added it; every dataset before had annotations.
        let hasGroundTruth = try container.decodeIfPresent(Bool.self, forKey: .groundTruth) ?? true
        let faces = try container.decode(Int?.self, forKey: .faces)
        guard (faces == nil) == !hasGroundTruth else {
            throw DecodingError.dataCorruptedError(forKey: .faces, in: container, debugDescription: "must be null exactly when ground_truth is false")
        }
        if let problem = PathComponent.problem(name) {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "dataset name \(name.debugDescription) \(problem); merge names a folder after it")
        }
        self.init(
            name: name, format: try container.decode(String.self, forKey: .format),
            root: try container.decode(String.self, forKey: .root),
            annotationFiles: try container.decode([String].self, forKey: .annotationFiles),
            totalImages: try container.decode(Int.self, forKey: .totalImages), images: try container.decode(Int.self, forKey: .images),
            faces: faces ?? 0, landmarkScheme: try container.decode(String?.self, forKey: .landmarkScheme), hasGroundTruth: hasGroundTruth)
    }
}

extension DetectorResult: Codable {
    enum CodingKeys: String, CodingKey {
        case id, kind, spec, backend, library, parameters, scoreMeaning = "score_meaning", imported = "imported"
        case landmarkScheme = "landmark_scheme", loadMilliseconds = "load_ms", loadPerWorker = "load_ms_per_worker"
        case memory = "memory_mb", metrics, latency = "latency_ms", latencyPerMegapixel = "latency_ms_per_megapixel"
        case reportedLatency = "reported_latency_ms", landmarkLatency = "landmark_latency_ms", cpuTime = "cpu_ms"
        case imagesPerSecond = "images_per_second"
        case megapixelsPerSecond = "megapixels_per_second", throughput, failures, evaluations = "evaluation", intervals
        case differencesToBest = "difference_to_best", latencyRatioToFastest = "latency_ratio_to_fastest"
        case operatingPoints = "operating_points", precisionBand = "precision_band"
    }

    enum OperatingPointsKeys: String, CodingKey {
        case bestF1 = "max_f1", targetPrecision = "target_precision", atTargetPrecision = "at_target_precision"
        case falsePositivesPerImage = "fp_per_image", withinFalsePositiveBudget = "within_fp_budget"
    }

    enum LatencyRatioKeys: String, CodingKey {
        case fastest, ratio, interval
    }

    enum PairedDifferenceKeys: String, CodingKey {
        case best, difference, interval
    }

    enum SchemeKeys: String, CodingKey {
        case id, points
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(info.id, forKey: .id)
        try container.encode(info.kind, forKey: .kind)
        try container.encode(info.spec, forKey: .spec)
        try container.encode(info.backend, forKey: .backend)
        try container.encode(info.library, forKey: .library)
        try container.encode(JSONValue.object(JSONObject(info.parameters.map { ($0.name, .string($0.value)) })), forKey: .parameters)
        try container.encode(info.scoreMeaning, forKey: .scoreMeaning)
        try container.encode(info.isImported, forKey: .imported)
        if let scheme = info.landmarkScheme {
            var stored = container.nestedContainer(keyedBy: SchemeKeys.self, forKey: .landmarkScheme)
            try stored.encode(scheme.id, forKey: .id)
            try stored.encode(scheme.pointNames, forKey: .points)
        }
        try container.encodeNumber(setup.loadMilliseconds.first, forKey: .loadMilliseconds)
        try container.encode(setup.loadMilliseconds, forKey: .loadPerWorker)
        try container.encode(setup.memory, forKey: .memory)
        try container.encode(metrics, forKey: .metrics)
        try container.encode(latency, forKey: .latency)
        try container.encode(latencyPerMegapixel, forKey: .latencyPerMegapixel)
        try container.encode(reportedLatency, forKey: .reportedLatency)
        try container.encode(landmarkLatency, forKey: .landmarkLatency)
        try container.encodeIfPresent(cpuTime, forKey: .cpuTime)
        try container.encodeNumber(imagesPerSecond, forKey: .imagesPerSecond)
        try container.encodeNumber(megapixelsPerSecond, forKey: .megapixelsPerSecond)
        try container.encode(throughput, forKey: .throughput)
        try container.encode(failures, forKey: .failures)
        // Carried as a value so the protocols' results keep the key order of their types.
        try container.encode(try JSONValueCoding.encode(evaluations), forKey: .evaluations)
        if !intervals.isEmpty {
            let ordered = ResamplableResults.statistics.compactMap { key in
                intervals[key].map { (key, JSONValue.array([JSONValue($0.low), JSONValue($0.high)])) }
            }
            try container.encode(JSONValue.object(JSONObject(ordered)), forKey: .intervals)
        }
        try container.encodeIfPresent(precisionBand, forKey: .precisionBand)
        if !differencesToBest.isEmpty {
            var nested = container.nestedContainer(keyedBy: NamedKey.self, forKey: .differencesToBest)
            for key in ResamplableResults.statistics {
                guard let paired = differencesToBest[key] else { continue }
                var entry = nested.nestedContainer(keyedBy: PairedDifferenceKeys.self, forKey: NamedKey(key))
                try entry.encode(paired.best, forKey: .best)
                try entry.encode(paired.difference, forKey: .difference)
                try entry.encode([paired.interval.low, paired.interval.high], forKey: .interval)
            }
        }
        if let ratio = latencyRatioToFastest {
            var entry = container.nestedContainer(keyedBy: LatencyRatioKeys.self, forKey: .latencyRatioToFastest)
            try entry.encode(ratio.fastest, forKey: .fastest)
            try entry.encode(ratio.ratio, forKey: .ratio)
            try entry.encode([ratio.interval.low, ratio.interval.high], forKey: .interval)
        }
        if let points = operatingPoints {
            var entry = container.nestedContainer(keyedBy: OperatingPointsKeys.self, forKey: .operatingPoints)
            try entry.encode(points.bestF1, forKey: .bestF1)
            try entry.encode(points.targetPrecision, forKey: .targetPrecision)
            try entry.encode(points.atTargetPrecision, forKey: .atTargetPrecision)
            try entry.encode(points.falsePositivesPerImage, forKey: .falsePositivesPerImage)
            try entry.encode(points.withinFalsePositiveBudget, forKey: .withinFalsePositiveBudget)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var scheme: LandmarkScheme?
        if container.contains(.landmarkScheme) {
            let stored = try container.nestedContainer(keyedBy: SchemeKeys.self, forKey: .landmarkScheme)
            scheme = LandmarkScheme(id: try stored.decode(String.self, forKey: .id), pointNames: try stored.decode([String].self, forKey: .points))
        }
        // merge and report name files after the id: it is checked as a spec's would be.
        let id = try container.decode(String.self, forKey: .id)
        if let problem = PathComponent.detectorIDProblem(id) ?? (id.utf8.count > DetectorRegistry.maximumIDLength ? "is longer than \(DetectorRegistry.maximumIDLength) bytes" : nil) {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "detector id \(id.debugDescription) \(problem); ids name files")
        }
        let info = DetectorInfo(
            kind: try container.decode(String.self, forKey: .kind), id: id,
            spec: try container.decode(String.self, forKey: .spec), backend: try container.decode(String.self, forKey: .backend),
            library: try container.decode(String.self, forKey: .library),
            parameters: try container.decodeOrderedStrings(forKey: .parameters).map { DetectorInfo.Parameter(name: $0.key, value: $0.value) },
            scoreMeaning: try container.decode(String.self, forKey: .scoreMeaning),
            isImported: try container.decode(Bool.self, forKey: .imported), landmarkScheme: scheme)
        setup = DetectorSetup(
            info: info, loadMilliseconds: try container.decode([Double].self, forKey: .loadPerWorker),
            memory: try container.decode(MemoryUse?.self, forKey: .memory))
        metrics = try container.decode(DetectionMetrics.self, forKey: .metrics)
        latency = try container.decode(LatencySummary?.self, forKey: .latency)
        latencyPerMegapixel = try container.decode(LatencySummary?.self, forKey: .latencyPerMegapixel)
        reportedLatency = try container.decode(LatencySummary?.self, forKey: .reportedLatency)
        landmarkLatency = try container.decode(LatencySummary?.self, forKey: .landmarkLatency)
        cpuTime = try container.decodeIfPresent(LatencySummary.self, forKey: .cpuTime)
        imagesPerSecond = try container.decodeNumber(forKey: .imagesPerSecond)
        megapixelsPerSecond = try container.decodeNumber(forKey: .megapixelsPerSecond)
        throughput = try container.decode([ThroughputMeasurement].self, forKey: .throughput)
        failures = try container.decode([ImageFailure].self, forKey: .failures)
        evaluations = try container.decode(DetectorEvaluations.self, forKey: .evaluations)
        for (key, bounds) in try container.decodeIfPresent([String: [Double]].self, forKey: .intervals) ?? [:] {
            guard bounds.count == 2, bounds.allSatisfy(\.isFinite), bounds[0] <= bounds[1] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .intervals, in: container, debugDescription: "intervals.\(key): needs [low, high], finite, low ≤ high")
            }
            intervals[key] = ConfidenceInterval(low: bounds[0], high: bounds[1])
        }
        precisionBand = try container.decodeIfPresent(PrecisionBand.self, forKey: .precisionBand)
        if container.contains(.differencesToBest) {
            let nested = try container.nestedContainer(keyedBy: NamedKey.self, forKey: .differencesToBest)
            for key in nested.allKeys {
                let entry = try nested.nestedContainer(keyedBy: PairedDifferenceKeys.self, forKey: key)
                guard ResamplableResults.statistics.contains(key.stringValue) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: nested, debugDescription: "not a statistic with intervals (\(ResamplableResults.statistics.joined(separator: ", ")))")
                }
                let difference = try entry.decode(Double.self, forKey: .difference)
                let bounds = try entry.decode([Double].self, forKey: .interval)
                guard difference.isFinite else {
                    throw DecodingError.dataCorruptedError(forKey: .difference, in: entry, debugDescription: "must be finite")
                }
                guard bounds.count == 2, bounds.allSatisfy(\.isFinite), bounds[0] <= bounds[1] else {
                    throw DecodingError.dataCorruptedError(forKey: .interval, in: entry, debugDescription: "needs [low, high], finite, low ≤ high")
                }
                differencesToBest[key.stringValue] = PairedDifference(
                    best: try entry.decode(String.self, forKey: .best), difference: difference,
                    interval: ConfidenceInterval(low: bounds[0], high: bounds[1]))
            }
        }
        if container.contains(.latencyRatioToFastest) {
            let entry = try container.nestedContainer(keyedBy: LatencyRatioKeys.self, forKey: .latencyRatioToFastest)
            let fastest = try entry.decode(String.self, forKey: .fastest)
            let ratio = try entry.decode(Double.self, forKey: .ratio)
            let bounds = try entry.decode([Double].self, forKey: .interval)
            guard ratio.isFinite, ratio > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .ratio, in: entry, debugDescription: "must be a finite number above 0")
            }
            guard bounds.count == 2, bounds.allSatisfy({ $0.isFinite && $0 > 0 }), bounds[0] <= bounds[1] else {
                throw DecodingError.dataCorruptedError(forKey: .interval, in: entry, debugDescription: "needs [low, high], finite, 0 < low ≤ high")
            }
            guard fastest != id || (ratio == 1 && bounds == [1, 1]) else {
                throw DecodingError.dataCorruptedError(forKey: .ratio, in: entry, debugDescription: "the fastest detector's ratio to itself is 1 with [1, 1]")
            }
            latencyRatioToFastest = LatencyRatio(fastest: fastest, ratio: ratio, interval: ConfidenceInterval(low: bounds[0], high: bounds[1]))
        }
        if container.contains(.operatingPoints) {
            let entry = try container.nestedContainer(keyedBy: OperatingPointsKeys.self, forKey: .operatingPoints)
            let target = try entry.decode(Double.self, forKey: .targetPrecision)
            guard target > 0, target <= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .targetPrecision, in: entry, debugDescription: "\(target) is not a precision in (0, 1]")
            }
            let reached = try entry.decode(OperatingPoint?.self, forKey: .atTargetPrecision)
            if let reached, reached.precision < target {
                throw DecodingError.dataCorruptedError(forKey: .atTargetPrecision, in: entry, debugDescription: "precision \(reached.precision) is below the target \(target)")
            }
            let budget = try entry.decode(Double.self, forKey: .falsePositivesPerImage)
            guard budget >= 0, budget <= OperatingPoints.maximumFalsePositivesPerImage else {
                throw DecodingError.dataCorruptedError(forKey: .falsePositivesPerImage, in: entry, debugDescription: "\(budget) is not a number of false positives per image in 0…\(Int(OperatingPoints.maximumFalsePositivesPerImage))")
            }
            operatingPoints = OperatingPoints(
                bestF1: try entry.decode(OperatingPoint?.self, forKey: .bestF1), targetPrecision: target, atTargetPrecision: reached,
                falsePositivesPerImage: budget, withinFalsePositiveBudget: try entry.decode(OperatingPoint?.self, forKey: .withinFalsePositiveBudget))
        }
    }
}

extension MemoryUse: Codable {
    enum CodingKeys: String, CodingKey {
        case loadMegabytes = "load", warmupMegabytes = "warmup"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNumber(loadMegabytes, forKey: .loadMegabytes)
        try container.encodeNumber(warmupMegabytes, forKey: .warmupMegabytes)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            loadMegabytes: try container.decode(Double.self, forKey: .loadMegabytes),
            warmupMegabytes: try container.decode(Double.self, forKey: .warmupMegabytes))
    }
}

extension ThroughputMeasurement: Codable {
    enum CodingKeys: String, CodingKey {
        case threads, images, seconds, imagesPerSecond = "images_per_second", megapixelsPerSecond = "megapixels_per_second"
        case scalingEfficiency = "scaling_efficiency", cpuSeconds = "cpu_seconds"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(threads, forKey: .threads)
        try container.encode(images, forKey: .images)
        try container.encodeNumber(seconds, forKey: .seconds)
        try container.encodeNumber(imagesPerSecond, forKey: .imagesPerSecond)
        try container.encodeNumber(megapixelsPerSecond, forKey: .megapixelsPerSecond)
        try container.encodeNumber(scalingEfficiency, forKey: .scalingEfficiency)
        if let cpuSeconds { try container.encodeNumber(cpuSeconds, forKey: .cpuSeconds) }
    }

    /// Megapixels are stored as a rate: they come back as rate × seconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Double.self, forKey: .seconds)
        self.init(
            threads: try container.decode(Int.self, forKey: .threads), images: try container.decode(Int.self, forKey: .images),
            seconds: seconds, megapixels: try container.decode(Double.self, forKey: .megapixelsPerSecond) * seconds,
            scalingEfficiency: try container.decodeNumber(forKey: .scalingEfficiency),
            cpuSeconds: container.contains(.cpuSeconds) ? try container.decodeNumber(forKey: .cpuSeconds) : nil)
    }
}
