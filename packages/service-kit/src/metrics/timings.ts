// A duration histogram recorded on the hot path for a few tens of nanoseconds: one Map lookup by a key the caller
// builds, a short bucket search and three additions. The OpenTelemetry SDK's own histogram costs ~2.5 µs a record
// (attribute hashing), which the gateway's per-request budget cannot spare; the readers get these as ordinary
// cumulative histograms through a MetricProducer (see metrics.ts), so Prometheus and OTLP see no difference.
import { ValueType, type Attributes } from '@opentelemetry/api';
import { AggregationTemporality, DataPointType, type HistogramMetricData } from '@opentelemetry/sdk-metrics';

/** Seconds: fine below 100 ms where the SLOs are, coarse above (a p95 of 2.5 s or 5 s is an incident either way). */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Cell { attributes: Attributes; counts: number[]; sum: number; count: number; min: number; max: number }

export interface TimingsDescriptor { name: string; description: string; unit?: string }

export class Timings {
  private readonly cells = new Map<string, Cell>();
  private readonly startTime: [number, number];

  constructor(readonly descriptor: TimingsDescriptor, readonly boundaries: readonly number[] = DURATION_BUCKETS) {
    this.startTime = hrNow();
  }

  /** `key` identifies `attributes` (e.g. `GET /api/x 200`); `attributes` is only read the first time a key is seen. */
  record(key: string, attributes: Attributes, seconds: number) {
    let cell = this.cells.get(key);
    if (cell === undefined) {
      cell = { attributes, counts: new Array<number>(this.boundaries.length + 1).fill(0), sum: 0, count: 0, min: Infinity, max: -Infinity };
      this.cells.set(key, cell);
    }
    const b = this.boundaries;
    let i = 0;
    while (i < b.length && seconds > b[i]!) i++;
    cell.counts[i]!++;
    cell.sum += seconds;
    cell.count++;
    if (seconds < cell.min) cell.min = seconds;
    if (seconds > cell.max) cell.max = seconds;
  }

  /** The cumulative histogram since start, as the OpenTelemetry readers expect it. */
  metricData(): HistogramMetricData {
    const endTime = hrNow();
    return {
      descriptor: { name: this.descriptor.name, description: this.descriptor.description, unit: this.descriptor.unit ?? 's', valueType: ValueType.DOUBLE },
      aggregationTemporality: AggregationTemporality.CUMULATIVE,
      dataPointType: DataPointType.HISTOGRAM,
      isMonotonic: true,
      dataPoints: [...this.cells.values()].map((cell) => ({
        attributes: cell.attributes,
        startTime: this.startTime,
        endTime,
        value: { buckets: { boundaries: [...this.boundaries], counts: [...cell.counts] }, sum: cell.sum, count: cell.count, min: cell.min, max: cell.max },
      })),
    } as HistogramMetricData;
  }
}

function hrNow(): [number, number] {
  const ms = performance.timeOrigin + performance.now();
  return [Math.floor(ms / 1000), Math.round((ms % 1000) * 1e6)];
}
