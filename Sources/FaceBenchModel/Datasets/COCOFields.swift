// What COCO files and the `coco` protocol read of a sample and a face, from the attributes
// `COCOLoader` keeps: here, below both the loader and the protocol.

extension Sample {
    /// The image id COCO files use for this sample: the dataset's own for COCO datasets,
    /// else `id` (what FaceBench's COCO export writes).
    public var cocoImageID: Int {
        attributes["coco_id"].flatMap { Int($0) } ?? id
    }
}

extension Face {
    /// The area COCO's size ranges use: the annotation's own when it gave one different from
    /// the box, else width × height (negative for an inverted box, as pycocotools computes it).
    public var cocoArea: Double {
        attributes["area"].flatMap { Double($0) } ?? box.width * box.height
    }
}
