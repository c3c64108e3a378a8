// Command ferretdb runs FerretDB v1 on its SQLite backend for the embedded default.
//
// We embed the library instead of `go install .../cmd/ferretdb` because the published
// module lacks build/version/version.txt and that binary panics at start.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	dataDir := flag.String("data-dir", "./data", "directory for the SQLite files (one per database)")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	// WAL with synchronous=NORMAL: a commit is not fsynced until the next checkpoint. A crash of any process loses
	// nothing; only a power cut or kernel crash can lose the last commits (never corrupt the file). FULL costs a
	// WAL fsync per write command, which the embedded default's single SQLite writer then waits on in turn.
	synchronous := flag.String("synchronous", "normal", "SQLite synchronous setting: normal or full")
	// Go's collector ran for 13 % of FerretDB's CPU under the answers bench (every command decodes documents into
	// short-lived values). A heap allowed to grow to 4× the live data before collecting (GOGC=400) spends a fraction
	// of that, for tens of MB more memory. GOGC in the environment still wins.
	gcPercent := flag.Int("gc-percent", 400, "Go GC target percentage, unless GOGC is set")
	flag.Parse()

	var level slog.Level
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(*gcPercent)
	}
	if *synchronous != "normal" && *synchronous != "full" {
		fail("bad --synchronous %q: normal or full", *synchronous)
	}
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("bad --log-level: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		fail("bad --data-dir: %v", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail("cannot create %s: %v", dir, err)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/?_pragma=synchronous(" + *synchronous + ")",
	})
	if err != nil {
		fail("cannot start FerretDB: %v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	logger.Info("FerretDB listening", "addr", *listen, "data", dir)
	if err := f.Run(ctx); err != nil {
		fail("FerretDB stopped: %v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "ferretdb: "+format+"\n", args...)
	os.Exit(1)
}
