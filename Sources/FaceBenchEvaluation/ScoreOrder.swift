/// The ranking every protocol starts from: indices of scores from the highest down, equal
/// scores in their given order. That is numpy's `argsort(-scores, kind='mergesort')` and
/// MATLAB's `sort(…, 'descend')`, the orders pycocotools and the VOC devkit rank by, so
/// ties are broken the way the references break them.
///
/// A stable least-significant-digit radix sort on the scores' bit patterns: linear time, no
/// comparisons, the same answer as a stable comparison sort. -0.0 ranks with 0.0; NaN is
/// not expected (importers reject it).
public enum ScoreOrder {
    public static func descending(_ scores: [Double]) -> [Int32] {
        let count = scores.count
        precondition(count < Int(Int32.max), "too many detections to rank")
        if count < 2 { return count == 0 ? [] : [0] }
        var keys = [UInt64](repeating: 0, count: count)
        for index in 0..<count {
            keys[index] = descendingKey(scores[index])
        }
        var order = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = Int32(index) }
            initialized = count
        }
        var scratchKeys = [UInt64](repeating: 0, count: count)
        var scratchOrder = [Int32](repeating: 0, count: count)
        let digitBits = 11
        let buckets = 1 << digitBits
        var histogram = [Int](repeating: 0, count: buckets)
        var shift = 0
        while shift < 64 {
            for bucket in 0..<buckets { histogram[bucket] = 0 }
            let mask = UInt64(buckets - 1)
            keys.withUnsafeBufferPointer { keys in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    for key in keys { histogram[Int((key >> UInt64(shift)) & mask)] += 1 }
                }
            }
            // A digit all keys share leaves the order as it is.
            if !histogram.contains(count) {
                var total = 0
                for bucket in 0..<buckets {
                    let size = histogram[bucket]
                    histogram[bucket] = total
                    total += size
                }
                keys.withUnsafeBufferPointer { keys in
                    order.withUnsafeBufferPointer { order in
                        scratchKeys.withUnsafeMutableBufferPointer { outKeys in
                            scratchOrder.withUnsafeMutableBufferPointer { outOrder in
                                histogram.withUnsafeMutableBufferPointer { histogram in
                                    for index in 0..<count {
                                        let key = keys[index]
                                        let bucket = Int((key >> UInt64(shift)) & mask)
                                        let slot = histogram[bucket]
                                        histogram[bucket] = slot + 1
                                        outKeys[slot] = key
                                        outOrder[slot] = order[index]
                                    }
                                }
                            }
                        }
                    }
                }
                swap(&keys, &scratchKeys)
                swap(&order, &scratchOrder)
            }
            shift += digitBits
        }
        return order
    }

    /// A key whose ascending unsigned order is the descending order of the scores.
    @inline(__always)
    static func descendingKey(_ score: Double) -> UInt64 {
        let bits = (score + 0.0).bitPattern  // + 0.0 turns -0.0 into 0.0
        let ascending = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        return ~ascending
    }
}
