#include "fb_scrfd.h"

#include "dnn_support.hpp"

#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <list>
#include <map>
#include <memory>

// Every step mirrors InsightFace 2.1's SCRFD (insightface/model_zoo/scrfd.py): numpy computes
// a float32 array with a Python float in float32, so the decoding below stays in float.

namespace {

// What SCRFD needs of the ONNX graph, read from the file's protobuf encoding: OpenCV 4.6 does
// not say whether an input size is fixed, nor the order of the graph's outputs (InsightFace
// takes them by position), and a graph with fixed upsampling sizes needs them rewritten to
// run at another size.
struct Graph {
    std::string input;
    std::vector<int64_t> inputShape;  // -1 where the dimension is symbolic
    std::vector<std::string> outputs;
    // The int64 raw bytes of each Resize node's `sizes` tensor: offsets into the file.
    std::vector<size_t> resizeSizes;
};

// A protobuf message: fields are read in order; any malformed length throws.
class Message {
public:
    Message(const std::string &bytes, size_t begin, size_t end) : bytes_(bytes), at_(begin), end_(end) {}

    // The next field's number and wire type; false at the end of the message.
    bool next(uint32_t &field, uint32_t &wire) {
        if (at_ >= end_) return false;
        const uint64_t key = varint();
        field = static_cast<uint32_t>(key >> 3);
        wire = static_cast<uint32_t>(key & 7);
        return true;
    }

    bool done() const { return at_ >= end_; }

    uint64_t varint() {
        uint64_t value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at_ >= end_) throw std::runtime_error("truncated");
            const uint8_t byte = static_cast<uint8_t>(bytes_[at_++]);
            value |= static_cast<uint64_t>(byte & 0x7f) << shift;
            if (!(byte & 0x80)) return value;
        }
        throw std::runtime_error("bad varint");
    }

    // A length-delimited field's [begin, end).
    std::pair<size_t, size_t> span() {
        const uint64_t length = varint();
        if (length > end_ - at_) throw std::runtime_error("truncated");
        const size_t begin = at_;
        at_ += static_cast<size_t>(length);
        return {begin, at_};
    }

    Message sub() {
        auto [begin, end] = span();
        return Message(bytes_, begin, end);
    }

    std::string text() {
        auto [begin, end] = span();
        return bytes_.substr(begin, end - begin);
    }

    void skip(uint32_t wire) {
        switch (wire) {
        case 0: varint(); break;
        case 1: advance(8); break;
        case 2: span(); break;
        case 5: advance(4); break;
        default: throw std::runtime_error("bad wire type");
        }
    }

private:
    void advance(size_t n) {
        if (n > end_ - at_) throw std::runtime_error("truncated");
        at_ += n;
    }

    const std::string &bytes_;
    size_t at_, end_;
};

struct Tensor {
    std::string name;
    int dataType = 0;
    std::vector<int64_t> dims;
    std::pair<size_t, size_t> raw{0, 0};
};

Tensor read_tensor(Message m) {
    Tensor t;
    uint32_t field, wire;
    while (m.next(field, wire)) {
        if (field == 1 && wire == 0) t.dims.push_back(static_cast<int64_t>(m.varint()));
        else if (field == 1 && wire == 2) {
            Message packed = m.sub();
            while (!packed.done()) t.dims.push_back(static_cast<int64_t>(packed.varint()));
        } else if (field == 2 && wire == 0) t.dataType = static_cast<int>(m.varint());
        else if (field == 8 && wire == 2) t.name = m.text();
        else if (field == 9 && wire == 2) t.raw = m.span();
        else m.skip(wire);
    }
    return t;
}

// ValueInfoProto → name and tensor shape (TypeProto.tensor_type.shape.dim).
std::pair<std::string, std::vector<int64_t>> read_value_info(Message m) {
    std::string name;
    std::vector<int64_t> shape;
    uint32_t field, wire;
    while (m.next(field, wire)) {
        if (field == 1 && wire == 2) {
            name = m.text();
        } else if (field == 2 && wire == 2) {
            Message type = m.sub();
            while (type.next(field, wire)) {
                if (field != 1 || wire != 2) { type.skip(wire); continue; }
                Message tensor = type.sub();
                while (tensor.next(field, wire)) {
                    if (field != 2 || wire != 2) { tensor.skip(wire); continue; }
                    Message dims = tensor.sub();
                    while (dims.next(field, wire)) {
                        if (field != 1 || wire != 2) { dims.skip(wire); continue; }
                        Message dim = dims.sub();
                        int64_t value = -1;
                        while (dim.next(field, wire)) {
                            if (field == 1 && wire == 0) {
                                const int64_t v = static_cast<int64_t>(dim.varint());
                                value = v > 0 ? v : -1;
                            } else {
                                dim.skip(wire);
                            }
                        }
                        shape.push_back(value);
                    }
                }
            }
        } else {
            m.skip(wire);
        }
    }
    return {name, shape};
}

