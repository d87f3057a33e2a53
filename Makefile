# FaceBench build helper. `make bench` is the main job, `make test` the test suite; both
# install the Debian packages and the CNN detectors' weights they need first.
SWIFT ?= swift
RELEASE_BIN := .build/release/facebench

.PHONY: deps build release test reference-checks module-graph parity parity-ci accuracy-checks bench results baseline gate shard-recipes readme clean fuzz fuzz-campaign fuzz-ci format-copies format-copies-ci

deps:
	./scripts/install-dependencies.sh
	./scripts/install-models.sh

build: deps
	$(SWIFT) build
	$(MAKE) examples

# Tests run on the release build, compiled with -enable-testing so that `@testable import`
# works and `make test`, `make bench` and the release-build steps of CI share one build; the
# flag leaves latencies as they were (swift-haar and swift-lbp p50 on dlib-faces equal within
# run-to-run noise, measured side by side).
RELEASE_BUILD := $(SWIFT) build -c release -Xswiftc -enable-testing
release: deps
	$(RELEASE_BUILD)

# Comparisons with reference implementations on whole datasets and checks in a real browser:
# `make test` leaves them to `make reference-checks`, a step of .ci/run (`make model-parity`,
# `make parity` and scripts/check-tide.py cover the same ground on every image there).
REFERENCE_TOOLS := ErrorAnalysisParityTests|LibFaceDetectionParityCommandTests|CascadeParityTests/testSampleOfTheGrid|FaceAPIExampleTests/testGeneratorReproduces
REFERENCE_MODELS := ModelParityCommandTests/testDetectionsEqualTheReferences|CenterFaceTests/test(Fitted|Original)|SCRFDTests/test(Original|Matches)|BlazeFaceTests/test(Gray|FullRange|ShortRange)
BROWSER_CHECKS := ReportCommandTests/test(NothingSticksOut|HeadlessChromium)
REFERENCE_CHECKS := $(REFERENCE_TOOLS)|$(REFERENCE_MODELS)|$(BROWSER_CHECKS)
TEST_RUN := $(SWIFT) test -c release -Xswiftc -enable-testing --skip-build --parallel --num-workers 2

test: deps examples tools module-graph
	$(RELEASE_BUILD) --build-tests
	$(TEST_RUN) --skip '$(REFERENCE_CHECKS)'

reference-checks: deps examples tools
	$(RELEASE_BUILD) --build-tests
	$(TEST_RUN) --filter '$(REFERENCE_CHECKS)'

# Every import line against the dependencies Package.swift declares (its header draws the graph).
module-graph:
	./scripts/check-module-graph.sh

# Both cascade backends against OpenCV's own detectMultiScale over the whole parameter grid on
# dlib-faces and mit-cmu (release build; references in Tests/Fixtures/opencv-grid, written by
# scripts/opencv-reference.py --grid). `make test` checks a sample of it.
parity: release
	$(RELEASE_BIN) parity-grid

# CI's share of the grid: all of it on dlib-faces, and on mit-cmu the two cascades people run
# (haar `default`, lbp `frontalface`): 2 of the whole grid's 13.5 minutes on the 2-core
# machine. Run `make parity` after changing the cascade code or the OpenCV shim.
parity-ci: release
	$(RELEASE_BIN) parity-grid --dataset dlib-faces
	$(RELEASE_BIN) parity-grid --dataset mit-cmu --cascade default --cascade frontalface

# haar, lbp and hog at their defaults on every image of dlib-faces and mit-cmu against
# Tests/Fixtures/Accuracy/backends.json (scripts/accuracy-checks.py, release build); `make
# test` checks dlib-faces (BackendAccuracyTests). .ci/run runs the script on the gate's run.
ACCURACY_RUN ?= .build/accuracy-run
accuracy-checks: release
	rm -rf $(ACCURACY_RUN)
	$(RELEASE_BIN) run --dataset dlib-faces --dataset mit-cmu --detector haar --detector lbp --detector hog \
		--out $(ACCURACY_RUN) >/dev/null
	./scripts/accuracy-checks.py $(ACCURACY_RUN)

# The comparison on the default datasets with the default detectors.
bench: release
	$(RELEASE_BIN) run

# Results/comparison.{md,html} and the README table, from a fresh run on the CI datasets
# (or from RUN=folder of an existing run).
results: release
	./scripts/refresh-results.sh $(RUN)

# The same, and Results/baseline.json: the accuracy CI gates against. Commit it with the
# change that moved accuracy.
baseline: release
	./scripts/refresh-results.sh --baseline $(RUN)

# CI's accuracy gate: the benchmark on the CI datasets, compared with Results/baseline.json.
GATE_RUN ?= .build/gate-run
gate: release
	rm -rf $(GATE_RUN)
	$(RELEASE_BIN) run --dataset dlib-faces --dataset mit-cmu --out $(GATE_RUN) >/dev/null
	./scripts/accuracy-gate.sh $(GATE_RUN) $(BASELINE)

