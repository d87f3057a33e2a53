import COpenCVShim
import FaceBenchModel
import Foundation

/// An ONNX model run by OpenCV's DNN module: one NCHW float tensor in, named float tensors
/// out. Loading checks the network has exactly the outputs the caller decodes, so a file
/// converted from another model is an error naming it rather than garbage boxes. Sits
/// beside the detectors whose whole pipeline is in the shim (DNNFaces) for models whose
/// pre- and post-processing FaceBench does in Swift.
final class ONNXNetwork {
    let handle: OpaquePointer
    let path: String
    let outputs: [(name: String, count: Int)]

    init(kind: String, path: String, outputs: [(name: String, count: Int)]) throws {
        let names = outputs.map { strdup($0.name) }
        defer { names.forEach { free($0) } }
        let pointers = names.map { UnsafePointer<CChar>($0) }
        handle = try DNNFaces.load(kind: kind) { fb_onnx_net_load(path, pointers, Int32(outputs.count), $0, $1) }
        self.path = path
        self.outputs = outputs
    }

    deinit { fb_onnx_net_destroy(handle) }

    /// The outputs, in the order given at load, for an input of `channels` × `height` × `width`.
    func forward(_ input: [Float], channels: Int, height: Int, width: Int) throws -> [[Float]] {
        precondition(input.count == channels * height * width, "input tensor size")
        let buffers = outputs.map { UnsafeMutableBufferPointer<Float>.allocate(capacity: $0.count) }
        defer { buffers.forEach { $0.deallocate() } }
        let pointers: [UnsafeMutablePointer<Float>?] = buffers.map(\.baseAddress)
        let sizes = outputs.map(\.count)
        var error = [CChar](repeating: 0, count: 1024)
        let status = input.withUnsafeBufferPointer { tensor in
            fb_onnx_net_forward(handle, tensor.baseAddress, Int32(channels), Int32(height), Int32(width),
                                pointers, sizes, &error, error.count)
        }
        guard status == 0 else { throw FaceBenchError.native(call: "OpenCV DNN running \(path)", image: nil, reason: String(nulTerminated: error)) }
        return buffers.map { Array($0) }
    }
}