Graph read_graph(const std::string &bytes) {
    Message model(bytes, 0, bytes.size());
    uint32_t field, wire;
    bool sawGraph = false;
    Graph graph;
    std::map<std::string, Tensor> tensors;  // initializers and Constant nodes' values
    std::vector<std::string> resizeInputs;
    std::vector<std::pair<std::string, std::vector<int64_t>>> inputs;
    while (model.next(field, wire)) {
        if (field != 7 || wire != 2) { model.skip(wire); continue; }
        sawGraph = true;
        Message g = model.sub();
        while (g.next(field, wire)) {
            if (field == 1 && wire == 2) {
                Message node = g.sub();
                std::vector<std::string> in, out;
                std::string op;
                std::vector<Tensor> values;
                uint32_t f, w;
                while (node.next(f, w)) {
                    if (f == 1 && w == 2) in.push_back(node.text());
                    else if (f == 2 && w == 2) out.push_back(node.text());
                    else if (f == 4 && w == 2) op = node.text();
                    else if (f == 5 && w == 2) {
                        Message attribute = node.sub();
                        while (attribute.next(f, w)) {
                            if (f == 5 && w == 2) values.push_back(read_tensor(attribute.sub()));
                            else attribute.skip(w);
                        }
                    } else node.skip(w);
                }
                if (op == "Resize" && in.size() == 4) resizeInputs.push_back(in[3]);
                if (op == "Constant" && out.size() == 1 && values.size() == 1) tensors[out[0]] = values[0];
            } else if (field == 5 && wire == 2) {
                Tensor t = read_tensor(g.sub());
                tensors[t.name] = t;
            } else if (field == 11 && wire == 2) {
                inputs.push_back(read_value_info(g.sub()));
            } else if (field == 12 && wire == 2) {
                graph.outputs.push_back(read_value_info(g.sub()).first);
            } else {
                g.skip(wire);
            }
        }
    }
    if (!sawGraph) throw std::runtime_error("no graph");
    // Old exports list initializers among the inputs; the image is the input that is not one.
    for (const auto &[name, shape] : inputs) {
        if (tensors.count(name)) continue;
        graph.input = name;
        graph.inputShape = shape;
        break;
    }
    for (const std::string &name : resizeInputs) {
        auto found = tensors.find(name);
        if (found == tensors.end()) continue;  // computed at run time (a dynamic graph)
        const Tensor &t = found->second;
        const int int64Type = 7;
        if (t.dataType != int64Type || t.dims != std::vector<int64_t>{4} || t.raw.second - t.raw.first != 32) {
            throw std::runtime_error("a Resize node's sizes (" + name + ") are not four int64 values stored raw");
        }
        graph.resizeSizes.push_back(t.raw.first);
    }
    return graph;
}

int64_t read_int64(const std::string &bytes, size_t at) {
    int64_t value;
    std::memcpy(&value, bytes.data() + at, sizeof value);  // ONNX raw data is little-endian, as x86 and ARM are
    return value;
}

void write_int64(std::string &bytes, size_t at, int64_t value) { std::memcpy(&bytes[at], &value, sizeof value); }

std::string shape_text(const std::vector<int64_t> &shape) {
    std::string out;
    for (int64_t d : shape) out += (out.empty() ? "" : "x") + (d < 0 ? std::string("?") : std::to_string(d));
    return out;
}

struct Layout {
    int fmc;
    std::vector<int> strides;
    int anchors;
    bool landmarks;
};

struct Candidate {
    float x1, y1, x2, y2, score;
    float kps[10];
};

// Greedy NMS as SCRFD.nms does it, over boxes already in score order.
std::vector<size_t> nms(const std::vector<Candidate> &dets, float threshold) {
    std::vector<float> areas(dets.size());
    for (size_t i = 0; i < dets.size(); i++) {
        const float w = dets[i].x2 - dets[i].x1 + 1;
        const float h = dets[i].y2 - dets[i].y1 + 1;
        areas[i] = w * h;
    }
    std::vector<size_t> order(dets.size()), keep;
    for (size_t i = 0; i < order.size(); i++) order[i] = i;
    while (!order.empty()) {
        const size_t i = order[0];
        keep.push_back(i);
        std::vector<size_t> rest;
        for (size_t k = 1; k < order.size(); k++) {
            const Candidate &a = dets[i], &b = dets[order[k]];
            const float w = std::max(0.0f, std::min(a.x2, b.x2) - std::max(a.x1, b.x1) + 1);
            const float h = std::max(0.0f, std::min(a.y2, b.y2) - std::max(a.y1, b.y1) + 1);
            const float inter = w * h;
            const float overlap = inter / (areas[i] + areas[order[k]] - inter);
            if (overlap <= threshold) rest.push_back(order[k]);
        }
        order.swap(rest);
    }
    return keep;
}

}  // namespace

