// Package streams is a k6 extension (`k6/x/lpstreams`) that holds many Server-Sent Events streams per VU: one
// goroutine per stream instead of one VU per stream, because a VU costs megabytes and 10,000 of them would measure
// k6 rather than the gateway (issue 25 §3, deploy/k6/README.md).
//
// The answering VUs call `sent(answerId)` just before they post an answer; when a `progress` message naming that
// answer arrives on any held stream, the time since is recorded. A JS VU calls `drain()` every second and adds the
// figures to k6 metrics, so k6's own thresholds decide the run.
package streams

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.k6.io/k6/js/modules"
)

func init() {
	modules.Register("k6/x/lpstreams", new(rootModule))
}

type rootModule struct{}

type instance struct{}

func (*rootModule) NewModuleInstance(modules.VU) modules.Instance { return &instance{} }

func (*instance) Exports() modules.Exports {
	return modules.Exports{Named: map[string]any{
		"open":        open,
		"waitOpen":    waitOpen,
		"close":       closeGroup,
		"sent":        sent,
		"unsent":      unsent,
		"drain":       drain,
		"undelivered": undelivered,
		"nextIndex":   nextIndex,
		"uuid":        newUUID,
	}}
}

// State shared by every VU of the k6 process.
var (
	mu           sync.Mutex
	sentAt       = map[string]time.Time{}
	latencies    []float64
	errorSamples = map[string]int{}
	errorCount   int64
	openNow      int64
	groups       = map[int64]*group{}
	groupSeq     int64
	indexes      sync.Map // name -> *int64
)

type group struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

func fail(kind string) {
	atomic.AddInt64(&errorCount, 1)
	mu.Lock()
	errorSamples[kind]++
	mu.Unlock()
}

// open starts one held stream per cookie on baseURL + "/api/events", at most `parallel` connecting at once (a burst
// of thousands of connects would measure the listen backlog). Returns a handle for close().
func open(baseURL string, cookies []string, parallel int) int64 {
	if parallel < 1 {
		parallel = 100
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := &group{cancel: cancel}
	id := atomic.AddInt64(&groupSeq, 1)
	mu.Lock()
	groups[id] = g
	mu.Unlock()
	transport := &http.Transport{
		DialContext:           (&net.Dialer{Timeout: 30 * time.Second}).DialContext,
		DisableCompression:    true,
		MaxIdleConnsPerHost:   -1,
		ResponseHeaderTimeout: 60 * time.Second,
		ReadBufferSize:        2048,
		WriteBufferSize:       2048,
	}
	client := &http.Client{Transport: transport}
	gate := make(chan struct{}, parallel)
	for _, cookie := range cookies {
		g.wg.Add(1)
		go func(cookie string) {
			defer g.wg.Done()
			hold(ctx, client, baseURL+"/api/events", cookie, gate)
		}(cookie)
	}
	return id
}

func hold(ctx context.Context, client *http.Client, url, cookie string, gate chan struct{}) {
	select {
	case gate <- struct{}{}:
	case <-ctx.Done():
		return
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	req.Header.Set("Cookie", cookie)
	req.Header.Set("Accept", "text/event-stream")
	res, err := client.Do(req)
	<-gate
	if err != nil {
		if ctx.Err() == nil {
			fail("open: " + shortError(err))
		}
		return
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		fail(fmt.Sprintf("open: HTTP %d", res.StatusCode))
		return
	}
	atomic.AddInt64(&openNow, 1)
	defer atomic.AddInt64(&openNow, -1)
	reader := bufio.NewReaderSize(res.Body, 2048)
	event := ""
	for {
		line, err := reader.ReadString('\n')
		if err != nil {
			if ctx.Err() == nil {
				fail("stream cut: " + shortError(err))
			}
			return
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			event = ""
		case strings.HasPrefix(line, "event: "):
			event = line[7:]
		case strings.HasPrefix(line, "data: "):
			switch event {
			case "progress":
				delivered(line[6:])
			case "end":
				if ctx.Err() == nil {
					fail("ended by the gateway: " + line[6:])
				}
			}
		}
	}
}

func delivered(data string) {
	var message struct {
		AnswerIDs []string `json:"answerIds"`
	}
	if json.Unmarshal([]byte(data), &message) != nil {
		fail("unreadable progress message")
		return
	}
	now := time.Now()
	mu.Lock()
	for _, id := range message.AnswerIDs {
		if t, ok := sentAt[id]; ok {
			latencies = append(latencies, float64(now.Sub(t).Microseconds())/1000)
			delete(sentAt, id)
		}
	}
	mu.Unlock()
}

func shortError(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

// waitOpen waits until at least n streams are open, or timeoutMs passed, or a stream failed; returns the open count.
func waitOpen(n int64, timeoutMs int64) int64 {
	deadline := time.Now().Add(time.Duration(timeoutMs) * time.Millisecond)
	for time.Now().Before(deadline) {
		if atomic.LoadInt64(&openNow) >= n || atomic.LoadInt64(&errorCount) > 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	return atomic.LoadInt64(&openNow)
}

// closeGroup ends the streams of one open() and waits for their goroutines.
func closeGroup(id int64) {
	mu.Lock()
	g := groups[id]
	delete(groups, id)
	mu.Unlock()
	if g == nil {
		return
	}
	g.cancel()
	g.wg.Wait()
}

// sent records that an answer is being posted now.
func sent(answerID string) {
	mu.Lock()
	sentAt[answerID] = time.Now()
	mu.Unlock()
}

// unsent forgets an answer whose post failed (it counts as an HTTP error, not as a missing delivery).
func unsent(answerID string) {
	mu.Lock()
	delete(sentAt, answerID)
	mu.Unlock()
}

// drain returns what happened since the last call: delivery latencies (ms), new stream errors, streams open now.
func drain() map[string]any {
	mu.Lock()
	taken := latencies
	latencies = nil
	samples := make(map[string]any, len(errorSamples))
	for k, v := range errorSamples {
		samples[k] = v
	}
	mu.Unlock()
	return map[string]any{
		"latencies":    taken,
		"errors":       atomic.SwapInt64(&errorCount, 0),
		"open":         atomic.LoadInt64(&openNow),
		"errorSamples": samples,
	}
}

// undelivered counts the answers sent more than olderThanMs ago whose progress has not arrived, and forgets them.
func undelivered(olderThanMs int64) int64 {
	cutoff := time.Now().Add(-time.Duration(olderThanMs) * time.Millisecond)
	var n int64
	mu.Lock()
	for id, t := range sentAt {
		if t.Before(cutoff) {
			n++
			delete(sentAt, id)
		}
	}
	mu.Unlock()
	return n
}

// nextIndex hands out 0, 1, 2… per name across all VUs: each answering VU takes a learner of its own.
func nextIndex(name string) int64 {
	counter, _ := indexes.LoadOrStore(name, new(int64))
	return atomic.AddInt64(counter.(*int64), 1) - 1
}

func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = (b[6] & 0x0f) | 0x40
	b[8] = (b[8] & 0x3f) | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
