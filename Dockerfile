# The container image of deploy/kubernetes-indexed-job.yaml (and of any
# scheduler that runs images): one static xqtool binary on a distroless
# base, no shell. Build it from the repository root:
#
#   docker build -t xqtool:latest .
#
# and run it as the xqtool command: docker run --rm -v "$PWD:/data"
# xqtool:latest validate /data/sample. (cmd/xqtool/deploy_test.go checks
# this file: the build command, the base, the entry point.)

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /out/xqtool ./cmd/xqtool

# distroless/static: CA certificates, time zones and a non-root user, no
# shell or package manager; the binary needs nothing else.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/xqtool /usr/local/bin/xqtool
ENTRYPOINT ["/usr/local/bin/xqtool"]
