import FaceBenchModel

/// Face-API landmarks written as a list of typed points (ML Kit, Google Cloud Vision), put
/// into their scheme's fixed order so the `landmarks` protocol can score them. A face
/// missing a type of its scheme keeps no points (a list must hold every point of its scheme)
/// and says which were missing in attribute `missing_landmarks`; the importer's warnings
/// count those faces.
enum TypedLandmarks {
    static let missingAttribute = "missing_landmarks"

    /// `LEFT_EYE`, `LeftEye` and `left_eye` are one type.
    static func key(_ name: String) -> String {
        name.lowercased().filter { $0 != "_" }
    }

    /// The points in `scheme` order, or nil with the names of the scheme's types that are
    /// absent. Types outside the scheme are dropped; a type given twice keeps its first point.
    static func ordered(_ typed: [(type: String, point: Point)], scheme: LandmarkScheme) -> (points: [Point]?, missing: [String]) {
        var byType: [String: Point] = [:]
        for (type, point) in typed where byType[key(type)] == nil { byType[key(type)] = point }
        let found = scheme.pointNames.map { byType[key($0)] }
        let missing = zip(scheme.pointNames, found).filter { $0.1 == nil }.map(\.0)
        return missing.isEmpty ? (found.compactMap { $0 }, []) : (nil, missing)
    }

    /// Sets `detection`'s landmarks from typed points, or its `missing_landmarks` attribute.
    static func attach(_ typed: [(type: String, point: Point)], scheme: LandmarkScheme, to detection: inout Detection) {
        guard !typed.isEmpty else { return }
        let (points, missing) = ordered(typed, scheme: scheme)
        detection.landmarks = points
        if !missing.isEmpty { detection.attributes[missingAttribute] = missing.joined(separator: ",") }
    }

    /// "N of M faces …" when some faces had incomplete landmarks.
    static func warnings(_ loaded: [Int: [Detection]], scheme: LandmarkScheme) -> [String] {
        let faces = loaded.values.flatMap { $0 }
        let incomplete = faces.filter { $0.attributes[missingAttribute] != nil }
        guard let first = incomplete.first?.attributes[missingAttribute] else { return [] }
        return [
            "\(incomplete.count) of \(faces.count) faces lack some of the \(scheme.pointNames.count) \(scheme.id) landmark types "
                + "(first: \(first)); they are scored as found without landmarks",
        ]
    }
}
