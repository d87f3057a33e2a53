import FaceBenchModel
import Foundation

/// `plugin:LIBRARY[:key=value,…]`: a detector in a native shared library implementing
/// facebench_plugin.h. The library path ends at the first `:` (paths containing `:` are not
/// supported); the parameters go to the plugin's `create` as strings, and the plugin
/// checks them.
///
/// Building the spec loads the library and creates one instance, so an unloadable library,
/// an ABI mismatch or a rejected parameter fails before the run; the instance's `describe`
/// names the detector (id from its name unless the spec has a label) and lists every
/// parameter in effect.
enum PluginDetectorKind {
    static let kind = DetectorKind(
        id: "plugin", summary: "a native shared library implementing facebench_plugin.h (docs/plugins.md)",
        backend: "native plugin", arguments: .freeform(usage: "/path/libdetector.so[:key=value,…]"), build: build)

    static func build(_ request: DetectorRequest) throws -> any DetectorFactory {
        let spec = request.spec.text
        let arguments = request.spec.arguments ?? ""
        let colon = arguments.firstIndex(of: ":")
        let given = String(colon.map { arguments[..<$0] } ?? Substring(arguments))
        let list = colon.map { String(arguments[arguments.index(after: $0)...]) } ?? ""
        let parameters = try DetectorSpec.keyValuePairs(list, spec: spec).map { DetectorInfo.Parameter(name: $0.key, value: $0.value) }
        if let repeated = Dictionary(grouping: parameters, by: \.name).first(where: { $0.value.count > 1 }) {
            throw FaceBenchError.invalidSpec(spec: spec, reason: "parameter '\(repeated.key)' given twice")
        }
        // dlopen searches the library path for bare names; anything with a slash is a file.
        let path = given.contains("/") ? URL(fileURLWithPath: given).standardized.path : given
        let description: PluginDescription
        let library: NativePluginLibrary
        do {
            library = try NativePluginLibrary.open(path)
            description = try NativePluginDetector(library: library, parameters: parameters, id: given).describe()
        } catch {
            throw FaceBenchError.invalidSpec(spec: spec, reason: "\(error)")
        }
        let name = description.name.isEmpty ? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent : description.name
        let id = request.spec.label ?? DetectorRegistry.sanitizedID(name)
        let inEffect = description.parameters.isEmpty ? parameters : description.parameters
        let canonical = "plugin:\(path)" + (inEffect.isEmpty ? "" : ":" + inEffect.map { "\($0.name)=\($0.value)" }.joined(separator: ","))
        let info = DetectorInfo(
            kind: "plugin", id: id, spec: canonical, backend: "native plugin (ABI \(library.api.abi_version))",
            library: description.version.isEmpty ? name : "\(name) \(description.version)",
            parameters: inEffect, scoreMeaning: description.scoreMeaning.isEmpty ? "as reported by the plugin" : description.scoreMeaning,
            landmarkScheme: description.landmarkScheme)
        return NativePluginFactory(info: info, library: library, parameters: inEffect)
    }
}

struct NativePluginFactory: DetectorFactory {
    let info: DetectorInfo
    let library: NativePluginLibrary
    let parameters: [DetectorInfo.Parameter]

    func makeDetector() throws -> any FaceDetector {
        try NativePluginDetector(library: library, parameters: parameters, id: info.id, landmarkScheme: info.landmarkScheme)
    }
}
