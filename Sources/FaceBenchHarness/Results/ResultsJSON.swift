import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO

/// `results.json`: writing and reading back. The keys are documented in
/// docs/results-schema.md; scripts rely on `detectors[].{id, spec, metrics.{ap50, precision,
/// recall, f1, mean_iou, tp, fp, missed}, latency_ms.{p50, p90, p99}, images_per_second,
/// load_ms}`.
extension RunResults {
    public var json: JSONValue {
        var object: JSONObject = ["schema": JSONValue(Self.schema)]
        object["environment"] = environment?.json ?? .null
        if environments.count > 1 { object["machines"] = .array(environments.map(\.json)) }
        object["settings"] = settings.json
        object["interrupted"] = JSONValue(interrupted)
        object["dataset"] = dataset.json
        object["decode"] = .object(["library": JSONValue(decoderLibrary), "latency_ms": decodeLatency?.json ?? .null])
        object["detectors"] = .array(detectors.map(\.json))
        object["images"] = .array(records.map(\.json))
        return .object(object)
    }

    public init(json: JSONValue, path: String) throws {
        guard json["schema"]?.string == Self.schema else {
            throw FaceBenchError.malformed(path: path, location: "schema", reason: "not a FaceBench results file (expected schema \(Self.schema))")
        }
        guard let datasetJSON = json["dataset"], let detectorsJSON = json["detectors"]?.array else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "missing 'dataset' or 'detectors'")
        }
        if let machines = json["machines"]?.array {
            environments = machines.map(RunEnvironment.init(json:))
        } else {
            environments = json["environment"].map { $0.isNull ? [] : [RunEnvironment(json: $0)] } ?? []
        }
        settings = try RunSettings(json: json["settings"] ?? .null, path: path)
        interrupted = json["interrupted"]?.bool ?? false
        dataset = DatasetSummary(json: datasetJSON)
        decoderLibrary = json["decode"]?["library"]?.string
        decodeLatency = json["decode"]?["latency_ms"].flatMap(LatencySummary.init(json:))
        detectors = try detectorsJSON.enumerated().map { try DetectorResult(json: $1, path: path, field: "detectors[\($0)]") }
        records = try (json["images"]?.array ?? []).enumerated().map { try ImageRecord(json: $1, path: path, field: "images[\($0)]") }
    }

    public static func read(_ path: String) throws -> RunResults {
        try RunResults(json: try JSONReader.parse(file: path), path: path)
    }

    public func write(to path: String) throws {
        try FileIO.writeAtomically(JSONWriter().bytes(json) + [0x0A], to: path)
    }
}

extension RunSettings {
    public var json: JSONValue {
        .object([
            "iou_threshold": JSONValue(iouThreshold), "warmup": JSONValue(warmup), "repetitions": JSONValue(repetitions),
            "throughput_threads": .array(throughputThreads.map { JSONValue($0) }), "native_threads": JSONValue(nativeThreads),
            "shard": JSONValue(shard?.description),
        ])
    }

    public init(json: JSONValue, path: String) throws {
        self.init()
        iouThreshold = json["iou_threshold"]?.double ?? iouThreshold
        warmup = json["warmup"]?.int ?? warmup
        repetitions = json["repetitions"]?.int ?? repetitions
        throughputThreads = json["throughput_threads"]?.array?.compactMap(\.int) ?? []
        nativeThreads = json["native_threads"]?.int ?? nativeThreads
        if let text = json["shard"]?.string {
            do { shard = try Shard(parsing: text) } catch {
                throw FaceBenchError.malformed(path: path, location: "settings.shard", reason: "'\(text)' is not K/N")
            }
        }
    }
}

extension RunResults.DatasetSummary {
    var json: JSONValue {
        .object([
            "name": JSONValue(name), "format": JSONValue(format), "root": JSONValue(root),
            "annotation_files": JSONValue(annotationFiles), "total_images": JSONValue(totalImages),
            "images": JSONValue(images), "faces": JSONValue(faces), "landmark_scheme": JSONValue(landmarkScheme),
            "image_ids": "1-based position of the image in the dataset's canonical order",
        ])
    }

    init(json: JSONValue) {
        self.init(
            name: json["name"]?.string ?? "", format: json["format"]?.string ?? "", root: json["root"]?.string ?? "",
            annotationFiles: json["annotation_files"]?.array?.compactMap(\.string) ?? [],
            totalImages: json["total_images"]?.int ?? 0, images: json["images"]?.int ?? 0, faces: json["faces"]?.int ?? 0,
            landmarkScheme: json["landmark_scheme"]?.string)
    }
}

