import FaceBenchModel

/// The centre-prior baseline as a Swift detector: one face, centred, its side `fraction`
/// of the image's shorter side.
final class CentreBaselineDetector: FaceDetector {
    let fraction: Double

    init(fraction: Double) {
        self.fraction = fraction
    }

    func detect(_ input: DetectorInput) throws -> [Detection] {
        let width = Double(input.image.width), height = Double(input.image.height)
        let side = min(width, height) * fraction
        return [Detection(box: Box(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side), score: 1)]
    }
}

struct CentreBaselineFactory: DetectorFactory {
    let info: DetectorInfo
    let fraction: Double

    func makeDetector() throws -> any FaceDetector { CentreBaselineDetector(fraction: fraction) }
}

/// The face's side as a fraction of the image's shorter side: declared once, read typed.
let centreFraction = DetectorParameter.number(
    "fraction", greaterThan: 0, atMost: 1, default: 0.5, help: "face side as a fraction of the image's shorter side")

/// `centre` and `centre:fraction=0.4`, registered with `registry.register(centreBaseline)`.
let centreBaseline = DetectorKind(
    id: "centre", summary: "centre-prior baseline: one centred face", backend: "pure Swift",
    arguments: .parameters([centreFraction.spec])
) { request in
    let info = DetectorInfo(
        kind: "centre", id: request.id, spec: request.canonicalSpec, backend: "pure Swift", library: "",
        parameters: request.parameters.inEffect, scoreMeaning: "constant")
    return CentreBaselineFactory(info: info, fraction: request.parameters[centreFraction])
}