struct fb_scrfd {
    std::string path;
    std::string bytes;
    Graph graph;
    Layout layout;
    fb_scrfd_params params;
    bool fixedInput;
    cv::Size nativeSize;
    // Networks by canvas size, most recent first: a fixed graph needs one per size.
    std::list<std::pair<std::pair<int, int>, cv::dnn::Net>> nets;

    int largest_stride() const { return layout.strides.back(); }

    cv::dnn::Net import(const std::string &model) const {
        try {
            cv::dnn::Net net = cv::dnn::readNetFromONNX(model.data(), model.size());
            if (net.empty()) throw std::runtime_error("OpenCV read no network");
            return net;
        } catch (const cv::Exception &e) {
            // OpenCV's message is a stack of lines; the last says what the importer met.
            std::string reason = e.msg;
            while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' ')) reason.pop_back();
            reason = reason.substr(reason.find_last_of('\n') + 1);
            if (!fixedInput) {
                throw std::runtime_error(path + ": OpenCV " CV_VERSION " cannot import this SCRFD export: its input shape " +
                                         shape_text(graph.inputShape) +
                                         " is dynamic and the graph computes sizes from it, which this OpenCV does not "
                                         "support; use an export with a fixed input size such as 1x3x640x640 (OpenCV: " +
                                         reason + ")");
            }
            throw std::runtime_error(path + ": OpenCV " CV_VERSION " cannot import this model: " + reason);
        }
    }

    // The network for a canvas: the graph as it is where it can take that size, else a copy
    // whose upsampling sizes are scaled from the native input size to the canvas.
    cv::dnn::Net &net_for(cv::Size canvas) {
        const std::pair<int, int> key{canvas.width, canvas.height};
        for (auto it = nets.begin(); it != nets.end(); ++it) {
            if (it->first != key) continue;
            nets.splice(nets.begin(), nets, it);
            return nets.front().second;
        }
        cv::dnn::Net net;
        if (!fixedInput && !nets.empty()) {
            net = nets.front().second;
        } else if (!fixedInput || canvas == nativeSize) {
            net = import(bytes);
        } else {
            std::string scaled = bytes;
            for (size_t at : graph.resizeSizes) {
                for (int axis = 2; axis < 4; axis++) {
                    const int64_t native = axis == 2 ? nativeSize.height : nativeSize.width;
                    const int64_t target = axis == 2 ? canvas.height : canvas.width;
                    const int64_t value = read_int64(bytes, at + 8 * axis);
                    if ((value * target) % native != 0) {
                        throw std::runtime_error(path + ": this export's upsampling sizes cannot be scaled from its " +
                                                 shape_text(graph.inputShape) + " input to " + std::to_string(canvas.width) +
                                                 "x" + std::to_string(canvas.height));
                    }
                    write_int64(scaled, at + 8 * axis, value * target / native);
                }
            }
            net = import(scaled);
        }
        nets.emplace_front(key, net);
        const size_t kept = 4;  // sizes in use at once: one per image size with size=original
        if (nets.size() > kept) nets.pop_back();
        return nets.front().second;
    }
};

