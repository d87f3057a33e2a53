# FaceBench build helper. `make bench` is the main job, `make test` the test suite; both
# install the Debian packages they need first.
SWIFT ?= swift
RELEASE_BIN := .build/release/facebench

.PHONY: deps build release test bench results baseline gate readme clean fuzz fuzz-ci

deps:
	./scripts/install-dependencies.sh

build: deps
	$(SWIFT) build
	$(MAKE) examples

release: deps
	$(SWIFT) build -c release

test: deps examples
	$(SWIFT) test

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

# Fuzzing (docs/fuzzing.md): every reader (or FUZZ_TARGETS) for FUZZ_SECONDS each, growing the
# corpus in .build/fuzz/corpus; FUZZ_KEEP_GOING=1 saves crashes and goes on. The release build
# is only for the seeds a real run gives.
FUZZ_SECONDS ?= 60
fuzz: release
	./scripts/fuzz.sh --seconds $(FUZZ_SECONDS) $(if $(FUZZ_KEEP_GOING),--keep-going) $(FUZZ_TARGETS)

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
examples: $(EXAMPLES)/libfacebench_lbp_plugin.so $(EXAMPLES)/facebench-plugin-host

$(EXAMPLES)/libfacebench_lbp_plugin.so: examples/plugins/native-opencv-lbp/lbp_plugin.cpp $(PLUGIN_HEADER)/facebench_plugin.h
	@mkdir -p $(EXAMPLES)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -I$(PLUGIN_HEADER) $(OPENCV_FLAGS) $< -o $@ $(OPENCV_LIBS)

$(EXAMPLES)/facebench-plugin-host: examples/plugins/plugin-host/plugin_host.c $(PLUGIN_HEADER)/facebench_plugin.h
	@mkdir -p $(EXAMPLES)
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -I$(PLUGIN_HEADER) $< -o $@ -ljson-c -ldl
