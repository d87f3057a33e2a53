// What COCO files and the `coco` protocol read of a sample and a face, from the fields
// `COCOLoader` fills: here, below both the loader and the protocol.

extension Sample {
    /// The image id COCO files use for this sample: the dataset's own for COCO datasets,
    /// else `id` (what FaceBench's COCO export writes).
    public var cocoImageID: Int {
        cocoID ?? id
    }
}

extension Face {
    /// The area COCO's size ranges use: the annotation's own when it gave one different from
    /// the box, else width × height (negative for an inverted box, as pycocotools computes it).
    public var cocoArea: Double {
        annotatedArea ?? box.width * box.height
    }
}
