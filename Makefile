# Switchboard: make help lists the targets.
SHELL := /bin/bash
GO ?= go

.PHONY: help
help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-12s %s\n", $$1, $$2}'

.PHONY: run
run: ## run switchboard serve (embedded in-memory Redis unless SWITCHBOARD_REDIS_URL is set)
	$(GO) run ./cmd/switchboard serve

.PHONY: build
build: ## build ./switchboard
	CGO_ENABLED=0 $(GO) build -o switchboard ./cmd/switchboard

.PHONY: test
test: ## run every test with the race detector (real Redis when SWITCHBOARD_TEST_REDIS is set)
	$(GO) test -race -count=1 ./...

.PHONY: ci
ci: ## what CI runs: start Redis if needed, gofmt, vet, test
	./.ci/run

.PHONY: bench
bench: ## run the benchmarks against SWITCHBOARD_TEST_REDIS (default 127.0.0.1:6379)
	cd bench && go run ./boardbench && go run ./dispatch && \
	  SWITCHBOARD_TEST_REDIS=$${SWITCHBOARD_TEST_REDIS:-127.0.0.1:6379} go test -run x -bench . -benchtime 5000x ./delivery && \
	  go run ./servemem

.PHONY: lint
lint: ## gofmt and go vet
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
