# syntax=docker/dockerfile:1
# Switchboard: a static binary on a small, non-root image.
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

# Workers are processes the dispatcher starts (profiles often use sh -c and
# an agent CLI), so the runtime image keeps a shell. Extend it with your
# agents: FROM switchboard, then install them.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --create-home --home-dir /home/switchboard switchboard
COPY --from=build /out/switchboard /usr/local/bin/switchboard
# The documented example; mount your own and pass --config to use a file.
COPY config.example.yaml /etc/switchboard/config.example.yaml
USER switchboard
WORKDIR /home/switchboard
EXPOSE 7070
ENV SWITCHBOARD_HTTP_LISTEN=0.0.0.0:7070
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["/usr/local/bin/switchboard", "healthcheck", "--server", "http://127.0.0.1:7070"]
ENTRYPOINT ["/usr/local/bin/switchboard"]
CMD ["serve"]