namespace {

Layout layout_for(const std::string &path, const Graph &graph) {
    switch (graph.outputs.size()) {
    case 6: return {3, {8, 16, 32}, 2, false};
    case 9: return {3, {8, 16, 32}, 2, true};
    case 10: return {5, {8, 16, 32, 64, 128}, 1, false};
    case 15: return {5, {8, 16, 32, 64, 128}, 1, true};
    default:
        throw std::runtime_error(path + ": not an SCRFD export: " + std::to_string(graph.outputs.size()) + " outputs (" +
                                 fb_dnn::joined(graph.outputs) +
                                 "); SCRFD graphs have 6, 9, 10 or 15 (scores, boxes and optionally 5 landmarks per stride)");
    }
}

// One output as rows of `width` floats for `rows` anchors: InsightFace accepts (rows, width)
// or a batch of one (1, rows, width).
const float *output_rows(const cv::Mat &m, int rows, int width, const fb_scrfd &d, size_t index) {
    const bool batched = m.dims == 3 && m.size[0] == 1 && m.size[1] == rows && m.size[2] == width;
    const bool flat = m.dims == 2 && m.size[0] == rows && m.size[1] == width;
    if (m.type() != CV_32F || !(batched || flat) || !m.isContinuous()) {
        std::string shape;
        for (int i = 0; i < m.dims; i++) shape += (i ? "x" : "") + std::to_string(m.size[i]);
        throw std::runtime_error(d.path + ": output " + d.graph.outputs[index] + " has shape " + shape + ", expected " +
                                 std::to_string(rows) + "x" + std::to_string(width) + " for this input size");
    }
    return m.ptr<float>();
}

std::vector<fb_dnn_face> detect(fb_scrfd &d, const cv::Mat &bgr) {
    cv::Size canvas(d.params.input_width, d.params.input_height);
    cv::Mat img = bgr;
    if (canvas.width == 0) {
        // size=original: the image padded to the strides, then InsightFace's own fitting,
        // which keeps its scale when image and canvas have the same shape.
        const int s = d.largest_stride();
        canvas = cv::Size((bgr.cols + s - 1) / s * s, (bgr.rows + s - 1) / s * s);
        if (canvas != bgr.size()) {
            img = cv::Mat::zeros(canvas, CV_8UC3);
            bgr.copyTo(img(cv::Rect(0, 0, bgr.cols, bgr.rows)));
        }
    }
    const double imRatio = static_cast<double>(img.rows) / img.cols;
    const double modelRatio = static_cast<double>(canvas.height) / canvas.width;
    int newWidth, newHeight;
    if (imRatio > modelRatio) {
        newHeight = canvas.height;
        newWidth = static_cast<int>(newHeight / imRatio);
    } else {
        newWidth = canvas.width;
        newHeight = static_cast<int>(newWidth * imRatio);
    }
    if (newWidth <= 0 || newHeight <= 0) {
        throw std::runtime_error("a " + std::to_string(bgr.cols) + "x" + std::to_string(bgr.rows) +
                                 " image scales to nothing in the " + std::to_string(canvas.width) + "x" +
                                 std::to_string(canvas.height) + " input");
    }
    const float detScale = static_cast<float>(static_cast<double>(newHeight) / img.rows);
    cv::Mat resized;
    cv::resize(img, resized, cv::Size(newWidth, newHeight));
    cv::Mat detImg = cv::Mat::zeros(canvas, CV_8UC3);
    resized.copyTo(detImg(cv::Rect(0, 0, newWidth, newHeight)));
    cv::Mat blob = cv::dnn::blobFromImage(detImg, 1.0 / 128.0, canvas, cv::Scalar(127.5, 127.5, 127.5), true);

    cv::dnn::Net &net = d.net_for(canvas);
    net.setInput(blob, d.graph.input);
    std::vector<cv::Mat> outs;
    net.forward(outs, d.graph.outputs);

    const Layout &layout = d.layout;
    const float threshold = d.params.score_threshold;
    std::vector<Candidate> candidates;
    for (int idx = 0; idx < layout.fmc; idx++) {
        const int stride = layout.strides[idx];
        const int height = canvas.height / stride, width = canvas.width / stride;
        const int rows = height * width * layout.anchors;
        const float *scores = output_rows(outs[idx], rows, 1, d, idx);
        const float *boxes = output_rows(outs[idx + layout.fmc], rows, 4, d, idx + layout.fmc);
        const float *kps = layout.landmarks ? output_rows(outs[idx + 2 * layout.fmc], rows, 10, d, idx + 2 * layout.fmc) : nullptr;
        const float s = static_cast<float>(stride);
        for (int k = 0; k < rows; k++) {
            if (!(scores[k] >= threshold)) continue;
            const int cell = k / layout.anchors;
            const float cx = static_cast<float>(cell % width) * s, cy = static_cast<float>(cell / width) * s;
            Candidate c{};
            c.score = scores[k];
            const float *b = boxes + 4 * k;
            float distance[4];
            for (int j = 0; j < 4; j++) distance[j] = b[j] * s;
            c.x1 = (cx - distance[0]) / detScale;
            c.y1 = (cy - distance[1]) / detScale;
            c.x2 = (cx + distance[2]) / detScale;
            c.y2 = (cy + distance[3]) / detScale;
            bool finite = std::isfinite(c.x1) && std::isfinite(c.y1) && std::isfinite(c.x2) && std::isfinite(c.y2) &&
                          std::isfinite(c.score);
            if (kps) {
                for (int j = 0; j < 10; j++) {
                    const float offset = kps[10 * k + j] * s;
                    c.kps[j] = ((j % 2 == 0 ? cx : cy) + offset) / detScale;
                    finite = finite && std::isfinite(c.kps[j]);
                }
            }
            if (!finite) throw std::runtime_error(d.path + ": the network gave a non-finite score, box or landmark");
            candidates.push_back(c);
        }
    }
    // np.argsort(-scores, kind='stable'): ties keep the graph's order (std::stable_sort
    // would warn through libstdc++'s deprecated temporary buffer).
    std::vector<size_t> order(candidates.size());
    for (size_t i = 0; i < order.size(); i++) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return candidates[a].score > candidates[b].score || (candidates[a].score == candidates[b].score && a < b);
    });
    std::vector<Candidate> sorted;
    sorted.reserve(order.size());
    for (size_t i : order) sorted.push_back(candidates[i]);
    candidates.swap(sorted);
    std::vector<fb_dnn_face> faces;
    for (size_t i : nms(candidates, d.params.nms_threshold)) {
        const Candidate &c = candidates[i];
        fb_dnn_face face{};
        face.x = c.x1;
        face.y = c.y1;
        face.width = static_cast<double>(c.x2) - c.x1;
        face.height = static_cast<double>(c.y2) - c.y1;
        face.score = c.score;
        face.landmark_count = layout.landmarks ? 5 : 0;
        for (int j = 0; j < 2 * face.landmark_count; j++) face.landmarks[j] = c.kps[j];
        faces.push_back(face);
    }
    return faces;
}

}  // namespace

