import FaceBenchModel

/// A loaded cascade that detects objects the way OpenCV 4's
/// `CascadeClassifier::detectMultiScale` does, in pure Swift.
///
/// Contract:
///  - For the same gray pixels, cascade and parameters, `rawHits` returns the windows
///    `detectMultiScale(…, outputRejectLevels: true)` accepts (with their level weights,
///    unclipped) and `detect` the faces it returns, with both of OpenCV's scores.
///  - Immutable: one engine may serve any number of threads at once; every call allocates its
///    own scratch buffers.
public struct CascadeEngine: Sendable {
    public let model: CascadeModel
    let program: CascadeProgram

    public init(model: CascadeModel) {
        self.model = model
        program = CascadeProgram(model)
    }

    /// Loads a cascade XML file (see `CascadeLoader`).
    public init(path: String) throws {
        self.init(model: try CascadeLoader.load(path: path))
    }

    /// The pyramid scanned for an image; `minSize`/`maxSize` 0 mean the window and the image.
    public func plan(width: Int, height: Int, scaleFactor: Double, minSize: Int, maxSize: Int) -> PyramidPlan {
        PyramidPlan(imageWidth: width, imageHeight: height, windowWidth: model.windowWidth, windowHeight: model.windowHeight,
                    scaleFactor: scaleFactor, minSize: minSize, maxSize: maxSize)
    }

    /// Every accepted window, level by level, row by row, unclipped.
    public func rawHits(in image: GrayImage, scaleFactor: Double, minSize: Int = 0, maxSize: Int = 0) -> [RawHit] {
        let plan = plan(width: image.width, height: image.height, scaleFactor: scaleFactor, minSize: minSize, maxSize: maxSize)
        return CascadeScanner.rawHits(program: program, image: image, plan: plan)
    }

    /// The faces of `hits` in a `imageWidth`×`imageHeight` image: grouped, then clipped to the
    /// image, in detectMultiScale's order of the two.
    public func faces(from hits: [RawHit], minNeighbors: Int, imageWidth: Int, imageHeight: Int) -> [GroupedFace] {
        RectangleGrouping.group(hits, minNeighbors: minNeighbors).compactMap { $0.clipped(width: imageWidth, height: imageHeight) }
    }

    /// The faces detectMultiScale returns.
    public func detect(in image: GrayImage, scaleFactor: Double, minNeighbors: Int, minSize: Int = 0, maxSize: Int = 0) -> [GroupedFace] {
        faces(from: rawHits(in: image, scaleFactor: scaleFactor, minSize: minSize, maxSize: maxSize), minNeighbors: minNeighbors,
              imageWidth: image.width, imageHeight: image.height)
    }
}
