/**
 * Preloaded into the server under test by bench/scale.ts (`--import`): measures the server's own
 * event-loop delay with perf_hooks and answers the benchmark over IPC. `reset` starts a new window;
 * `read` answers the window's delay (p50, p99, max, ms) and the process's RSS.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

process.on('message', (message: unknown) => {
  if (message === 'reset') {
    histogram.reset();
    process.send?.({ type: 'reset' });
  } else if (message === 'read') {
    process.send?.({
      type: 'loop',
      p50: histogram.percentile(50) / 1e6,
      p99: histogram.percentile(99) / 1e6,
      max: histogram.max / 1e6,
      rss: process.memoryUsage().rss,
    });
  }
});
// The IPC channel must not keep the server alive once it is asked to stop.
process.channel?.unref();
