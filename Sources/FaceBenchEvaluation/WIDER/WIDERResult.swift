import FaceBenchModel

/// The `wider` protocol's result: which evaluation it reproduces, and per difficulty setting
/// (easy, medium, hard) the AP, the kept faces and the 1000-threshold curve.
///
/// JSON: `flavor`, `iou_threshold`, `images`, `predictions`, `score_normalisation: {min, max}`,
/// then each setting under its name: `{ap, faces, threshold, precision, recall}`. AP is null
/// when the setting keeps no face, precision null where nothing is proposed (and recall null
/// at every threshold of a setting without faces).
public struct WIDERResult: EvaluationResult {
    public struct ScoreRange: Sendable, Equatable, Codable {
        public var min: Double
        public var max: Double
    }

    public struct Setting: Sendable, Equatable, Codable {
        public var averagePrecision: Double?
        public var faces: Int
        public var threshold: [Double]
        public var precision: [Double?]
        public var recall: [Double?]
        enum CodingKeys: String, CodingKey { case averagePrecision = "ap", faces, threshold, precision, recall }
    }

    public var flavor: WIDERFlavor
    public var iouThreshold: Double
    public var images: Int
    public var predictions: Int
    public var scoreNormalisation: ScoreRange
    /// In `WIDEREvaluator.settings` order.
    public var settings: [(name: String, setting: Setting)]

    public subscript(name: String) -> Setting? { settings.first { $0.name == name }?.setting }

    enum CodingKeys: String, CodingKey {
        case flavor, iouThreshold = "iou_threshold", images, predictions, scoreNormalisation = "score_normalisation"
    }

    public static let declarations = [
        MetricDeclaration("iou_threshold", .setting), MetricDeclaration("images", .informationalCount),
        MetricDeclaration("predictions", .informationalCount), MetricDeclaration("score_normalisation.min", MetricKind(.neither, .score)),
        MetricDeclaration("score_normalisation.max", MetricKind(.neither, .score)), MetricDeclaration("*.ap", .higherFraction),
        MetricDeclaration("*.faces", .informationalCount),
    ]

    public var figures: [(key: String, value: Double?)] {
        [
            ("iou_threshold", iouThreshold), ("images", Double(images)), ("predictions", Double(predictions)),
            ("score_normalisation.min", scoreNormalisation.min), ("score_normalisation.max", scoreNormalisation.max),
        ] + settings.flatMap { name, setting in [(name + ".ap", setting.averagePrecision), (name + ".faces", Double(setting.faces))] }
    }

    public static let protocolName = "wider"
    public var erased: ProtocolResult { .wider(self) }

    public init(flavor: WIDERFlavor, images: Int, predictions: Int, scoreNormalisation: ScoreRange, settings: [(name: String, setting: Setting)]) {
        self.flavor = flavor
        iouThreshold = 0.5
        self.images = images
        self.predictions = predictions
        self.scoreNormalisation = scoreNormalisation
        self.settings = settings
    }

    public static func == (a: WIDERResult, b: WIDERResult) -> Bool {
        a.flavor == b.flavor && a.iouThreshold == b.iouThreshold && a.images == b.images && a.predictions == b.predictions
            && a.scoreNormalisation == b.scoreNormalisation && a.settings.elementsEqual(b.settings) { $0.name == $1.name && $0.setting == $1.setting }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        flavor = try container.decode(WIDERFlavor.self, forKey: .flavor)
        iouThreshold = try container.decode(Double.self, forKey: .iouThreshold)
        images = try container.decode(Int.self, forKey: .images)
        predictions = try container.decode(Int.self, forKey: .predictions)
        scoreNormalisation = try container.decode(ScoreRange.self, forKey: .scoreNormalisation)
        let named = try decoder.container(keyedBy: NamedKey.self)
        settings = try WIDEREvaluator.settings.map { ($0, try named.decode(Setting.self, forKey: NamedKey($0))) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(flavor, forKey: .flavor)
        try container.encode(iouThreshold, forKey: .iouThreshold)
        try container.encode(images, forKey: .images)
        try container.encode(predictions, forKey: .predictions)
        try container.encode(scoreNormalisation, forKey: .scoreNormalisation)
        var named = encoder.container(keyedBy: NamedKey.self)
        for (name, setting) in settings { try named.encode(setting, forKey: NamedKey(name)) }
    }
}
