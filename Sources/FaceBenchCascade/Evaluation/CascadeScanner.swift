import FaceBenchModel

/// The sliding-window scan of OpenCV 4's `detectMultiScaleNoGrouping`, single-threaded: for
/// each pyramid level, resize the image, build its integral planes, and run the cascade at
/// every `step`-th window, skipping one more window after a first-stage rejection. Accepted
/// windows are mapped back to the image (position × scale, rounded) and kept unclipped, as
/// OpenCV keeps them until its faces are grouped.
///
/// Scratch memory (the resized image and the integral planes, sized for the largest level) is
/// allocated per call, so concurrent scans share nothing but the immutable program.
enum CascadeScanner {
    static func rawHits(program: CascadeProgram, image: GrayImage, plan: PyramidPlan) -> [RawHit] {
        guard let largest = plan.levels.first else { return [] }
        let model = program.model
        let stride = largest.width + 1
        let planeSize = stride * (largest.height + 1)
        let isHaar = model.featureType == .haar
        let hasTilted = isHaar && model.hasTiltedFeatures
        let tiltedOffset = planeSize
        let squaresOffset = hasTilted ? 2 * planeSize : planeSize
        let planes = UnsafeMutablePointer<Int32>.allocate(capacity: planeSize * (isHaar ? (hasTilted ? 3 : 2) : 1))
        let resized = UnsafeMutablePointer<UInt8>.allocate(capacity: max(largest.width * largest.height, 1))
        defer {
            planes.deallocate()
            resized.deallocate()
        }

        var hits: [RawHit] = []
        let haar = isHaar ? HaarClassifier(program: program, stride: stride, tiltedOffset: tiltedOffset, squaresOffset: squaresOffset) : nil
        let lbp = isHaar ? nil : LBPClassifier(program: program, stride: stride)
        image.pixels.withUnsafeBufferPointer { source in
            for level in plan.levels {
                BilinearResize.resize(source.baseAddress!, width: image.width, height: image.height, stride: image.stride,
                                      into: resized, width: level.width, height: level.height)
                IntegralImages.compute(resized, width: level.width, height: level.height, stride: stride, sum: planes,
                                       squares: isHaar ? planes + squaresOffset : nil, tilted: hasTilted ? planes + tiltedOffset : nil)
                if let haar {
                    haar.splits.withUnsafeBufferPointer { splits in
                        scan(level, model: model, planes: planes, stride: stride, into: &hits) { haar.classify($0, splits: splits.baseAddress!) }
                    }
                } else if let lbp {
                    lbp.splits.withUnsafeBufferPointer { splits in
                        scan(level, model: model, planes: planes, stride: stride, into: &hits) { lbp.classify($0, splits: splits.baseAddress!) }
                    }
                }
            }
        }
        return hits
    }

    @inline(__always)
    static func scan(_ level: PyramidPlan.Level, model: CascadeModel, planes: UnsafePointer<Int32>, stride: Int,
                     into hits: inout [RawHit], classify: (UnsafePointer<Int32>) -> WindowResult) {
        let columns = max(level.width + 1 - model.windowWidth, 0)
        let rows = max(level.height + 1 - model.windowHeight, 0)
        let step = level.step
        var y = 0
        while y < rows {
            let row = planes + y * stride
            var x = 0
            while x < columns {
                let result = classify(row + x)
                if result.code == 1 {
                    hits.append(RawHit(x: roundToEven(Float(x) * level.scale), y: roundToEven(Float(y) * level.scale),
                                       width: level.windowWidth, height: level.windowHeight, weight: result.sum))
                } else if result.code == 0 {
                    x += step
                }
                x += step
            }
            y += step
        }
    }
}
