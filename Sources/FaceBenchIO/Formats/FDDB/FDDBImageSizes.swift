import FaceBenchModel

/// The pixel sizes of FDDB's images, for evaluating without them: FDDB's toolkit clips every
/// face and detection mask to its image, so without the sizes a region crossing the right or
/// bottom border overlaps differently. `facebench fddb-sizes` writes the file once from the
/// images; `FDDBLoader` reads it from beside the folds (`FDDB-image-sizes.txt`) for images
/// that are absent.
///
/// Layout: `#` comment lines, then `name width height` per image, names as the folds give
/// them (`2002/08/11/big/img_591`). Sizes are whole pixels from 1 to `maximumSide`; a malformed
/// line or a name given twice is an error naming the file and line.
public enum FDDBImageSizes {
    public static let fileName = "FDDB-image-sizes.txt"
    public static let maximumSide = 100_000

    public static func read(_ path: String, source: any FileSource = LocalFiles()) throws -> [String: ImageHeader.Size] {
        var sizes: [String: ImageHeader.Size] = [:]
        for line in try source.lines(path) {
            let fields = line.fields
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            guard fields.count == 3, let width = Int(fields[1]), let height = Int(fields[2]),
                  (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
                throw FaceBenchError.malformed(path: path, location: "line \(line.number)",
                                               reason: "expected 'name width height' with sizes of 1 to \(maximumSide) pixels")
            }
            guard sizes.updateValue(ImageHeader.Size(width: width, height: height), forKey: String(first)) == nil else {
                throw FaceBenchError.malformed(path: path, location: "line \(line.number)", reason: "\(first) is given twice")
            }
        }
        return sizes
    }

    public static func text(_ sizes: [(name: String, size: ImageHeader.Size)], source: String) -> String {
        "# FDDB image sizes (name width height), written by facebench fddb-sizes from \(source)\n"
            + sizes.map { "\($0.name) \($0.size.width) \($0.size.height)\n" }.joined()
    }
}