extension LatencySummary {
    public var json: JSONValue {
        .object([
            "count": JSONValue(count), "min": JSONValue(min), "p25": JSONValue(p25), "p50": JSONValue(p50),
            "p75": JSONValue(p75), "p90": JSONValue(p90), "p99": JSONValue(p99), "max": JSONValue(max),
            "mean": JSONValue(mean), "std": JSONValue(standardDeviation), "mad": JSONValue(mad),
            "p50_ci95": JSONValue([medianCI95.lowerBound, medianCI95.upperBound]),
        ])
    }

    public init?(json: JSONValue) {
        guard let count = json["count"]?.int, let p50 = json["p50"]?.double else { return nil }
        let ci = json["p50_ci95"]?.array?.compactMap(\.double) ?? [p50, p50]
        self.init(
            count: count, min: json["min"]?.double ?? p50, p25: json["p25"]?.double ?? p50, p50: p50,
            p75: json["p75"]?.double ?? p50, p90: json["p90"]?.double ?? p50, p99: json["p99"]?.double ?? p50,
            max: json["max"]?.double ?? p50, mean: json["mean"]?.double ?? p50,
            standardDeviation: json["std"]?.double ?? 0, mad: json["mad"]?.double ?? 0,
            medianCI95: (ci.first ?? p50)...(ci.count > 1 ? ci[1] : p50))
    }
}

extension DetectionMetrics {
    /// The curve is thinned to at most this many points in files (plots need no more).
    static let storedCurvePoints = 1000

    public var json: JSONValue {
        let step = Swift.max(1, curve.count / Self.storedCurvePoints)
        var points = stride(from: 0, to: curve.count, by: step).map { curve[$0] }
        if let last = curve.last, points.last != last { points.append(last) }
        return .object([
            "iou_threshold": JSONValue(iouThreshold), "ap": JSONValue(averagePrecision), "ap50": JSONValue(averagePrecision50),
            "precision": JSONValue(precision), "recall": JSONValue(recall), "f1": JSONValue(f1), "mean_iou": JSONValue(meanIoU),
            "tp": JSONValue(truePositives), "fp": JSONValue(falsePositives), "missed": JSONValue(missed),
            "ignored": JSONValue(ignoredDetections), "faces": JSONValue(faces), "detections": JSONValue(detections),
            "images": JSONValue(images),
            "pr_curve": .object([
                "columns": JSONValue(["score", "precision", "recall", "tp", "fp"]),
                "points": .array(points.map { JSONValue([$0.score, $0.precision, $0.recall, Double($0.truePositives), Double($0.falsePositives)]) }),
            ]),
        ])
    }

    public init(json: JSONValue) {
        let points = json["pr_curve"]?["points"]?.array ?? []
        self.init(
            iouThreshold: json["iou_threshold"]?.double ?? 0.5, images: json["images"]?.int ?? 0, faces: json["faces"]?.int ?? 0,
            detections: json["detections"]?.int ?? 0, truePositives: json["tp"]?.int ?? 0, falsePositives: json["fp"]?.int ?? 0,
            missed: json["missed"]?.int ?? 0, ignoredDetections: json["ignored"]?.int ?? 0,
            precision: json["precision"]?.double ?? 0, recall: json["recall"]?.double ?? 0, f1: json["f1"]?.double ?? 0,
            averagePrecision: json["ap"]?.double ?? 0, averagePrecision50: json["ap50"]?.double,
            meanIoU: json["mean_iou"]?.double ?? 0,
            curve: points.compactMap { point in
                guard let v = point.array?.compactMap(\.double), v.count == 5 else { return nil }
                return PRPoint(score: v[0], precision: v[1], recall: v[2], truePositives: Int(v[3]), falsePositives: Int(v[4]))
            })
    }
}

