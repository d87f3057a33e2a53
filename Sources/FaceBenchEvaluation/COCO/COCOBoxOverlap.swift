import FaceBenchModel

/// The IoU pycocotools' `maskUtils.iou` computes for two boxes (`bbIou` in maskApi.c),
/// operation for operation, so thresholds are crossed exactly where the reference crosses
/// them: corners as `width + x`, 0 when the boxes do not overlap, and for a crowd region the
/// intersection over the detection's area.
public enum COCOBoxOverlap {
    @inline(__always)
    public static func iou(_ detection: Box, _ face: Box, crowd: Bool) -> Double {
        let w = min(detection.width + detection.x, face.width + face.x) - max(detection.x, face.x)
        if w <= 0 { return 0 }
        let h = min(detection.height + detection.y, face.height + face.y) - max(detection.y, face.y)
        if h <= 0 { return 0 }
        let intersection = w * h
        let detectionArea = detection.width * detection.height
        return intersection / (crowd ? detectionArea : detectionArea + face.width * face.height - intersection)
    }
}