# dlib-faces and MIT+CMU written in every dataset format FaceBench reads (COCO layout, YOLO,
# CSV), independently of FaceBench, run with the default detectors to the originals' numbers.
format-copies: release
	./scripts/check-format-copies.sh

# CI's share: every copy of dlib-faces with the default detectors (1 min), every copy of mit-cmu
# with two fast ones, a cascade and libfacedetection (its tied scores and five points; the
# whole default set takes 13 min there, and CI's 30 minutes leave no room for more).
format-copies-ci: release
	FORMAT_COPIES_DATASETS=dlib-faces ./scripts/check-format-copies.sh
	FORMAT_COPIES_DATASETS=mit-cmu FORMAT_COPIES_DETECTORS="lbp libfacedetection" ./scripts/check-format-copies.sh

# The README's Slurm and GNU parallel shard recipes, run on a single-node Slurm cluster
# started on this machine (needs root): merged COCO exports must equal a single run's.
shard-recipes: release
	./scripts/check-shard-recipes.sh

# Fuzzing (docs/fuzzing.md): every reader (or FUZZ_TARGETS) for FUZZ_SECONDS each, growing the
# corpus in .build/fuzz/corpus; FUZZ_KEEP_GOING=1 saves crashes and goes on. The release build
# is only for the seeds a real run gives.
FUZZ_SECONDS ?= 60
fuzz: release
	./scripts/fuzz.sh --seconds $(FUZZ_SECONDS) $(if $(FUZZ_KEEP_GOING),--keep-going) $(FUZZ_TARGETS)

# A campaign over sessions: each reader until .build/fuzz/campaign.tsv holds FUZZ_UNTIL
# executions of it, on the kept corpus (scripts/fuzz.sh --totals shows where it stands).
FUZZ_UNTIL ?= 10000000
fuzz-campaign: release
	./scripts/fuzz.sh --until $(FUZZ_UNTIL) $(FUZZ_TARGETS)

# CI's fuzz step: each reader for exactly FUZZ_RUNS inputs from a fixed seed, from the seeds
# alone, so it cannot flake; fails on any crash.
FUZZ_RUNS ?= 1000
fuzz-ci: release
	./scripts/fuzz.sh --runs $(FUZZ_RUNS) --seed 1

# The README's comparison section from Results/comparison.md.
readme:
	./scripts/readme-comparison.sh

clean:
	rm -rf .build

# The example plugins (examples/plugins): the native OpenCV LBP plugin and the plain-C host
# that serves a native plugin over the exec protocol. The tests build them with this rule.
EXAMPLES := .build/examples
PLUGIN_HEADER := Sources/CFaceBenchPlugin/include
OPENCV_FLAGS := -I/usr/include/opencv4
OPENCV_LIBS := -lopencv_objdetect -lopencv_imgproc -lopencv_core

.PHONY: examples
examples: $(EXAMPLES)/libfacebench_lbp_plugin.so $(EXAMPLES)/facebench-plugin-host $(EXAMPLES)/numpy-argsort

# The MTCNN shim's copy of numpy's argsort, driven from its tests (DNNDetectorTests).
$(EXAMPLES)/numpy-argsort: Tests/Fixtures/numpy/argsort_driver.cpp Sources/COpenCVShim/numpy_argsort.hpp
	@mkdir -p $(EXAMPLES)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -ISources/COpenCVShim $< -o $@

$(EXAMPLES)/libfacebench_lbp_plugin.so: examples/plugins/native-opencv-lbp/lbp_plugin.cpp $(PLUGIN_HEADER)/facebench_plugin.h
	@mkdir -p $(EXAMPLES)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -I$(PLUGIN_HEADER) $(OPENCV_FLAGS) $< -o $@ $(OPENCV_LIBS)

$(EXAMPLES)/facebench-plugin-host: examples/plugins/plugin-host/plugin_host.c $(PLUGIN_HEADER)/facebench_plugin.h
	@mkdir -p $(EXAMPLES)
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -I$(PLUGIN_HEADER) $< -o $@ -ljson-c -ldl

# Reference programs the tests compare FaceBench against: dlib's MMOD detector as its example runs it.
TOOLS := .build/tools
.PHONY: tools
tools: $(TOOLS)/mmod-reference

$(TOOLS)/mmod-reference: scripts/mmod-reference.cpp
	@mkdir -p $(TOOLS)
	$(CXX) -std=c++17 -O2 -DNDEBUG $< -o $@ -ldlib -llapack -lblas