extension DetectorResult {
    public var json: JSONValue {
        var parameters = JSONObject()
        for parameter in info.parameters { parameters[parameter.name] = .string(parameter.value) }
        var object: JSONObject = [
            "id": JSONValue(info.id), "kind": JSONValue(info.kind), "spec": JSONValue(info.spec),
            "backend": JSONValue(info.backend), "library": JSONValue(info.library), "parameters": .object(parameters),
            "score_meaning": JSONValue(info.scoreMeaning), "imported": JSONValue(info.isImported),
            "load_ms": JSONValue(setup.loadMilliseconds.first), "load_ms_per_worker": JSONValue(setup.loadMilliseconds),
        ]
        if let scheme = info.landmarkScheme {
            object["landmark_scheme"] = .object(["id": JSONValue(scheme.id), "points": JSONValue(scheme.pointNames)])
        }
        object["memory_mb"] = setup.memory.map { .object(["load": JSONValue($0.loadMegabytes), "warmup": JSONValue($0.warmupMegabytes)]) } ?? .null
        object["metrics"] = metrics.json
        object["latency_ms"] = latency?.json ?? .null
        object["latency_ms_per_megapixel"] = latencyPerMegapixel?.json ?? .null
        object["reported_latency_ms"] = reportedLatency?.json ?? .null
        object["landmark_latency_ms"] = landmarkLatency?.json ?? .null
        object["images_per_second"] = JSONValue(imagesPerSecond)
        object["megapixels_per_second"] = JSONValue(megapixelsPerSecond)
        object["throughput"] = .array(throughput.map { t in
            .object([
                "threads": JSONValue(t.threads), "images": JSONValue(t.images), "seconds": JSONValue(t.seconds),
                "images_per_second": JSONValue(t.imagesPerSecond), "megapixels_per_second": JSONValue(t.megapixelsPerSecond),
                "scaling_efficiency": JSONValue(t.scalingEfficiency),
            ])
        })
        object["failures"] = .array(failures.map { .object(["id": JSONValue($0.sampleID), "image": JSONValue($0.image), "reason": JSONValue($0.reason)]) })
        // Plain structs of numbers, strings and lists: encoding into a JSONValue cannot fail.
        object["evaluation"] = try! JSONValueCoding.encode(evaluations)
        return .object(object)
    }

    public init(json: JSONValue, path: String, field: String) throws {
        guard let id = json["id"]?.string, let spec = json["spec"]?.string else {
            throw FaceBenchError.malformed(path: path, location: field, reason: "a detector needs 'id' and 'spec'")
        }
        let info = DetectorInfo(
            kind: json["kind"]?.string ?? "", id: id, spec: spec, backend: json["backend"]?.string ?? "",
            library: json["library"]?.string ?? "",
            parameters: (json["parameters"]?.object?.pairs ?? []).map { DetectorInfo.Parameter(name: $0.key, value: $0.value.string ?? "") },
            scoreMeaning: json["score_meaning"]?.string ?? "", isImported: json["imported"]?.bool ?? false,
            landmarkScheme: json["landmark_scheme"].flatMap { scheme in
                scheme["id"]?.string.map { LandmarkScheme(id: $0, pointNames: scheme["points"]?.array?.compactMap(\.string) ?? []) }
            })
        let memory = json["memory_mb"].flatMap { value -> MemoryUse? in
            guard let load = value["load"]?.double, let warmup = value["warmup"]?.double else { return nil }
            return MemoryUse(loadMegabytes: load, warmupMegabytes: warmup)
        }
        setup = DetectorSetup(
            info: info, loadMilliseconds: json["load_ms_per_worker"]?.array?.compactMap(\.double) ?? [], memory: memory)
        metrics = DetectionMetrics(json: json["metrics"] ?? .null)
        latency = json["latency_ms"].flatMap(LatencySummary.init(json:))
        latencyPerMegapixel = json["latency_ms_per_megapixel"].flatMap(LatencySummary.init(json:))
        reportedLatency = json["reported_latency_ms"].flatMap(LatencySummary.init(json:))
        landmarkLatency = json["landmark_latency_ms"].flatMap(LatencySummary.init(json:))
        imagesPerSecond = json["images_per_second"]?.double
        megapixelsPerSecond = json["megapixels_per_second"]?.double
        throughput = (json["throughput"]?.array ?? []).compactMap { t in
            guard let threads = t["threads"]?.int, let images = t["images"]?.int, let seconds = t["seconds"]?.double else { return nil }
            let megapixels = (t["megapixels_per_second"]?.double ?? 0) * seconds
            return ThroughputMeasurement(
                threads: threads, images: images, seconds: seconds, megapixels: megapixels,
                scalingEfficiency: t["scaling_efficiency"]?.double)
        }
        failures = (json["failures"]?.array ?? []).map {
            ImageFailure(sampleID: $0["id"]?.int ?? 0, image: $0["image"]?.string ?? "", reason: $0["reason"]?.string ?? "")
        }
        evaluations = try JSONValueCoding.decode(DetectorEvaluations.self, from: json["evaluation"] ?? .null, what: "\(path): \(field).evaluation")
    }
}
