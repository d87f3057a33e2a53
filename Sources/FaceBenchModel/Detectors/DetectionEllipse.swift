/// The ellipse of a detection read from an FDDB ellipse line (`FDDBDetectionFile`), kept in
/// its attributes as `major minor angle cx cy` beside its bounding box: here, below both the
/// file's reader and the `fddb` protocol's regions (`FDDBRegions`), which read it back.
extension Detection {
    public static let ellipseAttribute = "fddb_ellipse"

    public var ellipse: Ellipse? {
        guard let text = attributes[Self.ellipseAttribute] else { return nil }
        let values = text.split(separator: " ").compactMap { Double($0) }
        guard values.count == 5 else { return nil }
        return Ellipse(majorRadius: values[0], minorRadius: values[1], angle: values[2], centerX: values[3], centerY: values[4])
    }
}