# The CNN detectors called directly from C++ (Benchmarks/dnn-latency.sh sets their latency
# beside FaceBench's): OpenCV's FaceDetectorYN (YuNet 2022mar), the shim's YuNet 2023mar,
# MTCNN, CenterFace and SCRFD pipelines without Swift, OpenCV
# DNN for BlazeFace and the dlib shim's MMOD, linked from the release build's own objects so
# that only the harness differs; libfacedetection through dlopen, as FaceBench opens it.
SHIM_OBJECTS := .build/release/COpenCVShim.build
DLIB_SHIM_OBJECTS := .build/release/CDlibShim.build
$(EXAMPLES)/dnn-direct: Benchmarks/dnn-latency/dnn_direct.cpp $(SHIM_OBJECTS)/mtcnn_shim.cpp.o $(SHIM_OBJECTS)/centerface_shim.cpp.o $(SHIM_OBJECTS)/yunet2023_shim.cpp.o $(SHIM_OBJECTS)/scrfd_shim.cpp.o $(SHIM_OBJECTS)/dnn_support.cpp.o $(DLIB_SHIM_OBJECTS)/mmod_shim.cpp.o
	@mkdir -p $(EXAMPLES)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -ISources/COpenCVShim/include -ISources/CDlibShim/include $(OPENCV_FLAGS) $^ -o $@ \
		-lopencv_objdetect -lopencv_dnn -lopencv_imgcodecs -lopencv_imgproc -lopencv_core -ldlib -llapack -lblas -ldl

.PHONY: dnn-latency model-parity mmod-parity
# Each CNN detector's median latency in FaceBench beside the same library called from C++.
dnn-latency: release
	$(MAKE) $(EXAMPLES)/dnn-direct
	./Benchmarks/dnn-latency.sh

# The CNN detectors against their reference implementations outside FaceBench on every image
# of dlib-faces and MIT+CMU: yunet with both models (2023mar against OpenCV 5's FaceDetectorYN in
# .build/opencv5-venv) and mtcnn (scripts/model-reference.py), blazeface in both
# ranges (scripts/blazeface-reference.py, in the reference environment
# install-dependencies.sh makes), centerface (scripts/centerface-reference.py, in its own
# environment), libfacedetection (scripts/libfacedetection-reference.py: yuface's own binding, in
# its environment), scrfd at vga and at original size (scripts/scrfd-reference.py, in its own
# environment); a release-build step of .ci/run.
MODEL_PARITY_RUN ?= .build/model-parity-run
model-parity: release
	rm -rf $(MODEL_PARITY_RUN)
	$(RELEASE_BIN) run --dataset dlib-faces --dataset mit-cmu --detector yunet --detector 'yunet:model=2022mar' --detector mtcnn \
		--detector blazeface --detector 'blazeface:range=full' --detector centerface --detector libfacedetection \
		--detector 'libfacedetection:size=vga' --detector scrfd --detector scrfd:size=original --out $(MODEL_PARITY_RUN) >/dev/null
	./scripts/model-reference.py $(MODEL_PARITY_RUN)/dlib-faces/results.json $(MODEL_PARITY_RUN)/mit-cmu/results.json
	.build/reference-venv/bin/python scripts/blazeface-reference.py $(MODEL_PARITY_RUN)/dlib-faces/results.json
	.build/reference-venv/bin/python scripts/blazeface-reference.py $(MODEL_PARITY_RUN)/mit-cmu/results.json
	.build/centerface-venv/bin/python scripts/centerface-reference.py $(MODEL_PARITY_RUN)/dlib-faces/results.json \
		$(MODEL_PARITY_RUN)/mit-cmu/results.json
	.build/libfacedetection-venv/bin/python scripts/libfacedetection-reference.py \
		$(MODEL_PARITY_RUN)/dlib-faces/results.json $(MODEL_PARITY_RUN)/mit-cmu/results.json
	.build/scrfd-reference-venv/bin/python scripts/scrfd-reference.py $(MODEL_PARITY_RUN)/dlib-faces/results.json \
		$(MODEL_PARITY_RUN)/mit-cmu/results.json

# `mmod` against dlib's C++ example semantics (scripts/mmod-reference.cpp) on every image of
# dlib-faces and MIT+CMU (scripts/mmod-parity.py). MMOD takes about a second per image on each
# side (18 minutes in all on the loaded 2-core CI machine), so `make test` checks two images
# and .ci/run leaves this out; run it after changing the mmod backend.
MMOD_PARITY_RUN ?= .build/mmod-parity-run
mmod-parity: release tools
	rm -rf $(MMOD_PARITY_RUN)
	$(RELEASE_BIN) run --dataset dlib-faces --dataset mit-cmu --detector mmod --warmup 0 --out $(MMOD_PARITY_RUN) >/dev/null
	./scripts/mmod-parity.py $(MMOD_PARITY_RUN)/dlib-faces/results.json $(MMOD_PARITY_RUN)/mit-cmu/results.json