extern "C" fb_scrfd *fb_scrfd_create(const char *model_path, fb_scrfd_params params, char *error, size_t error_size) {
    return fb_dnn::guarded<fb_scrfd *>(error, error_size, nullptr, [&] {
        auto out = std::make_unique<fb_scrfd>();
        out->path = model_path;
        out->params = params;
        std::ifstream file(model_path, std::ios::binary);
        if (!file) throw std::runtime_error(out->path + ": cannot open the model file (missing or unreadable)");
        out->bytes.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
        if (file.bad()) throw std::runtime_error(out->path + ": cannot read the model file");
        try {
            out->graph = read_graph(out->bytes);
        } catch (const std::runtime_error &e) {
            throw std::runtime_error(out->path + ": not a complete ONNX model (truncated, damaged or another format: " +
                                     e.what() + ")");
        }
        const Graph &g = out->graph;
        if (g.input.empty() || g.inputShape.size() != 4 || (g.inputShape[1] != 3 && g.inputShape[1] != -1)) {
            throw std::runtime_error(out->path + ": not an SCRFD export: its input is " +
                                     (g.input.empty() ? std::string("missing") : g.input + " " + shape_text(g.inputShape)) +
                                     ", expected an image tensor 1x3xHxW");
        }
        out->layout = layout_for(out->path, g);
        out->fixedInput = g.inputShape[2] > 0 && g.inputShape[3] > 0;
        if (out->fixedInput) out->nativeSize = cv::Size(static_cast<int>(g.inputShape[3]), static_cast<int>(g.inputShape[2]));
        const int s = out->largest_stride();
        if (params.input_width % s != 0 || params.input_height % s != 0 || (params.input_width == 0) != (params.input_height == 0)) {
            throw std::runtime_error("input size " + std::to_string(params.input_width) + "x" + std::to_string(params.input_height) +
                                     ": this SCRFD graph needs sides that are multiples of " + std::to_string(s));
        }
        // The first network now: an export OpenCV cannot import fails here, naming the file.
        out->net_for(params.input_width ? cv::Size(params.input_width, params.input_height)
                                        : (out->fixedInput ? out->nativeSize : cv::Size(640, 640)));
        return out.release();
    });
}

extern "C" void fb_scrfd_destroy(fb_scrfd *detector) { delete detector; }

extern "C" int fb_scrfd_has_landmarks(const fb_scrfd *detector) { return detector->layout.landmarks ? 1 : 0; }

extern "C" int fb_scrfd_detect(fb_scrfd *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error,
                               size_t error_size) {
    *faces = nullptr;
    *count = 0;
    return fb_dnn::guarded(error, error_size, 1, [&] {
        cv::Mat bgr = fb_dnn::three_channels(image, fb_dnn::ChannelOrder::bgr);
        return fb_dnn::hand_over(detect(*detector, bgr), faces, count, error, error_size);
    });
}
