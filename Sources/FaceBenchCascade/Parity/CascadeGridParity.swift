import Dispatch
import FaceBenchModel
import Synchronization

/// Checks cascade backends against OpenCV's own answers over a `CascadeGrid`, for one dataset
/// and cascade: every face's box, level weight and neighbour count must be identical.
///
/// Each backend scans each image once per scale, without size limits; the limited scans are
/// taken from it (`CascadeGrid.restrict`) and every neighbour count groups the same windows —
/// the backends' own `faces(from:)`, the step their `detect` ends with. Combinations no
/// reference covers are still checked backend against backend.
public enum CascadeGridParity {
    /// A backend to check; `make` is called once per worker thread.
    public struct Backend: Sendable {
        public var name: String
        public var make: @Sendable () throws -> any CascadeScanning

        public init(name: String, make: @escaping @Sendable () throws -> any CascadeScanning) {
            self.name = name
            self.make = make
        }
    }

    public struct Outcome: Sendable {
        public var images = 0
        /// Per score, the grid's combinations the references cover.
        public var covered: [CascadeConfiguration.Score: Int] = [:]
        /// Faces in the references (both scores), over every image and combination.
        public var referenceFaces = 0
        /// Faces of the first backend on combinations no reference covers, which the others must
        /// equal (box and both scores).
        public var crossCheckedFaces = 0
        /// Per backend: faces identical to the reference's, box and score.
        public var identicalFaces: [String: Int] = [:]
        /// Per backend: seconds spent scanning and grouping, summed over workers.
        public var seconds: [String: Double] = [:]
        /// "backend image combination: ours != OpenCV's", one per image and combination that differ.
        public var differences: [String] = []
    }

    public static func check(images: [(name: String, image: GrayImage)], references: [OpenCVGridReference], backends: [Backend],
                             grid: CascadeGrid, workers: Int) throws -> Outcome {
        let combinations = Set(grid.combinations)
        for reference in references {
            guard combinations.isSuperset(of: reference.faces.keys) else {
                throw FaceBenchError.failed("the \(reference.dataset) \(reference.cascade) \(reference.score.rawValue) reference holds combinations outside the grid")
            }
            for (combination, faces) in reference.faces {
                if let image = images.first(where: { faces[$0.name] == nil }) {
                    throw FaceBenchError.failed("the \(reference.dataset) \(reference.cascade) reference has no line for \(image.name) at \(combination)")
                }
            }
        }
        let outcome = Mutex(Outcome())
        let failure = Mutex<(any Error)?>(nil)
        let workerCount = max(1, min(workers, images.count))
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            do {
                let scanners = try backends.map { try $0.make() }
                for index in stride(from: worker, to: images.count, by: workerCount) {
                    let partial = try checkImage(images[index], references: references, backends: backends, scanners: scanners, grid: grid)
                    outcome.withLock { total in
                        for (key, value) in partial.identicalFaces { total.identicalFaces[key, default: 0] += value }
                        for (key, value) in partial.seconds { total.seconds[key, default: 0] += value }
                        total.referenceFaces += partial.referenceFaces
                        total.crossCheckedFaces += partial.crossCheckedFaces
                        total.differences += partial.differences
                    }
                }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return outcome.withLock { total in
            total.images = images.count
            for reference in references { total.covered[reference.score] = reference.faces.count }
            return total
        }
    }

    static func checkImage(_ entry: (name: String, image: GrayImage), references: [OpenCVGridReference], backends: [Backend],
                           scanners: [any CascadeScanning], grid: CascadeGrid) throws -> Outcome {
        var outcome = Outcome()
        let image = entry.image
        for reference in references {
            for faces in reference.faces.values { outcome.referenceFaces += faces[entry.name]!.count }
        }
        for scale in grid.scales {
            var scans: [[RawHit]] = []
            for (backend, scanner) in zip(backends, scanners) {
                let (hits, milliseconds) = try MonotonicClock.measure {
                    try scanner.rawHits(in: image, scaleFactor: scale, minSize: 0, maxSize: 0)
                }
                outcome.seconds[backend.name, default: 0] += milliseconds / 1000
                scans.append(hits)
            }
            for minSize in grid.minSizes {
                for maxSize in grid.maxSizes {
                    let limited = try zip(scans, scanners).map { hits, scanner in
                        try CascadeGrid.restrict(hits, image: (image.width, image.height), window: scanner.window,
                                                 scale: scale, minSize: minSize, maxSize: maxSize)
                    }
                    for neighbors in grid.neighbors {
                        let combination = CascadeGrid.Combination(scale: scale, neighbors: neighbors, minSize: minSize, maxSize: maxSize)
                        var found: [[GroupedFace]] = []
                        for (index, scanner) in scanners.enumerated() {
                            let (faces, milliseconds) = try MonotonicClock.measure {
                                try scanner.faces(from: limited[index], minNeighbors: neighbors, imageWidth: image.width, imageHeight: image.height)
                            }
                            outcome.seconds[backends[index].name, default: 0] += milliseconds / 1000
                            found.append(faces)
                        }
                        let covering = references.filter { $0.faces[combination] != nil }
                        if covering.isEmpty {
                            compareBackends(found, backends: backends, image: entry.name, combination: combination, into: &outcome)
                        }
                        for reference in covering {
                            let expected = reference.faces[combination]![entry.name]!
                            for (backend, faces) in zip(backends, found) {
                                let ours = faces.map { face in
                                    OpenCVGridReference.Face(x: face.x, y: face.y, width: face.width, height: face.height,
                                                             score: reference.score == .weight ? face.weight : Double(face.neighbors))
                                }.sorted()
                                outcome.identicalFaces[backend.name, default: 0] += ours.filter(expected.contains).count
                                if ours != expected {
                                    outcome.differences.append(
                                        "\(backend.name) \(entry.name) \(combination) (\(reference.score.rawValue)): "
                                            + "\(ours.map(\.text)) != OpenCV \(expected.map(\.text))")
                                }
                            }
                        }
                    }
                }
            }
        }
        return outcome
    }

    /// Where no reference covers a combination, every backend's faces against the first's (the
    /// OpenCV backend: OpenCV's own scan and grouping), boxes and both scores.
    static func compareBackends(_ found: [[GroupedFace]], backends: [Backend], image: String, combination: CascadeGrid.Combination,
                                into outcome: inout Outcome) {
        func key(_ f: GroupedFace) -> [Double] { [Double(f.x), Double(f.y), Double(f.width), Double(f.height), f.weight, Double(f.neighbors)] }
        let first = found[0].map(key).sorted { $0.lexicographicallyPrecedes($1) }
        outcome.crossCheckedFaces += first.count
        for (backend, faces) in zip(backends, found).dropFirst() {
            let ours = faces.map(key).sorted { $0.lexicographicallyPrecedes($1) }
            if ours != first {
                outcome.differences.append("\(backend.name) \(image) \(combination): \(ours) != \(backends[0].name) \(first)")
            }
        }
    }
}
