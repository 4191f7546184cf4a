# syntax=docker/dockerfile:1
# Switchboard: a static binary on a minimal, non-root image.
#
#   docker build -t switchboard .
#   docker run --rm -p 7070:7070 \
#     -e SWITCHBOARD_HTTP_LISTEN=0.0.0.0:7070 -e SWITCHBOARD_HTTP_ADMIN_TOKEN=change-me \
#     -e SWITCHBOARD_REDIS_URL=redis://redis:6379/0 switchboard

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags "-s -w" -o /out/switchboard ./cmd/switchboard

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/switchboard /usr/local/bin/switchboard
# The documented example; mount your own and pass --config to use a file.
COPY config.example.yaml /etc/switchboard/config.example.yaml
USER nonroot:nonroot
EXPOSE 7070
ENV SWITCHBOARD_HTTP_LISTEN=0.0.0.0:7070
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["/usr/local/bin/switchboard", "healthcheck", "--server", "http://127.0.0.1:7070"]
ENTRYPOINT ["/usr/local/bin/switchboard"]
CMD ["serve"]
