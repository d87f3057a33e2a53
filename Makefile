# FaceBench build helper. `make bench` is the main job, `make test` the test suite; both
# install the Debian packages they need first.
SWIFT ?= swift
RELEASE_BIN := .build/release/facebench

.PHONY: deps build release test bench clean

deps:
	./scripts/install-dependencies.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) test

# The comparison on the default datasets with the default detectors.
bench: release
	$(RELEASE_BIN) run

clean:
	rm -rf .build
